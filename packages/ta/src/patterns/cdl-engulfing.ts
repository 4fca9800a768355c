import { nanArray } from '../indicators/util';
import { candleColor, ohlcLength, type Ohlc } from './candle-settings';

/** Lookback of {@link cdlEngulfing}: 2 (as declared by TA-Lib 0.4, although only i − 1 is read). */
export const CDLENGULFING_LOOKBACK = 2;

/**
 * Engulfing, TA-Lib 0.4 `CDLENGULFING` compatible: a white candle whose real body engulfs the
 * prior black real body (+), or a black one engulfing a prior white one (−); one of the two body
 * ends may be equal. ±100 when neither end is equal, ±80 when one is (TA-Lib's "weaker" form).
 * c: OHLC columns of equal length. Returns Float64Array of ±100 / ±80 / 0, NaN before index 2.
 * Throws RangeError on unequal lengths. Source: TA-Lib ta_CDLENGULFING.c.
 */
export function cdlEngulfing(c: Ohlc): Float64Array {
  const n = ohlcLength(c);
  const out = nanArray(n);
  const { open, close } = c;
  for (let i = CDLENGULFING_LOOKBACK; i < n; i++) {
    const col = candleColor(c, i);
    const colPrev = candleColor(c, i - 1);
    const bull =
      col === 1 &&
      colPrev === -1 &&
      ((close[i] >= open[i - 1] && open[i] < close[i - 1]) || (close[i] > open[i - 1] && open[i] <= close[i - 1]));
    const bear =
      col === -1 &&
      colPrev === 1 &&
      ((open[i] >= close[i - 1] && close[i] < open[i - 1]) || (open[i] > close[i - 1] && close[i] <= open[i - 1]));
    if (bull || bear) out[i] = open[i] !== close[i - 1] && close[i] !== open[i - 1] ? col * 100 : col * 80;
    else out[i] = 0;
  }
  return out;
}
