import { checkPeriod, emaInto, nanPrefixArray, perToK } from './util';

/**
 * Exponential moving average, TA-Lib `EMA` compatible (default compatibility mode).
 * real: values; period: integer 2..100000. k = 2 / (period + 1); the first value (index
 * `period - 1`) is the SMA of the first `period` values, then `ema = (x - ema) * k + ema`.
 * Returns Float64Array of the input's length, NaN before index `period - 1`.
 * Throws RangeError on an invalid period. Source: TA-Lib ta_EMA.c (INT_EMA).
 */
export function ema(real: Float64Array, period = 20): Float64Array {
  checkPeriod('period', period, 2);
  const n = real.length;
  const out = nanPrefixArray(n, period - 1);
  emaInto(real, period - 1, n, period, perToK(period), out);
  return out;
}

/** Lookback (first valid index) of {@link ema}: period - 1. */
export function emaLookback(period: number): number {
  return period - 1;
}
