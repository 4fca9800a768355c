import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { coins } from './market';

/**
 * Every catalogue signal emitted by the signals job (the track record): one row per
 * (coin, timeframe, label, candle), so recomputing a candle never stores it twice.
 *  - `candleTime`: open time of the candle the signal fired on (ms, UTC); `firedAt` = its close time.
 *  - `entryPrice`: close of that candle (USDT); `exitPrice`: close of the candle `horizonCandles`
 *    later, whose close time is `dueAt` (= firedAt + horizon × timeframe).
 *  - `hit` / `movePct` (signed percent) from `scoreSignal` of @coinlens/ta; null while pending.
 *  - `origin`: `backfill` (computed at start-up over past candles) or `live` (on a candle close).
 */
export const signalEvents = pgTable(
  'signal_events',
  {
    id: serial('id').primaryKey(),
    coinId: integer('coin_id').notNull().references(() => coins.id, { onDelete: 'cascade' }),
    timeframe: text('timeframe').notNull(),
    label: text('label').notNull(),
    direction: text('direction').notNull(),
    origin: text('origin').notNull(),
    candleTime: bigint('candle_time', { mode: 'number' }).notNull(),
    firedAt: bigint('fired_at', { mode: 'number' }).notNull(),
    entryPrice: doublePrecision('entry_price').notNull(),
    horizonCandles: integer('horizon_candles').notNull(),
    dueAt: bigint('due_at', { mode: 'number' }).notNull(),
    exitPrice: doublePrecision('exit_price'),
    movePct: doublePrecision('move_pct'),
    hit: boolean('hit'),
    /** Market-clock time the row was scored (ms). */
    scoredAt: bigint('scored_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('signal_events_unique').on(t.coinId, t.timeframe, t.label, t.candleTime),
    index('signal_events_fired_idx').on(t.firedAt),
    index('signal_events_due_idx').on(t.dueAt),
    // the unscored signals of one series (scored on each of its closes): a few rows, not its whole history
    index('signal_events_unscored_idx').on(t.coinId, t.timeframe, t.dueAt).where(sql`${t.hit} is null`),
  ],
);

/**
 * The latest analysis (`ta_result`) per coin and timeframe, written by the signals job
 * and served by the API. `candleTime` = open time of the analysed candle; `computedAt` = clock time.
 */
export const taSnapshots = pgTable(
  'ta_snapshots',
  {
    coinId: integer('coin_id').notNull().references(() => coins.id, { onDelete: 'cascade' }),
    timeframe: text('timeframe').notNull(),
    candleTime: bigint('candle_time', { mode: 'number' }).notNull(),
    computedAt: bigint('computed_at', { mode: 'number' }).notNull(),
    result: jsonb('result').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.timeframe] })],
);

/**
 * How far the signals job has logged each coin and timeframe: `candleTime` = open time (ms, UTC)
 * of the last candle whose signals are stored (backfill or live), `updatedAt` = clock time (ms).
 * A restart only computes the candles closed after it instead of recomputing the whole window.
 */
export const signalProgress = pgTable(
  'signal_progress',
  {
    coinId: integer('coin_id').notNull().references(() => coins.id, { onDelete: 'cascade' }),
    timeframe: text('timeframe').notNull(),
    candleTime: bigint('candle_time', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.timeframe] })],
);
