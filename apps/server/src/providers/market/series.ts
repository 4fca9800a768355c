import type { Candle } from '@coinlens/contracts';
import type { Candles } from '@coinlens/ta';

/**
 * A stored candle series: the one column shape of `@coinlens/ta` ({@link Candles}: open time in ms,
 * OHLC in the quote currency, volume in base units, oldest first) with its timeframe length, so a
 * slice of it (`sliceCandles`) goes to the analysis without a copy.
 */
export interface SeriesColumns extends Candles {
  /** Timeframe length in ms. */
  tfMs: number;
}

/** Candle rows (oldest first) as a series of columns, `tfMs` long each. */
export function seriesOf(rows: readonly Candle[], tfMs: number): SeriesColumns {
  const n = rows.length;
  const s: SeriesColumns = { openTime: new Float64Array(n), open: new Float64Array(n), high: new Float64Array(n), low: new Float64Array(n), close: new Float64Array(n), volume: new Float64Array(n), tfMs };
  rows.forEach((r, i) => {
    s.openTime[i] = r.time;
    s.open[i] = r.open;
    s.high[i] = r.high;
    s.low[i] = r.low;
    s.close[i] = r.close;
    s.volume[i] = r.volume;
  });
  return s;
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
  return { time: s.openTime[i], open: s.open[i], high: s.high[i], low: s.low[i], close: s.close[i], volume: s.volume[i] };
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
  return s.openTime.length > 0 && t >= s.openTime[0] && t < s.openTime[s.openTime.length - 1] + s.tfMs;
}

/**
 * Aggregates the finer series `f` over [from, now) into one candle (open of the first, running
 * high/low, close = price at now, volume prorated for the partial finest candle). Null when `f`
 * has no candle in the range.
 */
export function aggregateUntil(f: SeriesColumns, from: number, now: number): Candle | null {
  let i = lastIndexAtOrBefore(f.openTime, from - 1) + 1; // first candle with open ≥ from
  if (i >= f.openTime.length || f.openTime[i] >= now) {
    // maybe `from` falls inside a coarser finest candle (same timeframe): handled by caller
    return null;
  }
  const open = f.open[i];
  let high = -Infinity;
  let low = Infinity;
  let volume = 0;
  let close = open;
  for (; i < f.openTime.length && f.openTime[i] < now; i++) {
    const end = f.openTime[i] + f.tfMs;
    if (end <= now) {
      high = Math.max(high, f.high[i]);
      low = Math.min(low, f.low[i]);
      volume += f.volume[i];
      close = f.close[i];
    } else {
      const frac = (now - f.openTime[i]) / f.tfMs;
      const p = pricePath(f.open[i], f.high[i], f.low[i], f.close[i], frac);
      high = Math.max(high, p.high);
      low = Math.min(low, p.low);
      volume += f.volume[i] * frac;
      close = p.price;
    }
  }
  return { time: from, open, high, low, close, volume };
}
