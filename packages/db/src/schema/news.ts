import { bigint, doublePrecision, index, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/** Per-coin trend of a news item as the analyst read it. */
export type NewsCoinTrend = { symbol: string; trend: 'bullish' | 'bearish' | 'neutral' };

/**
 * One news item, from any provider (replay, rss, cryptocompare). Stored once: `id`
 * is `<origin prefix>:<sha1(normalised url)[:16]>` and `urlNorm` is unique, so the same story from
 * two pulls or two providers is one row. `publishedAt` in ms since epoch (UTC); an item is visible
 * only once the clock has passed it (docs/decisions/010-news-release-on-replay-clock.md).
 * The analyst's fields (`sentiment` … `interpretedAt`) are null until the item is interpreted.
 */
export const newsItems = pgTable(
  'news_items',
  {
    id: text('id').primaryKey(),
    urlNorm: text('url_norm').notNull().unique(),
    url: text('url').notNull(),
    source: text('source').notNull(),
    /** Provider that delivered it: replay | rss | cryptocompare. */
    origin: text('origin').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    lang: text('lang').notNull().default('en'),
    publishedAt: bigint('published_at', { mode: 'number' }).notNull(),
    /** Ticker symbols tagged by the origin (may be empty). */
    coins: jsonb('coins').$type<string[]>().notNull().default([]),
    labels: jsonb('labels').$type<Record<string, unknown>>().notNull().default({}),
    ingestedAt: bigint('ingested_at', { mode: 'number' }).notNull(),
    // analyst output
    sentiment: text('sentiment'),
    sentimentScore: doublePrecision('sentiment_score'),
    /** 3 most important, 2 important, 1 less important, 0 general. */
    importance: smallint('importance'),
    /** 0..100. */
    heat: doublePrecision('heat'),
    clusterId: text('cluster_id'),
    coinTrends: jsonb('coin_trends').$type<NewsCoinTrend[]>(),
    /** Topic words used for "similar news" (from labels.topics or the analyst). */
    topic: text('topic'),
    interpretationEn: text('interpretation_en'),
    interpretationZh: text('interpretation_zh'),
    titleZh: text('title_zh'),
    /** The lead (`summary`) machine-translated into Simplified Chinese by the configured model, once (English leads only). */
    summaryZh: text('summary_zh'),
    /** builtin | llm */
    interpretedBy: text('interpreted_by'),
    interpretedAt: bigint('interpreted_at', { mode: 'number' }),
  },
  (t) => [
    index('news_items_published_idx').on(t.publishedAt),
    index('news_items_cluster_idx').on(t.clusterId),
    index('news_items_uninterpreted_idx').on(t.interpretedAt, t.publishedAt),
  ],
);

/**
 * Price move of a coin after a news item: `changePct` = (close at publication + horizon) /
 * (close at publication) − 1, in percent, from the candles. Written only once the clock has
 * passed publication + horizon. `horizon` is 5m | 1h | 24h.
 */
export const newsImpact = pgTable(
  'news_impact',
  {
    newsId: text('news_id').notNull().references(() => newsItems.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    horizon: text('horizon').notNull(),
    changePct: doublePrecision('change_pct').notNull(),
    /** Copied from the item for the "similar news" aggregate. */
    sentiment: text('sentiment').notNull(),
    topic: text('topic'),
    publishedAt: bigint('published_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.symbol, t.horizon] }), index('news_impact_similar_idx').on(t.symbol, t.horizon, t.sentiment)],
);

/**
 * Ingest cursors, one per provider feed (`rss:<url>`, `cryptocompare`, `release`): the newest
 * position fully stored, written in the same transaction as the items, so a crash re-reads from
 * the last committed position and unique keys drop what was already stored.
 */
export const newsCursors = pgTable('news_cursors', {
  name: text('name').primaryKey(),
  position: text('position').notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/** The story of the day per UTC day (of the clock) and language: the day's biggest cluster, written up. */
export const newsStoryOfDay = pgTable(
  'news_story_of_day',
  {
    day: text('day').notNull(),
    lang: text('lang').notNull(),
    clusterId: text('cluster_id').notNull(),
    newsId: text('news_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    by: text('by').notNull(),
    generatedAt: bigint('generated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.lang] })],
);

/** A Pro user's saved news filter (personalised news filtering). */
export const newsFilters = pgTable('news_filters', {
  userId: text('user_id').primaryKey(),
  filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
