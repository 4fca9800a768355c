import { checkReal, nanArray, sameLength } from './util';

/**
 * Parabolic SAR (Wilder), TA-Lib `SAR` compatible. high, low: prices of equal length;
 * acceleration: AF step and start (≥ 0, capped at `maximum`); maximum: AF cap (≥ 0).
 * The initial direction is short when bar 1 has a positive −DM (low fell more than high rose),
 * long otherwise; the first SAR is bar 0's low (long) or high (short). On a reversal the SAR is
 * set to the extreme point and kept outside the last two bars' range.
 * Returns Float64Array (price unit), NaN at index 0 (lookback 1).
 * Throws RangeError on invalid parameters or unequal lengths. Source: TA-Lib ta_SAR.c.
 */
export function sar(high: Float64Array, low: Float64Array, acceleration = 0.02, maximum = 0.2): Float64Array {
  checkReal('acceleration', acceleration, 0);
  checkReal('maximum', maximum, 0);
  const n = sameLength(high, low);
  const out = nanArray(n);
  if (n < 2) return out;
  let af = acceleration;
  if (af > maximum) af = acceleration = maximum;
  // MINUS_DM with period 1 at index 1.
  const diffP = high[1] - high[0];
  const diffM = low[0] - low[1];
  const minusDM = diffM > 0 && diffP < diffM ? diffM : 0;
  let isLong = minusDM > 0 ? false : true;
  let todayIdx = 1;
  let newHigh = high[0];
  let newLow = low[0];
  let ep: number;
  let s: number;
  if (isLong) {
    ep = high[todayIdx];
    s = newLow;
  } else {
    ep = low[todayIdx];
    s = newHigh;
  }
  newLow = low[todayIdx];
  newHigh = high[todayIdx];
  while (todayIdx < n) {
    const prevLow = newLow;
    const prevHigh = newHigh;
    newLow = low[todayIdx];
    newHigh = high[todayIdx];
    const o = todayIdx++;
    if (isLong) {
      if (newLow <= s) {
        isLong = false;
        s = ep;
        if (s < prevHigh) s = prevHigh;
        if (s < newHigh) s = newHigh;
        out[o] = s;
        af = acceleration;
        ep = newLow;
        s = s + af * (ep - s);
        if (s < prevHigh) s = prevHigh;
        if (s < newHigh) s = newHigh;
      } else {
        out[o] = s;
        if (newHigh > ep) {
          ep = newHigh;
          af += acceleration;
          if (af > maximum) af = maximum;
        }
        s = s + af * (ep - s);
        if (s > prevLow) s = prevLow;
        if (s > newLow) s = newLow;
      }
    } else {
      if (newHigh >= s) {
        isLong = true;
        s = ep;
        if (s > prevLow) s = prevLow;
        if (s > newLow) s = newLow;
        out[o] = s;
        af = acceleration;
        ep = newHigh;
        s = s + af * (ep - s);
        if (s > prevLow) s = prevLow;
        if (s > newLow) s = newLow;
      } else {
        out[o] = s;
        if (newLow < ep) {
          ep = newLow;
          af += acceleration;
          if (af > maximum) af = maximum;
        }
        s = s + af * (ep - s);
        if (s < prevHigh) s = prevHigh;
        if (s < newHigh) s = newHigh;
      }
    }
  }
  return out;
}
