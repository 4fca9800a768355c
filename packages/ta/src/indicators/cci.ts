import { checkPeriod, nanArray, sameLength } from './util';

/**
 * Commodity channel index, TA-Lib `CCI` compatible. high, low, close: prices of equal length;
 * period: integer 2..100000. Typical price tp = (h + l + c) / 3;
 * CCI = (tp − mean(tp)) / (0.015 · meanAbsDev(tp)) over the window, 0 when either the numerator
 * or the mean deviation is exactly 0. Sums run over TA-Lib's circular buffer in the same order,
 * so values match bit for bit. Returns Float64Array (unitless), NaN before index `period − 1`.
 * Throws RangeError on an invalid period or unequal lengths. Source: TA-Lib ta_CCI.c.
 */
export function cci(high: Float64Array, low: Float64Array, close: Float64Array, period = 20): Float64Array {
  checkPeriod('period', period, 2);
  const n = sameLength(high, low, close);
  const out = nanArray(n);
  const lookback = period - 1;
  if (lookback >= n) return out;
  const buf = new Float64Array(period);
  let bi = 0;
  let i = 0;
  while (i < lookback) {
    buf[bi] = (high[i] + low[i] + close[i]) / 3;
    i++;
    if (++bi > period - 1) bi = 0;
  }
  for (; i < n; i++) {
    const last = (high[i] + low[i] + close[i]) / 3;
    buf[bi] = last;
    let avg = 0;
    for (let j = 0; j < period; j++) avg += buf[j];
    avg /= period;
    let dev = 0;
    for (let j = 0; j < period; j++) dev += Math.abs(buf[j] - avg);
    const num = last - avg;
    out[i] = num !== 0.0 && dev !== 0.0 ? num / (0.015 * (dev / period)) : 0.0;
    if (++bi > period - 1) bi = 0;
  }
  return out;
}

/** Lookback of {@link cci}: period − 1. */
export function cciLookback(period = 20): number {
  return period - 1;
}
