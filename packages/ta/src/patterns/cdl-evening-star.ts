import type { Ohlc } from './candle-settings';
import { starPattern } from './cdl-star';

/**
 * Evening star, TA-Lib `CDLEVENINGSTAR` compatible: long white candle, short body gapping up,
 * then a black candle longer than short that closes below close[i−2] − penetration · body[i−2].
 * c: OHLC columns of equal length; penetration: ≥ 0 (TA-Lib default 0.3).
 * Returns Float64Array of −100 / 0, NaN before index 12.
 * Throws RangeError on a bad penetration or unequal lengths. Source: TA-Lib ta_CDLEVENINGSTAR.c.
 */
export function cdlEveningStar(c: Ohlc, penetration = 0.3): Float64Array {
  return starPattern(c, penetration, false);
}
