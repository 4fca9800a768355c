import { bigint, integer, jsonb, pgTable, primaryKey, serial, text, index } from 'drizzle-orm/pg-core';
import { coins } from './market';
import { users } from './users';

/** A user's followed coins (the watchlist). `createdAt` in ms (wall time). */
export const coinFollowing = pgTable(
  'coin_following',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id').notNull().references(() => coins.id, { onDelete: 'cascade' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.coinId] })],
);

/**
 * Self-hosted analytics events: page views and custom events. Times in ms
 * (wall time). `visitorId` is the 10-year visitor cookie, `sessionId` the 30-minute session.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    name: text('name'),
    url: text('url').notNull(),
    path: text('path').notNull(),
    /** Route name of the page (e.g. `coin`, `signals`), when the client sends it. */
    route: text('route'),
    title: text('title'),
    referrer: text('referrer'),
    props: jsonb('props').$type<Record<string, unknown>>().notNull().default({}),
    utm: jsonb('utm').$type<Record<string, string>>().notNull().default({}),
    visitorId: text('visitor_id'),
    sessionId: text('session_id'),
    userId: integer('user_id'),
    lang: text('lang'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('analytics_events_created_idx').on(t.createdAt)],
);
