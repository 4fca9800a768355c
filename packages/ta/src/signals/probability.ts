import { findSwings, LEVEL_DEFAULTS } from '../levels/levels';
import type { SignalDefinition } from './catalogue';
import type { SignalColumns } from './columns';
import { EpisodeBuilder, type Episode } from './episode-edge';
import { NEUTRAL_BAND_PCT, scoreSignal } from './scoring';

/** Probability wording: the verbal scale a probability is shown with. */
export type ProbabilityWording = 'very_unlikely' | 'unlikely' | 'uncertain' | 'likely' | 'very_likely';

/** A measured frequency: p = hits / n in the coin's own history, with its sample size. */
export interface Probability {
  /** hits / n (0..1); 0 when n = 0. */
  p: number;
  /** Number of historical cases measured. */
  n: number;
  wording: ProbabilityWording;
}

/** Below this many cases the wording is always 'uncertain' (p and n are still reported). */
export const MIN_PROBABILITY_SAMPLE = 20;

/**
 * Wording of a measured probability: n < MIN_PROBABILITY_SAMPLE → 'uncertain'; otherwise
 * p < 0.2 very_unlikely, p < 0.4 unlikely, p ≤ 0.6 uncertain, p ≤ 0.8 likely, else very_likely.
 */
export function probabilityWording(p: number, n: number): ProbabilityWording {
  if (n < MIN_PROBABILITY_SAMPLE) return 'uncertain';
  if (p < 0.2) return 'very_unlikely';
  if (p < 0.4) return 'unlikely';
  if (p <= 0.6) return 'uncertain';
  if (p <= 0.8) return 'likely';
  return 'very_likely';
}

/** Builds a {@link Probability} from counts. */
export function toProbability(hits: number, n: number): Probability {
  const p = n > 0 ? hits / n : 0;
  return { p, n, wording: probabilityWording(p, n) };
}

/**
 * Distance buckets, in ATR14 units, used to match a level's distance with historical cases:
 * [0, 0.5), [0.5, 1), [1, 2), [2, 3), [3, 5), [5, ∞).
 */
export const DISTANCE_BUCKETS_ATR = [0.5, 1, 2, 3, 5] as const;

/** Index of the distance bucket of d (ATR units, ≥ 0). */
export function distanceBucket(d: number): number {
  let b = 0;
  while (b < DISTANCE_BUCKETS_ATR.length && d >= DISTANCE_BUCKETS_ATR[b]) b++;
  return b;
}

/** fwd[j] = max (or min) of src over (j, j + h]; NaN where j + h ≥ n. O(n) monotonic deque. */
export function forwardExtreme(src: Float64Array, h: number, max: boolean): Float64Array {
  const n = src.length;
  const out = new Float64Array(n).fill(NaN);
  if (h < 1 || n <= h) return out;
  const dq = new Int32Array(n);
  let head = 0;
  let tail = 0;
  // window for j is [j+1, j+h]; iterate right edge r = j + h from h to n-1.
  for (let r = 1; r < n; r++) {
    const v = src[r];
    while (tail > head && (max ? src[dq[tail - 1]] <= v : src[dq[tail - 1]] >= v)) tail--;
    dq[tail++] = r;
    const j = r - h;
    if (j < 0) continue;
    while (dq[head] <= j) head++;
    out[j] = src[dq[head]];
  }
  return out;
}

/** Touch and breakthrough probabilities of one level. */
export interface LevelProbabilities {
  touch: Probability;
  breakthrough: Probability;
}

/**
 * Measures, in the history `h` (indices 0..h.n−1), how often price reached / closed beyond the
 * nearest swing level on the same side within `horizon` candles, among the historical candles j
 * whose nearest level lay in the same ATR distance bucket as the current one.
 *
 * At each historical j (ATR14 defined, j + horizon ≤ last index) the nearest level above
 * (resistance) / below (support) close[j] is the nearest swing high or low (as in findLevels:
 * swingBars each side, confirmed by j, within the last `lookback` candles; not clustered).
 * Touch = max(high[j+1..j+horizon]) ≥ level (support: min(low) ≤ level); breakthrough =
 * max(close[j+1..j+horizon]) > level (support: min(close) < level).
 * `resistanceAtr` / `supportAtr`: the current distance (level − close) / ATR14, or null when
 * there is no level on that side (then that side is null).
 */
export function measureLevelProbabilities(
  h: SignalColumns,
  horizon: number,
  resistanceAtr: number | null,
  supportAtr: number | null,
): { resistance: LevelProbabilities | null; support: LevelProbabilities | null } {
  const last = h.n - 1;
  const { lookback, swingBars: k } = LEVEL_DEFAULTS;
  const swings = findSwings(h, 0, last, k);
  const fMaxHigh = forwardExtreme(h.high, horizon, true);
  const fMaxClose = forwardExtreme(h.close, horizon, true);
  const fMinLow = forwardExtreme(h.low, horizon, false);
  const fMinClose = forwardExtreme(h.close, horizon, false);
  const rb = resistanceAtr === null ? -1 : distanceBucket(resistanceAtr);
  const sb = supportAtr === null ? -1 : distanceBucket(supportAtr);
  let rn = 0, rTouch = 0, rBreak = 0, sn = 0, sTouch = 0, sBreak = 0;
  let lo = 0;
  for (let j = 0; j + horizon <= last; j++) {
    const atr = h.atr14[j];
    if (!(atr > 0)) continue;
    const c = h.close[j];
    while (lo < swings.length && swings[lo].index < j - lookback + 1) lo++;
    let above = Infinity;
    let below = -Infinity;
    for (let s = lo; s < swings.length && swings[s].index + k <= j; s++) {
      const p = swings[s].price;
      if (p > c && p < above) above = p;
      if (p < c && p > below) below = p;
    }
    if (rb >= 0 && above !== Infinity && distanceBucket((above - c) / atr) === rb) {
      rn++;
      if (fMaxHigh[j] >= above) rTouch++;
      if (fMaxClose[j] > above) rBreak++;
    }
    if (sb >= 0 && below !== -Infinity && distanceBucket((c - below) / atr) === sb) {
      sn++;
      if (fMinLow[j] <= below) sTouch++;
      if (fMinClose[j] < below) sBreak++;
    }
  }
  return {
    resistance: rb >= 0 ? { touch: toProbability(rTouch, rn), breakthrough: toProbability(rBreak, rn) } : null,
    support: sb >= 0 ? { touch: toProbability(sTouch, sn), breakthrough: toProbability(sBreak, sn) } : null,
  };
}

/**
 * Historical hit rate of a signal in `h`: at every candle j with j + horizon ≤ last index where
 * the detector fires, score it with scoreSignal(direction, close[j], close[j + horizon]).
 * Returns hits / n with the sample size n.
 */
export function measureSignalHitRate(h: SignalColumns, def: SignalDefinition, horizon: number): Probability {
  return measureSignalEpisodes(h, def, horizon, 0).hitRate;
}

/**
 * The cases of {@link measureSignalHitRate} grouped into episodes (cases within `horizon` candles
 * of the previous case share one: their outcome windows overlap), each case carrying the
 * baseline probability `baseP` (0..1) of its direction. Returns the hit rate and the episodes,
 * oldest first (see signals/episode-edge.ts for how they become an interval).
 */
export function measureSignalEpisodes(h: SignalColumns, def: SignalDefinition, horizon: number, baseP: number): { hitRate: Probability; episodes: Episode[] } {
  let n = 0;
  let hits = 0;
  const eps = new EpisodeBuilder(horizon);
  for (let j = 0; j + horizon < h.n; j++) {
    if (!def.detect(h, j)) continue;
    n++;
    const hit = scoreSignal(def.direction, h.close[j], h.close[j + horizon]).hit;
    if (hit) hits++;
    eps.add(j, hit, baseP);
  }
  return { hitRate: toProbability(hits, n), episodes: eps.episodes };
}

/** Unconditional outcome counts over the horizon in a history: see {@link measureBaseline}. */
export interface BaselineCounts {
  /** Candles j with j + horizon ≤ last index. */
  n: number;
  /** close[j + horizon] > close[j]. */
  up: number;
  /** close[j + horizon] < close[j]. */
  down: number;
  /** |move| < NEUTRAL_BAND_PCT. */
  flat: number;
}

/**
 * Baseline of every signal in `h`: over the same candles measureSignalHitRate scores (every j with
 * j + horizon ≤ last index and positive closes), how often ANY candle was followed by an up move,
 * a down move, or a move within ±NEUTRAL_BAND_PCT over `horizon` candles.
 */
export function measureBaseline(h: SignalColumns, horizon: number): BaselineCounts {
  const out: BaselineCounts = { n: 0, up: 0, down: 0, flat: 0 };
  for (let j = 0; j + horizon < h.n; j++) {
    const a = h.close[j];
    const b = h.close[j + horizon];
    if (!(a > 0) || !(b > 0)) continue;
    const move = ((b - a) / a) * 100;
    out.n++;
    if (move > 0) out.up++;
    else if (move < 0) out.down++;
    if (Math.abs(move) < NEUTRAL_BAND_PCT) out.flat++;
  }
  return out;
}

/** Baseline hit probability of a direction in {@link BaselineCounts} (null when n = 0). */
export function baselineRate(b: BaselineCounts, direction: 'bullish' | 'bearish' | 'neutral'): number | null {
  if (!b.n) return null;
  return (direction === 'bullish' ? b.up : direction === 'bearish' ? b.down : b.flat) / b.n;
}

/**
 * The typical move of a horizon in a history: the median of |close[j + horizon] − close[j]| /
 * close[j] × 100 (percent) over every j with j + horizon ≤ last index and positive closes, with the
 * number of cases n. A level closer to the price than this is "within normal noise": that it is
 * touched within the horizon is expected and says nothing. Null when there is no case.
 */
export function measureTypicalMove(h: Pick<SignalColumns, 'close' | 'n'>, horizon: number): { pct: number; n: number } | null {
  const moves: number[] = [];
  for (let j = 0; j + horizon < h.n; j++) {
    const a = h.close[j];
    const b = h.close[j + horizon];
    if (a > 0 && b > 0) moves.push(Math.abs((b - a) / a) * 100);
  }
  if (!moves.length) return null;
  moves.sort((a, b) => a - b);
  const m = moves.length >> 1;
  return { pct: moves.length % 2 ? moves[m] : (moves[m - 1] + moves[m]) / 2, n: moves.length };
}
