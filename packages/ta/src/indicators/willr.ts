import { checkPeriod, nanArray, rollingHighLow, sameLength } from './util';

/**
 * Williams %R, TA-Lib `WILLR` compatible. high, low, close: prices of equal length; period:
 * integer 2..100000. %R = (highest − close) / ((highest − lowest) / −100) over the last `period`
 * bars: −100..0, and 0 when highest == lowest. Returns Float64Array, NaN before index
 * `period − 1`. Throws RangeError on an invalid period or unequal lengths.
 * Source: TA-Lib ta_WILLR.c.
 */
export function willr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  checkPeriod('period', period, 2);
  const n = sameLength(high, low, close);
  const out = nanArray(n);
  rollingHighLow(high, low, 0, n, period, (today, highest, lowest) => {
    const diff = (highest - lowest) / -100.0;
    out[today] = diff !== 0.0 ? (highest - close[today]) / diff : 0.0;
  });
  return out;
}

/** Lookback of {@link willr}: period − 1. */
export function willrLookback(period = 14): number {
  return period - 1;
}
