import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { coins } from './market';

/**
 * Every probability the product states (calibration): the touch and breakthrough
 * probabilities of the nearest support and resistance level of an analysis, logged when the
 * analysis of a closed candle is computed, then resolved once its horizon has passed.
 *  - `kind`: `touch` (price reaches the level) or `breakthrough` (a close beyond it).
 *  - `side`: `resistance` or `support`; `levelPrice` in USDT.
 *  - `statedP`: the stated probability (0..1), `sampleN` its sample size, `wording` its verbal label.
 *  - `candleTime`: open time of the analysed candle (ms, UTC); `statedAt` = its close time;
 *    `dueAt` = statedAt + horizonCandles × timeframe.
 *  - `outcome`: whether it happened within the horizon; null while pending. `resolvedAt`: clock time.
 *  - `origin`: `backfill` (start-up history, in-sample period) or `live`.
 * One row per (coin, timeframe, kind, side, candle): restating never stores twice; rows are never updated except to resolve them.
 */
export const probabilityForecasts = pgTable(
  'probability_forecasts',
  {
    id: serial('id').primaryKey(),
    coinId: integer('coin_id').notNull().references(() => coins.id, { onDelete: 'cascade' }),
    timeframe: text('timeframe').notNull(),
    kind: text('kind').notNull(),
    side: text('side').notNull(),
    levelPrice: doublePrecision('level_price').notNull(),
    statedP: doublePrecision('stated_p').notNull(),
    sampleN: integer('sample_n').notNull(),
    wording: text('wording').notNull(),
    horizonCandles: integer('horizon_candles').notNull(),
    candleTime: bigint('candle_time', { mode: 'number' }).notNull(),
    statedAt: bigint('stated_at', { mode: 'number' }).notNull(),
    dueAt: bigint('due_at', { mode: 'number' }).notNull(),
    origin: text('origin').notNull(),
    outcome: boolean('outcome'),
    resolvedAt: bigint('resolved_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('probability_forecasts_unique').on(t.coinId, t.timeframe, t.kind, t.side, t.candleTime),
    index('probability_forecasts_due_idx').on(t.dueAt),
    // the unresolved forecasts of one series (resolved on each of its closes)
    index('probability_forecasts_unresolved_idx').on(t.coinId, t.timeframe, t.dueAt).where(sql`${t.outcome} is null`),
  ],
);

/**
 * Every generated strategy, stored at generation and never changed: one row per
 * (author, coin, term, basis candle). `author`: `builtin` or the model's name. `term`:
 * `short_term` or `medium_long_term`. Prices in USDT; `horizonHours` from the plan;
 * `createdAt` = clock time of generation (ms); `basedOn`: JSON of the data it rests on.
 * The score columns are written once by the worker after the horizon (`scoredAt` not null):
 * `status` (target_hit, invalidated, horizon, not_entered), `entered`, `targetFirst`, `returnPct`
 * (after fees, percent), `holdPct` (holding the coin over the same window, after fees, percent).
 */
export const strategyRecords = pgTable(
  'strategy_records',
  {
    id: serial('id').primaryKey(),
    author: text('author').notNull(),
    coinId: integer('coin_id').notNull().references(() => coins.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    timeframe: text('timeframe').notNull(),
    bias: text('bias').notNull(),
    candleTime: bigint('candle_time', { mode: 'number' }).notNull(),
    lastPrice: doublePrecision('last_price').notNull(),
    entryLow: doublePrecision('entry_low').notNull(),
    entryHigh: doublePrecision('entry_high').notNull(),
    targets: text('targets').notNull(),
    invalidation: doublePrecision('invalidation').notNull(),
    horizonHours: doublePrecision('horizon_hours').notNull(),
    basedOn: text('based_on').notNull(),
    origin: text('origin').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    dueAt: bigint('due_at', { mode: 'number' }).notNull(),
    status: text('status'),
    entered: boolean('entered'),
    targetFirst: boolean('target_first'),
    returnPct: doublePrecision('return_pct'),
    holdPct: doublePrecision('hold_pct'),
    feePct: doublePrecision('fee_pct'),
    scoredAt: bigint('scored_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('strategy_records_unique').on(t.author, t.coinId, t.term, t.candleTime),
    index('strategy_records_due_idx').on(t.dueAt),
  ],
);
