import type { Candle } from '@coinlens/contracts';
import type { Candles } from '@coinlens/ta';

/** Float64 fields per candle: open time (ms), open, high, low, close, volume. */
const FIELDS = 6;

/**
 * The latest `capacity` closed candles of one series, oldest first, in one Float64Array (48 bytes a
 * candle). A live source keeps one per (pair, timeframe): 400 pairs × 4 timeframes × 1,000 candles
 * held as `Candle` objects took ~270 MB of heap (each number a boxed double), as rows of float64
 * ~77 MB. Candles are made only when read ({@link ClosedSeries.latest}).
 */
export class ClosedSeries {
  private readonly rows: Float64Array;
  private n = 0;

  /** Errors: RangeError when `capacity` is not a positive integer. */
  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity <= 0) throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
    this.rows = new Float64Array(capacity * FIELDS);
  }

  /** A series of the latest `capacity` of `candles` (oldest first, open times increasing). */
  static of(candles: readonly Candle[], capacity: number): ClosedSeries {
    const s = new ClosedSeries(capacity);
    for (const c of candles.slice(-capacity)) s.write(s.n++, c);
    return s;
  }

  /** Number of candles held (≤ capacity). */
  get length(): number {
    return this.n;
  }

  /** Open time (ms) of the latest candle, or −Infinity when empty. */
  get lastTime(): number {
    return this.n ? this.rows[(this.n - 1) * FIELDS] : -Infinity;
  }

  /**
   * Adds a closed candle: appended when it opens after the latest (the oldest dropped at capacity),
   * replaces the latest when it opens at the same time, ignored when older.
   */
  push(c: Candle): void {
    const last = this.lastTime;
    if (c.time < last) return;
    if (c.time === last) return this.write(this.n - 1, c);
    if (this.n === this.capacity) {
      this.rows.copyWithin(0, FIELDS);
      this.n--;
    }
    this.write(this.n++, c);
  }

  /** Index range [start, end) of the latest `limit` candles that close at or before `until`. */
  private range(limit: number, until: number, tfMs: number): [number, number] {
    let end = this.n;
    if (until !== Infinity) while (end > 0 && this.rows[(end - 1) * FIELDS] + tfMs > until) end--;
    return [Math.max(0, end - Math.max(0, limit)), end];
  }

  /** The latest `limit` candles that close at or before `until` (ms; `tfMs` the candle length), oldest first. */
  latest(limit: number, until = Infinity, tfMs = 0): Candle[] {
    const [start, end] = this.range(limit, until, tfMs);
    const out: Candle[] = new Array(end - start);
    for (let i = start; i < end; i++) {
      const k = i * FIELDS;
      const r = this.rows;
      out[i - start] = { time: r[k], open: r[k + 1], high: r[k + 2], low: r[k + 3], close: r[k + 4], volume: r[k + 5] };
    }
    return out;
  }

  /** The candles of {@link ClosedSeries.latest} as columns of their own (open time ms, OHLC, volume). */
  columns(limit: number, until = Infinity, tfMs = 0): Candles {
    const [start, end] = this.range(limit, until, tfMs);
    const m = end - start;
    const cols = Array.from({ length: FIELDS }, () => new Float64Array(m));
    const r = this.rows;
    for (let i = 0; i < m; i++) {
      const k = (start + i) * FIELDS;
      for (let f = 0; f < FIELDS; f++) cols[f][i] = r[k + f];
    }
    const [openTime, open, high, low, close, volume] = cols;
    return { openTime, open, high, low, close, volume };
  }

  private write(i: number, c: Candle): void {
    const k = i * FIELDS;
    const r = this.rows;
    r[k] = c.time;
    r[k + 1] = c.open;
    r[k + 2] = c.high;
    r[k + 3] = c.low;
    r[k + 4] = c.close;
    r[k + 5] = c.volume;
  }
}
