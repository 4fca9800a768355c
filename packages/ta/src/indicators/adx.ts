import { checkPeriod, isZero, nanArray, sameLength } from './util';

/**
 * Average directional movement index (Wilder), TA-Lib `ADX` compatible. high, low, close: prices
 * of equal length; period: integer 2..100000. +DM/−DM and TR are Wilder-summed (seeded with the
 * plain sum of the first `period - 1` values), DX = 100·|−DI − +DI| / (−DI + +DI), the first ADX
 * (index `2·period − 1`) is the mean of the first `period` DX values, then Wilder smoothing.
 * A bar whose TR sum or DI sum is (near) zero leaves the ADX unchanged (flat prices give 0).
 * Returns Float64Array 0..100, NaN before index `2·period − 1` (27 for 14).
 * Throws RangeError on an invalid period or unequal lengths. Source: TA-Lib ta_ADX.c.
 */
export function adx(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  checkPeriod('period', period, 2);
  const n = sameLength(high, low, close);
  const out = nanArray(n);
  const lookbackTotal = 2 * period - 1;
  if (lookbackTotal >= n) return out;
  let today = 0;
  let prevHigh = high[0];
  let prevLow = low[0];
  let prevClose = close[0];
  let prevMinusDM = 0;
  let prevPlusDM = 0;
  let prevTR = 0;
  const tr = (th: number, tl: number, yc: number): number => {
    let o = th - tl;
    let t = Math.abs(th - yc);
    if (t > o) o = t;
    t = Math.abs(tl - yc);
    if (t > o) o = t;
    return o;
  };
  /**
   * Moves to the next bar and adds its +DM/−DM and true range: to plain sums while seeding
   * (`smooth` false, the first `period - 1` bars), Wilder-smoothed after (the sums decay by 1/period).
   */
  const step = (smooth: boolean): void => {
    today++;
    let t = high[today];
    const diffP = t - prevHigh;
    prevHigh = t;
    t = low[today];
    const diffM = prevLow - t;
    prevLow = t;
    if (smooth) {
      prevMinusDM -= prevMinusDM / period;
      prevPlusDM -= prevPlusDM / period;
    }
    if (diffM > 0 && diffP < diffM) prevMinusDM += diffM;
    else if (diffP > 0 && diffP > diffM) prevPlusDM += diffP;
    prevTR = (smooth ? prevTR - prevTR / period : prevTR) + tr(prevHigh, prevLow, prevClose);
    prevClose = close[today];
  };
  for (let c = period - 1; c-- > 0; ) step(false);
  /** One smoothed step; returns that bar's DX, or NaN when the TR sum or the DI sum is (near) zero (the bar then leaves the ADX as is). */
  const stepDX = (): number => {
    step(true);
    if (isZero(prevTR)) return NaN;
    const minusDI = 100.0 * (prevMinusDM / prevTR);
    const plusDI = 100.0 * (prevPlusDM / prevTR);
    const s = minusDI + plusDI;
    return isZero(s) ? NaN : 100.0 * (Math.abs(minusDI - plusDI) / s);
  };
  let sumDX = 0;
  for (let c = period; c-- > 0; ) {
    const dx = stepDX();
    if (!Number.isNaN(dx)) sumDX += dx;
  }
  let prevADX = sumDX / period;
  out[today] = prevADX;
  const pm1 = period - 1;
  while (today < n - 1) {
    const dx = stepDX();
    if (!Number.isNaN(dx)) prevADX = (prevADX * pm1 + dx) / period;
    out[today] = prevADX;
  }
  return out;
}

/** Lookback of {@link adx}: 2·period − 1. */
export function adxLookback(period = 14): number {
  return 2 * period - 1;
}
