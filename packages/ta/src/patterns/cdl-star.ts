import { nanArray } from '../indicators/util';
import { CANDLE_SETTINGS as S, RunningCandleSum, candleRanges, candleColor, ohlcLength, realBody, realBodyGapDown, realBodyGapUp, type Ohlc } from './candle-settings';

/** Lookback of the morning/evening star: max(BodyShort, BodyLong periods) + 2 = 12. */
export const CDLSTAR_LOOKBACK = Math.max(S.BodyShort.avgPeriod, S.BodyLong.avgPeriod) + 2;

/**
 * Shared implementation of the morning (bullish = true, +100) and evening (−100) star, following
 * ta_CDLMORNINGSTAR.c / ta_CDLEVENINGSTAR.c line by line. Throws RangeError on a bad penetration.
 */
export function starPattern(c: Ohlc, penetration: number, bullish: boolean): Float64Array {
  if (!Number.isFinite(penetration) || penetration < 0) throw new RangeError(`penetration must be ≥ 0, got ${penetration}`);
  const n = ohlcLength(c);
  const out = nanArray(n);
  const start = CDLSTAR_LOOKBACK;
  if (start >= n) return out;
  const { close } = c;
  const bodies = candleRanges('RealBody', c);
  const bodyLong = new RunningCandleSum(S.BodyLong, c, start, 2, bodies);
  const bodyShort = new RunningCandleSum(S.BodyShort, c, start, 1, bodies);
  const bodyShort2 = new RunningCandleSum(S.BodyShort, c, start, 0, bodies);
  for (let i = start; i < n; i++) {
    let hit: boolean;
    if (bullish) {
      hit =
        realBody(c, i - 2) > bodyLong.average(i) &&
        candleColor(c, i - 2) === -1 &&
        realBody(c, i - 1) <= bodyShort.average(i) &&
        realBodyGapDown(c, i - 1, i - 2) &&
        realBody(c, i) > bodyShort2.average(i) &&
        candleColor(c, i) === 1 &&
        close[i] > close[i - 2] + realBody(c, i - 2) * penetration;
    } else {
      hit =
        realBody(c, i - 2) > bodyLong.average(i) &&
        candleColor(c, i - 2) === 1 &&
        realBody(c, i - 1) <= bodyShort.average(i) &&
        realBodyGapUp(c, i - 1, i - 2) &&
        realBody(c, i) > bodyShort2.average(i) &&
        candleColor(c, i) === -1 &&
        close[i] < close[i - 2] - realBody(c, i - 2) * penetration;
    }
    out[i] = hit ? (bullish ? 100 : -100) : 0;
    bodyLong.advance(i);
    bodyShort.advance(i);
    bodyShort2.advance(i);
  }
  return out;
}
