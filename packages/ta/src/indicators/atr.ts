import { checkPeriod, nanArray, sameLength } from './util';

/**
 * True range, TA-Lib `TRANGE` compatible: max(high − low, |prevClose − high|, |prevClose − low|).
 * high, low, close: prices of equal length. Returns Float64Array (price unit), NaN at index 0
 * (lookback 1). Throws RangeError on unequal lengths. Source: TA-Lib ta_TRANGE.c.
 */
export function trueRange(high: Float64Array, low: Float64Array, close: Float64Array): Float64Array {
  const n = sameLength(high, low, close);
  const out = nanArray(n);
  for (let i = 1; i < n; i++) {
    const h = high[i];
    const l = low[i];
    const yc = close[i - 1];
    let g = h - l;
    const v2 = Math.abs(yc - h);
    if (v2 > g) g = v2;
    const v3 = Math.abs(yc - l);
    if (v3 > g) g = v3;
    out[i] = g;
  }
  return out;
}

/**
 * Average true range (Wilder), TA-Lib `ATR` compatible. high, low, close: prices of equal length;
 * period: integer 1..100000. First value at index `period` = mean of the true ranges at
 * indices 1..period, then `atr = (atr * (period - 1) + tr) / period`. period 1 returns the true
 * range. Returns Float64Array (price unit), NaN before index `period`.
 * Throws RangeError on an invalid period or unequal lengths. Source: TA-Lib ta_ATR.c.
 */
export function atr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  checkPeriod('period', period, 1);
  const n = sameLength(high, low, close);
  const tr = trueRange(high, low, close);
  if (period <= 1) return tr;
  const out = nanArray(n);
  if (period >= n) return out;
  let sum = 0;
  for (let i = 1; i <= period; i++) sum += tr[i];
  let prev = sum / period;
  out[period] = prev;
  const pm1 = period - 1;
  for (let i = period + 1; i < n; i++) {
    prev *= pm1;
    prev += tr[i];
    prev /= period;
    out[i] = prev;
  }
  return out;
}

/** Lookback of {@link atr}: period. */
export function atrLookback(period = 14): number {
  return period;
}
