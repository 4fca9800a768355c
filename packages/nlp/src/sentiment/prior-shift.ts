/**
 * Class-prior shift: a feed's mix of bullish, bearish and neutral headlines changes with the market
 * (a falling market with many non-price stories is mostly neutral; a rally mostly bullish), while a
 * classifier's probabilities assume the mix of its training rows. The EM procedure of Saerens, Latinne
 * and Decaestecker ("Adjusting the outputs of a classifier to new a priori probabilities", Neural
 * Computation 14(1), 2002) estimates the new mix from the classifier's own probabilities on unlabelled
 * texts of the new period and re-weights each probability by new prior / training prior. No label of
 * the new period is read.
 */
import type { SentimentLabel } from './model.js';

/** Class order of every prior and probability vector here. */
export const PRIOR_CLASSES: readonly SentimentLabel[] = ['bearish', 'bullish', 'neutral'];

/** A probability vector over {@link PRIOR_CLASSES} (bearish, bullish, neutral), summing to 1. */
export type ClassVector = readonly [number, number, number];

/**
 * p(y | x) re-weighted from the training prior `source` to the prior `target`:
 * p'(y | x) ∝ p(y | x) · target(y) / source(y), normalised. Errors: none (a zero source class keeps 0).
 */
export function adjustToPrior(p: ClassVector, source: ClassVector, target: ClassVector): [number, number, number] {
  const q = p.map((v, k) => (source[k] > 0 ? (v * target[k]) / source[k] : 0)) as [number, number, number];
  const s = q[0] + q[1] + q[2];
  return s > 0 ? [q[0] / s, q[1] / s, q[2] / s] : [p[0], p[1], p[2]];
}

/** Result of {@link estimatePrior}. */
export interface PriorEstimate {
  /** Estimated class prior of the texts, {@link PRIOR_CLASSES} order. */
  prior: [number, number, number];
  /** EM iterations run. */
  iterations: number;
  /** Texts the estimate rests on. */
  n: number;
}

/**
 * EM estimate of the class prior of a set of unlabelled texts from the classifier's probabilities on
 * them (`posteriors`, each a {@link ClassVector} computed under the training prior `source`): starting
 * at `source`, repeat prior ← mean over texts of adjustToPrior(p, source, prior) until no component
 * moves more than `tol` (default 1e-6) or `maxIter` (default 200) rounds. Empty input → `source`.
 */
export function estimatePrior(posteriors: readonly ClassVector[], source: ClassVector, opts: { maxIter?: number; tol?: number } = {}): PriorEstimate {
  const maxIter = opts.maxIter ?? 200;
  const tol = opts.tol ?? 1e-6;
  let prior: [number, number, number] = [source[0], source[1], source[2]];
  if (posteriors.length === 0) return { prior, iterations: 0, n: 0 };
  let it = 0;
  for (; it < maxIter; it++) {
    const next: [number, number, number] = [0, 0, 0];
    for (const p of posteriors) {
      const q = adjustToPrior(p, source, prior);
      next[0] += q[0];
      next[1] += q[1];
      next[2] += q[2];
    }
    const n = posteriors.length;
    next[0] /= n;
    next[1] /= n;
    next[2] /= n;
    const moved = Math.max(Math.abs(next[0] - prior[0]), Math.abs(next[1] - prior[1]), Math.abs(next[2] - prior[2]));
    prior = next;
    if (moved < tol) {
      it++;
      break;
    }
  }
  return { prior, iterations: it, n: posteriors.length };
}

/** Length (ms) of the feed window before an hour whose headlines estimate that hour's class prior: 7 days. */
export const FEED_PRIOR_WINDOW_MS = 7 * 86_400_000;
/** At most this many of the latest headlines in the window are used. */
export const FEED_PRIOR_MAX = 1000;
/** Below this many English headlines in the window the training prior is kept (no adjustment). */
export const FEED_PRIOR_MIN = 50;

/** The class prior of a feed window, from {@link feedPrior}. */
export interface FeedPrior {
  /** Estimated prior, {@link PRIOR_CLASSES} order. */
  prior: [number, number, number];
  /** English headlines it rests on. */
  n: number;
}

/**
 * The feed's class prior for the hour that starts at `hourStart` (ms): EM ({@link estimatePrior})
 * over the model-only probabilities (`probs`, under the training prior `source`) of the English
 * headlines published in [hourStart − FEED_PRIOR_WINDOW_MS, hourStart), the latest FEED_PRIOR_MAX of
 * them. `window` must be sorted by `publishedAt` ascending; items outside the range are ignored.
 * Returns null when fewer than FEED_PRIOR_MIN headlines fall in the range. `opts` overrides the
 * window length (ms), the most and the fewest headlines (measurement scripts).
 */
export function feedPrior(
  window: readonly { publishedAt: number; probs: ClassVector }[],
  hourStart: number,
  source: ClassVector,
  opts: { windowMs?: number; max?: number; min?: number } = {},
): FeedPrior | null {
  const from = hourStart - (opts.windowMs ?? FEED_PRIOR_WINDOW_MS);
  const max = opts.max ?? FEED_PRIOR_MAX;
  let hi = window.length;
  while (hi > 0 && window[hi - 1].publishedAt >= hourStart) hi--;
  let lo = hi;
  while (lo > 0 && hi - lo < max && window[lo - 1].publishedAt >= from) lo--;
  if (hi - lo < (opts.min ?? FEED_PRIOR_MIN)) return null;
  const est = estimatePrior(window.slice(lo, hi).map((w) => w.probs), source);
  return { prior: est.prior, n: est.n };
}

/** Start (ms, UTC) of the hour holding `t` (ms): a feed prior is estimated once per hour. */
export function hourStartOf(t: number): number {
  return Math.floor(t / 3_600_000) * 3_600_000;
}
