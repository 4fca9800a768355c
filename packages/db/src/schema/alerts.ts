import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { coins } from './market';
import { users } from './users';

/**
 * Alert rules of a user. `kind`: `price_cross` | `price_move` | `signal` | `news` |
 * `strategy`; `params` holds the kind's fields (packages/contracts/src/alerts/rules.ts, `AlertRuleParams`).
 * `coinId` null means the user's watchlist (signal and news rules). `channels`: `email`, `webhook`,
 * `telegram`, `push` (the in-app notification centre always receives). Times in ms (wall time). Only active rules count
 * against the plan's limit and are evaluated.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    coinId: integer('coin_id').references(() => coins.id, { onDelete: 'cascade' }),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('alert_rules_user_idx').on(t.userId), index('alert_rules_kind_active_idx').on(t.kind, t.active)],
);

/**
 * A fired alert: one row per (rule, trigger), the unique key that makes a trigger fire once per rule
 * however many processes evaluate it. Doubles as the in-app notification (`readAt` null = unread).
 * `message` holds the bilingual texts and the facts (price, market time, record, link); `marketTime`
 * is the market clock (ms) of the trigger, `replay` whether that clock was the replay.
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id').notNull().references(() => alertRules.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    triggerKey: text('trigger_key').notNull(),
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    marketTime: bigint('market_time', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    readAt: bigint('read_at', { mode: 'number' }),
  },
  (t) => [uniqueIndex('alert_events_rule_trigger_unique').on(t.ruleId, t.triggerKey), index('alert_events_user_idx').on(t.userId, t.id)],
);

/**
 * Outgoing webhook endpoints of a user (Standard Webhooks). `secret` is `whsec_<base64>`, shown once
 * at creation and never returned again.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/**
 * Telegram chats linked to a user for alerts: one per user. Linking goes through a
 * one-time token in a `https://t.me/<bot>?start=<token>` deep link; the bot's `/start <token>`
 * update names the chat. `chatId` is Telegram's chat id (a private chat's id is the user's id),
 * kept as text (it may exceed 2^31).
 */
export const telegramLinks = pgTable('telegram_links', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  chatId: text('chat_id').notNull(),
  username: text('username'),
  linkedAt: bigint('linked_at', { mode: 'number' }).notNull(),
});

/** One-time tokens of the Telegram deep link (`/start <token>`), valid until `expiresAt` (ms wall time). */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    token: text('token').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('telegram_link_tokens_user_idx').on(t.userId)],
);

/**
 * Web Push subscriptions of a user's browsers (the `PushSubscription` of the Push API): `endpoint`
 * of the push service, the client's P-256 ECDH public key `p256dh` and auth secret `auth`
 * (base64url). A push service answering 404/410 ends the subscription (the row is deleted).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The transactional outbox: one row per (event or test, channel, endpoint or push subscription), written in the same
 * transaction as its event. `status`: `pending` | `delivered` | `failed`. A dispatcher claims due
 * rows (`FOR UPDATE SKIP LOCKED`) by setting `claimedUntil` (a lease, ms wall time): a process killed
 * mid-delivery leaves a lease that expires, and the next dispatcher sends again with the same
 * `messageId` (the `webhook-id`). `payload` is the JSON sent (webhook), the mail (email), the message (telegram) or the notification (push).
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => alertEvents.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    endpointId: integer('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The browser subscription of a `push` delivery (null for other channels). */
    pushSubscriptionId: integer('push_subscription_id').references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    claimedUntil: bigint('claimed_until', { mode: 'number' }),
    lastError: text('last_error'),
    deliveredAt: bigint('delivered_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('alert_deliveries_due_idx').on(t.status, t.nextAttemptAt), index('alert_deliveries_endpoint_idx').on(t.endpointId, t.id), index('alert_deliveries_event_idx').on(t.eventId), index('alert_deliveries_user_channel_idx').on(t.userId, t.channel, t.id)],
);

/** Every attempt of a delivery (the delivery log): HTTP status or error, duration in ms, wall time. */
export const alertDeliveryAttempts = pgTable(
  'alert_delivery_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id').notNull().references(() => alertDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    ok: boolean('ok').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: doublePrecision('duration_ms').notNull(),
  },
  (t) => [index('alert_delivery_attempts_delivery_idx').on(t.deliveryId)],
);

/**
 * Where the alert evaluator stands per coin: `lastCloseMs` is the close time (market clock, ms) of
 * the last closed 5m candle of `symbol` it evaluated. On start a worker evaluates the candles that
 * closed after it (while no worker ran), up to a bound (alerts.evaluator.ts, `catchUp`). A row per
 * symbol of the market source; written after each evaluated candle.
 */
export const alertCandleCursors = pgTable('alert_candle_cursors', {
  symbol: text('symbol').primaryKey(),
  lastCloseMs: bigint('last_close_ms', { mode: 'number' }).notNull(),
});
