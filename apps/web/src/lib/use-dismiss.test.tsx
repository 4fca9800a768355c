import { describe, expect, it, vi } from 'vitest';
import { useRef, useState } from 'react';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useDismiss } from './use-dismiss';
import { useCopy } from './use-copy';

function Menu() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, open, () => setOpen(false));
  return (
    <>
      <div ref={ref}>
        <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          trigger
        </button>
        {open && (
          <div role="menu">
            <button type="button" role="menuitem">
              item
            </button>
          </div>
        )}
      </div>
      <p>outside</p>
    </>
  );
}

describe('useDismiss', () => {
  it('closes on a press outside, not inside', () => {
    render(<Menu />);
    fireEvent.click(screen.getByText('trigger'));
    fireEvent.mouseDown(screen.getByRole('menuitem'));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).toBeNull();
  });
  it('closes on Escape and gives focus back to the trigger', () => {
    render(<Menu />);
    fireEvent.click(screen.getByText('trigger'));
    screen.getByRole('menuitem').focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByText('trigger')).toHaveFocus();
  });
});

describe('useCopy', () => {
  it('reports copied, then idle after the reset delay', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { result } = renderHook(() => useCopy({ resetMs: 1000 }));
    await act(async () => {
      expect(await result.current.copy('abc')).toBe(true);
    });
    expect(writeText).toHaveBeenCalledWith('abc');
    expect(result.current.state).toBe('copied');
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.state).toBe('idle');
    vi.useRealTimers();
  });
  it('reports failed when the clipboard refuses or is missing', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) }, configurable: true });
    const { result } = renderHook(() => useCopy({ resetMs: null }));
    await act(async () => {
      expect(await result.current.copy('abc')).toBe(false);
    });
    expect(result.current.state).toBe('failed');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const other = renderHook(() => useCopy()).result;
    await act(async () => {
      expect(await other.current.copy('x')).toBe(false);
    });
    expect(other.current.state).toBe('failed');
  });
});
