import crypto from 'node:crypto';
import { AlertChannel, type AlertNotification, type AlertRule, type AlertRuleParams, type AlertStrategy, type CreateAlertRuleBody, type WebhookDelivery, type WebhookEndpoint } from '@coinlens/contracts/alerts/rules';
import { AppError } from '../../platform/errors';
import type { PubSub } from '../../platform/pubsub';
import type { MarketService } from '../market/market.service';
import type { CoinRow } from '../market/market.repository';
import { assertOutboundUrl, strictOutbound, type Outbound } from '../../platform/outbound';
import { activeAlertLimit, webhookEndpointLimit } from '../billing/plans';
import type { AlertsRepository, RuleRow } from './alerts.repository';
import type { AlertMessage } from './alerts.messages';
import type { AlertRecordsRepository, StrategyRecordRow } from './alerts.records.repository';

/** Pub/sub channel of a user's alert events (`{unread, latest}`), heard by the SSE streams of every process. */
export const alertsChannel = (userId: number) => `alerts:user:${userId}`;

/** Which channels this server has configured (the UI hides the others and says why). */
export interface AlertChannelConfig {
  email: { enabled: boolean; reason: string | null };
  telegram: { enabled: boolean; reason: string | null };
  webPush: { enabled: boolean; reason: string | null };
}

const iso = (t: number | null | undefined) => (t == null ? null : new Date(Number(t)).toISOString());

/** A Standard Webhooks signing secret: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`;
}

/** A Standard Webhooks message id (`msg_` + 26 random base32-ish characters), unique per delivery. */
export function newMessageId(): string {
  return `msg_${crypto.randomBytes(16).toString('base64url')}`;
}

/**
 * Alert rules, the notification centre and webhook endpoints of signed-in users. Wall
 * time from `now` (ms). Errors: ALERT_RULE_NOT_FOUND, ALERT_RULE_LIMIT_REACHED (Free 5 active rules,
 * Pro 200), COIN_NOT_FOUND, WEBHOOK_NOT_FOUND, WEBHOOK_LIMIT_REACHED (Free 3 endpoints, Pro 20),
 * OUTBOUND_URL_NOT_ALLOWED / OUTBOUND_HOST_UNRESOLVED (a webhook URL on an internal network).
 */
export class AlertsService {
  constructor(
    private readonly d: {
      repo: AlertsRepository;
      /** The strategies users generated (strategy rules); without it, strategy rules list no strategy. */
      records?: AlertRecordsRepository;
      /** The saved screens (screen rules must name one of the user's); without it, screen rules are refused. */
      screens?: { owns(userId: number, screenId: number): Promise<boolean> };
      market: MarketService;
      pubsub: PubSub;
      channels: AlertChannelConfig;
      now?: () => number;
      /** Wakes the dispatcher of this process (a test delivery goes out at once). */
      wake?: () => void;
      /** The guarded outbound client whose policy checks webhook URLs when saved; default the strict one. */
      outbound?: Outbound;
    },
  ) {}

  private now(): number {
    return (this.d.now ?? Date.now)();
  }

  private coinOf(id: number | null): CoinRow | null {
    return id == null ? null : this.d.market.coinRows.find((c) => c.id === id) ?? null;
  }

  /** A stored strategy record as rules show it (null when its coin is not listed). */
  private toStrategy(s: StrategyRecordRow): AlertStrategy | null {
    const c = this.coinOf(s.coin_id);
    if (!c) return null;
    let targets: number[] = [];
    try {
      targets = JSON.parse(String(s.targets));
    } catch {}
    return {
      id: s.id,
      coin: { id: c.id, slug: c.slug, symbol: c.symbol, name: c.name },
      author: s.author,
      term: s.term === 'medium_long_term' ? 'medium_long_term' : 'short_term',
      timeframe: s.timeframe as AlertStrategy['timeframe'],
      bias: s.bias === 'short' || s.bias === 'bearish' ? 'short' : 'long',
      entry_low: Number(s.entry_low),
      entry_high: Number(s.entry_high),
      target: typeof targets[0] === 'number' ? targets[0] : null,
      invalidation: Number(s.invalidation),
      candle_open_time: iso(s.candle_time)!,
      created_at: iso(s.created_at)!,
      due_at: iso(s.due_at)!,
    };
  }

  /** Strategies of the strategy rules among `rows`, by id. */
  private async strategiesOf(rows: RuleRow[]): Promise<Map<number, AlertStrategy>> {
    const ids = rows.filter((r) => r.kind === 'strategy').map((r) => Number((r.params as { strategy_id?: unknown }).strategy_id)).filter((x) => Number.isInteger(x));
    const out = new Map<number, AlertStrategy>();
    if (!ids.length || !this.d.records) return out;
    for (const s of await this.d.records.strategiesByIds([...new Set(ids)])) {
      const a = this.toStrategy(s);
      if (a) out.set(a.id, a);
    }
    return out;
  }

  /** The strategies `userId` generated (newest first, at most 50; of `coin` when given), to set strategy alerts on. COIN_NOT_FOUND. */
  async strategies(userId: number, coin?: string): Promise<{ items: AlertStrategy[] }> {
    const c = coin ? this.d.market.resolve(coin) : null;
    const rows = this.d.records ? await this.d.records.strategiesOf(userId, c?.id ?? null) : [];
    return { items: rows.map((s) => this.toStrategy(s)).filter((x): x is AlertStrategy => !!x) };
  }

  private toRule(r: RuleRow, strategies?: Map<number, AlertStrategy>): AlertRule {
    const c = this.coinOf(r.coin_id);
    const sid = r.kind === 'strategy' ? Number((r.params as { strategy_id?: unknown }).strategy_id) : null;
    return {
      id: r.id,
      rule: r.params as AlertRuleParams,
      coin: c ? { id: c.id, slug: c.slug, symbol: c.symbol, name: c.name } : null,
      channels: (r.channels ?? []).filter((x): x is AlertChannel => (AlertChannel.options as readonly string[]).includes(x)),
      active: r.active,
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
      last_fired_at: iso(r.last_fired_at ?? null),
      ...(sid != null && strategies ? { strategy: strategies.get(sid) ?? null } : {}),
    };
  }

  /** One rule as answered after a write, with its strategy. */
  private async oneRule(r: RuleRow): Promise<AlertRule> {
    return this.toRule(r, await this.strategiesOf([r]));
  }

  /** Resolves the rule's coin (slug, id or symbol) to its stored form: coin id and the params with the slug. COIN_NOT_FOUND. */
  private normalise(p: AlertRuleParams): { coinId: number | null; params: AlertRuleParams } {
    if ('coin' in p && p.coin) {
      const c = this.d.market.resolve(p.coin);
      return { coinId: c.id, params: { ...p, coin: c.slug } };
    }
    return { coinId: null, params: p };
  }

  async list(userId: number, isPro: boolean): Promise<{ rules: AlertRule[]; active: number; limit: number }> {
    const rows = await this.d.repo.listRules(userId);
    const strategies = await this.strategiesOf(rows);
    return { rules: rows.map((r) => this.toRule(r, strategies)), active: rows.filter((r) => r.active).length, limit: activeAlertLimit(isPro) };
  }

  /** A strategy rule must name a strategy the user generated: 404 STRATEGY_NOT_FOUND otherwise. */
  private async checkStrategy(userId: number, p: AlertRuleParams): Promise<void> {
    if (p.kind === 'strategy' && !(await this.d.repo.ownsStrategy(userId, p.strategy_id))) throw new AppError('STRATEGY_NOT_FOUND', 'No strategy of yours with this id');
    // A screen rule must name a saved screen of the user: 404 SCREEN_NOT_FOUND otherwise.
    if (p.kind === 'screen' && !(await this.d.screens?.owns(userId, p.screen_id))) throw new AppError('SCREEN_NOT_FOUND', 'No saved screen of yours with this id');
  }

  /**
   * A rule may send to Telegram only on a server with a bot (503 TELEGRAM_NOT_CONFIGURED) and once
   * the user linked a chat (409 TELEGRAM_NOT_LINKED). Checked when the channels are set.
   */
  private async checkChannels(userId: number, channels: readonly string[] | undefined): Promise<void> {
    if (!channels?.includes('telegram')) return;
    if (!this.d.channels.telegram.enabled) throw new AppError('TELEGRAM_NOT_CONFIGURED', 'This server has no Telegram bot');
    if (!(await this.d.repo.telegramLinksOf([userId])).has(userId)) throw new AppError('TELEGRAM_NOT_LINKED', 'Link a Telegram chat on the Alerts page first');
  }

  /** Creates an active rule. 409 ALERT_RULE_LIMIT_REACHED when the plan's active-rule limit is reached. */
  async create(userId: number, isPro: boolean, body: CreateAlertRuleBody): Promise<AlertRule> {
    await this.checkChannels(userId, body.channels);
    const { coinId, params } = this.normalise(body.rule);
    await this.checkStrategy(userId, params);
    const limit = activeAlertLimit(isPro);
    const row = await this.d.repo.insertRule(userId, params.kind, coinId, params, [...new Set(body.channels)], limit, this.now());
    if (!row) throw this.limitError(limit);
    return this.oneRule(row);
  }

  private limitError(limit: number): AppError {
    return new AppError('ALERT_RULE_LIMIT_REACHED', `Your plan allows ${limit} active alert rules; pause or delete one first`, { details: { limit } });
  }

  /** Edits, pauses or resumes a rule (resuming counts against the limit). ALERT_RULE_NOT_FOUND. */
  async update(userId: number, isPro: boolean, id: number, patch: { rule?: AlertRuleParams; channels?: AlertChannel[]; active?: boolean }): Promise<AlertRule> {
    const cur = await this.d.repo.rule(userId, id);
    if (!cur) throw new AppError('ALERT_RULE_NOT_FOUND', 'No such alert rule');
    // Keeping Telegram on a rule stays allowed after an unlink (its deliveries are skipped); adding it is checked.
    if (patch.channels?.includes('telegram') && !(cur.channels ?? []).includes('telegram')) await this.checkChannels(userId, patch.channels);
    const n = patch.rule ? this.normalise(patch.rule) : null;
    if (n) await this.checkStrategy(userId, n.params);
    // A resume is counted against the limit inside the update, under the user's rule-limit lock.
    const limit = activeAlertLimit(isPro);
    const row = await this.d.repo.updateRule(userId, id, { kind: n?.params.kind, coinId: n?.coinId, params: n?.params, channels: patch.channels ? [...new Set(patch.channels)] : undefined, active: patch.active }, this.now(), limit);
    if (row === 'limit') throw this.limitError(limit);
    if (!row) throw new AppError('ALERT_RULE_NOT_FOUND', 'No such alert rule');
    return this.oneRule(row);
  }

  async remove(userId: number, id: number): Promise<boolean> {
    if (!(await this.d.repo.deleteRule(userId, id))) throw new AppError('ALERT_RULE_NOT_FOUND', 'No such alert rule');
    return true;
  }

  channels(): { channel: 'in_app' | 'email' | 'webhook' | 'telegram' | 'web_push'; enabled: boolean; reason: string | null }[] {
    const c = this.d.channels;
    return [
      { channel: 'in_app', enabled: true, reason: null },
      { channel: 'email', ...c.email },
      { channel: 'webhook', enabled: true, reason: null },
      { channel: 'telegram', ...c.telegram },
      { channel: 'web_push', ...c.webPush },
    ];
  }

  // notification centre

  /** A stored event as a notification. */
  static toNotification(e: { id: number; rule_id: number; message: Record<string, unknown>; market_time: number; created_at: number; read_at: number | null }): AlertNotification {
    const m = e.message as unknown as AlertMessage;
    return {
      id: e.id,
      rule_id: e.rule_id,
      kind: m.kind as AlertNotification['kind'],
      title: m.title,
      body: m.body,
      record: m.record ?? null,
      price: m.price ?? null,
      market_time: new Date(Number(e.market_time)).toISOString(),
      replay: !!m.replay,
      path: m.path,
      created_at: new Date(Number(e.created_at)).toISOString(),
      read: e.read_at != null,
    };
  }

  async notifications(userId: number, limit: number): Promise<{ items: AlertNotification[]; unread: number }> {
    const [rows, unread] = await Promise.all([this.d.repo.notifications(userId, limit), this.d.repo.unread(userId)]);
    return { items: rows.map((r) => AlertsService.toNotification(r)), unread };
  }

  async markRead(userId: number, ids: number[] | 'all'): Promise<number> {
    await this.d.repo.markRead(userId, ids, this.now());
    const unread = await this.d.repo.unread(userId);
    await this.d.pubsub.publish(alertsChannel(userId), { type: 'unread', unread, latest: null });
    return unread;
  }

  async unread(userId: number): Promise<number> {
    return this.d.repo.unread(userId);
  }

  // webhook endpoints

  private toEndpoint(e: { id: number; url: string; description: string; active: boolean; created_at: number }, secret?: string): WebhookEndpoint {
    return { id: e.id, url: e.url, description: e.description, active: e.active, created_at: iso(e.created_at)!, ...(secret ? { secret } : {}) };
  }

  async webhooks(userId: number): Promise<WebhookEndpoint[]> {
    return (await this.d.repo.endpoints(userId)).map((e) => this.toEndpoint(e));
  }

  /**
   * Adds an endpoint; the answer is the only one that carries its secret. `url` must reach a public
   * address (its host name resolved now; checked again on every delivery): 400
   * OUTBOUND_URL_NOT_ALLOWED / OUTBOUND_HOST_UNRESOLVED naming `body.url`. 409
   * WEBHOOK_LIMIT_REACHED (`details.limit`) when the user has the plan's number of endpoints.
   */
  async addWebhook(userId: number, url: string, description: string, isPro = false): Promise<WebhookEndpoint> {
    await assertOutboundUrl(this.d.outbound ?? strictOutbound(), url, 'body.url');
    const secret = newWebhookSecret();
    const limit = webhookEndpointLimit(isPro);
    const row = await this.d.repo.insertEndpoint(userId, url, description, secret, this.now(), limit);
    if (!row) throw new AppError('WEBHOOK_LIMIT_REACHED', `Your plan allows ${limit} webhook endpoints; delete one first`, { details: { limit } });
    return this.toEndpoint(row, secret);
  }

  async removeWebhook(userId: number, id: number): Promise<boolean> {
    if (!(await this.d.repo.deleteEndpoint(userId, id))) throw new AppError('WEBHOOK_NOT_FOUND', 'No such webhook endpoint');
    return true;
  }

  /** Queues a signed `alert.test` delivery to the endpoint (goes through the outbox like any alert). */
  async testWebhook(userId: number, id: number): Promise<{ delivery_id: number; message_id: string }> {
    const ep = await this.d.repo.endpoint(userId, id);
    if (!ep) throw new AppError('WEBHOOK_NOT_FOUND', 'No such webhook endpoint');
    const messageId = newMessageId();
    const now = this.now();
    const payload = { type: 'alert.test', timestamp: new Date(now).toISOString(), data: { endpoint_id: id, title: 'Coinlens test delivery', body: 'If you can read this, your endpoint verified the signature.' } };
    const deliveryId = await this.d.repo.insertDelivery(userId, { channel: 'webhook', endpointId: id, messageId, payload }, now);
    this.d.wake?.();
    return { delivery_id: deliveryId, message_id: messageId };
  }

  async deliveries(userId: number, id: number): Promise<WebhookDelivery[]> {
    if (!(await this.d.repo.endpoint(userId, id))) throw new AppError('WEBHOOK_NOT_FOUND', 'No such webhook endpoint');
    return (await this.d.repo.deliveriesOf(id, 50)).map((d) => ({
      id: d.id,
      message_id: d.message_id,
      event_type: String((d.payload as { type?: unknown }).type ?? 'alert.fired'),
      status: d.status,
      attempts: d.attempts_log.map((a) => ({ attempt: a.attempt, at: iso(a.at)!, ok: a.ok, status_code: a.status_code, error: a.error, duration_ms: Number(a.duration_ms) })),
      next_attempt_at: d.status === 'pending' ? iso(d.next_attempt_at) : null,
      created_at: iso(d.created_at)!,
    }));
  }
}
