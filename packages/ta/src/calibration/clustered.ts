import { EDGE_ALPHA, studentTCritical } from '@coinlens/contracts/signals/edge-stats';
import { edgeInterval, type Episode, episodeEdge, MIN_EPISODES, normalCritical } from '../signals/episode-edge';

/**
 * Dependence-aware figures of the calibration log.
 *
 * Neighbouring forecasts of one coin share one level and most of one outcome window: a touch
 * probability stated on every 5m candle for the same resistance resolves on nearly the same 288
 * candles. They are not independent, so n overstates the evidence. The log is cut into episodes
 * (clusters): one coin's forecasts of one kind (both sides) and origin stated in one calendar block
 * of two horizons. Forecasts whose outcome windows overlap fall into one block or into neighbouring
 * ones; a block twice the horizon keeps the share of forecasts that depend on a neighbouring block
 * small (those in its last horizon), as in a non-overlapping block bootstrap with block length ≥ the
 * dependence range. Cutting at gaps longer than the horizon (as the signal episodes do) would not
 * do here: forecasts are stated on every candle, so a running log would be one episode per coin.
 * Effective n = the number of episodes. Episodes are taken as independent of one another;
 * different coins are taken as independent too, although they move together (a market-wide rally
 * touches many resistances at once), so the intervals are a lower bound on the uncertainty when
 * the coins are correlated.
 *
 * - Observed frequency of a set of forecasts (a reliability bin, a stated range): the null-imposed
 *   cluster-robust score interval of signals/episode-edge.ts with a baseline of 0 (the proportion
 *   itself), which reduces to a Wilson-like interval when every episode holds one forecast and widens
 *   as episodes grow.
 * - Brier skill score BSS = 1 − BS / (b (1 − b)), b the share of events: the delete-one-episode
 *   jackknife standard error with Student t on (episodes − 1) degrees of freedom, from MIN_SKILL_EPISODES
 *   episodes on. Deterministic (no resampling), one pass per episode.
 */

/** Forecasts of one episode that fall into one decile of the stated probability. */
export interface ForecastCell {
  /** Episode key (unique within the forecasts being summarised, e.g. `origin:coin:episode`). */
  episode: string;
  /** Decile of the stated probability, 0..9 ([b/10, (b+1)/10), p = 1 in 9). */
  bin: number;
  /** Forecasts in the cell. */
  n: number;
  /** Of which the event happened. */
  hits: number;
  /** Σ stated p over the cell. */
  sp: number;
  /** Σ (p − outcome)² over the cell. */
  sq: number;
}

/** Episodes a skill interval needs (fewer: no interval). */
export const MIN_SKILL_EPISODES = 3;

/** A share of events with its dependence-aware 95 % interval and effective n. */
export interface ClusteredRate {
  n: number;
  /** Episodes the forecasts fall into. */
  n_eff: number;
  /** Share of forecasts whose event happened (0..1); null when n = 0. */
  rate: number | null;
  /** 95 % interval of `rate` over episodes (0..1); null with fewer than 2 episodes. */
  lo: number | null;
  hi: number | null;
}

function episodesOf(cells: readonly ForecastCell[]): Episode[] {
  const by = new Map<string, Episode>();
  for (const c of cells) {
    const e = by.get(c.episode) ?? by.set(c.episode, { n: 0, hits: 0, baseSum: 0 }).get(c.episode)!;
    e.n += c.n;
    e.hits += c.hits;
  }
  return [...by.values()].filter((e) => e.n > 0);
}

/**
 * Share of events among `cells` with the cluster-robust score interval over their episodes
 * (alpha two-sided, 0.05 by default). Null interval with fewer than 2 episodes.
 */
export function clusteredRate(cells: readonly ForecastCell[], alpha = EDGE_ALPHA): ClusteredRate {
  const eps = episodesOf(cells);
  const est = episodeEdge(eps, 1);
  const ci = est.n > 0 && eps.length >= MIN_EPISODES ? edgeInterval(est, alpha) : null;
  return { n: est.n, n_eff: eps.length, rate: est.n > 0 ? est.hits / est.n : null, lo: ci ? Math.max(0, ci.lo) : null, hi: ci ? Math.min(1, ci.hi) : null };
}

/** One decile of a reliability diagram with the dependence-aware interval of its observed frequency. */
export interface ClusteredBin extends ClusteredRate {
  lo_p: number;
  hi_p: number;
  /** Mean stated probability of the bin; null when empty. */
  stated: number | null;
}

/** Reliability diagram over deciles of the stated probability (empty bins kept), each with its episodes and interval. */
export function clusteredBins(cells: readonly ForecastCell[]): ClusteredBin[] {
  return Array.from({ length: 10 }, (_, b) => {
    const sel = cells.filter((c) => c.bin === b);
    const n = sel.reduce((a, c) => a + c.n, 0);
    const sp = sel.reduce((a, c) => a + c.sp, 0);
    return { lo_p: b / 10, hi_p: (b + 1) / 10, stated: n ? sp / n : null, ...clusteredRate(sel) };
  });
}

/** Brier score and skill with the skill's dependence-aware interval. */
export interface ClusteredSkill {
  n: number;
  /** Episodes (effective n). */
  n_eff: number;
  /** Mean (p − outcome)²; null when n = 0. */
  brier: number | null;
  /** Share of events (the base-rate forecast); null when n = 0. */
  base_rate: number | null;
  /** Brier score of always stating the base rate, b (1 − b). */
  brier_ref: number | null;
  /** 1 − brier / brier_ref; null when n = 0 or every outcome is the same. */
  skill: number | null;
  /** 95 % interval of `skill` (jackknife over episodes, t on episodes − 1 df); null below MIN_SKILL_EPISODES or when undefined. */
  skill_lo: number | null;
  skill_hi: number | null;
  /**
   * `skill`: the interval lies above 0 (better than always stating the base rate); `none`: it
   * includes 0 (no skill over the base rate); `worse`: below 0; null without an interval.
   */
  skill_verdict: 'skill' | 'none' | 'worse' | null;
}

function skillOf(n: number, hits: number, sq: number): number | null {
  if (!(n > 0)) return null;
  const b = hits / n;
  const ref = b * (1 - b);
  return ref > 0 ? 1 - sq / n / ref : null;
}

/**
 * Brier score, base rate and Brier skill score of the forecasts in `cells`, with the 95 % interval
 * of the skill from the delete-one-episode jackknife (se² = (G − 1)/G · Σ (θ₋g − θ̄)², interval
 * θ ± t(G − 1) · se). A deleted episode that leaves every outcome the same gives no skill and makes
 * the interval undefined (null).
 */
export function clusteredSkill(cells: readonly ForecastCell[], alpha = EDGE_ALPHA): ClusteredSkill {
  const by = new Map<string, { n: number; hits: number; sq: number }>();
  let n = 0, hits = 0, sq = 0;
  for (const c of cells) {
    const e = by.get(c.episode) ?? by.set(c.episode, { n: 0, hits: 0, sq: 0 }).get(c.episode)!;
    e.n += c.n; e.hits += c.hits; e.sq += c.sq;
    n += c.n; hits += c.hits; sq += c.sq;
  }
  const eps = [...by.values()].filter((e) => e.n > 0);
  const G = eps.length;
  const skill = skillOf(n, hits, sq);
  const base = n > 0 ? hits / n : null;
  let lo: number | null = null;
  let hi: number | null = null;
  if (skill !== null && G >= MIN_SKILL_EPISODES) {
    const loo = eps.map((e) => skillOf(n - e.n, hits - e.hits, sq - e.sq));
    if (loo.every((x) => x !== null)) {
      const xs = loo as number[];
      const mean = xs.reduce((a, x) => a + x, 0) / G;
      const se = Math.sqrt(((G - 1) / G) * xs.reduce((a, x) => a + (x - mean) ** 2, 0));
      const half = studentTCritical(G - 1, alpha) * se;
      lo = skill - half;
      hi = skill + half;
    }
  }
  return {
    n, n_eff: G, brier: n > 0 ? sq / n : null, base_rate: base, brier_ref: base === null ? null : base * (1 - base), skill,
    skill_lo: lo, skill_hi: hi, skill_verdict: lo === null || hi === null ? null : lo > 0 ? 'skill' : hi < 0 ? 'worse' : 'none',
  };
}

/** A resolved forecast with where it stands in time, for {@link forecastCells}. */
export interface TimedForecast {
  /** Series the forecast belongs to (coin × timeframe × kind × origin); episodes never span two. */
  series: string;
  /** Open time of the stated candle, in candles (or any unit of `horizon`). */
  t: number;
  /** Candles the outcome window spans. */
  horizon: number;
  p: number;
  outcome: boolean;
}

/**
 * Cuts resolved forecasts into episodes (per series, the calendar block ⌊t / (2 · horizon)⌋) and
 * counts them per episode × decile: the cut the server makes in SQL over the log; used by tests and
 * small in-memory sets.
 */
export function forecastCells(xs: readonly TimedForecast[]): ForecastCell[] {
  const cells = new Map<string, ForecastCell>();
  for (const x of xs) {
    const episode = `${x.series}:${Math.floor(x.t / (2 * x.horizon))}`;
    const bin = Math.min(9, Math.max(0, Math.floor(x.p * 10)));
    const key = `${episode}:${bin}`;
    const c = cells.get(key) ?? cells.set(key, { episode, bin, n: 0, hits: 0, sp: 0, sq: 0 }).get(key)!;
    const o = x.outcome ? 1 : 0;
    c.n++; c.hits += o; c.sp += x.p; c.sq += (x.p - o) ** 2;
  }
  return [...cells.values()];
}

/**
 * Two-sided (1 − alpha) interval of the mean of values grouped into independent episodes, by the
 * same null-imposed cluster-robust score test as the edge of signals (signals/episode-edge.ts):
 * every μ with |Σ_g (S_g − μ n_g)| ≤ z · √Σ_g (S_g − μ n_g)², S_g the sum and n_g the count of
 * episode g — a quadratic in μ solved in closed form, normal reference. Null with fewer than 2
 * episodes; the whole real line is not representable, so an unbounded interval (episodes too
 * uneven in size) is null as well.
 */
export function clusteredMeanInterval(episodes: readonly { n: number; sum: number }[], alpha = EDGE_ALPHA): { lo: number; hi: number } | null {
  const eps = episodes.filter((e) => e.n > 0);
  if (eps.length < MIN_EPISODES) return null;
  let N = 0, S = 0, nn = 0, sn = 0, ss = 0;
  for (const e of eps) {
    N += e.n; S += e.sum; nn += e.n * e.n; sn += e.sum * e.n; ss += e.sum * e.sum;
  }
  const c2 = normalCritical(alpha) ** 2;
  // (S − μN)² ≤ c²·Σ(S_g − μ n_g)²  ⇔  qa μ² + qb μ + qc ≤ 0
  const qa = N * N - c2 * nn;
  const qb = -2 * (S * N - c2 * sn);
  const qc = S * S - c2 * ss;
  if (!(qa > 0)) return null;
  const root = Math.sqrt(Math.max(0, qb * qb - 4 * qa * qc));
  const mean = S / N;
  return { lo: Math.min(mean, (-qb - root) / (2 * qa)), hi: Math.max(mean, (-qb + root) / (2 * qa)) };
}

/** A scored strategy as its record reads it: the episode it belongs to, whether it reached its target first, its return and holding's (percent after fees). */
export interface ScoredStrategyCase {
  /** Episode key: strategies of one author, coin and term created within one calendar block of two horizons share one (their windows overlap). */
  episode: string;
  target_first: boolean;
  return_pct: number;
  hold_pct: number;
}

/**
 * The episode key of a strategy: author × coin × term × the calendar block ⌊created_at / (2 · horizon)⌋
 * (created_at and horizon in ms). Strategies of one coin written every few hours with a horizon of
 * days are scored on overlapping candles; the block groups them, as for the calibration log.
 */
export function strategyEpisode(author: string, coin: number | string, term: string, createdAt: number, horizonMs: number): string {
  return `${author}:${coin}:${term}:${Math.floor(createdAt / (2 * Math.max(1, horizonMs)))}`;
}

/** A strategy record's figures with their dependence-aware 95 % intervals over episodes. */
export interface StrategyRecordStats {
  n: number;
  /** Episodes (effective n). */
  n_eff: number;
  /** Share of strategies that reached their first target before the invalidation, with its interval (0..1); null when n = 0 / fewer than 2 episodes. */
  target_first_rate: number | null;
  target_first_lo: number | null;
  target_first_hi: number | null;
  /** Mean of (return − holding) over the strategies, percentage points, with its interval. */
  excess_pct: number | null;
  excess_lo: number | null;
  excess_hi: number | null;
}

/**
 * The record of scored strategies with intervals over episodes: the target-first share (cluster-robust
 * score interval of a proportion, {@link clusteredRate}) and the mean return in excess of holding the
 * coin over the same window ({@link clusteredMeanInterval}); effective n = episodes.
 */
export function strategyRecordStats(rows: readonly ScoredStrategyCase[]): StrategyRecordStats {
  const by = new Map<string, { n: number; hits: number; sum: number }>();
  for (const r of rows) {
    const e = by.get(r.episode) ?? by.set(r.episode, { n: 0, hits: 0, sum: 0 }).get(r.episode)!;
    e.n++;
    if (r.target_first) e.hits++;
    e.sum += r.return_pct - r.hold_pct;
  }
  const eps = [...by.values()];
  const rate = clusteredRate(eps.map((e, i) => ({ episode: String(i), bin: 0, n: e.n, hits: e.hits, sp: 0, sq: 0 })));
  const n = rows.length;
  const ex = clusteredMeanInterval(eps);
  return {
    n, n_eff: eps.length, target_first_rate: rate.rate, target_first_lo: rate.lo, target_first_hi: rate.hi,
    excess_pct: n ? eps.reduce((a, e) => a + e.sum, 0) / n : null, excess_lo: ex?.lo ?? null, excess_hi: ex?.hi ?? null,
  };
}
