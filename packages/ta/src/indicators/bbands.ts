import { checkPeriod, checkReal, outputArray, smaInto, TA_EPSILON } from './util';

/** Bollinger band columns (price unit, NaN before the lookback). */
export interface BbandsResult {
  upper: Float64Array;
  middle: Float64Array;
  lower: Float64Array;
}

/**
 * Bollinger Bands, TA-Lib `BBANDS` compatible with an SMA middle band (MAType 0, the default).
 * real: prices; period: integer 2..100000; nbDevUp, nbDevDn: multipliers of the population
 * standard deviation. The deviation is TA-Lib's `sqrt(mean(x²) − sma²)` over the window
 * (0 when that is < 1e-14, e.g. flat prices), so the bands are exactly TA-Lib's.
 * Returns upper/middle/lower, NaN before index `period - 1`.
 * out: optional output buffers of the input's length to reuse (returned).
 * Throws RangeError on invalid parameters or wrong-length buffers. Source: TA-Lib ta_BBANDS.c, ta_STDDEV.c
 * (INT_stddev_using_precalc_ma).
 */
export function bbands(real: Float64Array, period = 20, nbDevUp = 2, nbDevDn = 2, out?: BbandsResult): BbandsResult {
  checkPeriod('period', period, 2);
  checkReal('nbDevUp', nbDevUp, -3e37);
  checkReal('nbDevDn', nbDevDn, -3e37);
  const n = real.length;
  const begin = period - 1;
  const upper = outputArray(n, begin, out?.upper);
  const middle = outputArray(n, begin, out?.middle);
  const lower = outputArray(n, begin, out?.lower);
  if (begin >= n) return { upper, middle, lower };
  smaInto(real, 0, n, period, middle);
  let total2 = 0;
  let startSum = 1 + begin - period;
  let endSum = begin;
  for (let j = startSum; j < endSum; j++) {
    const t = real[j];
    total2 += t * t;
  }
  for (; endSum < n; startSum++, endSum++) {
    let t = real[endSum];
    total2 += t * t;
    let mean2 = total2 / period;
    t = real[startSum];
    total2 -= t * t;
    t = middle[endSum];
    mean2 -= t * t;
    const sd = !(mean2 < TA_EPSILON) ? Math.sqrt(mean2) : 0.0;
    const m = middle[endSum];
    if (nbDevUp === nbDevDn) {
      const d = nbDevUp === 1.0 ? sd : sd * nbDevUp;
      upper[endSum] = m + d;
      lower[endSum] = m - d;
    } else {
      upper[endSum] = nbDevUp === 1.0 ? m + sd : m + sd * nbDevUp;
      lower[endSum] = nbDevDn === 1.0 ? m - sd : m - sd * nbDevDn;
    }
  }
  return { upper, middle, lower };
}

/** Lookback of {@link bbands}: period - 1. */
export function bbandsLookback(period = 20): number {
  return period - 1;
}
