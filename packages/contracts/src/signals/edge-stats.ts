import { errorFunction, gammaln } from 'simple-statistics';

/**
 * Edge of a signal over its baseline: the served record, its one wording, the Holm correction, the
 * independent-case formulas and the Student t helpers of the backtest's intervals.
 *
 * - hit rate p₁ = hits / n of the signal; baseline p₂ = how often the same outcome (same direction,
 *   same horizon) followed ANY candle of the same coins in the same period, over n₂ candles.
 * - The served figures (interval, p-value, verdict, effective n) come from the dependence-aware
 *   method of packages/ta (signals/episode-edge.ts): cases whose outcome windows overlap form one
 *   episode, the interval is cluster-robust over episodes, and the interval shown is the one at the
 *   multiplicity-corrected level, so it excludes 0 exactly when the verdict says edge / worse.
 * - This module keeps what the web needs at run time (no statistics library beyond
 *   simple-statistics): the record shape, {@link formatEdge}, {@link holmAdjust}, rounding, and the
 *   independent-case formulas (Wilson, Newcombe's hybrid score interval, the pooled two-proportion
 *   z-test) behind {@link edgeStat}, which treat every case as its own episode. Those are too narrow
 *   when cases overlap; they remain for fixtures and as the comparison in the simulation test.
 */

/** Φ⁻¹(0.975): the two-sided 95 % normal quantile. */
export const Z95 = 1.959963984540054;

/** Family-wise error rate of the Holm correction. */
export const EDGE_ALPHA = 0.05;

/** A closed interval [lo, hi]. */
export interface Interval {
  lo: number;
  hi: number;
}

/**
 * Wilson score interval of a proportion x / n (x may be fractional for a weighted baseline).
 * Returns null when n ≤ 0. Bounds lie in [0, 1].
 */
export function wilsonInterval(x: number, n: number, z = Z95): Interval | null {
  if (!(n > 0)) return null;
  const p = x / n;
  const z2 = z * z;
  const den = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / den;
  const half = (z / den) * Math.sqrt(Math.max(0, (p * (1 - p)) / n + z2 / (4 * n * n)));
  return { lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

/**
 * Newcombe's hybrid score interval (method 10) of the difference p₁ − p₂ of two independent
 * proportions x₁/n₁ and x₂/n₂, as fractions (−1..1). Null when either n ≤ 0.
 */
export function newcombeInterval(x1: number, n1: number, x2: number, n2: number, z = Z95): Interval | null {
  const w1 = wilsonInterval(x1, n1, z);
  const w2 = wilsonInterval(x2, n2, z);
  if (!w1 || !w2) return null;
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const d = p1 - p2;
  const lo = d - Math.sqrt((p1 - w1.lo) ** 2 + (w2.hi - p2) ** 2);
  const hi = d + Math.sqrt((w1.hi - p1) ** 2 + (p2 - w2.lo) ** 2);
  return { lo, hi };
}

/** Standard normal CDF Φ(z) (simple-statistics errorFunction; absolute error < 1.2e-7). */
export function normalCdf(z: number): number {
  return 0.5 * (1 + errorFunction(z / Math.SQRT2));
}

/** Continued fraction of the regularized incomplete beta function (modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-14) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b), x in [0, 1], a, b > 0 (Numerical Recipes' betai). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (!(x > 0)) return 0;
  if (!(x < 1)) return 1;
  const front = Math.exp(gammaln(a + b) - gammaln(a) - gammaln(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaContinuedFraction(x, a, b)) / a : 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** Two-sided p-value P(|T| ≥ |t|) of Student's t with df > 0 degrees of freedom (df may be fractional). */
export function studentTTwoSidedP(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be > 0 (got ${df})`);
  if (!Number.isFinite(t)) return Number.isNaN(t) ? 1 : 0;
  return Math.min(1, incompleteBeta(df / (df + t * t), df / 2, 0.5));
}

/** t such that P(|T| ≥ t) = alpha for Student's t with df > 0 (bisection; 1.96… as df → ∞). */
export function studentTCritical(df: number, alpha = 1 - 0.95): number {
  let lo = 0;
  let hi = 1e6;
  for (let k = 0; k < 200 && hi - lo > 1e-12 * hi; k++) {
    const mid = (lo + hi) / 2;
    if (studentTTwoSidedP(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Two-sided p-value of H₀: p₁ = p₂ by the pooled two-proportion z-test. 1 when either n ≤ 0 or
 * the pooled rate is 0 or 1 (no variance).
 */
export function twoProportionPValue(x1: number, n1: number, x2: number, n2: number): number {
  if (!(n1 > 0) || !(n2 > 0)) return 1;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (!(se > 0)) return 1;
  const z = Math.abs(x1 / n1 - x2 / n2) / se;
  return Math.min(1, 2 * (1 - normalCdf(z)));
}

/**
 * Holm step-down adjusted p-values, in input order: sort ascending, adjusted p₍ₖ₎ =
 * max over i ≤ k of min(1, (m − i + 1) · p₍ᵢ₎). Reject H₀ₖ at FWER α when adjusted ≤ α.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, k) => {
    running = Math.max(running, Math.min(1, (m - k) * p));
    out[i] = running;
  });
  return out;
}

/** Verdict on an edge: a measurable positive edge, measurably worse than the baseline, or none. */
export type EdgeVerdict = 'edge' | 'worse' | 'none';

/**
 * A hit rate beside its baseline with the edge and its uncertainty (the zod schema EdgeRecord of
 * signals/edge.ts has this shape). Rates are fractions (0..1); edge and interval percentage points.
 */
export interface EdgeRecord {
  hits: number;
  n: number;
  /** Effective n: episodes of cases whose outcome windows do not overlap (≤ n). */
  n_eff: number;
  /** hits / n; null when n = 0. */
  hit_rate: number | null;
  baseline: { p: number | null; n: number };
  /** (hit_rate − baseline.p) × 100, percentage points. */
  edge_pp: number | null;
  /**
   * Interval of edge_pp, percentage points, at 95 % family-wise confidence: cluster-robust over
   * episodes and drawn at the multiplicity-corrected level, so it excludes 0 exactly when the
   * verdict is edge / worse. Null when not measurable (fewer than 2 episodes, no baseline).
   */
  ci95_pp: { lo: number; hi: number } | null;
  /** Two-sided p-value of edge = 0 (cluster-robust t test; 1 when not testable). */
  p_value: number;
  /** Holm-adjusted p-value over the family of rows shown together. */
  p_adjusted: number;
  verdict: EdgeVerdict;
}

/**
 * Edge of hits / n over a baseline rate baseP measured on baseN cases, treating every case as
 * independent (n_eff = n): Newcombe interval and pooled z-test (baseP·baseN is used as the
 * baseline count, so a weighted baseline works). Too narrow when cases overlap: the served figures
 * use packages/ta's episodeEdgeRecord / correctedRecords instead. `family` is the number of tests the verdict is
 * corrected for when no family is at hand (Holm with the other p-values unknown: reject only when
 * m·p ≤ α, which Holm rejects whatever the others are); {@link applyHolm} refines a whole set.
 */
export function edgeStat(hits: number, n: number, baseP: number | null, baseN: number, family = 1): EdgeRecord {
  const hitRate = n > 0 ? hits / n : null;
  const bp = baseN > 0 && baseP !== null && Number.isFinite(baseP) ? baseP : null;
  const ci = hitRate !== null && bp !== null ? newcombeInterval(hits, n, bp * baseN, baseN) : null;
  const pValue = hitRate !== null && bp !== null ? twoProportionPValue(hits, n, bp * baseN, baseN) : 1;
  const pAdj = Math.min(1, pValue * Math.max(1, family));
  const stat: EdgeRecord = {
    hits,
    n,
    n_eff: n,
    hit_rate: hitRate,
    baseline: { p: bp, n: bp === null ? 0 : baseN },
    edge_pp: hitRate !== null && bp !== null ? (hitRate - bp) * 100 : null,
    ci95_pp: ci ? { lo: ci.lo * 100, hi: ci.hi * 100 } : null,
    p_value: pValue,
    p_adjusted: pAdj,
    verdict: 'none',
  };
  return { ...stat, verdict: verdictOf(stat) };
}

function verdictOf(s: Pick<EdgeRecord, 'ci95_pp' | 'p_adjusted'>): EdgeVerdict {
  if (!s.ci95_pp || s.p_adjusted > EDGE_ALPHA) return 'none';
  if (s.ci95_pp.lo > 0) return 'edge';
  if (s.ci95_pp.hi < 0) return 'worse';
  return 'none';
}

/** Holm-corrects a family of edge stats together (all rows shown at once); returns new objects. */
export function applyHolm(stats: readonly EdgeRecord[]): EdgeRecord[] {
  const adj = holmAdjust(stats.map((s) => s.p_value));
  return stats.map((s, i) => {
    const next = { ...s, p_adjusted: adj[i] };
    return { ...next, verdict: verdictOf(next) };
  });
}

/** The one wording for "no measurable edge", per shipped language. */
export const NO_MEASURABLE_EDGE = { en: 'no measurable edge', zh: '无可测量的优势' } as const;

const pp = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(v).toFixed(1)}`;
const pct = (v: number) => `${Math.round(v * 100)} %`;

/**
 * The one wording of an edge, used by the track record, signal cards, chart tooltips,
 * docs/signals.md and the analyst facts. Language 'zh' or anything starting with 'zh' → Chinese.
 * - `short`: verdict with the edge and interval: "edge +3.2 pp (95 % CI +0.8 to +5.6)",
 *   "worse than baseline −8.0 pp (95 % CI −11.5 to −4.4)" or "no measurable edge (+1.0 pp,
 *   95 % CI −2.1 to +4.0)"; just "no measurable edge" without a measurable interval.
 * - `full` (default): "hit rate 40 %, baseline 48 %, n = 749 (42 episodes); " + short; the
 *   episodes (effective n) are left out when every case is its own episode.
 */
export function formatEdge(s: EdgeRecord, lang: string, mode: 'full' | 'short' = 'full'): string {
  const zh = lang.startsWith('zh');
  const ci = s.ci95_pp;
  let verdict: string;
  if (s.edge_pp === null || !ci) verdict = zh ? NO_MEASURABLE_EDGE.zh : NO_MEASURABLE_EDGE.en;
  else {
    const range = zh ? `95% 置信区间 ${pp(ci.lo)} 至 ${pp(ci.hi)}` : `95 % CI ${pp(ci.lo)} to ${pp(ci.hi)}`;
    if (s.verdict === 'edge') verdict = zh ? `优势 ${pp(s.edge_pp)} 个百分点（${range}）` : `edge ${pp(s.edge_pp)} pp (${range})`;
    else if (s.verdict === 'worse') verdict = zh ? `逊于基准 ${pp(s.edge_pp)} 个百分点（${range}）` : `worse than baseline ${pp(s.edge_pp)} pp (${range})`;
    else verdict = zh ? `${NO_MEASURABLE_EDGE.zh}（${pp(s.edge_pp)} 个百分点，${range}）` : `${NO_MEASURABLE_EDGE.en} (${pp(s.edge_pp)} pp, ${range})`;
  }
  if (mode === 'short') return verdict;
  const hr = s.hit_rate === null ? '—' : pct(s.hit_rate);
  const base = s.baseline.p === null ? '—' : pct(s.baseline.p);
  return zh ? `命中率 ${hr}，基准 ${base}，${formatN(s, lang)}；${verdict}` : `hit rate ${hr}, baseline ${base}, ${formatN(s, lang)}; ${verdict}`;
}

/**
 * The sample size of a record with its effective n: "n = 946 (42 episodes)" / "样本 946（42 个独立片段）";
 * just "n = 40" / "样本 40" when every case is its own episode. Language as in {@link formatEdge}.
 */
export function formatN(s: Pick<EdgeRecord, 'n' | 'n_eff'>, lang: string): string {
  const zh = lang.startsWith('zh');
  if (s.n_eff < s.n) return zh ? `样本 ${s.n}（${s.n_eff} 个独立片段）` : `n = ${s.n} (${s.n_eff} episode${s.n_eff === 1 ? '' : 's'})`;
  return zh ? `样本 ${s.n}` : `n = ${s.n}`;
}

/**
 * Served precision of the evidence figures (what the API sends; the math above runs unrounded):
 * rates (0..1) to 4 decimals and percentage points / percents to 2 decimals — both 0.01
 * percentage point, like the calibration figures — and p-values to 4 significant digits (a tiny
 * p-value stays > 0). Null stays null.
 */
export function roundRate(v: number): number;
export function roundRate(v: number | null): number | null;
export function roundRate(v: number | null): number | null {
  return v === null ? null : Math.round(v * 1e4) / 1e4;
}

/** A percent or a percentage-point figure to 2 decimals (0.01 pp), see {@link roundRate}. */
export function roundPct(v: number): number;
export function roundPct(v: number | null): number | null;
export function roundPct(v: number | null): number | null {
  return v === null ? null : Math.round(v * 100) / 100;
}

/** A p-value (0..1) to 4 significant digits, see {@link roundRate}. */
export function roundPValue(v: number): number {
  return v === 0 || !Number.isFinite(v) ? v : Number(v.toPrecision(4));
}

/** An edge record at the served precision ({@link roundRate}); the verdict is that of the unrounded figures. */
export function roundEdge(s: EdgeRecord): EdgeRecord {
  return {
    hits: s.hits,
    n: s.n,
    n_eff: s.n_eff,
    hit_rate: roundRate(s.hit_rate),
    baseline: { p: roundRate(s.baseline.p), n: s.baseline.n },
    edge_pp: roundPct(s.edge_pp),
    ci95_pp: s.ci95_pp ? { lo: roundPct(s.ci95_pp.lo), hi: roundPct(s.ci95_pp.hi) } : null,
    p_value: roundPValue(s.p_value),
    p_adjusted: roundPValue(s.p_adjusted),
    verdict: s.verdict,
  };
}
