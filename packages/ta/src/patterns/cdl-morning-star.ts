import type { Ohlc } from './candle-settings';
import { starPattern } from './cdl-star';

/**
 * Morning star, TA-Lib `CDLMORNINGSTAR` compatible: long black candle (body > BodyLong average),
 * short body (≤ BodyShort average) gapping down, then a white candle longer than short that
 * closes above close[i−2] + penetration · body[i−2]. c: OHLC columns of equal length;
 * penetration: ≥ 0 (TA-Lib default 0.3). Returns Float64Array of 100 / 0, NaN before index 12.
 * Throws RangeError on a bad penetration or unequal lengths. Source: TA-Lib ta_CDLMORNINGSTAR.c.
 */
export function cdlMorningStar(c: Ohlc, penetration = 0.3): Float64Array {
  return starPattern(c, penetration, true);
}
