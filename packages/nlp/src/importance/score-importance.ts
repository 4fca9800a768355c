/**
 * Importance level and heat of a news event (a cluster of reports).
 *
 * impact (0..100, independent of age) = 10 + 30·coverage + 10·size + 15·tier + 15·coin + 10·sentiment + 10·topic
 *   coverage  = min(1, ln(1 + sourceCount) / ln(9))          (8 distinct sources → 1)
 *   size      = min(1, ln(clusterSize) / ln(20))              (20 reports → 1)
 *   tier      = {1: 1, 2: 0.6, 3: 0.25}[best source tier]
 *   coin      = max over coins of rank factor: rank 1–2 → 1, ≤10 → 0.8, ≤30 → 0.6, ≤100 → 0.4,
 *               other/unknown rank → 0.2; no coin → 0.3 (market-wide news)
 *   sentiment = sentimentStrength clamped to [0, 1]
 *   topic     = max of TOPIC_WEIGHTS over the topics (0.3 when none is known); 'sponsored' or
 *               'press_release' caps impact at 25
 * level from impact: ≥ 75 most_important, ≥ 55 important, ≥ 35 less_important, else general.
 * heat = round(impact · 0.5^(ageMs / 12 h)), 0..100.
 * Monotone: impact (hence level and heat) never decreases when clusterSize or sourceCount grows or the
 * tier improves; heat never increases with age.
 */

/** Importance levels. */
export type ImportanceLevel = 'most_important' | 'important' | 'less_important' | 'general';

/** Inputs of {@link scoreImportance}. */
export interface ImportanceInput {
  /** Number of reports in the event cluster (≥ 1). */
  clusterSize: number;
  /** Number of distinct sources in the cluster (≥ 1). */
  sourceCount: number;
  /** Best source tier in the cluster (1 best … 3), see sourceTier(). */
  sourceTier: number;
  /** Coins the news is about, with CoinMarketCap rank when known. */
  coins: { symbol: string; cmcRank?: number | null }[];
  /** Age of the event (now − first report), ms; negative values count as 0. */
  ageMs: number;
  /** Sentiment strength 0..1, e.g. 1 − P(neutral) of the classifier. */
  sentimentStrength: number;
  /** Topic labels (lower-case), e.g. ['regulation', 'market']. */
  topics?: string[];
}

/** Result: `impact` 0..100 (age-independent), `heat` 0..100 (decays with age), level from impact. */
export interface ImportanceResult {
  level: ImportanceLevel;
  heat: number;
  impact: number;
}

/** Topic weights (0..1) used in the `topic` term. */
export const TOPIC_WEIGHTS: Record<string, number> = {
  regulation: 1, etf: 1, hack: 1, security: 1, exploit: 1, macro: 0.9, fed: 0.9, legal: 0.8, policy: 0.8,
  exchange: 0.7, business: 0.6, blockchain: 0.5, mining: 0.5, market: 0.5, trading: 0.4, altcoin: 0.4,
  technology: 0.4, defi: 0.5, stablecoin: 0.7, adoption: 0.6, analysis: 0.3, price: 0.3, opinion: 0.2,
};

/** Half-life of heat, ms (12 h). */
export const HEAT_HALF_LIFE_MS = 12 * 3600_000;

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.max(0, Math.min(1, x)) : 0);

function rankFactor(rank: number | null | undefined): number {
  if (!rank || rank < 1) return 0.2;
  if (rank <= 2) return 1;
  if (rank <= 10) return 0.8;
  if (rank <= 30) return 0.6;
  if (rank <= 100) return 0.4;
  return 0.2;
}

/** Score one news event (formula in the module doc). Never throws; bad numbers count as 0. */
export function scoreImportance(input: ImportanceInput): ImportanceResult {
  const sources = Math.max(1, input.sourceCount || 1);
  const size = Math.max(1, input.clusterSize || 1);
  const coverage = clamp01(Math.log(1 + sources) / Math.log(9));
  const sizeF = clamp01(Math.log(size) / Math.log(20));
  const tier = input.sourceTier <= 1 ? 1 : input.sourceTier <= 2 ? 0.6 : 0.25;
  const coin = input.coins.length ? Math.max(...input.coins.map((c) => rankFactor(c.cmcRank))) : 0.3;
  const topics = (input.topics ?? []).map((t) => t.toLowerCase());
  const known = topics.map((t) => TOPIC_WEIGHTS[t]).filter((w): w is number => w !== undefined);
  const topic = known.length ? Math.max(...known) : 0.3;
  let impact = 10 + 30 * coverage + 10 * sizeF + 15 * tier + 15 * coin + 10 * clamp01(input.sentimentStrength) + 10 * topic;
  if (topics.includes('sponsored') || topics.includes('press_release')) impact = Math.min(impact, 25);
  impact = Math.round(Math.min(100, impact) * 10) / 10;
  const age = Math.max(0, input.ageMs || 0);
  const heat = Math.round(impact * Math.pow(0.5, age / HEAT_HALF_LIFE_MS));
  const level: ImportanceLevel = impact >= 75 ? 'most_important' : impact >= 55 ? 'important' : impact >= 35 ? 'less_important' : 'general';
  return { level, heat, impact };
}
