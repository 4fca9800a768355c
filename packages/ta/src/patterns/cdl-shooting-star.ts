import { nanArray } from '../indicators/util';
import { CANDLE_SETTINGS as S, RunningCandleSum, candleRanges, lowerShadow, ohlcLength, realBody, realBodyGapUp, upperShadow, type Ohlc } from './candle-settings';

/** Lookback of {@link cdlShootingStar}: max(BodyShort, ShadowLong, ShadowVeryShort periods) + 1 = 11. */
export const CDLSHOOTINGSTAR_LOOKBACK = Math.max(S.BodyShort.avgPeriod, S.ShadowLong.avgPeriod, S.ShadowVeryShort.avgPeriod) + 1;

/**
 * Shooting star, TA-Lib `CDLSHOOTINGSTAR` compatible: small real body (< BodyShort average),
 * long upper shadow (> the body), very short lower shadow (< ShadowVeryShort average), real body
 * gapping up from the prior real body. c: OHLC columns of equal length.
 * Returns Float64Array of −100 (pattern) / 0, NaN before index 11.
 * Throws RangeError on unequal lengths. Source: TA-Lib ta_CDLSHOOTINGSTAR.c.
 */
export function cdlShootingStar(c: Ohlc): Float64Array {
  const n = ohlcLength(c);
  const out = nanArray(n);
  const start = CDLSHOOTINGSTAR_LOOKBACK;
  if (start >= n) return out;
  const bodies = candleRanges('RealBody', c);
  const body = new RunningCandleSum(S.BodyShort, c, start, 0, bodies);
  const shadowLong = new RunningCandleSum(S.ShadowLong, c, start, 0, bodies);
  const shadowVeryShort = new RunningCandleSum(S.ShadowVeryShort, c, start);
  for (let i = start; i < n; i++) {
    out[i] =
      realBody(c, i) < body.average(i) &&
      upperShadow(c, i) > shadowLong.average(i) &&
      lowerShadow(c, i) < shadowVeryShort.average(i) &&
      realBodyGapUp(c, i, i - 1)
        ? -100
        : 0;
    body.advance(i);
    shadowLong.advance(i);
    shadowVeryShort.advance(i);
  }
  return out;
}
