import { checkPeriod, nanArray, sameLength } from './util';

/**
 * Williams %R, TA-Lib `WILLR` compatible. high, low, close: prices of equal length; period:
 * integer 2..100000. %R = (highest − close) / ((highest − lowest) / −100) over the last `period`
 * bars: −100..0, and 0 when highest == lowest. Returns Float64Array, NaN before index
 * `period − 1`. Throws RangeError on an invalid period or unequal lengths.
 * Source: TA-Lib ta_WILLR.c.
 */
export function willr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  checkPeriod('period', period, 2);
  const n = sameLength(high, low, close);
  const out = nanArray(n);
  const lookback = period - 1;
  let today = lookback;
  let trailingIdx = 0;
  let lowestIdx = -1;
  let highestIdx = -1;
  let diff = 0;
  let highest = 0;
  let lowest = 0;
  while (today < n) {
    let tmp = low[today];
    if (lowestIdx < trailingIdx) {
      lowestIdx = trailingIdx;
      lowest = low[lowestIdx];
      let i = lowestIdx;
      while (++i <= today) {
        tmp = low[i];
        if (tmp < lowest) {
          lowestIdx = i;
          lowest = tmp;
        }
      }
      diff = (highest - lowest) / -100.0;
    } else if (tmp <= lowest) {
      lowestIdx = today;
      lowest = tmp;
      diff = (highest - lowest) / -100.0;
    }
    tmp = high[today];
    if (highestIdx < trailingIdx) {
      highestIdx = trailingIdx;
      highest = high[highestIdx];
      let i = highestIdx;
      while (++i <= today) {
        tmp = high[i];
        if (tmp > highest) {
          highestIdx = i;
          highest = tmp;
        }
      }
      diff = (highest - lowest) / -100.0;
    } else if (tmp >= highest) {
      highestIdx = today;
      highest = tmp;
      diff = (highest - lowest) / -100.0;
    }
    out[today] = diff !== 0.0 ? (highest - close[today]) / diff : 0.0;
    trailingIdx++;
    today++;
  }
  return out;
}

/** Lookback of {@link willr}: period − 1. */
export function willrLookback(period = 14): number {
  return period - 1;
}
