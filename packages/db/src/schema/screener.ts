import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { coins } from './market';
import { users } from './users';

/**
 * Screener screens a user saved. `definition` is the screen (packages/contracts/src/screener/screen.ts,
 * `Screen`: timeframe, conditions, sort, limit); `timeframe` repeats its timeframe so the enter alerts
 * of a candle close find their screens. Times in ms (wall time); `updatedAt` moves on every change of
 * the name or the definition.
 */
export const savedScreens = pgTable(
  'saved_screens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    timeframe: text('timeframe').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('saved_screens_user_idx').on(t.userId)],
);

/**
 * Whether a coin met a saved screen at the last candle close evaluated for it (the enter alerts'
 * memory): `candleTime` is that candle's open time (ms), `screenUpdatedAt` the screen's `updatedAt`
 * then — a row from before the screen last changed is no baseline.
 */
export const screenMatches = pgTable(
  'screen_matches',
  {
    screenId: integer('screen_id').notNull().references(() => savedScreens.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id').notNull().references(() => coins.id, { onDelete: 'cascade' }),
    matched: boolean('matched').notNull(),
    candleTime: bigint('candle_time', { mode: 'number' }).notNull(),
    screenUpdatedAt: bigint('screen_updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.screenId, t.coinId] })],
);
