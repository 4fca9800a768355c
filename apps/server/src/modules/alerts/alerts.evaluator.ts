import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@coinlens/db';
import { TIMEFRAME_MS, type TaResult, type TaTimeframe } from '@coinlens/contracts';
import type { Clock } from '../../platform/clock';
import type { PubSub } from '../../platform/pubsub';
import type { CandleClosedEvent, MarketSource } from '../../providers/market/types';
import type { MarketService } from '../market/market.service';
import type { CoinRow } from '../market/market.repository';
import type { NewsRow } from '../news/news.repository';
import { alertMail, alertTelegram, alertWebhookPayload, formatUsdt, priceLine, recordLine, type AlertMessage, type Bi } from './alerts.messages';
import type { AlertsRepository, DeliveryRow, NewDelivery, RuleRow } from './alerts.repository';
import { alertsChannel, AlertsService, newMessageId } from './alerts.service';
import { alertPushPayload } from './alerts.push';
import type { PushSubscriptionsRepository } from './alerts.push.repository';

const FIVE_MIN = 300_000;

/** A rule to fire for `key` with `message`; `pause` pauses a one-shot rule in the same transaction. */
export interface Trigger {
  rule: RuleRow;
  key: string;
  message: AlertMessage;
  pause: boolean;
}

/** Dependencies of the {@link AlertsEvaluator}. */
export interface AlertsEvaluatorDeps {
  db: DatabaseHandle;
  repo: AlertsRepository;
  market: MarketService;
  source: MarketSource;
  clock: Clock;
  pubsub: PubSub;
  /** Public origin of links in mails and webhooks (PUBLIC_ORIGIN, else http://localhost:PORT). */
  origin: string;
  /** Whether e-mail alerts can be sent (always: the outbox or SMTP). */
  emailEnabled: boolean;
  /** Whether the Telegram channel is configured (a bot token and name); rules' `telegram` is skipped otherwise. */
  telegramEnabled?: boolean;
  /** Browser subscriptions when Web Push is on (VAPID keys); rules' `push` channel is skipped without. */
  pushSubscriptions?: PushSubscriptionsRepository | null;
  /** Wakes the dispatcher of this process after deliveries were queued. */
  wake?: () => void;
  /**
   * When this process' dispatcher runs: the lease to write the deliveries of a fire with (already
   * claimed) and where to hand them after the commit (AlertsRepository.fireMany `claim`); null otherwise.
   */
  claim?: () => { leaseMs: number; to: (rows: DeliveryRow[]) => void } | null;
  now?: () => number;
  log?: (m: string) => void;
}

/**
 * Evaluates alert rules on the worker side (issue 18): on each closed 5m candle (price level,
 * price move, strategy target/invalidation), on each stored analysis of a closed candle (signals)
 * and on each released news item. A trigger fires through {@link AlertsRepository.fire}: the event,
 * its deliveries (e-mail, webhooks) and the pause of a one-shot rule in one transaction, once per
 * (rule, trigger key) whatever the number of processes evaluating. Never throws to its caller: a
 * failure is logged.
 */
export class AlertsEvaluator {
  private readonly log: (m: string) => void;
  constructor(private readonly d: AlertsEvaluatorDeps) {
    this.log = d.log ?? (() => undefined);
  }

  private now(): number {
    return (this.d.now ?? Date.now)();
  }

  private get replay(): boolean {
    return this.d.clock.mode === 'replay';
  }

  /**
   * Fires `rule` for `triggerKey` with `message`; returns the event id or null when the trigger
   * had fired already. Publishes the new unread count to the user's stream and wakes the dispatcher.
   */
  async fire(rule: RuleRow, triggerKey: string, message: AlertMessage, pause = false): Promise<number | null> {
    const [id] = await this.fireAll([{ rule, key: triggerKey, message, pause }]);
    return id ?? null;
  }

  /**
   * Fires a batch of triggers (all those of one candle, analysis or news release) through one
   * transaction ({@link AlertsRepository.fireMany}): events, their e-mail, webhook, Telegram and Web Push
   * deliveries (one per subscribed browser) in the user's language, pauses of one-shot rules. Then publishes each new event with the user's
   * unread count and wakes the dispatcher. Returns the ids of the events inserted.
   */
  async fireAll(triggers: Trigger[]): Promise<number[]> {
    if (!triggers.length) return [];
    const userIds = [...new Set(triggers.map((t) => t.rule.user_id))];
    const hookUsers = [...new Set(triggers.filter((t) => (t.rule.channels ?? []).includes('webhook')).map((t) => t.rule.user_id))];
    const tgUsers = this.d.telegramEnabled ? [...new Set(triggers.filter((t) => (t.rule.channels ?? []).includes('telegram')).map((t) => t.rule.user_id))] : [];
    const pushUsers = this.d.pushSubscriptions ? [...new Set(triggers.filter((t) => (t.rule.channels ?? []).includes('push')).map((t) => t.rule.user_id))] : [];
    const [users, endpoints, chats, pushSubs] = await Promise.all([
      this.d.repo.users(userIds),
      this.d.repo.activeEndpointsOf(hookUsers),
      this.d.repo.telegramLinksOf(tgUsers),
      this.d.pushSubscriptions?.idsOf(pushUsers) ?? new Map<number, number[]>(),
    ]);
    const live = triggers.filter((t) => users.has(t.rule.user_id));
    const now = this.now();
    const inserted = await this.d.repo.fireMany(
      live.map((t) => ({ ruleId: t.rule.id, userId: t.rule.user_id, triggerKey: t.key, message: t.message as unknown as Record<string, unknown>, marketTime: t.message.marketTime, pause: t.pause })),
      now,
      (eid, i) => {
        const t = live[i];
        const user = users.get(t.rule.user_id)!;
        const channels = new Set(t.rule.channels ?? []);
        const out: NewDelivery[] = [];
        if (channels.has('email') && this.d.emailEnabled && user.email && user.email_verified) {
          out.push({ channel: 'email', endpointId: null, messageId: newMessageId(), payload: { to: user.email, ...alertMail(t.message, user.language, this.d.origin) } });
        }
        if (channels.has('webhook')) {
          for (const ep of endpoints.get(t.rule.user_id) ?? []) out.push({ channel: 'webhook', endpointId: ep, messageId: newMessageId(), payload: alertWebhookPayload(t.message, { eventId: eid, ruleId: t.rule.id }, user.language, this.d.origin, now) });
        }
        if (channels.has('telegram') && chats.has(t.rule.user_id)) {
          // The chat is looked up again when sending (the user may relink or unlink meanwhile).
          out.push({ channel: 'telegram', endpointId: null, messageId: newMessageId(), payload: { type: 'alert.fired', text: alertTelegram(t.message, user.language, this.d.origin) } });
        }
        if (channels.has('push')) {
          for (const sub of pushSubs.get(t.rule.user_id) ?? []) {
            out.push({ channel: 'push', endpointId: null, pushSubscriptionId: sub, messageId: newMessageId(), payload: alertPushPayload(t.message, eid, user.language, this.d.origin) as unknown as Record<string, unknown> });
          }
        }
        return out;
      },
      this.d.claim?.() ?? undefined,
    );
    if (!inserted.length) return [];
    this.d.wake?.();
    const unread = await this.d.repo.unreadOf([...new Set(inserted.map((e) => live[e.index].rule.user_id))]);
    for (const e of inserted) {
      const t = live[e.index];
      const latest = AlertsService.toNotification({ id: e.eventId, rule_id: t.rule.id, message: t.message as unknown as Record<string, unknown>, market_time: t.message.marketTime, created_at: now, read_at: null });
      await this.d.pubsub.publish(alertsChannel(t.rule.user_id), { type: 'unread', unread: unread.get(t.rule.user_id) ?? 0, latest }).catch(() => undefined);
    }
    return inserted.map((e) => e.eventId);
  }

  private coin(id: number | null): CoinRow | null {
    return id == null ? null : this.d.market.coinRows.find((c) => c.id === id) ?? null;
  }

  /** Handles a closed candle: 5m candles drive price and strategy rules. Returns the events fired. */
  async onCandleClosed(e: CandleClosedEvent): Promise<number> {
    if (e.timeframe !== '5m') return 0;
    const row = this.d.market.coinRows.find((c) => c.symbol === e.symbol);
    if (!row) return 0;
    try {
      let fired = 0;
      fired += await this.priceRules(row, e);
      fired += await this.strategyRules(row, e);
      return fired;
    } catch (err) {
      this.log(`alerts: candle ${e.symbol} ${e.timeframe}: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      return 0;
    }
  }

  private async priceRules(row: CoinRow, e: CandleClosedEvent): Promise<number> {
    const c = e.candle;
    const closeTime = c.time + FIVE_MIN;
    const triggers: Trigger[] = [];
    const cross = await this.d.repo.activeRules('price_cross', row.id);
    for (const r of cross) {
      if (r.coin_id !== row.id) continue;
      const p = r.params as { level: number; direction: 'up' | 'down' | 'any'; repeat: boolean };
      const up = c.open < p.level && c.high >= p.level;
      const down = c.open > p.level && c.low <= p.level;
      const dir = up && p.direction !== 'down' ? 'up' : down && p.direction !== 'up' ? 'down' : null;
      if (!dir) continue;
      const lvl = formatUsdt(p.level);
      const title: Bi =
        dir === 'up' ? { en: `${row.symbol} crossed above ${lvl} USDT`, zh: `${row.symbol} 向上突破 ${lvl} USDT` } : { en: `${row.symbol} crossed below ${lvl} USDT`, zh: `${row.symbol} 向下跌破 ${lvl} USDT` };
      const msg: AlertMessage = { kind: 'price_cross', title, body: priceLine(c.close, closeTime, this.replay), record: null, price: c.close, marketTime: closeTime, replay: this.replay, path: `/crypto/${row.slug}`, facts: { coin: row.symbol, level: p.level, direction: dir, timeframe: '5m' } };
      triggers.push({ rule: r, key: p.repeat ? `cross:${c.time}` : 'cross', message: msg, pause: !p.repeat });
    }
    const moves = await this.d.repo.activeRules('price_move', row.id);
    for (const r of moves) {
      if (r.coin_id !== row.id) continue;
      const p = r.params as { percent: number; window_minutes: number; direction: 'up' | 'down' | 'any' };
      const k = Math.max(1, Math.round((p.window_minutes * 60_000) / FIVE_MIN));
      const candles = await this.d.source.getCandles(row.symbol, '5m', { limit: k + 1, endTime: closeTime });
      if (candles.length < 2 || candles[candles.length - 1].time !== c.time) continue;
      const base = candles.length > k ? candles[0].close : candles[0].open;
      if (!(base > 0)) continue;
      const change = (c.close / base - 1) * 100;
      const ok = Math.abs(change) >= p.percent && (p.direction === 'any' || (p.direction === 'up' ? change > 0 : change < 0));
      if (!ok) continue;
      const last = await this.d.repo.lastFired(r.id);
      if (last != null && last > closeTime - p.window_minutes * 60_000 && last <= closeTime) continue; // once per window
      const ch = `${change >= 0 ? '+' : '−'}${Math.abs(change).toFixed(2)} %`;
      const msg: AlertMessage = {
        kind: 'price_move',
        title: { en: `${row.symbol} moved ${ch} in ${p.window_minutes} min`, zh: `${row.symbol} ${p.window_minutes} 分钟内变动 ${ch}` },
        body: priceLine(c.close, closeTime, this.replay),
        record: null,
        price: c.close,
        marketTime: closeTime,
        replay: this.replay,
        path: `/crypto/${row.slug}`,
        facts: { coin: row.symbol, change_percent: change, window_minutes: p.window_minutes },
      };
      triggers.push({ rule: r, key: `move:${c.time}`, message: msg, pause: false });
    }
    return (await this.fireAll(triggers)).length;
  }

  private async strategyRules(row: CoinRow, e: CandleClosedEvent): Promise<number> {
    const rules = (await this.d.repo.activeRules('strategy')).filter((r) => r.params && typeof (r.params as { strategy_id?: unknown }).strategy_id === 'number');
    if (!rules.length) return 0;
    const ids = [...new Set(rules.map((r) => (r.params as { strategy_id: number }).strategy_id))];
    const strategies = await this.d.db.query<{ id: number; coin_id: number; bias: string; targets: string; invalidation: number; timeframe: string; term: string; created_at: number }>(
      sql`select id, coin_id, bias, targets, invalidation, timeframe, term, created_at from strategy_records where coin_id = ${row.id} and id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
    );
    if (!strategies.length) return 0;
    const c = e.candle;
    const closeTime = c.time + FIVE_MIN;
    const triggers: Trigger[] = [];
    for (const s of strategies) {
      let targets: number[] = [];
      try {
        targets = JSON.parse(String(s.targets));
      } catch {}
      const target = targets[0];
      const bull = s.bias !== 'bearish';
      const hitTarget = target != null && (bull ? c.high >= target : c.low <= target);
      const hitInvalid = bull ? c.low <= s.invalidation : c.high >= s.invalidation;
      for (const r of rules.filter((x) => (x.params as { strategy_id: number }).strategy_id === s.id)) {
        const on = (r.params as { on: 'target' | 'invalidation' | 'both' }).on;
        const outcomes: ('target' | 'invalidation')[] = [];
        if (hitTarget && on !== 'invalidation') outcomes.push('target');
        if (hitInvalid && on !== 'target') outcomes.push('invalidation');
        for (const o of outcomes) {
          const lvl = formatUsdt(o === 'target' ? target! : s.invalidation);
          const msg: AlertMessage = {
            kind: 'strategy',
            title:
              o === 'target'
                ? { en: `${row.symbol} strategy reached its target ${lvl} USDT`, zh: `${row.symbol} 策略到达目标价 ${lvl} USDT` }
                : { en: `${row.symbol} strategy hit its invalidation ${lvl} USDT`, zh: `${row.symbol} 策略触及失效价 ${lvl} USDT` },
            body: priceLine(c.close, closeTime, this.replay),
            record: null,
            price: c.close,
            marketTime: closeTime,
            replay: this.replay,
            path: `/crypto/${row.slug}`,
            facts: { coin: row.symbol, strategy_id: s.id, outcome: o, level: o === 'target' ? target : s.invalidation },
          };
          triggers.push({ rule: r, key: `strategy:${o}`, message: msg, pause: false });
        }
      }
    }
    return (await this.fireAll(triggers)).length;
  }

  /**
   * Handles a stored live analysis of a closed candle of (row, tf): every signal of that candle
   * fires the signal rules it matches (coin or watchlist, timeframe, pattern, direction, edge).
   */
  async onAnalysis(row: CoinRow, tf: TaTimeframe, result: TaResult | null, origin: 'live' | 'backfill'): Promise<number> {
    if (origin !== 'live' || !result || !result.market.signals.length) return 0;
    try {
      const rules = (await this.d.repo.activeRules('signal', row.id)).filter((r) => (r.params as { timeframe?: string }).timeframe === tf);
      if (!rules.length) return 0;
      const watch = await this.d.repo.watchlists([...new Set(rules.filter((r) => r.coin_id == null).map((r) => r.user_id))]);
      const openTime = result.current.candle_open_time;
      const closeTime = openTime + TIMEFRAME_MS[tf];
      const triggers: Trigger[] = [];
      for (const r of rules) {
        if (r.coin_id == null ? !watch.get(r.user_id)?.has(row.id) : r.coin_id !== row.id) continue;
        const p = r.params as { pattern: string; direction: 'bullish' | 'bearish' | 'any'; edge_only: boolean };
        for (const s of result.market.signals) {
          if (p.pattern !== 'any' && p.pattern !== s.label) continue;
          if (p.direction !== 'any' && p.direction !== s.direction) continue;
          if (p.edge_only && s.edge.verdict !== 'edge') continue;
          const dir: Bi = s.direction === 'bullish' ? { en: 'bullish', zh: '看涨' } : s.direction === 'bearish' ? { en: 'bearish', zh: '看跌' } : { en: 'neutral', zh: '中性' };
          const msg: AlertMessage = {
            kind: 'signal',
            title: { en: `${row.symbol} ${tf}: ${s.name.en} (${dir.en})`, zh: `${row.symbol} ${tf}：${s.name.zh}（${dir.zh}）` },
            body: priceLine(result.last_price, closeTime, this.replay),
            record: recordLine(s.name, tf, s.edge),
            price: result.last_price,
            marketTime: closeTime,
            replay: this.replay,
            path: `/crypto/${row.slug}`,
            facts: { coin: row.symbol, timeframe: tf, signal: s.label, direction: s.direction, edge: s.edge },
          };
          triggers.push({ rule: r, key: `signal:${tf}:${openTime}:${s.label}`, message: msg, pause: false });
        }
      }
      return (await this.fireAll(triggers)).length;
    } catch (err) {
      this.log(`alerts: signals ${row.symbol} ${tf}: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      return 0;
    }
  }

  /** Handles released news items: each fires the news rules whose coin (or watchlist), importance and direction it matches. */
  async onNewsReleased(items: NewsRow[]): Promise<number> {
    if (!items.length) return 0;
    try {
      const rules = await this.d.repo.activeRules('news');
      if (!rules.length) return 0;
      const watch = await this.d.repo.watchlists([...new Set(rules.filter((r) => r.coin_id == null).map((r) => r.user_id))]);
      const bySymbol = new Map(this.d.market.coinRows.map((c) => [c.symbol, c]));
      const triggers: Trigger[] = [];
      for (const it of items) {
        const coins = (it.coins ?? []).map((s) => bySymbol.get(s)).filter((c): c is CoinRow => !!c);
        for (const r of rules) {
          const p = r.params as { min_importance: number; direction: 'bullish' | 'bearish' | 'any' };
          if ((it.importance ?? 0) < p.min_importance) continue;
          if (p.direction !== 'any' && it.sentiment !== p.direction) continue;
          const coin = r.coin_id == null ? coins.find((c) => watch.get(r.user_id)?.has(c.id)) : coins.find((c) => c.id === r.coin_id);
          if (!coin) continue;
          const ticker = await this.d.source.getTicker(coin.symbol);
          const msg: AlertMessage = {
            kind: 'news',
            title: { en: `${coin.symbol} news: ${it.title}`, zh: `${coin.symbol} 新闻：${it.title_zh ?? it.title}` },
            body: priceLine(ticker?.lastPrice ?? null, it.published_at, this.replay),
            record: null,
            price: ticker?.lastPrice ?? null,
            marketTime: it.published_at,
            replay: this.replay,
            path: `/feeds/${encodeURIComponent(it.id)}`,
            facts: { coin: coin.symbol, news_id: it.id, importance: it.importance, sentiment: it.sentiment },
          };
          triggers.push({ rule: r, key: `news:${it.id}`, message: msg, pause: false });
        }
      }
      return (await this.fireAll(triggers)).length;
    } catch (err) {
      this.log(`alerts: news: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      return 0;
    }
  }

  /** Subscribes to the market source's closed candles; returns the unsubscribe function. */
  listen(): () => void {
    return this.d.source.onCandleClosed((e) => {
      if (e.timeframe !== '5m') return;
      this.chain = this.chain.then(() => this.onCandleClosed(e));
    });
  }

  private chain: Promise<unknown> = Promise.resolve();

  /** Resolves when every closed candle heard so far has been evaluated. */
  async idle(): Promise<void> {
    await this.chain;
  }
}
