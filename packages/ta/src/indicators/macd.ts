import { emaLookback } from './ema';
import { checkPeriod, emaInto, nanPrefixArray, perToK } from './util';

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
 * Throws RangeError on invalid periods. Source: TA-Lib ta_MACD.c (INT_MACD).
 */
export function macd(real: Float64Array, fastPeriod = 12, slowPeriod = 26, signalPeriod = 9): MacdResult {
  checkPeriod('fastPeriod', fastPeriod, 2);
  checkPeriod('slowPeriod', slowPeriod, 2);
  checkPeriod('signalPeriod', signalPeriod, 2);
  if (slowPeriod < fastPeriod) [fastPeriod, slowPeriod] = [slowPeriod, fastPeriod];
  const n = real.length;
  const lookbackSignal = emaLookback(signalPeriod);
  const lookbackTotal = lookbackSignal + emaLookback(slowPeriod);
  const macdOut = nanPrefixArray(n, lookbackTotal);
  const signalOut = nanPrefixArray(n, lookbackTotal);
  const histOut = nanPrefixArray(n, lookbackTotal);
  if (lookbackTotal >= n) return { macd: macdOut, signal: signalOut, hist: histOut };
  const start = slowPeriod - 1; // = lookbackTotal - lookbackSignal
  const slow = new Float64Array(n);
  const fast = new Float64Array(n);
  emaInto(real, start, n, slowPeriod, perToK(slowPeriod), slow);
  emaInto(real, start, n, fastPeriod, perToK(fastPeriod), fast);
  for (let i = start; i < n; i++) fast[i] = fast[i] - slow[i];
  // Signal line: EMA over the MACD buffer starting at `start`, TA-Lib INT_EMA from index 0 of it.
  const kSig = perToK(signalPeriod);
  let today = start;
  let sum = 0;
  for (let c = signalPeriod; c-- > 0; ) sum += fast[today++];
  let prev = sum / signalPeriod;
  signalOut[lookbackTotal] = prev;
  while (today < n) {
    prev = (fast[today] - prev) * kSig + prev;
    signalOut[today++] = prev;
  }
  for (let i = lookbackTotal; i < n; i++) {
    macdOut[i] = fast[i];
    histOut[i] = fast[i] - signalOut[i];
  }
  return { macd: macdOut, signal: signalOut, hist: histOut };
}

/** Lookback of {@link macd}: (max(fast, slow) - 1) + (signal - 1). */
export function macdLookback(fastPeriod = 12, slowPeriod = 26, signalPeriod = 9): number {
  return Math.max(fastPeriod, slowPeriod) - 1 + signalPeriod - 1;
}
