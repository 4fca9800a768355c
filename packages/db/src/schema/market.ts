import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, date } from 'drizzle-orm/pg-core';

/** A listed coin. Supplies in coin units as of `supplyAsOf` (CoinMarketCap listing). */
export const coins = pgTable('coins', {
  id: serial('id').primaryKey(),
  symbol: text('symbol').notNull().unique(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  tradingPair: text('trading_pair').notNull(),
  cmcId: integer('cmc_id').unique(),
  cmcRank: integer('cmc_rank'),
  coingeckoId: text('coingecko_id'),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  /** Icon file name under data/icons (served at /api/static/icons/<file>). */
  icon: text('icon').notNull(),
  iconIsGeneric: boolean('icon_is_generic').notNull().default(false),
  brandColor: text('brand_color'),
  isStablecoin: boolean('is_stablecoin').notNull().default(false),
  circulatingSupply: doublePrecision('circulating_supply'),
  totalSupply: doublePrecision('total_supply'),
  maxSupply: doublePrecision('max_supply'),
  supplyAsOf: text('supply_as_of'),
  contracts: jsonb('contracts').$type<{ chain: string; address: string; decimals: number | null; explorer: string | null }[]>().notNull().default([]),
  website: text('website'),
  description: text('description'),
  /** Timeframes with candles, e.g. ['5m','15m','1h','1d']. */
  timeframes: jsonb('timeframes').$type<string[]>().notNull().default([]),
});

/**
 * OHLCV candles. `openTime` = open time in ms since epoch (UTC); prices in the quote currency (USDT);
 * `volume` in base-asset units. One row per (coin, timeframe, openTime).
 */
export const candles = pgTable(
  'candles',
  {
    coinId: integer('coin_id').notNull().references(() => coins.id, { onDelete: 'cascade' }),
    timeframe: text('timeframe').notNull(),
    openTime: bigint('open_time', { mode: 'number' }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: doublePrecision('volume').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.coinId, t.timeframe, t.openTime] }),
    /** The replay window (min/max open time of a timeframe) is read at every start: an index lookup, not a scan of every candle. */
    index('candles_timeframe_open_time_idx').on(t.timeframe, t.openTime),
  ],
);

/** Daily Crypto Fear & Greed Index (alternative.me), value 0..100. */
export const fearGreed = pgTable('fear_greed', {
  day: date('day', { mode: 'string' }).primaryKey(),
  value: smallint('value').notNull(),
  classification: text('classification').notNull(),
});

/** Daily total crypto market cap (USD) and BTC dominance (%), CoinGecko definition. */
export const globalMarket = pgTable('global_market', {
  day: date('day', { mode: 'string' }).primaryKey(),
  totalMarketCap: doublePrecision('total_market_cap').notNull(),
  btcDominance: doublePrecision('btc_dominance').notNull(),
});

/**
 * One row per imported data file, written in the same transaction as the file's rows: a file is
 * either fully imported (row present, checksum matches) or not at all.
 */
export const dataImports = pgTable('data_imports', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
  rows: integer('rows').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});


/**
 * The replay clock's shared anchor (one row, id = 1): all processes compute
 * `now = startMs + (wall − anchorWallMs) × speed`, so they agree. Reset when REPLAY_START or
 * REPLAY_SPEED change.
 */
export const replayState = pgTable('replay_state', {
  id: smallint('id').primaryKey(),
  startMs: bigint('start_ms', { mode: 'number' }).notNull(),
  speed: doublePrecision('speed').notNull(),
  anchorWallMs: bigint('anchor_wall_ms', { mode: 'number' }).notNull(),
});
