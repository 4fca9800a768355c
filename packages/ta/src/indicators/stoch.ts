import { checkPeriod, nanArray, rollingHighLow, sameLength, smaInto } from './util';

/** Stochastic output columns (0..100, NaN before the lookback). */
export interface StochResult {
  /** Slow %K = SMA(slowKPeriod) of the raw %K. */
  slowK: Float64Array;
  /** Slow %D = SMA(slowDPeriod) of slow %K. */
  slowD: Float64Array;
}

/**
 * Raw (fast) %K over [from, n) as TA-Lib computes it: over the window of `fastKPeriod` bars
 * ending at `today`, `(close - lowest) / ((highest - lowest) / 100)`, 0 when highest == lowest.
 * Writes `out[from + fastKPeriod - 1 .. n)`. Internal helper of STOCH and STOCHRSI.
 */
export function rawKInto(high: ArrayLike<number>, low: ArrayLike<number>, close: ArrayLike<number>, from: number, n: number, fastKPeriod: number, out: Float64Array): void {
  rollingHighLow(high, low, from, n, fastKPeriod, (today, highest, lowest) => {
    const diff = (highest - lowest) / 100.0;
    out[today] = diff !== 0.0 ? (close[today] - lowest) / diff : 0.0;
  });
}

/**
 * Slow stochastic oscillator, TA-Lib `STOCH` compatible with SMA smoothing (MAType 0, TA-Lib's
 * default). high, low, close: prices of equal length; fastKPeriod, slowKPeriod, slowDPeriod:
 * integers 1..100000. Output 0..100 (0 when the high-low range of the window is 0).
 * Lookback `(fastK - 1) + (slowK - 1) + (slowD - 1)` (15 for 14/3/3): both outputs start there,
 * NaN before. Throws RangeError on invalid periods or unequal lengths. Source: TA-Lib ta_STOCH.c.
 */
export function stoch(high: Float64Array, low: Float64Array, close: Float64Array, fastKPeriod = 14, slowKPeriod = 3, slowDPeriod = 3): StochResult {
  checkPeriod('fastKPeriod', fastKPeriod, 1);
  checkPeriod('slowKPeriod', slowKPeriod, 1);
  checkPeriod('slowDPeriod', slowDPeriod, 1);
  const n = sameLength(high, low, close);
  const slowK = nanArray(n);
  const slowD = nanArray(n);
  const lookbackTotal = fastKPeriod - 1 + (slowKPeriod - 1) + (slowDPeriod - 1);
  if (lookbackTotal >= n) return { slowK, slowD };
  const raw = nanArray(n);
  rawKInto(high, low, close, 0, n, fastKPeriod, raw);
  const k = nanArray(n);
  smaInto(raw, fastKPeriod - 1, n, slowKPeriod, k);
  smaInto(k, fastKPeriod - 1 + slowKPeriod - 1, n, slowDPeriod, slowD);
  for (let i = lookbackTotal; i < n; i++) slowK[i] = k[i];
  return { slowK, slowD };
}

/** Lookback of {@link stoch}: (fastK - 1) + (slowK - 1) + (slowD - 1). */
export function stochLookback(fastKPeriod = 14, slowKPeriod = 3, slowDPeriod = 3): number {
  return fastKPeriod - 1 + slowKPeriod - 1 + slowDPeriod - 1;
}
