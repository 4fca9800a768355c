/**
 * TA-Lib candle settings (ta_global.c `TA_CandleDefaultSettings`) and the range/average macros
 * of ta_utility.h, used by every candlestick pattern in this folder.
 */

/** What a candle setting measures: real body, high-low range, or the sum of both shadows. */
export type RangeType = 'RealBody' | 'HighLow' | 'Shadows';

/** One TA-Lib candle setting: range type, averaging period (previous candles), factor. */
export interface CandleSetting {
  rangeType: RangeType;
  avgPeriod: number;
  factor: number;
}

/** TA-Lib's default candle settings, verbatim. */
export const CANDLE_SETTINGS = {
  /** real body is long when longer than the average of the 10 previous real bodies */
  BodyLong: { rangeType: 'RealBody', avgPeriod: 10, factor: 1.0 },
  /** real body is very long when longer than 3× the average of the 10 previous real bodies */
  BodyVeryLong: { rangeType: 'RealBody', avgPeriod: 10, factor: 3.0 },
  /** real body is short when shorter than the average of the 10 previous real bodies */
  BodyShort: { rangeType: 'RealBody', avgPeriod: 10, factor: 1.0 },
  /** real body is doji-like when ≤ 10% of the average of the 10 previous high-low ranges */
  BodyDoji: { rangeType: 'HighLow', avgPeriod: 10, factor: 0.1 },
  /** shadow is long when longer than the real body */
  ShadowLong: { rangeType: 'RealBody', avgPeriod: 0, factor: 1.0 },
  /** shadow is very long when longer than 2× the real body */
  ShadowVeryLong: { rangeType: 'RealBody', avgPeriod: 0, factor: 2.0 },
  /** shadow is short when shorter than half the average of the 10 previous sums of shadows */
  ShadowShort: { rangeType: 'Shadows', avgPeriod: 10, factor: 1.0 },
  /** shadow is very short when shorter than 10% of the average of the 10 previous high-low ranges */
  ShadowVeryShort: { rangeType: 'HighLow', avgPeriod: 10, factor: 0.1 },
  /** "near" = ≤ 20% of the average of the 5 previous high-low ranges */
  Near: { rangeType: 'HighLow', avgPeriod: 5, factor: 0.2 },
  /** "far" = ≥ 60% of the average of the 5 previous high-low ranges */
  Far: { rangeType: 'HighLow', avgPeriod: 5, factor: 0.6 },
  /** "equal" = ≤ 5% of the average of the 5 previous high-low ranges */
  Equal: { rangeType: 'HighLow', avgPeriod: 5, factor: 0.05 },
} as const satisfies Record<string, CandleSetting>;

/** OHLC columns of equal length, oldest first. */
export interface Ohlc {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
}

/** TA_REALBODY: |close − open|. */
export function realBody(c: Ohlc, i: number): number {
  return Math.abs(c.close[i] - c.open[i]);
}
/** TA_UPPERSHADOW: high − max(open, close). */
export function upperShadow(c: Ohlc, i: number): number {
  return c.high[i] - (c.close[i] >= c.open[i] ? c.close[i] : c.open[i]);
}
/** TA_LOWERSHADOW: min(open, close) − low. */
export function lowerShadow(c: Ohlc, i: number): number {
  return (c.close[i] >= c.open[i] ? c.open[i] : c.close[i]) - c.low[i];
}
/** TA_CANDLECOLOR: 1 for white (close ≥ open), −1 for black. */
export function candleColor(c: Ohlc, i: number): 1 | -1 {
  return c.close[i] >= c.open[i] ? 1 : -1;
}
/** TA_CANDLERANGE(setting, i): the measure the setting averages, for candle i. */
export function candleRange(s: CandleSetting, c: Ohlc, i: number): number {
  switch (s.rangeType) {
    case 'RealBody':
      return Math.abs(c.close[i] - c.open[i]);
    case 'HighLow':
      return c.high[i] - c.low[i];
    default:
      return upperShadow(c, i) + lowerShadow(c, i);
  }
}
/**
 * TA_CANDLEAVERAGE(setting, sum, i): factor · (sum / avgPeriod, or candle i's own range when
 * avgPeriod is 0) / (2 for Shadows, else 1).
 */
export function candleAverage(s: CandleSetting, sum: number, c: Ohlc, i: number): number {
  return (s.factor * (s.avgPeriod !== 0.0 ? sum / s.avgPeriod : candleRange(s, c, i))) / (s.rangeType === 'Shadows' ? 2.0 : 1.0);
}
/** TA_REALBODYGAPUP(i2, i1): min(open, close) of i2 > max(open, close) of i1. */
export function realBodyGapUp(c: Ohlc, i2: number, i1: number): boolean {
  return Math.min(c.open[i2], c.close[i2]) > Math.max(c.open[i1], c.close[i1]);
}
/** TA_REALBODYGAPDOWN(i2, i1): max(open, close) of i2 < min(open, close) of i1. */
export function realBodyGapDown(c: Ohlc, i2: number, i1: number): boolean {
  return Math.max(c.open[i2], c.close[i2]) < Math.min(c.open[i1], c.close[i1]);
}

/**
 * TA_CANDLERANGE of every candle for one range type, precomputed once per pattern call (the
 * values are the same doubles the macro yields, so results are unchanged).
 */
export function candleRanges(rangeType: RangeType, c: Ohlc): Float64Array {
  const { open, high, low, close } = c;
  const n = close.length;
  const out = new Float64Array(n);
  if (rangeType === 'RealBody') for (let i = 0; i < n; i++) out[i] = Math.abs(close[i] - open[i]);
  else if (rangeType === 'HighLow') for (let i = 0; i < n; i++) out[i] = high[i] - low[i];
  else
    for (let i = 0; i < n; i++) {
      const top = close[i] >= open[i] ? close[i] : open[i];
      const bottom = close[i] >= open[i] ? open[i] : close[i];
      out[i] = high[i] - top + (bottom - low[i]);
    }
  return out;
}

/**
 * Running sum of a candle setting's range over the `avgPeriod` candles before `i`, updated exactly
 * as TA-Lib does (initial loop sum, then `total += range(i) − range(trailing)` after each bar),
 * so comparisons against the average flip on the same bars as TA-Lib. `offset` shifts the window
 * for settings measured on an earlier candle (e.g. Near on i − 1 in CDLHAMMER).
 */
export class RunningCandleSum {
  total = 0;
  private trailing: number;
  private readonly ranges: Float64Array;
  private readonly factor: number;
  private readonly period: number;
  private readonly divisor: number;
  constructor(
    s: CandleSetting,
    c: Ohlc,
    startIdx: number,
    private readonly offset = 0,
    ranges?: Float64Array,
  ) {
    this.ranges = ranges ?? candleRanges(s.rangeType, c);
    this.factor = s.factor;
    this.period = s.avgPeriod;
    this.divisor = s.rangeType === 'Shadows' ? 2.0 : 1.0;
    this.trailing = startIdx - offset - s.avgPeriod;
    for (let i = this.trailing; i < startIdx - offset; i++) this.total += this.ranges[i];
  }
  /** TA_CANDLEAVERAGE for candle `i − offset` with the current total. */
  average(i: number): number {
    return (this.factor * (this.period !== 0.0 ? this.total / this.period : this.ranges[i - this.offset])) / this.divisor;
  }
  /** Roll the window forward after bar `i` was evaluated. */
  advance(i: number): void {
    this.total += this.ranges[i - this.offset] - this.ranges[this.trailing];
    this.trailing++;
  }
}

/** Validates OHLC columns have equal length; returns it. Throws RangeError otherwise. */
export function ohlcLength(c: Ohlc): number {
  const n = c.open.length;
  if (c.high.length !== n || c.low.length !== n || c.close.length !== n) throw new RangeError('OHLC columns differ in length');
  return n;
}
