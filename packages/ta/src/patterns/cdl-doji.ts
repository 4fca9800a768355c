import { nanArray } from '../indicators/util';
import { CANDLE_SETTINGS as S, RunningCandleSum, ohlcLength, realBody, type Ohlc } from './candle-settings';

/** Lookback of {@link cdlDoji}: BodyDoji period = 10. */
export const CDLDOJI_LOOKBACK = S.BodyDoji.avgPeriod;

/**
 * Doji, TA-Lib `CDLDOJI` compatible: real body ≤ 10% of the average high-low range of the 10
 * previous candles. c: OHLC columns of equal length.
 * Returns Float64Array of 100 (pattern) / 0, NaN before index 10.
 * Throws RangeError on unequal lengths. Source: TA-Lib ta_CDLDOJI.c.
 */
export function cdlDoji(c: Ohlc): Float64Array {
  const n = ohlcLength(c);
  const out = nanArray(n);
  const start = CDLDOJI_LOOKBACK;
  if (start >= n) return out;
  const doji = new RunningCandleSum(S.BodyDoji, c, start);
  for (let i = start; i < n; i++) {
    out[i] = realBody(c, i) <= doji.average(i) ? 100 : 0;
    doji.advance(i);
  }
  return out;
}
