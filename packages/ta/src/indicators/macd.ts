import { emaLookback } from './ema';
import { checkPeriod, outputArray, perToK } from './util';

/** MACD output columns (same length as the input, NaN before the lookback). */
export interface MacdResult {
  /** Fast EMA − slow EMA (price unit). */
  macd: Float64Array;
  /** EMA(signalPeriod) of the MACD line. */
  signal: Float64Array;
  /** macd − signal. */
  hist: Float64Array;
}

/**
 * Moving average convergence/divergence, TA-Lib `MACD` compatible.
 * real: prices; fastPeriod, slowPeriod: integers 2..100000 (swapped if slow < fast);
 * signalPeriod: integer 2..100000 (TA-Lib accepts 1 but its EMA lookback returns −1 for period 1,
 * which shifts and corrupts the MACD output, so 1 is rejected here).
 * TA-Lib alignment: both EMAs are *started* at index `slowPeriod - 1` — the slow EMA seeded with
 * the SMA of values [0, slow), the fast EMA seeded with the SMA of the `fastPeriod` values ending
 * at index `slowPeriod - 1` (not at `fastPeriod - 1`). The signal EMA is seeded with the SMA of
 * the first `signalPeriod` MACD values. All three outputs start at lookback
 * `(slowPeriod - 1) + (signalPeriod - 1)` (33 for 12/26/9); NaN before.
 * out: optional output buffers of the input's length to reuse (returned).
 * Throws RangeError on invalid periods or wrong-length buffers. Source: TA-Lib ta_MACD.c (INT_MACD).
 */
export function macd(real: Float64Array, fastPeriod = 12, slowPeriod = 26, signalPeriod = 9, out?: MacdResult): MacdResult {
  checkPeriod('fastPeriod', fastPeriod, 2);
  checkPeriod('slowPeriod', slowPeriod, 2);
  checkPeriod('signalPeriod', signalPeriod, 2);
  if (slowPeriod < fastPeriod) [fastPeriod, slowPeriod] = [slowPeriod, fastPeriod];
  const n = real.length;
  const lookbackSignal = emaLookback(signalPeriod);
  const lookbackTotal = lookbackSignal + emaLookback(slowPeriod);
  const macdOut = outputArray(n, lookbackTotal, out?.macd);
  const signalOut = outputArray(n, lookbackTotal, out?.signal);
  const histOut = outputArray(n, lookbackTotal, out?.hist);
  if (lookbackTotal >= n) return { macd: macdOut, signal: signalOut, hist: histOut };
  const start = slowPeriod - 1; // = lookbackTotal - lookbackSignal
  // Both EMAs as TA-Lib INT_EMA started at `start`: slow seeded with SMA(real[0..start]), fast
  // with the SMA of the `fastPeriod` values ending at `start`. MACD = fast − slow from `start`,
  // kept in macdOut while the signal EMA is seeded; the prefix is reset to NaN at the end.
  const k1 = perToK(slowPeriod);
  const k2 = perToK(fastPeriod);
  let sumSlow = 0;
  for (let t = start - (slowPeriod - 1); t <= start; t++) sumSlow += real[t];
  let sumFast = 0;
  for (let t = start - (fastPeriod - 1); t <= start; t++) sumFast += real[t];
  let slow = sumSlow / slowPeriod;
  let fast = sumFast / fastPeriod;
  macdOut[start] = fast - slow;
  for (let t = start + 1; t < n; t++) {
    const v = real[t];
    slow = (v - slow) * k1 + slow;
    fast = (v - fast) * k2 + fast;
    macdOut[t] = fast - slow;
  }
  // Signal line: TA-Lib INT_EMA over the MACD values from `start`.
  const kSig = perToK(signalPeriod);
  let today = start;
  let sum = 0;
  for (let c = signalPeriod; c-- > 0; ) sum += macdOut[today++];
  let prev = sum / signalPeriod;
  signalOut[lookbackTotal] = prev;
  histOut[lookbackTotal] = macdOut[lookbackTotal] - prev;
  while (today < n) {
    prev = (macdOut[today] - prev) * kSig + prev;
    signalOut[today] = prev;
    histOut[today] = macdOut[today] - prev;
    today++;
  }
  macdOut.fill(NaN, 0, lookbackTotal);
  return { macd: macdOut, signal: signalOut, hist: histOut };
}

/** Lookback of {@link macd}: (max(fast, slow) - 1) + (signal - 1). */
export function macdLookback(fastPeriod = 12, slowPeriod = 26, signalPeriod = 9): number {
  return Math.max(fastPeriod, slowPeriod) - 1 + signalPeriod - 1;
}
