import { z } from 'zod';
import { resultOf } from '../common/envelope';
import { TaTimeframe } from '../common/timeframe-schema';

/**
 * Alert rules, notifications and webhook endpoints. Prices are USDT, percentages are
 * percent (2.5 = 2.5 %), windows minutes, times ISO 8601 UTC (market clock for `market_time`).
 */

/** Where a rule sends besides the in-app notification centre (always on); `telegram` needs a linked chat; `push` = Web Push to every subscribed browser of the user. */
export const AlertChannel = z.enum(['email', 'webhook', 'telegram', 'push']);
export type AlertChannel = z.infer<typeof AlertChannel>;

/** Kind of a rule. */
export const AlertRuleKind = z.enum(['price_cross', 'price_move', 'signal', 'news', 'strategy', 'screen']);
export type AlertRuleKind = z.infer<typeof AlertRuleKind>;

const coin = z.string().trim().min(1).max(64);
const price = z.number().positive().finite().max(1e12);

/** Price crosses `level` (USDT) upwards, downwards or either way on a closed 5m candle. `repeat` false: the rule pauses after firing. */
export const PriceCrossParams = z.object({
  kind: z.literal('price_cross'),
  coin,
  level: price,
  direction: z.enum(['up', 'down', 'any']).default('any'),
  repeat: z.boolean().default(false),
});

/** Price moves at least `percent` % (up, down or either) within `window_minutes`, measured on closed 5m candles. */
export const PriceMoveParams = z.object({
  kind: z.literal('price_move'),
  coin,
  percent: z.number().positive().max(1000),
  window_minutes: z.number().int().min(5).max(10_080),
  direction: z.enum(['up', 'down', 'any']).default('any'),
});

/** A signal fires: a pattern label (`any` for every one) on a coin or the watchlist (`coin` absent), a timeframe, a direction; `edge_only` keeps only patterns with a measurable edge. */
export const SignalParams = z.object({
  kind: z.literal('signal'),
  coin: coin.optional(),
  pattern: z.union([z.literal('any'), z.string().regex(/^[a-z][a-z0-9_]*$/).max(64)]).default('any'),
  timeframe: TaTimeframe,
  direction: z.enum(['bullish', 'bearish', 'any']).default('any'),
  edge_only: z.boolean().default(false),
});

/**
 * A news item about a coin (or the watchlist, `coin` absent) with at least `min_importance` and the
 * given direction. `min_importance` counts the news pages' four levels from the lowest: 1 general,
 * 2 less important, 3 important, 4 most important (stored news importance 0..3 = min_importance − 1);
 * 5, which older rules may hold, means most important.
 */
export const NewsParams = z.object({
  kind: z.literal('news'),
  coin: coin.optional(),
  min_importance: z.number().int().min(1).max(5).default(3),
  direction: z.enum(['bullish', 'bearish', 'any']).default('any'),
});

/** A strategy the user generated (strategy_records id) reaches its target or its invalidation price. */
export const StrategyParams = z.object({
  kind: z.literal('strategy'),
  strategy_id: z.number().int().positive(),
  on: z.enum(['target', 'invalidation', 'both']).default('both'),
});

/**
 * A coin enters a saved screen of the user (`screen_id`, saved_screens id): on a candle close of the
 * screen's timeframe the coin meets the screen and did not at the previous close of that timeframe
 * evaluated for it (the first close after the screen was saved or changed sets the baseline).
 */
export const ScreenParams = z.object({
  kind: z.literal('screen'),
  screen_id: z.number().int().positive(),
});

/** The kind-specific fields of a rule (discriminated by `kind`). */
export const AlertRuleParams = z.discriminatedUnion('kind', [PriceCrossParams, PriceMoveParams, SignalParams, NewsParams, StrategyParams, ScreenParams]);
export type AlertRuleParams = z.infer<typeof AlertRuleParams>;

// POST /api/alerts/rules
export const CreateAlertRuleBody = z.object({
  rule: AlertRuleParams,
  channels: z.array(AlertChannel).max(AlertChannel.options.length).default([]),
});
export type CreateAlertRuleBody = z.infer<typeof CreateAlertRuleBody>;

// PATCH /api/alerts/rules/:id — any of the fields; `active` pauses or resumes.
export const UpdateAlertRuleBody = z.object({
  rule: AlertRuleParams.optional(),
  channels: z.array(AlertChannel).max(AlertChannel.options.length).optional(),
  active: z.boolean().optional(),
});
export const AlertIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * A strategy a user generated (a row of `strategy_records`) as alert rules show it: prices USDT,
 * times ISO 8601 (market clock); `target` is the first target (null without one); `due_at` ends
 * its horizon (a strategy rule fires only until then).
 */
export const AlertStrategy = z.object({
  id: z.number().int(),
  coin: z.object({ id: z.number().int(), slug: z.string(), symbol: z.string(), name: z.string() }),
  /** `builtin` (the built-in analyst) or the model's name. */
  author: z.string(),
  term: z.enum(['short_term', 'medium_long_term']),
  timeframe: TaTimeframe,
  bias: z.enum(['long', 'short']),
  entry_low: z.number(),
  entry_high: z.number(),
  target: z.number().nullable(),
  invalidation: z.number(),
  candle_open_time: z.string(),
  created_at: z.string(),
  due_at: z.string(),
});
export type AlertStrategy = z.infer<typeof AlertStrategy>;

// GET /api/alerts/strategies?coin — the caller's generated strategies (newest first, at most 50).
export const GetAlertStrategiesQuery = z.object({ coin: coin.optional() });
export const GetAlertStrategiesResponse = resultOf(z.object({ items: z.array(AlertStrategy) }));

/** A stored rule; `coin` is the coin's slug and symbol, null for the watchlist or a strategy rule; `strategy` the strategy of a strategy rule (null when it was deleted). */
export const AlertRule = z.object({
  id: z.number().int(),
  rule: AlertRuleParams,
  coin: z.object({ id: z.number().int(), slug: z.string(), symbol: z.string(), name: z.string() }).nullable(),
  channels: z.array(AlertChannel),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_fired_at: z.string().nullable(),
  strategy: AlertStrategy.nullable().optional(),
});
export type AlertRule = z.infer<typeof AlertRule>;

/** The rules of the caller with the plan's limit of active rules. */
export const AlertRulesResult = z.object({ rules: z.array(AlertRule), active: z.number().int(), limit: z.number().int() });
export const GetAlertRulesResponse = resultOf(AlertRulesResult);
export const AlertRuleResponse = resultOf(AlertRule);
export const DeleteAlertRuleResponse = resultOf(z.object({ deleted: z.boolean() }));

/** A line of an alert in both languages. */
export const AlertText = z.object({ en: z.string(), zh: z.string() });

/** A fired alert as the notification centre shows it. */
export const AlertNotification = z.object({
  id: z.number().int(),
  rule_id: z.number().int(),
  kind: AlertRuleKind,
  title: AlertText,
  body: AlertText,
  /** The trigger's record ("Bullish engulfing, 1h: edge +3.1 pp (95 % CI …), n = 812" or "no measurable edge"; a price move's base rate, a strategy's or news kind's track record, "a price level has no track record"); null only on alerts fired before records existed. */
  record: AlertText.nullable(),
  price: z.number().nullable(),
  market_time: z.string(),
  replay: z.boolean(),
  /** Path of the page in the app without the language segment, e.g. `/crypto/bitcoin`. */
  path: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type AlertNotification = z.infer<typeof AlertNotification>;

// GET /api/alerts/notifications?limit
export const GetNotificationsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(30) });
export const NotificationsResult = z.object({ items: z.array(AlertNotification), unread: z.number().int() });
export const GetNotificationsResponse = resultOf(NotificationsResult);

// POST /api/alerts/notifications/read — `ids` to mark, or `all`.
export const MarkReadBody = z.union([z.object({ ids: z.array(z.number().int().positive()).min(1).max(200) }), z.object({ all: z.literal(true) })]);
export const MarkReadResponse = resultOf(z.object({ unread: z.number().int() }));

/** Which channels the server has configured; `reason` says why one is off. */
export const AlertChannelsResult = z.object({
  channels: z.array(z.object({ channel: z.enum(['in_app', 'email', 'webhook', 'telegram', 'web_push']), enabled: z.boolean(), reason: z.string().nullable() })),
});
export const GetAlertChannelsResponse = resultOf(AlertChannelsResult);

/** A webhook endpoint; `secret` only in the answer that created it. */
export const WebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  secret: z.string().optional(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

// POST /api/alerts/webhooks — http(s) URL.
export const CreateWebhookBody = z.object({
  url: z.string().trim().url().max(2000).refine((u) => /^https?:\/\//i.test(u), { message: 'http or https URL' }),
  description: z.string().trim().max(200).default(''),
});
export const GetWebhooksResponse = resultOf(z.array(WebhookEndpoint));
export const WebhookResponse = resultOf(WebhookEndpoint);

/** One delivery to an endpoint with its attempts (the delivery log). */
export const WebhookDelivery = z.object({
  id: z.number().int(),
  message_id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(z.object({ attempt: z.number().int(), at: z.string(), ok: z.boolean(), status_code: z.number().int().nullable(), error: z.string().nullable(), duration_ms: z.number() })),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const GetWebhookDeliveriesResponse = resultOf(z.array(WebhookDelivery));
export const TestWebhookResponse = resultOf(z.object({ delivery_id: z.number().int(), message_id: z.string() }));

/** Server-sent events of `GET /api/alerts/stream`: `unread` with the count after each new alert or read mark. */
export const AlertStreamEvent = z.object({ type: z.literal('unread'), unread: z.number().int(), latest: AlertNotification.nullable() });
export type AlertStreamEvent = z.infer<typeof AlertStreamEvent>;

/**
 * The caller's Telegram link (`GET /api/alerts/telegram`). `enabled` false with `reason`
 * (`not_configured`) when the server has no bot; `bot_name` is the bot's @name without the @;
 * `linked` is the chat that receives alerts (Telegram @username, may be null) and when it was linked.
 */
export const TelegramLink = z.object({
  enabled: z.boolean(),
  reason: z.string().nullable(),
  bot_name: z.string().nullable(),
  linked: z.object({ username: z.string().nullable(), linked_at: z.string() }).nullable(),
});
export type TelegramLink = z.infer<typeof TelegramLink>;
export const GetTelegramLinkResponse = resultOf(TelegramLink);

/**
 * A one-time link token (`POST /api/alerts/telegram/link`): open `url`
 * (`https://t.me/<bot>?start=<token>`) in Telegram and press Start before `expires_at` (15 min).
 * A new token replaces the caller's previous one.
 */
export const TelegramLinkToken = z.object({ token: z.string(), url: z.string(), expires_at: z.string() });
export const CreateTelegramLinkTokenResponse = resultOf(TelegramLinkToken);
export const DeleteTelegramLinkResponse = resultOf(z.object({ unlinked: z.boolean() }));
/** A queued Telegram test message (`POST /api/alerts/telegram/test`). */
export const TestTelegramResponse = resultOf(z.object({ delivery_id: z.number().int(), message_id: z.string() }));
