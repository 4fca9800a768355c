import { clusterEpisodes, correctedRecords, episodeEdge, normalCritical, type EpisodeEdge } from '@coinlens/ta';
import { roundEdge, type NewsRecordDimension, type NewsRecordHorizon, type NewsRecordRow, type NewsRecordTable } from '@coinlens/contracts';

/**
 * News marks scored against price (pure maths of the News record).
 *
 * - Mark: the analyst's per-coin trend (bullish / bearish) on a news item tagged to that coin;
 *   neutral marks are not scored. Forward move: the coin's close `horizon` after publication over
 *   its close at publication (the news pipeline's impact rows, written once the market clock has
 *   passed publication + horizon).
 * - Hit: a move in the marked direction (> 0 for bullish, < 0 for bearish).
 * - Baseline: for each coin and horizon, the share of every window of that length of the same coin
 *   whose start lies in the period of its scored marks (from one day before the first to the last;
 *   one window per candle close, ending by now) that moved up (for bullish marks) or down (for
 *   bearish marks): how often a mark would be right by chance.
 * - Edge and interval: the episode method of packages/ta's episode-edge (marks of one coin whose
 *   horizons overlap form one episode; null-imposed cluster-robust score interval; Holm over the
 *   rows of one table, interval drawn at the corrected level).
 * - Information coefficient: Spearman rank correlation of the signed mark (+1 / −1) with the
 *   forward move (average ranks for ties). Its 95 % interval uses Fisher's z with the
 *   Bonett–Wright variance (1 + r²/2) / (G − 3), G = episodes instead of marks: marks inside one
 *   episode share most of their move, so G is the sample size that is close to independent. It is
 *   an approximation (not corrected for the number of rows), shown beside the edge, whose
 *   verdict is the corrected one.
 */

/** One scored mark (a coin's trend on a news item, with its forward move). */
export interface ScoredMark {
  symbol: string;
  trend: 'bullish' | 'bearish';
  /** Publication time of the item (ms). */
  publishedAt: number;
  /** Forward move over the horizon (percent). */
  changePct: number;
  source: string;
  lang: string;
  /** Event type of the item (null: none recognised, reported as `other`). */
  eventType: string | null;
}

/** A coin's base rates at one horizon: shares of windows that moved up / down, over `n` windows. */
export interface BaseRate {
  up: number;
  down: number;
  n: number;
}

/**
 * Base rates of a coin from its candles: every window from the close of candle i (close time in
 * [from, to], ms) to the close `horizonMs` later; `openTime` ascending (ms), `close` aligned,
 * `tfMs` the candle length. Null when no window fits.
 */
export function baseRate(openTime: ArrayLike<number>, close: ArrayLike<number>, tfMs: number, horizonMs: number, from: number, to: number): BaseRate | null {
  const k = Math.round(horizonMs / tfMs);
  if (k < 1) return null;
  let up = 0;
  let down = 0;
  let n = 0;
  for (let i = 0; i + k < openTime.length; i++) {
    const t = openTime[i] + tfMs;
    if (t < from) continue;
    if (t > to) break;
    // Only windows whose end candle is exactly horizonMs later (no gap in the series).
    if (openTime[i + k] - openTime[i] !== k * tfMs) continue;
    const a = close[i];
    const b = close[i + k];
    if (!(a > 0) || !(b > 0)) continue;
    n++;
    if (b > a) up++;
    else if (b < a) down++;
  }
  return n ? { up: up / n, down: down / n, n } : null;
}

/** Average ranks (1-based) of `v`, ties sharing the mean of their ranks. */
function ranks(v: readonly number[]): number[] {
  const order = v.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x);
  const out = new Array<number>(v.length);
  for (let s = 0; s < order.length; ) {
    let e = s;
    while (e + 1 < order.length && order[e + 1].x === order[s].x) e++;
    const r = (s + e) / 2 + 1;
    for (let k = s; k <= e; k++) out[order[k].i] = r;
    s = e + 1;
  }
  return out;
}

/** Spearman rank correlation of x and y (same length); null with fewer than 3 pairs or no variation in either. */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  if (n < 3 || y.length !== n) return null;
  const rx = ranks(x);
  const ry = ranks(y);
  const mx = (n + 1) / 2;
  let sxy = 0, sxx = 0, syy = 0;
  for (let i = 0; i < n; i++) {
    const a = rx[i] - mx;
    const b = ry[i] - mx;
    sxy += a * b;
    sxx += a * a;
    syy += b * b;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/**
 * 95 % interval of a Spearman correlation r from `g` independent units (episodes): Fisher z with
 * the Bonett–Wright variance (1 + r²/2) / (g − 3). Null when r is null or g < 4.
 */
export function spearmanInterval(r: number | null, g: number, alpha = 0.05): { lo: number; hi: number } | null {
  if (r === null || g < 4) return null;
  const c = Math.min(0.999999, Math.max(-0.999999, r));
  const z = Math.atanh(c);
  const se = Math.sqrt((1 + (c * c) / 2) / (g - 3));
  const q = normalCritical(alpha);
  return { lo: Math.tanh(z - q * se), hi: Math.tanh(z + q * se) };
}

/** Horizons scored, with their length in ms. */
export const NEWS_RECORD_HORIZONS: Record<NewsRecordHorizon, number> = { '1h': 3_600_000, '24h': 86_400_000 };

/** The group key of a mark in a dimension. */
function keyOf(m: ScoredMark, d: NewsRecordDimension): string {
  if (d === 'all') return 'all';
  if (d === 'source') return m.source;
  if (d === 'lang') return m.lang;
  return m.eventType ?? 'other';
}

const r4 = (v: number | null) => (v === null ? null : Math.round(v * 10_000) / 10_000);

/**
 * The tables of one horizon: per dimension (all, source, event type, language) one row per key
 * with at least one mark, most marks first. `base(symbol)` gives the coin's base rate at this
 * horizon (marks of a coin without one are left out). Edges are Holm-corrected within each table.
 */
export function newsRecordTables(marks: readonly ScoredMark[], horizon: NewsRecordHorizon, base: (symbol: string) => BaseRate | null): NewsRecordTable[] {
  const hMs = NEWS_RECORD_HORIZONS[horizon];
  const usable = marks.filter((m) => base(m.symbol) !== null);
  const tables: NewsRecordTable[] = [];
  for (const dimension of ['all', 'source', 'event_type', 'lang'] as const) {
    const groups = new Map<string, ScoredMark[]>();
    for (const m of usable) {
      const k = keyOf(m, dimension);
      const list = groups.get(k);
      if (list) list.push(m);
      else groups.set(k, [m]);
    }
    const keys = [...groups.keys()].sort((a, b) => groups.get(b)!.length - groups.get(a)!.length || a.localeCompare(b));
    const estimates: EpisodeEdge[] = [];
    const extra: Omit<NewsRecordRow, 'edge'>[] = [];
    for (const key of keys) {
      const list = groups.get(key)!;
      const coins = new Set<string>();
      const cases = list.map((m) => {
        const b = base(m.symbol)!;
        coins.add(m.symbol);
        const hit = m.trend === 'bullish' ? m.changePct > 0 : m.changePct < 0;
        return { series: m.symbol, t: m.publishedAt, hit, baseP: m.trend === 'bullish' ? b.up : b.down };
      });
      const baseN = [...coins].reduce((s, c) => s + base(c)!.n, 0);
      const e = episodeEdge(clusterEpisodes(cases, hMs), baseN);
      estimates.push(e);
      const signs = list.map((m) => (m.trend === 'bullish' ? 1 : -1));
      const moves = list.map((m) => m.changePct);
      const ic = spearman(signs, moves);
      const ci = spearmanInterval(ic, e.nEff);
      extra.push({
        key,
        bullish: signs.filter((s) => s > 0).length,
        bearish: signs.filter((s) => s < 0).length,
        ic: { value: r4(ic), ci95: ci ? { lo: r4(ci.lo)!, hi: r4(ci.hi)! } : null },
        mean_signed_move_pct: list.length ? r4(list.reduce((s, m, i) => s + signs[i] * m.changePct, 0) / list.length) : null,
      });
    }
    const records = correctedRecords(estimates);
    tables.push({ dimension, horizon, rows: extra.map((x, i) => ({ ...x, edge: roundEdge(records[i]) })) });
  }
  return tables;
}
