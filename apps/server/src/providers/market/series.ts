import type { Candle } from '@coinlens/contracts';

/** Column-oriented candles: open time (ms), OHLC (quote currency), volume (base units). */
export interface SeriesColumns {
  t: Float64Array;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
  v: Float64Array;
  /** Timeframe length in ms. */
  tfMs: number;
}

/** Index of the last element of sorted `arr` that is ≤ x, or −1. Binary search, O(log n). */
export function lastIndexAtOrBefore(arr: Float64Array, x: number): number {
  let lo = 0;
  let hi = arr.length - 1;
  let ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (arr[mid] <= x) {
      ans = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return ans;
}

/** Candle i of a series as a DTO. */
export function candleAt(s: SeriesColumns, i: number): Candle {
  return { time: s.t[i], open: s.o[i], high: s.h[i], low: s.l[i], close: s.c[i], volume: s.v[i] };
}

/**
 * Where the price is inside a candle at fraction f ∈ [0, 1] of its duration, on a deterministic
 * path through its extremes: open → low → high → close for an up candle, open → high → low → close
 * for a down candle, linear in thirds. Returns the price and the running high/low of the path so
 * far (so a partial candle never shows an extreme the replay has not reached yet).
 */
export function pricePath(o: number, h: number, l: number, c: number, f: number): { price: number; high: number; low: number } {
  const up = c >= o;
  const pts = up ? [o, l, h, c] : [o, h, l, c];
  const x = Math.min(1, Math.max(0, f)) * 3;
  const seg = Math.min(2, Math.floor(x));
  const frac = x - seg;
  const price = pts[seg] + (pts[seg + 1] - pts[seg]) * frac;
  let hi = Math.max(o, price);
  let lo = Math.min(o, price);
  for (let k = 1; k <= seg; k++) {
    hi = Math.max(hi, pts[k]);
    lo = Math.min(lo, pts[k]);
  }
  return { price, high: hi, low: lo };
}

/** Does the series cover time t (t within [first open, last open + tf))? */
export function covers(s: SeriesColumns, t: number): boolean {
  return s.t.length > 0 && t >= s.t[0] && t < s.t[s.t.length - 1] + s.tfMs;
}

/**
 * Aggregates the finer series `f` over [from, now) into one candle (open of the first, running
 * high/low, close = price at now, volume prorated for the partial finest candle). Null when `f`
 * has no candle in the range.
 */
export function aggregateUntil(f: SeriesColumns, from: number, now: number): Candle | null {
  let i = lastIndexAtOrBefore(f.t, from - 1) + 1; // first candle with open ≥ from
  if (i >= f.t.length || f.t[i] >= now) {
    // maybe `from` falls inside a coarser finest candle (same timeframe): handled by caller
    return null;
  }
  const open = f.o[i];
  let high = -Infinity;
  let low = Infinity;
  let volume = 0;
  let close = open;
  for (; i < f.t.length && f.t[i] < now; i++) {
    const end = f.t[i] + f.tfMs;
    if (end <= now) {
      high = Math.max(high, f.h[i]);
      low = Math.min(low, f.l[i]);
      volume += f.v[i];
      close = f.c[i];
    } else {
      const frac = (now - f.t[i]) / f.tfMs;
      const p = pricePath(f.o[i], f.h[i], f.l[i], f.c[i], frac);
      high = Math.max(high, p.high);
      low = Math.min(low, p.low);
      volume += f.v[i] * frac;
      close = p.price;
    }
  }
  return { time: from, open, high, low, close, volume };
}
