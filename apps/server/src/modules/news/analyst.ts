import type { FeedImportance, FeedTrend } from '@coinlens/contracts';
import { assignCluster, bestSourceTier, classifyEventType, classifySentiment, directionsByCoin, scoreImportance, tagCoins, titleSignature, type NewsCluster, type TaggableCoin } from './nlp';

/** Importance levels, index = stored number (0 general … 3 most important). */
export const IMPORTANCE_LEVELS: readonly FeedImportance[] = ['general', 'less_important', 'important', 'most_important'];

/** A coin the analyst can link to: symbol, name and CoinMarketCap rank. */
export interface AnalystCoin {
  symbol: string;
  name: string;
  cmcRank: number | null;
}

/** What the analyst reads of an item. `publishedAt` ms. */
export interface AnalysisInput {
  id: string;
  title: string;
  summary: string;
  source: string;
  publishedAt: number;
  lang: string;
  coins: string[];
  labels: Record<string, unknown>;
}

/** Per-item reading: overall sentiment and strength (1 − P(neutral)), coins with a trend each, `topic` = the event type (classifyEventType), `topics` = the origin's categories. */
export interface ItemReading {
  sentiment: FeedTrend;
  strength: number;
  coinTrends: { symbol: string; trend: FeedTrend }[];
  topic: string | null;
  topics: string[];
  sponsored: boolean;
}

/** Topics of an item: `labels.topics` (CryptoCompare categories) or `labels.tags`/`category` (RSS). */
export function topicsOf(labels: Record<string, unknown>): string[] {
  const t = labels.topics ?? labels.tags ?? (labels.category ? [labels.category] : []);
  return Array.isArray(t) ? t.map((x) => String(x).toLowerCase()).filter(Boolean) : [];
}

/**
 * The coin list of a pass as tagCoins reads it, made once per list: tagCoins compiles its name
 * patterns once per array it is given, so a new array per item compiled them for every item.
 */
const taggableCache = new WeakMap<readonly AnalystCoin[], { taggable: TaggableCoin[]; listed: Set<string> }>();
function taggableOf(coins: readonly AnalystCoin[]): { taggable: TaggableCoin[]; listed: Set<string> } {
  let t = taggableCache.get(coins);
  if (!t) {
    t = { taggable: coins.map((c) => ({ id: c.symbol, symbol: c.symbol, name: c.name })), listed: new Set(coins.map((c) => c.symbol)) };
    taggableCache.set(coins, t);
  }
  return t;
}

/**
 * Reads one item: sentiment of the title (the v2 headline classifier, English or Chinese), coins =
 * coins the origin tagged that are listed ∪ coins `tagCoins` finds in title or summary, and per coin
 * its direction in the title (`directionsByCoin`: each coin the label of its own clause, a yardstick
 * of a comparison neutral; coins not named in the title take the title's label) and the event type
 * of the title. Empty title → the summary is read instead.
 */
export function readItem(item: AnalysisInput, coins: readonly AnalystCoin[]): ItemReading {
  const headline = item.title.trim() ? item.title : item.summary;
  const text = [item.title, item.summary].filter(Boolean).join('. ');
  const s = classifySentiment(headline);
  const { taggable, listed } = taggableOf(coins);
  const found = tagCoins(text, taggable).map((t) => t.symbol);
  const symbols = [...new Set([...item.coins.map((c) => c.toUpperCase()).filter((c) => listed.has(c)), ...found])].slice(0, 8);
  const inTitle = new Map(tagCoins(headline, taggable).map((t) => [t.symbol, t.matches]));
  const named = symbols.map((symbol) => ({ symbol, matches: inTitle.get(symbol) ?? [] }));
  const coinTrends = directionsByCoin(headline, named, { headline: s }).map((d) => ({ symbol: d.symbol, trend: d.label as FeedTrend }));
  const topics = topicsOf(item.labels);
  const sponsored = item.labels.sponsored === true;
  return { sentiment: s.label, strength: 1 - s.scores.neutral, coinTrends, topic: classifyEventType(headline), topics, sponsored };
}

/** Rebuilds the clustering state from stored members of clusters (time window around a batch). */
export function clustersFromMembers(members: { id: string; title: string; summary: string; source: string; publishedAt: number; clusterId: string }[]): NewsCluster[] {
  const by = new Map<string, NewsCluster>();
  for (const m of [...members].sort((a, b) => a.publishedAt - b.publishedAt)) {
    let c = by.get(m.clusterId);
    if (!c) {
      c = { clusterId: m.clusterId, itemIds: [], sources: [], size: 0, firstPublishedAt: m.publishedAt, lastPublishedAt: m.publishedAt, signatures: [] };
      by.set(m.clusterId, c);
    }
    c.itemIds.push(m.id);
    c.size++;
    if (!c.sources.includes(m.source)) c.sources.push(m.source);
    c.lastPublishedAt = Math.max(c.lastPublishedAt, m.publishedAt);
    if (c.signatures.length < 8) c.signatures.push(titleSignature(m.title, m.summary));
  }
  return [...by.values()];
}

/** Places an item in the clusters (mutating them) and returns its cluster id. */
export function clusterItem(item: AnalysisInput, clusters: NewsCluster[]): string {
  return assignCluster({ id: item.id, title: item.title, summary: item.summary, source: item.source, publishedAt: item.publishedAt }, clusters).cluster.clusterId;
}

/**
 * Importance level (0..3) and age-independent impact score (0..100) of a member of a cluster with
 * `size` reports from `sources`, via @coinlens/nlp scoreImportance; sponsored items are capped.
 */
export function importanceOf(o: { size: number; sources: string[]; coins: AnalystCoin[]; strength: number; topics: string[]; sponsored: boolean }): { level: number; impact: number } {
  const r = scoreImportance({
    clusterSize: o.size,
    sourceCount: o.sources.length,
    sourceTier: bestSourceTier(o.sources),
    coins: o.coins.map((c) => ({ symbol: c.symbol, cmcRank: c.cmcRank })),
    ageMs: 0,
    sentimentStrength: o.strength,
    topics: o.sponsored ? [...o.topics, 'sponsored'] : o.topics,
  });
  return { level: IMPORTANCE_LEVELS.indexOf(r.level), impact: r.impact };
}

/** Heat at `now`: the impact score halved every 12 hours since publication (0..100, rounded). */
export function heatAt(impact: number, publishedAt: number, now: number): number {
  return Math.round(impact * Math.pow(0.5, Math.max(0, now - publishedAt) / (12 * 3600_000)));
}
