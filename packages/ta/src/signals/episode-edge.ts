import tCdf from '@stdlib/stats-base-dists-t-cdf';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import { EDGE_ALPHA, type EdgeRecord, type EdgeVerdict, holmAdjust } from '@coinlens/contracts/signals/edge-stats';

/**
 * Edge of a pattern over its baseline with uncertainty that respects overlapping outcomes.
 *
 * A pattern scored over a horizon of h candles fires on neighbouring candles whose outcome windows
 * overlap (RSI stays below 30 for a dozen candles; every one of them is scored on nearly the same
 * h-candle move). Those cases are not independent, so a binomial interval over n cases is too narrow.
 *
 * - Episode: the cases of one pattern on one coin and timeframe, sorted by candle, are cut into
 *   episodes wherever two consecutive cases lie more than `horizon` candles apart; cases whose
 *   outcome windows overlap (within `horizon` candles of the previous case) share an episode.
 *   Effective n = the number of episodes.
 * - Estimate: edge = mean over cases of (hit − baseline p of the case's coin), i.e. hit rate minus
 *   the baseline weighted by where the pattern fired. The baseline is the rate of the same outcome
 *   after any candle of the same coins in the same period and is conditioned on (treated as known):
 *   the question is whether the pattern's candles did better than the period's candles.
 * - Variance: cluster-robust (CR1, Liang–Zeger sandwich with the G/(G−1) small-sample factor) with
 *   episodes as clusters: Var = G/(G−1) · Σ_g (Σ_{i∈g} (d_i − edge))² / n². It never falls below the
 *   independent-case variance b(1−b)/n at the baseline rate b, so a few all-hit episodes do not get
 *   a zero-width interval. Reference distribution: Student t with G − 1 degrees of freedom
 *   (Cameron & Miller 2015, "A Practitioner's Guide to Cluster-Robust Inference", §VI), quantiles
 *   and CDF from @stdlib.
 * - p-value: two-sided t test of edge = 0 with that variance; Holm corrects it over the family.
 * - Interval shown: the same t interval at the multiplicity-corrected level, so it excludes 0
 *   exactly when the corrected verdict says edge / worse (see {@link correctedRecords}).
 *
 * Fewer than 2 episodes: no interval, p = 1, "no measurable edge".
 */

/** One episode of a pattern: cases whose outcome windows overlap, with their hits and baselines. */
export interface Episode {
  /** Cases in the episode (≥ 1). */
  n: number;
  /** Hits among them. */
  hits: number;
  /** Σ over the cases of the baseline hit probability of the case's coin (0..n). */
  baseSum: number;
}

/** A scored case for {@link clusterEpisodes}. */
export interface EpisodeCase {
  /** Coin × timeframe (× pattern) the case belongs to; episodes never span two series. */
  series: string | number;
  /** Position in candles (index, or open time / timeframe length). */
  t: number;
  hit: boolean;
  /** Baseline hit probability of the case's coin and direction (0..1). */
  baseP: number;
}

/**
 * Cuts cases into episodes: per series, in candle order, a case more than `horizon` candles after
 * the previous case of its series starts a new episode. `cases` may come in any order (it is not
 * mutated); horizon in the same unit as `t` (> 0). Returns the episodes, series by series, oldest first.
 */
export function clusterEpisodes(cases: readonly EpisodeCase[], horizon: number): Episode[] {
  const sorted = [...cases].sort((a, b) => (a.series === b.series ? a.t - b.t : String(a.series) < String(b.series) ? -1 : 1));
  const out: Episode[] = [];
  let cur: Episode | null = null;
  let prev: EpisodeCase | null = null;
  for (const c of sorted) {
    if (!cur || !prev || prev.series !== c.series || c.t - prev.t > horizon) {
      cur = { n: 0, hits: 0, baseSum: 0 };
      out.push(cur);
    }
    cur.n++;
    if (c.hit) cur.hits++;
    cur.baseSum += c.baseP;
    prev = c;
  }
  return out;
}

/** Streaming form of {@link clusterEpisodes} for one series scanned in candle order. */
export class EpisodeBuilder {
  readonly episodes: Episode[] = [];
  private last = -Infinity;
  /** horizon: candles (> 0) within which a case joins the previous case's episode. */
  constructor(private readonly horizon: number) {}
  /** Adds a case at candle t (non-decreasing), hit or not, with its baseline probability. */
  add(t: number, hit: boolean, baseP: number): void {
    let cur = this.episodes[this.episodes.length - 1];
    if (!cur || t - this.last > this.horizon) {
      cur = { n: 0, hits: 0, baseSum: 0 };
      this.episodes.push(cur);
    }
    cur.n++;
    if (hit) cur.hits++;
    cur.baseSum += baseP;
    this.last = t;
  }
}

/** The dependence-aware estimate of an edge before any multiplicity correction. */
export interface EpisodeEdge {
  hits: number;
  n: number;
  /** Episodes (effective n). */
  nEff: number;
  /** Weighted baseline (Σ baseSum / n, 0..1); null without cases or without a baseline. */
  baseP: number | null;
  /** Candles the baseline was measured on (reported as baseline n). */
  baseN: number;
  /** Edge as a fraction (hit rate − baseline); null when not measurable. */
  edge: number | null;
  /** Cluster-robust standard error of edge (fraction); null when fewer than 2 episodes. */
  se: number | null;
  /** Degrees of freedom of the t reference: episodes − 1. */
  df: number;
  /** Two-sided p-value of edge = 0 (1 when not testable). */
  pValue: number;
}

/** Minimum episodes for an interval and a test. */
export const MIN_EPISODES = 2;

/**
 * The cluster-robust edge of a pattern from its episodes (see the module comment for the method).
 * `baseN` is only reported. `hasBaseline` false (no baseline measured) gives edge null.
 */
export function episodeEdge(episodes: readonly Episode[], baseN: number, hasBaseline = true): EpisodeEdge {
  let n = 0, hits = 0, base = 0;
  for (const e of episodes) {
    n += e.n;
    hits += e.hits;
    base += e.baseSum;
  }
  const G = episodes.length;
  const measurable = hasBaseline && n > 0 && baseN > 0;
  const baseP = measurable ? base / n : null;
  const edge = measurable ? (hits - base) / n : null;
  let se: number | null = null;
  let pValue = 1;
  if (edge !== null && baseP !== null && G >= MIN_EPISODES) {
    let ss = 0;
    for (const e of episodes) ss += (e.hits - e.baseSum - edge * e.n) ** 2;
    const crVar = ((G / (G - 1)) * ss) / (n * n);
    const floor = (baseP * (1 - baseP)) / n;
    se = Math.sqrt(Math.max(crVar, floor));
    pValue = se > 0 ? Math.min(1, 2 * (1 - tCdf(Math.abs(edge) / se, G - 1))) : edge === 0 ? 1 : 0;
  }
  return { hits, n, nEff: G, baseP, baseN: measurable ? baseN : 0, edge, se, df: Math.max(0, G - 1), pValue };
}

/**
 * Two-sided (1 − alpha) t interval of an estimate, as fractions; null when it has no standard error.
 * alpha in (0, 1).
 */
export function edgeInterval(e: EpisodeEdge, alpha = EDGE_ALPHA): { lo: number; hi: number } | null {
  if (e.edge === null || e.se === null || e.df < 1) return null;
  const half = tQuantile(1 - alpha / 2, e.df) * e.se;
  return { lo: e.edge - half, hi: e.edge + half };
}

function recordOf(e: EpisodeEdge, pAdjusted: number, alpha: number): EdgeRecord {
  const ci = edgeInterval(e, alpha);
  const ciPp = ci ? { lo: ci.lo * 100, hi: ci.hi * 100 } : null;
  let verdict: EdgeVerdict = 'none';
  if (ciPp && pAdjusted <= EDGE_ALPHA) verdict = ciPp.lo > 0 ? 'edge' : ciPp.hi < 0 ? 'worse' : 'none';
  return {
    hits: e.hits,
    n: e.n,
    n_eff: e.nEff,
    hit_rate: e.n > 0 ? e.hits / e.n : null,
    baseline: { p: e.baseP, n: e.baseN },
    edge_pp: e.edge === null ? null : e.edge * 100,
    ci95_pp: ciPp,
    p_value: e.pValue,
    p_adjusted: pAdjusted,
    verdict,
  };
}

/**
 * The served record of one estimate whose family is not at hand: Bonferroni over `family` tests
 * (p_adjusted = min(1, family · p), which Holm rejects whatever the other p-values are) and the
 * interval at level 1 − 0.05 / family, so the interval excludes 0 exactly when the verdict is
 * edge or worse. family ≥ 1 (the catalogue size on a signal card).
 */
export function episodeEdgeRecord(e: EpisodeEdge, family = 1): EdgeRecord {
  const m = Math.max(1, family);
  return recordOf(e, Math.min(1, e.pValue * m), EDGE_ALPHA / m);
}

/**
 * Holm-corrected records of a family of estimates shown together (e.g. every pattern × timeframe
 * row of one track-record column), in input order. Each interval is drawn at the level
 * 1 − 0.05 · p / p̃, where p̃ is the row's Holm-adjusted p before it is capped at 1: the interval
 * excludes 0 exactly when the Holm-adjusted p ≤ 0.05, so the interval and verdict never disagree.
 * Rows whose p is 0 use level 1 − 0.05 / m.
 */
export function correctedRecords(estimates: readonly EpisodeEdge[]): EdgeRecord[] {
  const m = estimates.length;
  const adjusted = holmAdjust(estimates.map((e) => e.pValue));
  const raw = holmUncapped(estimates.map((e) => e.pValue));
  return estimates.map((e, i) => {
    const alpha = e.pValue > 0 && raw[i] > 0 ? Math.min(EDGE_ALPHA, (EDGE_ALPHA * e.pValue) / raw[i]) : EDGE_ALPHA / Math.max(1, m);
    return recordOf(e, adjusted[i], alpha);
  });
}

/** Holm step-down adjusted p-values without the cap at 1 (running max of (m − k + 1)·p₍ₖ₎). */
function holmUncapped(p: readonly number[]): number[] {
  const m = p.length;
  const order = p.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach(({ v, i }, k) => {
    running = Math.max(running, (m - k) * v);
    out[i] = running;
  });
  return out;
}
