import { checkPeriod, emaInto, outputArray, perToK } from './util';

/**
 * Exponential moving average, TA-Lib `EMA` compatible (default compatibility mode).
 * real: values; period: integer 2..100000. k = 2 / (period + 1); the first value (index
 * `period - 1`) is the SMA of the first `period` values, then `ema = (x - ema) * k + ema`.
 * Returns Float64Array of the input's length, NaN before index `period - 1`.
 * out: optional output buffer of the input's length to reuse (returned).
 * Throws RangeError on an invalid period or a wrong-length `out`. Source: TA-Lib ta_EMA.c (INT_EMA).
 */
export function ema(real: Float64Array, period = 20, out?: Float64Array): Float64Array {
  checkPeriod('period', period, 2);
  const n = real.length;
  const o = outputArray(n, period - 1, out);
  emaInto(real, period - 1, n, period, perToK(period), o);
  return o;
}

/** Lookback (first valid index) of {@link ema}: period - 1. */
export function emaLookback(period: number): number {
  return period - 1;
}
