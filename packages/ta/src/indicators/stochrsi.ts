import { rsi } from './rsi';
import { rawKInto } from './stoch';
import { checkPeriod, nanArray, smaInto } from './util';

/** Stochastic RSI output columns (0..100, NaN before the lookback). */
export interface StochRsiResult {
  /** Fast %K of the RSI series. */
  fastK: Float64Array;
  /** SMA(fastDPeriod) of fast %K. */
  fastD: Float64Array;
}

/**
 * Stochastic RSI, TA-Lib `STOCHRSI` compatible with SMA fast-D (MAType 0, the default):
 * RSI(period) of `real`, then a fast stochastic (high = low = close = RSI) with `fastKPeriod`,
 * and fast %D = SMA(fastDPeriod) of fast %K. period: integer 2..100000; fastKPeriod,
 * fastDPeriod: integers 1..100000. Output 0..100 (0 when the RSI window is flat).
 * Lookback `period + (fastK - 1) + (fastD - 1)` (20 for 14/5/3, 29 for 14/14/3); both outputs
 * start there, NaN before. Throws RangeError on invalid periods. Source: TA-Lib ta_STOCHRSI.c,
 * ta_STOCHF.c.
 */
export function stochRsi(real: Float64Array, period = 14, fastKPeriod = 5, fastDPeriod = 3): StochRsiResult {
  checkPeriod('period', period, 2);
  checkPeriod('fastKPeriod', fastKPeriod, 1);
  checkPeriod('fastDPeriod', fastDPeriod, 1);
  return stochRsiOfRsi(rsi(real, period), period, fastKPeriod, fastDPeriod);
}

/**
 * STOCHRSI from an RSI column already computed with `rsi(real, period)` (lets callers that need
 * several fast-K/D variants share one RSI pass). Same outputs, lookback and errors as
 * {@link stochRsi}.
 */
export function stochRsiOfRsi(r: Float64Array, period = 14, fastKPeriod = 5, fastDPeriod = 3): StochRsiResult {
  checkPeriod('period', period, 2);
  checkPeriod('fastKPeriod', fastKPeriod, 1);
  checkPeriod('fastDPeriod', fastDPeriod, 1);
  const n = r.length;
  const fastK = nanArray(n);
  const fastD = nanArray(n);
  const lookbackTotal = period + fastKPeriod - 1 + fastDPeriod - 1;
  if (lookbackTotal >= n) return { fastK, fastD };
  const raw = nanArray(n);
  rawKInto(r, r, r, period, n, fastKPeriod, raw);
  smaInto(raw, period + fastKPeriod - 1, n, fastDPeriod, fastD);
  for (let i = lookbackTotal; i < n; i++) fastK[i] = raw[i];
  return { fastK, fastD };
}

/** Lookback of {@link stochRsi}: period + (fastK - 1) + (fastD - 1). */
export function stochRsiLookback(period = 14, fastKPeriod = 5, fastDPeriod = 3): number {
  return period + fastKPeriod - 1 + fastDPeriod - 1;
}
