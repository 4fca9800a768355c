import { checkPeriod, nanArray, sameLength } from './util';

/**
 * Money flow index, TA-Lib `MFI` compatible. high, low, close: prices; volume: base volume; equal
 * lengths; period: integer 2..100000. Money flow = typical price · volume, positive when the
 * typical price rose, negative when it fell, neither when unchanged; MFI = 100 · pos / (pos + neg)
 * over the last `period` flows, and **0 when pos + neg < 1** (TA-Lib's guard, e.g. zero volume).
 * Returns Float64Array 0..100, NaN before index `period`.
 * Throws RangeError on an invalid period or unequal lengths. Source: TA-Lib ta_MFI.c.
 */
export function mfi(high: Float64Array, low: Float64Array, close: Float64Array, volume: Float64Array, period = 14): Float64Array {
  checkPeriod('period', period, 2);
  const n = sameLength(high, low, close, volume);
  const out = nanArray(n);
  if (period >= n) return out;
  const pos = new Float64Array(period);
  const neg = new Float64Array(period);
  let bi = 0;
  let posSum = 0;
  let negSum = 0;
  let prevValue = (high[0] + low[0] + close[0]) / 3.0;
  /** Puts bar `i`'s money flow into slot `bi` (positive, negative or neither) and adds it to its sum. */
  const addFlow = (i: number): void => {
    let tp = (high[i] + low[i] + close[i]) / 3.0;
    const d = tp - prevValue;
    prevValue = tp;
    tp *= volume[i];
    if (d < 0) {
      neg[bi] = tp;
      negSum += tp;
      pos[bi] = 0.0;
    } else if (d > 0) {
      pos[bi] = tp;
      posSum += tp;
      neg[bi] = 0.0;
    } else {
      pos[bi] = 0.0;
      neg[bi] = 0.0;
    }
  };
  let today = 1;
  for (let c = period; c > 0; c--) {
    addFlow(today++);
    if (++bi > period - 1) bi = 0;
  }
  let s = posSum + negSum;
  out[period] = s < 1.0 ? 0.0 : 100.0 * (posSum / s);
  while (today < n) {
    posSum -= pos[bi];
    negSum -= neg[bi];
    addFlow(today);
    s = posSum + negSum;
    out[today++] = s < 1.0 ? 0.0 : 100.0 * (posSum / s);
    if (++bi > period - 1) bi = 0;
  }
  return out;
}

/** Lookback of {@link mfi}: period. */
export function mfiLookback(period = 14): number {
  return period;
}
