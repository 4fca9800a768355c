import { nanArray } from '../indicators/util';
import { CANDLE_SETTINGS as S, RunningCandleSum, candleRanges, lowerShadow, ohlcLength, realBody, upperShadow, type Ohlc } from './candle-settings';

/** Lookback of {@link cdlHammer}: max(BodyShort, ShadowLong, ShadowVeryShort, Near periods) + 1 = 11. */
export const CDLHAMMER_LOOKBACK = Math.max(S.BodyShort.avgPeriod, S.ShadowLong.avgPeriod, S.ShadowVeryShort.avgPeriod, S.Near.avgPeriod) + 1;

/**
 * Hammer, TA-Lib `CDLHAMMER` compatible: small real body (< BodyShort average of the 10 previous
 * bodies), long lower shadow (> the body), very short upper shadow (< 10% of the average of the
 * 10 previous high-low ranges), body bottom ≤ prior low + Near (20% of the average range of the 5
 * candles before the prior one). c: OHLC columns of equal length.
 * Returns Float64Array of 100 (pattern) / 0, NaN before index 11.
 * Throws RangeError on unequal lengths. Source: TA-Lib ta_CDLHAMMER.c.
 */
export function cdlHammer(c: Ohlc): Float64Array {
  const n = ohlcLength(c);
  const out = nanArray(n);
  const start = CDLHAMMER_LOOKBACK;
  if (start >= n) return out;
  const bodies = candleRanges('RealBody', c);
  const hl = candleRanges('HighLow', c);
  const body = new RunningCandleSum(S.BodyShort, c, start, 0, bodies);
  const shadowLong = new RunningCandleSum(S.ShadowLong, c, start, 0, bodies);
  const shadowVeryShort = new RunningCandleSum(S.ShadowVeryShort, c, start, 0, hl);
  const near = new RunningCandleSum(S.Near, c, start, 1, hl);
  for (let i = start; i < n; i++) {
    out[i] =
      realBody(c, i) < body.average(i) &&
      lowerShadow(c, i) > shadowLong.average(i) &&
      upperShadow(c, i) < shadowVeryShort.average(i) &&
      Math.min(c.close[i], c.open[i]) <= c.low[i - 1] + near.average(i)
        ? 100
        : 0;
    body.advance(i);
    shadowLong.advance(i);
    shadowVeryShort.advance(i);
    near.advance(i);
  }
  return out;
}
