import type { Candle } from '@coinlens/contracts';

/** Least time between two redraws of a live chart, in ms (the market stream may push many updates a second). */
export const LIVE_REDRAW_MS = 250;

/** Coalesces live candle updates into at most one redraw per interval. */
export interface CandleCoalescer {
  /** Queues a candle; a newer update of the same candle (same `time`) replaces the queued one. */
  push(candle: Candle): void;
  /** Drops what is queued (e.g. when the chart's data is replaced). */
  clear(): void;
  /** Drops what is queued and stops; later pushes are ignored. */
  dispose(): void;
}

const nextFrame = (fn: () => void) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(fn);
  else setTimeout(fn, 0);
};

/**
 * Live chart updates, coalesced: candles pushed in between are kept one per candle open time (the
 * latest wins) and handed to `apply` oldest first, at most once every `intervalMs` and on an
 * animation frame (so a hidden tab does no drawing; its queue holds one entry per candle). The first
 * push after a quiet interval is applied on the next frame.
 *
 * @param apply draws one candle (e.g. `series.update`); called in ascending `time` order per flush.
 * @param intervalMs least time between two flushes (ms), default LIVE_REDRAW_MS.
 * @param frame schedules a flush before a paint; requestAnimationFrame by default.
 */
export function coalesceCandles(apply: (candle: Candle) => void, intervalMs: number = LIVE_REDRAW_MS, frame: (fn: () => void) => void = nextFrame): CandleCoalescer {
  const pending = new Map<number, Candle>();
  let scheduled = false;
  let disposed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastFlush = -Infinity;
  const flush = () => {
    scheduled = false;
    if (disposed) return;
    lastFlush = Date.now();
    const candles = [...pending.values()].sort((a, b) => a.time - b.time);
    pending.clear();
    for (const c of candles) apply(c);
  };
  return {
    push(candle) {
      if (disposed) return;
      pending.set(candle.time, candle);
      if (scheduled) return;
      scheduled = true;
      timer = setTimeout(() => frame(flush), Math.max(0, lastFlush + intervalMs - Date.now()));
    },
    clear() {
      pending.clear();
    },
    dispose() {
      disposed = true;
      pending.clear();
      clearTimeout(timer);
    },
  };
}
