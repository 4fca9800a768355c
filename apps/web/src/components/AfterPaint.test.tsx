import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AfterPaint } from './AfterPaint';

describe('AfterPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // one painted frame per call, after 16 ms
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(performance.now()), 16) as unknown as number);
    vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the fallback until `stage` frames are painted, then the children', async () => {
    render(
      <AfterPaint stage={3} fallback={<p>waiting</p>}>
        <p>section</p>
      </AfterPaint>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(2 * 17));
    expect(screen.queryByText('section')).toBeNull(); // two frames: not yet
    await act(async () => void vi.advanceTimersByTime(17));
    expect(screen.getByText('section')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('mounts nothing after unmount (its timers are cleared)', async () => {
    const mounted = vi.fn();
    function Child() {
      mounted();
      return null;
    }
    const { unmount } = render(
      <AfterPaint stage={1} fallback={null}>
        <Child />
      </AfterPaint>,
    );
    unmount();
    await act(async () => void vi.advanceTimersByTime(100));
    expect(mounted).not.toHaveBeenCalled();
  });
});
