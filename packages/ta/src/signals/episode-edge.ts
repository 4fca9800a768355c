import { EDGE_ALPHA, type EdgeRecord, type EdgeVerdict, holmAdjust, normalCdf } from '@coinlens/contracts/signals/edge-stats';

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
 *   the question is whether the pattern's candles did better than the period's candles. Episodes
 *   are taken as independent of one another (their outcome windows do not overlap).
 * - Test: cluster-robust score test with the null imposed. With a_g = hits_g − Σ baseline p over
 *   the episode's cases, T(δ) = (Σ a_g − δ n) / sqrt(Σ_g (a_g − δ n_g)²): the sum of the episode
 *   residuals over their cluster-robust (Liang–Zeger sandwich) standard error, evaluated at the
 *   hypothesised edge δ rather than at the estimate, as Wilson's interval does for one proportion.
 *   At the estimate that variance collapses when the episodes agree (every one all hits), so a
 *   handful of episodes looks certain; imposed at the null it does not, and |T(0)| ≤ √G, so few
 *   episodes can never look significant. Reference: the standard normal (Φ from simple-statistics).
 *   T is a self-normalised sum of independent episode residuals, whose tails are no heavier than
 *   the normal's when the residuals are symmetric (Efron 1969, "Student's t-test under symmetry
 *   conditions", JASA 64); the seeded simulation (episode-edge.sim.test.ts) checks the size and
 *   coverage on the shipped candles with bursty signals and no edge.
 *   p-value = 2 (1 − Φ(|T(0)|)).
 * - Interval: every δ with |T(δ)| ≤ z(1 − α/2), a quadratic inequality in δ (the score interval,
 *   solved in closed form; z by inverting the same Φ, see {@link normalCritical}), cut to the feasible range
 *   −baseline..1 − baseline; the whole feasible range when the episodes are too uneven in size for
 *   a bounded interval (Σ n_g² · z² ≥ n²).
 * - Interval shown: drawn at the multiplicity-corrected level, so it excludes 0 exactly when the
 *   corrected verdict says edge / worse (see {@link correctedRecords}).
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
  /** Episodes − 1 (0: no interval). */
  df: number;
  /** Two-sided p-value of edge = 0 (1 when not testable). */
  pValue: number;
  /** Sums over episodes the score interval is solved from: Σa, Σa², Σa·n_g, Σn_g², a_g = hits_g − baseSum_g. */
  sums: { a: number; aa: number; an: number; nn: number };
}

/** Minimum episodes for an interval and a test. */
export const MIN_EPISODES = 2;

/**
 * The cluster-robust edge of a pattern from its episodes (see the module comment for the method).
 * `baseN` is only reported. `hasBaseline` false (no baseline measured) gives edge null.
 */
export function episodeEdge(episodes: readonly Episode[], baseN: number, hasBaseline = true): EpisodeEdge {
  let n = 0, hits = 0, base = 0, aa = 0, an = 0, nn = 0;
  for (const e of episodes) {
    const a = e.hits - e.baseSum;
    n += e.n;
    hits += e.hits;
    base += e.baseSum;
    aa += a * a;
    an += a * e.n;
    nn += e.n * e.n;
  }
  const G = episodes.length;
  const measurable = hasBaseline && n > 0 && baseN > 0;
  const edge = measurable ? (hits - base) / n : null;
  let pValue = 1;
  if (edge !== null && G >= MIN_EPISODES && aa > 0) {
    pValue = Math.min(1, 2 * (1 - normalCdf(Math.abs(hits - base) / Math.sqrt(aa))));
  }
  return { hits, n, nEff: G, baseP: measurable ? base / n : null, baseN: measurable ? baseN : 0, edge, df: Math.max(0, G - 1), pValue, sums: { a: hits - base, aa, an, nn } };
}

/**
 * Two-sided (1 − alpha) score interval of an estimate's edge, as fractions (see the module
 * comment); null when not measurable or with fewer than 2 episodes. alpha in (0, 1).
 */
export function edgeInterval(e: EpisodeEdge, alpha = EDGE_ALPHA): { lo: number; hi: number } | null {
  if (e.edge === null || e.baseP === null || e.df < 1) return null;
  const c2 = normalCritical(alpha) ** 2;
  const { a, aa, an, nn } = e.sums;
  const N = e.n;
  // |T(δ)| ≤ c  ⇔  qa·δ² + qb·δ + qc ≤ 0
  const qa = N * N - c2 * nn;
  const qb = -2 * (a * N - c2 * an);
  const qc = a * a - c2 * aa;
  const lo = -e.baseP;
  const hi = 1 - e.baseP;
  if (!(qa > 0)) return { lo, hi };
  const root = Math.sqrt(Math.max(0, qb * qb - 4 * qa * qc));
  return { lo: Math.max(lo, Math.min(e.edge, (-qb - root) / (2 * qa))), hi: Math.min(hi, Math.max(e.edge, (-qb + root) / (2 * qa))) };
}

/**
 * Two-sided normal critical value z with 2 (1 − Φ(z)) = alpha, alpha in (0, 1], found by bisection
 * on the same Φ the p-values use (contracts' normalCdf, simple-statistics' error function), so an
 * interval at level 1 − alpha excludes 0 exactly when p < alpha. Capped at 40 when alpha is below
 * what Φ resolves.
 */
export function normalCritical(alpha: number): number {
  let lo = 0;
  let hi = 40;
  for (let k = 0; k < 64; k++) {
    const mid = (lo + hi) / 2;
    if (2 * (1 - normalCdf(mid)) > alpha) lo = mid;
    else hi = mid;
  }
  return hi;
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

/** Holm step-down adjusted p-values without the cap at 1 (running max of (m − k + 1)·p₍ₖ₎), in input order. */
export function holmUncapped(p: readonly number[]): number[] {
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
