import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { getTheme, initTheme, setTheme, subscribeTheme, toggleTheme } from './theme';
import { useTheme } from './use-theme';

function Probe() {
  const theme = useTheme();
  return <span data-testid="theme">{theme}</span>;
}

describe('theme store', () => {
  it('stores and applies data-theme', () => {
    setTheme('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(getTheme()).toBe('dark');
    expect(toggleTheme()).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });

  it('treats anything but dark as light', () => {
    document.documentElement.setAttribute('data-theme', 'weird');
    expect(getTheme()).toBe('light');
  });

  it('applies the stored theme at start and follows other tabs', () => {
    localStorage.setItem('theme', 'dark');
    const stop = initTheme();
    expect(getTheme()).toBe('dark');
    render(<Probe />);
    expect(screen.getByTestId('theme')).toHaveTextContent('dark');
    act(() => {
      fireEvent(window, new StorageEvent('storage', { key: 'theme', newValue: 'light' }));
    });
    expect(getTheme()).toBe('light');
    expect(screen.getByTestId('theme')).toHaveTextContent('light');
    stop();
    fireEvent(window, new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    expect(getTheme()).toBe('light');
  });

  it('notifies subscribers', () => {
    const seen: string[] = [];
    const off = subscribeTheme((t) => seen.push(t));
    setTheme('dark');
    setTheme('light');
    off();
    setTheme('dark');
    expect(seen).toEqual(['dark', 'light']);
  });
});
