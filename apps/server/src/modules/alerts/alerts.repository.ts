import { sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '@coinlens/db';

/** A stored alert rule as read from `alert_rules` (snake_case columns; times in ms, wall time). */
export interface RuleRow {
  id: number;
  user_id: number;
  kind: string;
  coin_id: number | null;
  params: Record<string, unknown>;
  channels: string[];
  active: boolean;
  created_at: number;
  updated_at: number;
  last_fired_at?: number | null;
}

/** An outbox row of `alert_deliveries` (see the schema for the fields' meaning). */
export interface DeliveryRow {
  id: number;
  user_id: number;
  event_id: number | null;
  channel: 'email' | 'webhook' | 'telegram' | 'push';
  endpoint_id: number | null;
  /** The browser subscription of a `push` row; null once it was removed (the row then fails: subscription gone). */
  push_subscription_id?: number | null;
  message_id: string;
  payload: Record<string, unknown>;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: number;
  claimed_until: number | null;
  created_at: number;
}

/** A delivery to write with its event (channel, endpoint, Standard Webhooks message id, payload). */
export interface NewDelivery {
  channel: 'email' | 'webhook' | 'telegram' | 'push';
  endpointId: number | null;
  /** The browser subscription (`push_subscriptions.id`) of a `push` delivery. */
  pushSubscriptionId?: number | null;
  messageId: string;
  payload: Record<string, unknown>;
}

/**
 * A claimed delivery with what sending needs, looked up at send time: the webhook endpoint's URL and
 * secret, or the Telegram chat id the user links now (null when the endpoint or the link is gone).
 */
export type ClaimedDelivery = DeliveryRow & { url: string | null; secret: string | null; chat_id: string | null };

/** A user's linked Telegram chat (`telegram_links`): chat id (Telegram's integer as text), @username or null, link time (ms). */
export interface TelegramLinkRow {
  user_id: number;
  chat_id: string;
  username: string | null;
  linked_at: number;
}

/** A delivery with its attempts, as the delivery logs show it. */
export type DeliveryWithAttempts = DeliveryRow & { attempts_log: { attempt: number; at: number; ok: boolean; status_code: number | null; error: string | null; duration_ms: number }[] };

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * First key of the two-key advisory locks that serialise webhook-endpoint inserts per user (the
 * second key is the user id). Two-key locks live apart from the one-key ids of `LOCKS`.
 */
const ENDPOINT_LOCK_SPACE = 7_301_101;

/**
 * First key of the per-user rule-limit advisory lock, taken as `pg_advisory_xact_lock(RULE_LIMIT_LOCK,
 * userId)`. The two-key form is a lock space apart from the one-key (bigint) locks of `LOCKS` and the
 * housekeeping, so user ids cannot collide with them.
 */
export const RULE_LIMIT_LOCK = 7_301_085;

/** SQL of the alerts module (rules, events, webhook endpoints, the delivery outbox). */
export class AlertsRepository {
  constructor(private readonly h: DatabaseHandle) {}

  private q<T>(q: SQL): Promise<T[]> {
    return this.h.query<T>(q);
  }

  async listRules(userId: number): Promise<RuleRow[]> {
    return this.q<RuleRow>(sql`select r.*, (select max(e.market_time) from alert_events e where e.rule_id = r.id) as last_fired_at
      from alert_rules r where r.user_id = ${userId} order by r.id desc`);
  }

  async rule(userId: number, id: number): Promise<RuleRow | null> {
    const [r] = await this.q<RuleRow>(sql`select * from alert_rules where id = ${id} and user_id = ${userId}`);
    return r ?? null;
  }

  /**
   * Whether strategy record `strategyId` is one the user generated: the user has a row of
   * `strategy_generations` on the record's coin whose basis candle is the record's candle (the
   * short-term strategy), or whose content (`ai_contents` kind `aggregate`, same author) holds the
   * record's term on the record's candle (the medium/long-term strategy rests on the last closed 1d
   * candle, not on the 1h basis candle).
   */
  async ownsStrategy(userId: number, strategyId: number): Promise<boolean> {
    const r = await this.q(sql`select 1 from strategy_records r join strategy_generations g on g.coin_id = r.coin_id and g.user_id = ${userId}
      where r.id = ${strategyId} and (g.candle_time = r.candle_time or exists (select 1 from ai_contents a where a.coin_id = g.coin_id and a.kind = 'aggregate'
        and coalesce((a.content->>'basis')::bigint, a.candle_time) = g.candle_time and a.by = r.author and (a.content->'strategy'->r.term->>'candle_open_time')::bigint = r.candle_time))
      limit 1`);
    return r.length > 0;
  }

  /**
   * Runs `fn` in a transaction holding a per-user lock: a transaction-scoped advisory lock on the two
   * keys (`space`, user id), `space` being {@link RULE_LIMIT_LOCK} or {@link ENDPOINT_LOCK_SPACE}.
   * Every change that may raise a counted limit of the user takes the lock of that limit, so the
   * count read inside `fn` stays true until it commits, from any process. A statement's own
   * `where (select count(*) …) < limit` is not enough under READ COMMITTED: parallel statements each
   * see the count before the others' rows.
   */
  private withUserLock<T>(space: number, userId: number, fn: (tx: Database) => Promise<T>): Promise<T> {
    return this.h.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      await tx.execute(sql`select pg_advisory_xact_lock(${space}::int, ${userId}::int)`);
      return fn(tx);
    }) as Promise<T>;
  }

  /**
   * Inserts an active rule when the user has fewer than `limit` active rules, counted under the
   * user's rule-limit lock (exact under any number of parallel requests). Returns null when the
   * limit is reached.
   */
  async insertRule(userId: number, kind: string, coinId: number | null, params: unknown, channels: string[], limit: number, now: number): Promise<RuleRow | null> {
    return this.withUserLock(RULE_LIMIT_LOCK, userId, async (tx) => {
      const [c] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from alert_rules where user_id = ${userId} and active`));
      if (Number(c?.n ?? 0) >= limit) return null;
      const [r] = rowsOf<RuleRow>(await tx.execute(sql`insert into alert_rules (user_id, kind, coin_id, params, channels, active, created_at, updated_at)
        values (${userId}::int, ${kind}::text, ${coinId}::int, ${JSON.stringify(params)}::jsonb, ${JSON.stringify(channels)}::jsonb, true, ${now}::bigint, ${now}::bigint)
        returning *`));
      return r ?? null;
    });
  }

  /**
   * Edits, pauses or resumes rule `id` of `userId` (absent fields stay). With `limit`, a resume
   * (`patch.active` true on a paused rule) is done only while the user has fewer than `limit` active
   * rules, counted under the user's rule-limit lock; it answers `'limit'` otherwise. Returns the
   * updated row, or null when the user has no such rule.
   */
  async updateRule(
    userId: number,
    id: number,
    patch: { kind?: string; coinId?: number | null; params?: unknown; channels?: string[]; active?: boolean },
    now: number,
    limit?: number,
  ): Promise<RuleRow | 'limit' | null> {
    const update = sql`update alert_rules set
      kind = coalesce(${patch.kind ?? null}::text, kind),
      coin_id = ${patch.params !== undefined ? sql`${patch.coinId ?? null}::int` : sql`coin_id`},
      params = coalesce(${patch.params !== undefined ? JSON.stringify(patch.params) : null}::jsonb, params),
      channels = coalesce(${patch.channels ? JSON.stringify(patch.channels) : null}::jsonb, channels),
      active = coalesce(${patch.active ?? null}::boolean, active),
      updated_at = ${now}
      where id = ${id} and user_id = ${userId} returning *`;
    if (patch.active !== true || limit === undefined) {
      const [r] = await this.q<RuleRow>(update);
      return r ?? null;
    }
    return this.withUserLock(RULE_LIMIT_LOCK, userId, async (tx) => {
      const [cur] = rowsOf<{ active: boolean }>(await tx.execute(sql`select active from alert_rules where id = ${id} and user_id = ${userId}`));
      if (!cur) return null;
      if (!cur.active) {
        const [c] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from alert_rules where user_id = ${userId} and active`));
        if (Number(c?.n ?? 0) >= limit) return 'limit' as const;
      }
      const [r] = rowsOf<RuleRow>(await tx.execute(update));
      return r ?? null;
    });
  }

  async deleteRule(userId: number, id: number): Promise<boolean> {
    return (await this.q(sql`delete from alert_rules where id = ${id} and user_id = ${userId} returning id`)).length > 0;
  }

  /** Active rules of `kind`, optionally only those on `coinId` (rules on the watchlist have coin_id null). */
  async activeRules(kind: string, coinId?: number): Promise<RuleRow[]> {
    if (coinId === undefined) return this.q<RuleRow>(sql`select * from alert_rules where kind = ${kind} and active order by id`);
    return this.q<RuleRow>(sql`select * from alert_rules where kind = ${kind} and active and (coin_id = ${coinId} or coin_id is null) order by id`);
  }

  /** Coin ids each of `userIds` follows (the watchlist). */
  async watchlists(userIds: number[]): Promise<Map<number, Set<number>>> {
    const out = new Map<number, Set<number>>();
    if (!userIds.length) return out;
    const rows = await this.q<{ user_id: number; coin_id: number }>(sql`select user_id, coin_id from coin_following where user_id in (${sql.join(userIds.map((u) => sql`${u}`), sql`, `)})`);
    for (const r of rows) {
      let s = out.get(r.user_id);
      if (!s) out.set(r.user_id, (s = new Set()));
      s.add(r.coin_id);
    }
    return out;
  }

  /** Market time of the latest event of a rule, or null. */
  async lastFired(ruleId: number): Promise<number | null> {
    const [r] = await this.q<{ t: number | null }>(sql`select max(market_time) as t from alert_events where rule_id = ${ruleId}`);
    return r?.t == null ? null : Number(r.t);
  }

  /**
   * The evaluator's cursors (alert_candle_cursors): symbol → close time (market clock, ms) of the last
   * closed 5m candle evaluated. Symbols never evaluated are absent.
   */
  async candleCursors(): Promise<Map<string, number>> {
    const rows = await this.q<{ symbol: string; last_close_ms: number }>(sql`select symbol, last_close_ms from alert_candle_cursors`);
    return new Map(rows.map((r) => [r.symbol, Number(r.last_close_ms)]));
  }

  /**
   * Records that the 5m candle of `symbol` closing at `closeMs` (market clock) was evaluated. Set, not
   * raised: candles are evaluated in order, and a replay that wraps to its start moves it back.
   */
  async setCandleCursor(symbol: string, closeMs: number): Promise<void> {
    await this.q(sql`insert into alert_candle_cursors (symbol, last_close_ms) values (${symbol}, ${closeMs}) on conflict (symbol) do update set last_close_ms = excluded.last_close_ms`);
  }

  /** Users by id (e-mail, verification, language) in one query. */
  async users(ids: number[]): Promise<Map<number, { id: number; email: string | null; email_verified: boolean; language: string }>> {
    if (!ids.length) return new Map();
    const rows = await this.q<{ id: number; email: string | null; email_verified: boolean; language: string }>(
      sql`select id, email, email_verified, language from users where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Active webhook endpoint ids per user, in one query. */
  async activeEndpointsOf(userIds: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (!userIds.length) return out;
    const rows = await this.q<{ id: number; user_id: number }>(sql`select id, user_id from webhook_endpoints where active and user_id in (${sql.join(userIds.map((i) => sql`${i}`), sql`, `)}) order by id`);
    for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.id]);
    return out;
  }

  /** Unread notifications per user, in one query. */
  async unreadOf(userIds: number[]): Promise<Map<number, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.q<{ user_id: number; n: number }>(
      sql`select user_id, count(*)::int as n from alert_events where read_at is null and user_id in (${sql.join(userIds.map((i) => sql`${i}`), sql`, `)}) group by user_id`,
    );
    return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
  }

  /**
   * Fires triggers in one transaction: one multi-row insert
   * of the events with `ON CONFLICT (rule_id, trigger_key) DO NOTHING` (rows sorted by rule and key,
   * so concurrent batches of several processes take the unique-index locks in the same order and
   * cannot deadlock), the deliveries of the events actually inserted, and the pause of one-shot
   * rules. Returns the inserted events (a trigger that had fired already is left out).
   *
   * With `claim`, the deliveries are written already claimed by the caller (`claimed_until` = now +
   * `claim.leaseMs`) and handed to `claim.to` once the transaction has committed, with their payload
   * from memory: the dispatcher of this process sends them without reading them back. Durability
   * is the same as a claim: the rows are committed first, and if this process dies they are sent by
   * any dispatcher once the lease has expired.
   */
  async fireMany(
    items: { ruleId: number; userId: number; triggerKey: string; message: Record<string, unknown>; marketTime: number; pause: boolean }[],
    now: number,
    deliveries: (eventId: number, index: number) => NewDelivery[],
    claim?: { leaseMs: number; to: (rows: DeliveryRow[]) => void },
  ): Promise<{ eventId: number; index: number }[]> {
    if (!items.length) return [];
    const claimed: DeliveryRow[] = [];
    const claimedUntil = claim ? now + claim.leaseMs : null;
    const order = items.map((_, i) => i).sort((a, b) => items[a].ruleId - items[b].ruleId || (items[a].triggerKey < items[b].triggerKey ? -1 : items[a].triggerKey > items[b].triggerKey ? 1 : 0));
    const result = await this.h.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const inserted: { eventId: number; index: number }[] = [];
      const byKey = new Map(items.map((it, i) => [`${it.ruleId}\u0000${it.triggerKey}`, i]));
      for (let c = 0; c < order.length; c += 500) {
        const chunk = order.slice(c, c + 500).map((i) => items[i]);
        const rows = rowsOf<{ id: number; rule_id: number; trigger_key: string }>(
          await tx.execute(sql`insert into alert_events (rule_id, user_id, trigger_key, message, market_time, created_at) values
            ${sql.join(chunk.map((it) => sql`(${it.ruleId}::int, ${it.userId}::int, ${it.triggerKey}::text, ${JSON.stringify(it.message)}::jsonb, ${it.marketTime}::bigint, ${now}::bigint)`), sql`, `)}
            on conflict (rule_id, trigger_key) do nothing returning id, rule_id, trigger_key`),
        );
        for (const r of rows) inserted.push({ eventId: Number(r.id), index: byKey.get(`${r.rule_id}\u0000${r.trigger_key}`)! });
      }
      const ds = inserted.flatMap((e) => deliveries(e.eventId, e.index).map((d) => ({ ...d, eventId: e.eventId, userId: items[e.index].userId })));
      for (let c = 0; c < ds.length; c += 500) {
        const chunk = ds.slice(c, c + 500);
        const rows = rowsOf<{ id: number; message_id: string }>(
          await tx.execute(sql`insert into alert_deliveries (user_id, event_id, channel, endpoint_id, push_subscription_id, message_id, payload, status, attempts, next_attempt_at, claimed_until, created_at) values
          ${sql.join(chunk.map((d) => sql`(${d.userId}::int, ${d.eventId}::int, ${d.channel}::text, ${d.endpointId}::int, ${d.pushSubscriptionId ?? null}::int, ${d.messageId}::text, ${JSON.stringify(d.payload)}::jsonb, 'pending', 0, ${now}::bigint, ${claimedUntil}::bigint, ${now}::bigint)`), sql`, `)}
          returning id, message_id`),
        );
        if (claim) {
          const byMessage = new Map(chunk.map((d) => [d.messageId, d]));
          for (const r of rows) {
            const d = byMessage.get(r.message_id)!;
            claimed.push({ id: Number(r.id), user_id: d.userId, event_id: d.eventId, channel: d.channel, endpoint_id: d.endpointId, push_subscription_id: d.pushSubscriptionId ?? null, message_id: d.messageId, payload: d.payload, status: 'pending', attempts: 0, next_attempt_at: now, claimed_until: claimedUntil, created_at: now });
          }
        }
      }
      const pause = [...new Set(inserted.filter((e) => items[e.index].pause).map((e) => items[e.index].ruleId))];
      if (pause.length) await tx.execute(sql`update alert_rules set active = false, updated_at = ${now} where id in (${sql.join(pause.map((i) => sql`${i}`), sql`, `)})`);
      return inserted;
    });
    if (claim && claimed.length) claim.to(claimed);
    return result as { eventId: number; index: number }[];
  }

  /** URL and signing secret of webhook endpoints by id (for deliveries handed over without a claim). */
  async endpointTargets(ids: number[]): Promise<Map<number, { url: string; secret: string }>> {
    if (!ids.length) return new Map();
    const rows = await this.q<{ id: number; url: string; secret: string }>(sql`select id, url, secret from webhook_endpoints where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    return new Map(rows.map((r) => [r.id, { url: r.url, secret: r.secret }]));
  }

  /** Queues one delivery without an event (the "send test" of a webhook endpoint). */
  async insertDelivery(userId: number, d: NewDelivery, now: number): Promise<number> {
    const [r] = await this.q<{ id: number }>(sql`insert into alert_deliveries (user_id, event_id, channel, endpoint_id, message_id, payload, status, attempts, next_attempt_at, created_at)
      values (${userId}, null, ${d.channel}, ${d.endpointId}, ${d.messageId}, ${JSON.stringify(d.payload)}::jsonb, 'pending', 0, ${now}, ${now}) returning id`);
    return Number(r.id);
  }

  // notifications

  async notifications(userId: number, limit: number): Promise<{ id: number; rule_id: number; message: Record<string, unknown>; market_time: number; created_at: number; read_at: number | null }[]> {
    return this.q(sql`select id, rule_id, message, market_time, created_at, read_at from alert_events where user_id = ${userId} order by id desc limit ${limit}`);
  }

  async unread(userId: number): Promise<number> {
    const [r] = await this.q<{ n: number }>(sql`select count(*)::int as n from alert_events where user_id = ${userId} and read_at is null`);
    return Number(r?.n ?? 0);
  }

  async markRead(userId: number, ids: number[] | 'all', now: number): Promise<void> {
    if (ids === 'all') await this.q(sql`update alert_events set read_at = ${now} where user_id = ${userId} and read_at is null`);
    else await this.q(sql`update alert_events set read_at = ${now} where user_id = ${userId} and read_at is null and id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  }

  // webhook endpoints

  async endpoints(userId: number): Promise<{ id: number; url: string; description: string; active: boolean; created_at: number }[]> {
    return this.q(sql`select id, url, description, active, created_at from webhook_endpoints where user_id = ${userId} order by id`);
  }

  async endpoint(userId: number, id: number): Promise<{ id: number; url: string; description: string; active: boolean; created_at: number } | null> {
    const [r] = await this.q<any>(sql`select id, url, description, active, created_at from webhook_endpoints where id = ${id} and user_id = ${userId}`);
    return r ?? null;
  }

  /**
   * Adds an endpoint unless the user already has `limit`; null when the limit is reached. Exact
   * under concurrency: the count and the insert run in one transaction holding a per-user advisory
   * lock (`pg_advisory_xact_lock(space, user id)`, released at commit), so parallel requests of one
   * user are serialised and never overshoot the limit.
   */
  async insertEndpoint(userId: number, url: string, description: string, secret: string, now: number, limit: number): Promise<{ id: number; url: string; description: string; active: boolean; created_at: number } | null> {
    return this.withUserLock(ENDPOINT_LOCK_SPACE, userId, async (tx) => {
      const [c] = rowsOf<{ n: number | string }>(await tx.execute(sql`select count(*) as n from webhook_endpoints where user_id = ${userId}`));
      if (Number(c.n) >= limit) return null;
      const [r] = rowsOf<{ id: number; url: string; description: string; active: boolean; created_at: number }>(
        await tx.execute(sql`insert into webhook_endpoints (user_id, url, description, secret, active, created_at) values (${userId}, ${url}, ${description}, ${secret}, true, ${now})
          returning id, url, description, active, created_at`),
      );
      return r;
    });
  }

  async deleteEndpoint(userId: number, id: number): Promise<boolean> {
    return (await this.q(sql`delete from webhook_endpoints where id = ${id} and user_id = ${userId} returning id`)).length > 0;
  }

  /** Deliveries to an endpoint, newest first, with their attempts. */
  async deliveriesOf(endpointId: number, limit: number): Promise<DeliveryWithAttempts[]> {
    return this.withAttempts(await this.q<DeliveryRow>(sql`select * from alert_deliveries where endpoint_id = ${endpointId} order by id desc limit ${limit}`));
  }

  /** A user's deliveries on `channel` (e.g. `telegram`), newest first, with their attempts. */
  async deliveriesOfChannel(userId: number, channel: string, limit: number): Promise<DeliveryWithAttempts[]> {
    return this.withAttempts(await this.q<DeliveryRow>(sql`select * from alert_deliveries where user_id = ${userId} and channel = ${channel} order by id desc limit ${limit}`));
  }

  private async withAttempts(ds: DeliveryRow[]): Promise<DeliveryWithAttempts[]> {
    if (!ds.length) return [];
    const at = await this.q<any>(sql`select * from alert_delivery_attempts where delivery_id in (${sql.join(ds.map((d) => sql`${d.id}`), sql`, `)}) order by id`);
    return ds.map((d) => ({ ...d, attempts_log: at.filter((a) => a.delivery_id === d.id) }));
  }

  // the outbox

  /**
   * Claims up to `limit` due pending deliveries for `leaseMs` (ms, wall time): rows whose lease is
   * absent or expired (a dispatcher that died mid-delivery). `FOR UPDATE SKIP LOCKED` lets N
   * dispatchers on PostgreSQL claim disjoint rows; PGlite has one connection and takes it as is.
   */
  async claim(now: number, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
    const claimed = await this.q<DeliveryRow>(sql`update alert_deliveries set claimed_until = ${now + leaseMs}
      where id in (select id from alert_deliveries where status = 'pending' and next_attempt_at <= ${now} and (claimed_until is null or claimed_until <= ${now})
        order by next_attempt_at, id limit ${limit} for update skip locked)
      returning *`);
    if (!claimed.length) return [];
    const eps = claimed.some((c) => c.endpoint_id != null)
      ? await this.q<{ id: number; url: string; secret: string }>(
          sql`select id, url, secret from webhook_endpoints where id in (${sql.join([...new Set(claimed.filter((c) => c.endpoint_id != null).map((c) => c.endpoint_id!))].map((i) => sql`${i}`), sql`, `)})`,
        )
      : [];
    const byId = new Map(eps.map((e) => [e.id, e]));
    const tgUsers = [...new Set(claimed.filter((c) => c.channel === 'telegram').map((c) => c.user_id))];
    const chats = await this.telegramLinksOf(tgUsers);
    return claimed.map((c) => ({
      ...c,
      url: c.endpoint_id != null ? byId.get(c.endpoint_id)?.url ?? null : null,
      secret: c.endpoint_id != null ? byId.get(c.endpoint_id)?.secret ?? null : null,
      chat_id: c.channel === 'telegram' ? chats.get(c.user_id)?.chat_id ?? null : null,
    }));
  }

  /**
   * Records the attempts of a batch in one transaction and moves each delivery on: one
   * multi-row insert into the log, one update for the delivered rows, one per row still pending or
   * given up. Releases the leases. Deliveries deleted while they were being sent (their account,
   * webhook endpoint or push subscription removed) are skipped; the others are locked `FOR KEY
   * SHARE` first, so they cannot be deleted before their attempts are written.
   */
  async recordAttempts(all: { id: number; attempt: number; ok: boolean; statusCode: number | null; error: string | null; durationMs: number; nextAt: number | null }[], now: number): Promise<void> {
    if (!all.length) return;
    await this.h.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const live = new Set(
        rowsOf<{ id: number }>(await tx.execute(sql`select id from alert_deliveries where id in (${sql.join(all.map((r) => sql`${r.id}`), sql`, `)}) order by id for key share`)).map((r) => Number(r.id)),
      );
      const list = all.filter((r) => live.has(r.id));
      if (!list.length) return;
      await tx.execute(sql`insert into alert_delivery_attempts (delivery_id, attempt, at, ok, status_code, error, duration_ms) values
        ${sql.join(list.map((r) => sql`(${r.id}::int, ${r.attempt}::int, ${now}::bigint, ${r.ok}::boolean, ${r.statusCode}::int, ${r.error}::text, ${r.durationMs}::float8)`), sql`, `)}`);
      const ok = list.filter((r) => r.ok);
      if (ok.length) {
        await tx.execute(sql`update alert_deliveries d set status = 'delivered', attempts = v.attempt, delivered_at = ${now}, claimed_until = null, last_error = null
          from (values ${sql.join(ok.map((r) => sql`(${r.id}::int, ${r.attempt}::int)`), sql`, `)}) as v(id, attempt) where d.id = v.id`);
      }
      for (const r of list.filter((x) => !x.ok)) {
        if (r.nextAt == null) await tx.execute(sql`update alert_deliveries set status = 'failed', attempts = ${r.attempt}, claimed_until = null, last_error = ${r.error} where id = ${r.id}`);
        else await tx.execute(sql`update alert_deliveries set attempts = ${r.attempt}, next_attempt_at = ${r.nextAt}, claimed_until = null, last_error = ${r.error} where id = ${r.id}`);
      }
    });
  }

  // Telegram (links of chats to users, one-time link tokens)

  /** Linked chats of `userIds`, in one query. */
  async telegramLinksOf(userIds: number[]): Promise<Map<number, TelegramLinkRow>> {
    if (!userIds.length) return new Map();
    const rows = await this.q<TelegramLinkRow>(sql`select user_id, chat_id, username, linked_at from telegram_links where user_id in (${sql.join(userIds.map((i) => sql`${i}`), sql`, `)})`);
    return new Map(rows.map((r) => [r.user_id, { ...r, linked_at: Number(r.linked_at) }]));
  }

  /**
   * Stores a link token (`tokenHash`: SHA-256 hex of the token, never the token itself) valid until
   * `expiresAt` (ms), replacing the user's earlier tokens; expired tokens of anyone are pruned.
   */
  async putTelegramLinkToken(userId: number, tokenHash: string, expiresAt: number, now: number): Promise<void> {
    await this.h.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      await tx.execute(sql`delete from telegram_link_tokens where user_id = ${userId} or expires_at <= ${now}`);
      await tx.execute(sql`insert into telegram_link_tokens (token, user_id, expires_at) values (${tokenHash}, ${userId}, ${expiresAt})`);
    });
  }

  /**
   * Consumes a link token and links the chat, in one transaction: the token row is deleted (used
   * once) and, when it had not expired, the user's link is set to this chat (a new chat replaces the
   * old one). Returns the user (id, language) or null for an unknown, used or expired token.
   */
  async linkTelegram(tokenHash: string, chatId: string, username: string | null, now: number): Promise<{ userId: number; language: string } | null> {
    return this.h.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const [tok] = rowsOf<{ user_id: number; expires_at: number }>(await tx.execute(sql`delete from telegram_link_tokens where token = ${tokenHash} returning user_id, expires_at`));
      if (!tok || Number(tok.expires_at) <= now) return null;
      await tx.execute(sql`insert into telegram_links (user_id, chat_id, username, linked_at) values (${tok.user_id}, ${chatId}, ${username}, ${now})
        on conflict (user_id) do update set chat_id = excluded.chat_id, username = excluded.username, linked_at = excluded.linked_at`);
      const [u] = rowsOf<{ language: string }>(await tx.execute(sql`select language from users where id = ${tok.user_id}`));
      return { userId: Number(tok.user_id), language: u?.language ?? 'en_US' };
    }) as Promise<{ userId: number; language: string } | null>;
  }

  /** Removes the user's link (only while it is still to `chatId`, when given); true when a link was removed. */
  async unlinkTelegram(userId: number, chatId?: string): Promise<boolean> {
    const r = chatId === undefined
      ? await this.q(sql`delete from telegram_links where user_id = ${userId} returning user_id`)
      : await this.q(sql`delete from telegram_links where user_id = ${userId} and chat_id = ${chatId} returning user_id`);
    return r.length > 0;
  }

  /** Removes every link to `chatId` (the chat sent /stop); returns the languages of the users unlinked. */
  async unlinkTelegramChat(chatId: string): Promise<string[]> {
    const rows = await this.q<{ user_id: number }>(sql`delete from telegram_links where chat_id = ${chatId} returning user_id`);
    if (!rows.length) return [];
    return [...(await this.users(rows.map((r) => Number(r.user_id)))).values()].map((u) => u.language);
  }
}
