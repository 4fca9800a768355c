import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '@coinlens/contracts';
import { coalesceCandles, LIVE_REDRAW_MS } from './candle-coalescer';

const candle = (time: number, close: number): Candle => ({ time, open: 100, high: Math.max(100, close), low: Math.min(100, close), close, volume: 1 });

describe('coalesceCandles', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  /** Frames run when the test says so (a paint). */
  const frames: Array<() => void> = [];
  const paint = () => frames.splice(0).forEach((f) => f());

  it('draws the first update on the next frame, then at most once per interval, the latest per candle', () => {
    const drawn: Candle[] = [];
    const live = coalesceCandles((c) => drawn.push(c), LIVE_REDRAW_MS, (f) => frames.push(f));
    live.push(candle(0, 101));
    vi.advanceTimersByTime(0);
    paint();
    expect(drawn).toEqual([candle(0, 101)]);
    // 20 updates of the same candle within one interval: one redraw, with the last of them
    for (let i = 0; i < 20; i++) {
      live.push(candle(0, 102 + i));
      vi.advanceTimersByTime(10);
    }
    paint();
    expect(drawn).toHaveLength(1);
    vi.advanceTimersByTime(LIVE_REDRAW_MS);
    paint();
    expect(drawn).toEqual([candle(0, 101), candle(0, 121)]);
  });

  it('a candle that closes and the next one in the same interval are both drawn, oldest first', () => {
    const drawn: Candle[] = [];
    const live = coalesceCandles((c) => drawn.push(c), LIVE_REDRAW_MS, (f) => frames.push(f));
    live.push(candle(60_000, 110));
    live.push(candle(0, 99)); // the closed candle arrives after the new one
    live.push(candle(60_000, 111));
    vi.advanceTimersByTime(0);
    paint();
    expect(drawn).toEqual([candle(0, 99), candle(60_000, 111)]);
  });

  it('clear drops what is queued; dispose stops it', () => {
    const drawn: Candle[] = [];
    const live = coalesceCandles((c) => drawn.push(c), LIVE_REDRAW_MS, (f) => frames.push(f));
    live.push(candle(0, 1));
    live.clear();
    vi.advanceTimersByTime(LIVE_REDRAW_MS);
    paint();
    expect(drawn).toEqual([]);
    live.push(candle(0, 2));
    live.dispose();
    live.push(candle(0, 3));
    vi.advanceTimersByTime(LIVE_REDRAW_MS);
    paint();
    expect(drawn).toEqual([]);
  });
});
