import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NearViewport } from './NearViewport';

/** A stand-in IntersectionObserver whose callback the test calls, with what it was asked to watch. */
function stubObserver() {
  const observers: { cb: IntersectionObserverCallback; margin: string | undefined; targets: Element[]; disconnected: boolean }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry;
      constructor(cb: IntersectionObserverCallback, opts?: IntersectionObserverInit) {
        this.entry = { cb, margin: opts?.rootMargin, targets: [] as Element[], disconnected: false };
        observers.push(this.entry);
      }
      observe(el: Element) {
        this.entry.targets.push(el);
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  return observers;
}

describe('NearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the fallback until its place comes within a screen of the viewport, then the children for good', async () => {
    const observers = stubObserver();
    render(
      <NearViewport fallback={<p>placeholder</p>}>
        <p>news column</p>
      </NearViewport>,
    );
    expect(screen.getByText('placeholder')).toBeTruthy();
    expect(screen.queryByText('news column')).toBeNull();
    expect(observers).toHaveLength(1);
    expect(observers[0].margin).toBe('100% 0px');
    const [target] = observers[0].targets;
    expect(target.getAttribute('data-near-viewport')).toBe('waiting');
    // far away: nothing happens
    act(() => observers[0].cb([{ isIntersecting: false, target } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.queryByText('news column')).toBeNull();
    act(() => observers[0].cb([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText('news column')).toBeTruthy();
    expect(screen.queryByText('placeholder')).toBeNull();
    expect(observers[0].disconnected).toBe(true);
  });

  it('mounts the children at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <NearViewport fallback={<p>placeholder</p>}>
        <p>news column</p>
      </NearViewport>,
    );
    expect(screen.getByText('news column')).toBeTruthy();
  });
});
