import { sameLength } from './util';

/**
 * On-balance volume, TA-Lib `OBV` compatible. close: prices; volume: base-asset volume, equal
 * length. OBV[0] = volume[0]; then + volume on an up close, − volume on a down close, unchanged on
 * an equal close. Returns Float64Array (volume unit), valid from index 0 (lookback 0).
 * Throws RangeError on unequal lengths. Source: TA-Lib ta_OBV.c.
 */
export function obv(close: Float64Array, volume: Float64Array): Float64Array {
  const n = sameLength(close, volume);
  const out = new Float64Array(n);
  if (n === 0) return out;
  let prevObv = volume[0];
  let prevReal = close[0];
  for (let i = 0; i < n; i++) {
    const r = close[i];
    if (r > prevReal) prevObv += volume[i];
    else if (r < prevReal) prevObv -= volume[i];
    out[i] = prevObv;
    prevReal = r;
  }
  return out;
}
