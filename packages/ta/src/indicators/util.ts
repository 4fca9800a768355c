/**
 * Shared helpers for the indicator implementations.
 *
 * Conventions of every indicator in this folder (mirroring TA-Lib 0.4, default compatibility,
 * no unstable period):
 * - inputs are equally long `Float64Array` columns (oldest first);
 * - outputs have the same length as the input, `NaN` before the first valid index (the TA-Lib
 *   lookback), and an all-`NaN` array when the input is shorter than lookback + 1;
 * - invalid parameters (outside TA-Lib's accepted range) throw a `RangeError`, unequal input
 *   lengths throw a `RangeError`.
 */

/** Allocates a Float64Array of length n filled with NaN. */
export function nanArray(n: number): Float64Array {
  const out = new Float64Array(n);
  out.fill(NaN);
  return out;
}

/**
 * Allocates a Float64Array of length n whose first min(n, lookback) entries are NaN (the rest 0,
 * to be overwritten). For outputs whose every index ≥ lookback is written; saves a full pass.
 */
export function nanPrefixArray(n: number, lookback: number): Float64Array {
  const out = new Float64Array(n);
  out.fill(NaN, 0, Math.min(n, Math.max(0, lookback)));
  return out;
}

/**
 * Output column for an indicator: `out` when given (must have length n; its first
 * min(n, lookback) entries are set to NaN and the rest overwritten by the caller), else a new
 * {@link nanPrefixArray}. Lets hot loops reuse buffers like TA-Lib's caller-allocated outputs.
 * Throws RangeError when `out` has the wrong length.
 */
export function outputArray(n: number, lookback: number, out?: Float64Array): Float64Array {
  if (!out) return nanPrefixArray(n, lookback);
  if (out.length !== n) throw new RangeError(`output buffer length ${out.length} differs from input length ${n}`);
  out.fill(NaN, 0, Math.min(n, Math.max(0, lookback)));
  return out;
}

/** Throws RangeError unless `value` is an integer in [min, max] (TA-Lib's optIn range check). */
export function checkPeriod(name: string, value: number, min: number, max = 100000): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer in [${min}, ${max}], got ${value}`);
  }
}

/** Throws RangeError unless `value` is a finite number in [min, max]. */
export function checkReal(name: string, value: number, min: number, max = 3e37): void {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a number in [${min}, ${max}], got ${value}`);
  }
}

/** Throws RangeError unless all columns have the same length; returns that length. */
export function sameLength(...cols: ArrayLike<number>[]): number {
  const n = cols[0].length;
  for (let k = 1; k < cols.length; k++) {
    if (cols[k].length !== n) throw new RangeError(`input columns differ in length (${n} vs ${cols[k].length})`);
  }
  return n;
}

/** TA-Lib's TA_IS_ZERO: |v| < 1e-14. */
export const TA_EPSILON = 0.00000000000001;
/** TA-Lib's TA_IS_ZERO(v). */
export function isZero(v: number): boolean {
  return -TA_EPSILON < v && v < TA_EPSILON;
}

/**
 * Simple moving average of `src[from..n)` written into `out` at the same indices, TA-Lib INT_SMA
 * arithmetic (running total, add newest then subtract oldest). Valid from `from + period - 1`;
 * indices before are left untouched. Internal building block of SMA, STOCH, STOCHRSI, BBANDS.
 */
export function smaInto(src: ArrayLike<number>, from: number, n: number, period: number, out: Float64Array): void {
  const lookback = period - 1;
  const start = from + lookback;
  if (start >= n) return;
  let total = 0;
  let i = from;
  if (period > 1) while (i < start) total += src[i++];
  let trailing = from;
  while (i < n) {
    total += src[i];
    const t = total;
    total -= src[trailing++];
    out[i++] = t / period;
  }
}

/**
 * EMA of `src` with TA-Lib INT_EMA semantics for a requested start index `startIdx` (≥ lookback):
 * seeded with the SMA of the `period` values ending at `startIdx`, then
 * `prev = (x - prev) * k + prev`. Writes `out[startIdx..n)`.
 */
export function emaInto(src: ArrayLike<number>, startIdx: number, n: number, period: number, k: number, out: Float64Array): void {
  if (startIdx >= n) return;
  let today = startIdx - (period - 1);
  let sum = 0;
  for (let c = period; c-- > 0; ) sum += src[today++];
  let prev = sum / period;
  while (today <= startIdx) prev = (src[today++] - prev) * k + prev;
  out[startIdx] = prev;
  let o = startIdx + 1;
  while (today < n) {
    prev = (src[today++] - prev) * k + prev;
    out[o++] = prev;
  }
}

/** TA-Lib PER_TO_K: 2 / (period + 1). */
export function perToK(period: number): number {
  return 2.0 / (period + 1);
}

/**
 * Walks the windows of `period` bars over [from, n) as TA-Lib's STOCH and WILLR do: for each
 * window end `today` (from + period − 1 .. n − 1) calls `visit(today, highest, lowest)` with the
 * highest `high` and the lowest `low` of the window. The extremes are rescanned only when the old
 * one leaves the window (TA-Lib's trailing-index scheme: O(n) on typical data); ties keep the
 * latest index, as TA-Lib does.
 */
export function rollingHighLow(high: ArrayLike<number>, low: ArrayLike<number>, from: number, n: number, period: number, visit: (today: number, highest: number, lowest: number) => void): void {
  let trailingIdx = from;
  let today = from + period - 1;
  let lowestIdx = -1;
  let highestIdx = -1;
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
    } else if (tmp <= lowest) {
      lowestIdx = today;
      lowest = tmp;
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
    } else if (tmp >= highest) {
      highestIdx = today;
      highest = tmp;
    }
    visit(today, highest, lowest);
    trailingIdx++;
    today++;
  }
}
