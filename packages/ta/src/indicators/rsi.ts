import { checkPeriod, isZero, outputArray } from './util';

/**
 * Wilder RSI, TA-Lib `RSI` compatible (default compatibility, no unstable period).
 * real: prices; period: integer 2..100000. The first value (index `period`) uses the plain
 * average gain/loss of the first `period` changes, then Wilder smoothing
 * `avg = (avg * (period - 1) + x) / period`. Output 0..100; 0 when avg gain + avg loss is
 * (near) zero (|x| < 1e-14, e.g. flat prices). NaN before index `period`.
 * outBuf: optional output buffer of the input's length to reuse (returned).
 * Throws RangeError on an invalid period or a wrong-length buffer. Source: TA-Lib ta_RSI.c.
 */
export function rsi(real: Float64Array, period = 14, outBuf?: Float64Array): Float64Array {
  checkPeriod('period', period, 2);
  const n = real.length;
  const out = outputArray(n, period, outBuf);
  if (period >= n) return out;
  let prevValue = real[0];
  let prevGain = 0;
  let prevLoss = 0;
  let today = 1;
  for (let c = period; c > 0; c--) {
    const v = real[today++];
    const d = v - prevValue;
    prevValue = v;
    if (d < 0) prevLoss -= d;
    else prevGain += d;
  }
  prevLoss /= period;
  prevGain /= period;
  let s = prevGain + prevLoss;
  out[period] = !isZero(s) ? 100.0 * (prevGain / s) : 0.0;
  const pm1 = period - 1;
  while (today < n) {
    const v = real[today];
    const d = v - prevValue;
    prevValue = v;
    prevLoss *= pm1;
    prevGain *= pm1;
    if (d < 0) prevLoss -= d;
    else prevGain += d;
    prevLoss /= period;
    prevGain /= period;
    s = prevGain + prevLoss;
    out[today++] = !isZero(s) ? 100.0 * (prevGain / s) : 0.0;
  }
  return out;
}

/** Lookback (first valid index) of {@link rsi}: period. */
export function rsiLookback(period: number): number {
  return period;
}
