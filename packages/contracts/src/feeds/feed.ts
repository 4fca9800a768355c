import { z } from 'zod';

/** FeedTrend of a coin in a news item, as the analyst reads it. */
export const FeedTrend = z.enum(['bullish', 'bearish', 'neutral']);
export type FeedTrend = z.infer<typeof FeedTrend>;

/** Feed importance levels, most to least. */
export const FeedImportance = z.enum(['most_important', 'important', 'less_important', 'general']);
export type FeedImportance = z.infer<typeof FeedImportance>;

/** Horizons of the news impact: the coin's move 5 minutes, 1 hour and 24 hours after publication. */
export const FeedImpactHorizon = z.enum(['5m', '1h', '24h']);
export type FeedImpactHorizon = z.infer<typeof FeedImpactHorizon>;

/** A coin related to a feed, with its trend and coin data (merged with id, name, logo, symbol, cmc_id, slug). */
export const RelatedCryptocurrency = z.object({
  cryptocurrency_id: z.number().int(),
  trend: FeedTrend,
  symbol: z.string(),
  name: z.string(),
  logo: z.string(),
  slug: z.string(),
  cmc_id: z.number().int().nullable(),
});
export type RelatedCryptocurrency = z.infer<typeof RelatedCryptocurrency>;

/**
 * Event type of a news item (packages/nlp classifyEventType): ETF / fund flows, treasury purchase,
 * hack / exploit, regulation / enforcement, listing / delisting, token unlock, macro,
 * partnership / adoption, price action, other.
 */
export const FeedEventType = z.enum(['etf_flows', 'treasury', 'hack', 'regulation', 'listing', 'unlock', 'macro', 'partnership', 'price_action', 'other']);
export type FeedEventType = z.infer<typeof FeedEventType>;

/** One title/content pair of a feed in the requested language. */
export const FeedContent = z.object({ title: z.string(), content: z.string() });

/**
 * The move of one coin after a feed. `change_pct` is percent ((close at t+h) / (close at t) − 1) ×
 * 100 from the 5m candles, null until the clock has passed publication + horizon or when no candle
 * exists. `similar` is the event study of the item's event type for this coin: the average move
 * after earlier news of the same `event_type` on the same coin (the same `sentiment` instead when the
 * item has no event type), sample size n and `ci95` = [low, high], the 95 % interval of that average
 * (Student t; null when n < 2), all in percent; null when not requested or n = 0.
 */
export const FeedCoinImpact = z.object({
  symbol: z.string(),
  cryptocurrency_id: z.number().int(),
  moves: z.array(
    z.object({
      horizon: FeedImpactHorizon,
      change_pct: z.number().nullable(),
      similar: z
        .object({ avg_change_pct: z.number(), n: z.number().int(), sentiment: FeedTrend, topic: z.string().nullable(), event_type: FeedEventType.nullable(), ci95: z.tuple([z.number(), z.number()]).nullable() })
        .nullable(),
    }),
  ),
});
export type FeedCoinImpact = z.infer<typeof FeedCoinImpact>;

/**
 * A news item. `title`/`content` are the first `feed_contents` entry promoted to the
 * top level; `content` is the publisher's lead as published, empty when it has none or it only
 * repeats the headline (the analyst's text is `interpretation`, never the lead). `original_title` is the publisher's headline; `source` the publisher; `link` the
 * article. `published_at` ISO 8601 UTC. `heat` 0..100 decays with age (half-life 12 h).
 * `cluster` groups reports of the same event: `size` reports from `sources` (distinct publishers).
 * `interpretation.by` says who wrote it: the built-in analyst (`builtin`) or a language model (`llm`);
 * null while the item waits for analysis.
 */
export const Feed = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  feed_contents: z.array(FeedContent),
  original_title: z.string(),
  /**
   * The headline machine-translated into the reader's language by the configured model (zh-CN readers
   * of an English headline only; translated once and stored); null when there is none. `title` stays
   * the original headline.
   */
  translated_title: z.object({ text: z.string(), lang: z.literal('zh'), by: z.literal('llm') }).nullable(),
  /**
   * The lead (`content`) machine-translated into the reader's language by the configured model, like
   * `translated_title` (zh-CN readers of an English lead only; translated once and stored); null when
   * there is none. `content` stays the publisher's lead.
   */
  translated_content: z.object({ text: z.string(), lang: z.literal('zh'), by: z.literal('llm') }).nullable(),
  source: z.string(),
  link: z.string(),
  published_at: z.string(),
  lang: z.enum(['en', 'zh']),
  sentiment: FeedTrend,
  importance: FeedImportance,
  heat: z.number(),
  related_cryptocurrencies: z.array(RelatedCryptocurrency),
  cluster: z.object({ id: z.string(), size: z.number().int(), sources: z.array(z.string()) }),
  topics: z.array(z.string()),
  /** Event type of the item; null for items analysed before event types existed. */
  event_type: FeedEventType.nullable(),
  impact: z.array(FeedCoinImpact),
  interpretation: z.object({ text: z.string(), by: z.enum(['builtin', 'llm']) }).nullable(),
});
export type Feed = z.infer<typeof Feed>;
