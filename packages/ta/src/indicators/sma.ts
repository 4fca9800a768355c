import { checkPeriod, outputArray, smaInto } from './util';

/**
 * Simple moving average, TA-Lib `SMA` compatible.
 * real: values (any unit); period: integer 2..100000 (default 30 in TA-Lib, 20 here).
 * Returns Float64Array of the input's length, same unit, NaN before index `period - 1` (lookback).
 * out: optional output buffer of the input's length to reuse (returned).
 * Throws RangeError on an invalid period or a wrong-length `out`. Source: TA-Lib ta_SMA.c (INT_SMA running total).
 */
export function sma(real: Float64Array, period = 20, out?: Float64Array): Float64Array {
  checkPeriod('period', period, 2);
  const n = real.length;
  const o = outputArray(n, period - 1, out);
  smaInto(real, 0, n, period, o);
  return o;
}

/** Lookback (first valid index) of {@link sma}: period - 1. */
export function smaLookback(period: number): number {
  return period - 1;
}
