import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { coins } from './market';
import { users } from './users';

/**
 * Assistant conversations: one conversation per user and coin, in order of `id`.
 *  - `role`: `user` or `assistant`; `status`: `complete`, `stopped` (aborted, partial text kept), `error`.
 *  - `by`: `builtin` (the built-in analyst) or the model name, on assistant messages.
 *  - `basedOn`: the data the answer rests on (`AiBasedOn` of @coinlens/contracts).
 *  - `createdAt`: wall time (ms).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id').notNull().references(() => coins.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    lang: text('lang').notNull(),
    status: text('status').notNull(),
    by: text('by'),
    basedOn: jsonb('based_on'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('chat_messages_conversation').on(t.userId, t.coinId, t.id)],
);

/**
 * Generated AI content cached per coin, kind (`aggregate`, `analysis`), basis candle (open time of
 * the analysed candle, ms) and language, so repeated views never write it again.
 */
export const aiContents = pgTable(
  'ai_contents',
  {
    coinId: integer('coin_id').notNull().references(() => coins.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    candleTime: bigint('candle_time', { mode: 'number' }).notNull(),
    lang: text('lang').notNull(),
    by: text('by').notNull(),
    content: jsonb('content').notNull(),
    generatedAt: bigint('generated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.kind, t.candleTime, t.lang] })],
);

/**
 * Strategies a user asked for: one row per (user, coin, basis candle). The first request of a basis
 * candle uses one unit of `strategy_per_day`; views of the same basis candle (any language) are free.
 */
export const strategyGenerations = pgTable(
  'strategy_generations',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id').notNull().references(() => coins.id, { onDelete: 'cascade' }),
    candleTime: bigint('candle_time', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.coinId, t.candleTime] })],
);

/**
 * Paper-trading plans of the trading-agent preview (lab permission): the short-term strategy of a
 * coin frozen at `createdAt` (clock time, ms), evaluated later on candles closed before the clock's now.
 */
export const paperPlans = pgTable(
  'paper_plans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id').notNull().references(() => coins.id, { onDelete: 'cascade' }),
    timeframe: text('timeframe').notNull(),
    bias: text('bias').notNull(),
    entryLow: doublePrecision('entry_low').notNull(),
    entryHigh: doublePrecision('entry_high').notNull(),
    target: doublePrecision('target'),
    invalidation: doublePrecision('invalidation').notNull(),
    horizonHours: doublePrecision('horizon_hours').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('paper_plans_user_coin').on(t.userId, t.coinId, t.id)],
);
