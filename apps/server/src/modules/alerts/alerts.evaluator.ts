import { TIMEFRAME_MS, type TaResult, type TaTimeframe } from '@coinlens/contracts';
import type { ScreenHit } from '@coinlens/contracts/screener/screen';
import type { Clock } from '../../platform/clock';
import type { PubSub } from '../../platform/pubsub';
import type { CandleClosedEvent, MarketSource } from '../../providers/market/types';
import { seriesOf, type SeriesColumns } from '../../providers/market/series';
import type { MarketService } from '../market/market.service';
import type { CoinRow } from '../market/market.repository';
import type { NewsRow } from '../news/news.repository';
import { alertMail, alertTelegram, alertWebhookPayload, formatUsdt, priceLine, recordLine, type AlertMessage, type Bi } from './alerts.messages';
import type { AlertsRepository, DeliveryRow, NewDelivery, RuleRow } from './alerts.repository';
import { importanceLevelOf, isMove, newsRecord, priceCrossRecord, priceMoveRecord, RECORD_LOOKBACK_MS, NEWS_RECORD_MIN_N, screenRecord, strategyRecord, windowMoveRate, type MoveDirection } from './alerts.records';
import type { AlertRecordsRepository } from './alerts.records.repository';
import { alertsChannel, AlertsService, newMessageId } from './alerts.service';
import { alertPushPayload } from './alerts.push';
import type { PushSubscriptionsRepository } from './alerts.push.repository';

const FIVE_MIN = 300_000;
const HOUR = 3_600_000;
/**
 * How far back (market time, ms) a worker's start evaluates the 5m candles that closed while no worker
 * ran (AlertsEvaluator.catchUp): a day. An alert older than that is news no longer worth sending.
 */
export const CATCH_UP_MAX_MS = 24 * HOUR;
/**
 * Whether `rule` stood as it is now at `asOf` (wall ms): created, last edited, paused or resumed
 * (`updated_at`) by then. Every rule when null.
 */
const stoodAt = (rule: RuleRow, asOf: number | null): boolean => asOf == null || Number(rule.updated_at ?? rule.created_at) <= asOf;
/** Records kept per process (key: what the record measures and the market hour it was computed in). */
const RECORD_CACHE_SIZE = 2_000;

/** Stored candles of (symbol, tf) closed at or before `until` (≤ the clock's now): indices [from, to) of `s` (SignalsPipeline.historyUntil). */
export type AlertHistoryLoader = (symbol: string, tf: TaTimeframe, until: number) => Promise<{ s: SeriesColumns; from: number; to: number }>;

/**
 * The coins entering saved screens (ScreenerService.entered): for the analysis `result` of a
 * just-closed candle of (row, tf), the screens among `screenIds` that the coin meets now and did
 * not at the previous close, each with its owner, name and the hit (figures that matched).
 */
export interface ScreenEntries {
  /** Whether saved screen `screenId` is `userId`'s (a screen rule must name one of the user's). */
  owns(userId: number, screenId: number): Promise<boolean>;
  entered(row: CoinRow, tf: TaTimeframe, result: TaResult, screenIds: number[]): Promise<{ screenId: number; userId: number; name: string; hit: ScreenHit }[]>;
}

/** A rule to fire for `key` with `message`; `pause` pauses a one-shot rule in the same transaction. */
export interface Trigger {
  rule: RuleRow;
  key: string;
  message: AlertMessage;
  pause: boolean;
}

/** Dependencies of the {@link AlertsEvaluator}. */
export interface AlertsEvaluatorDeps {
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
  /** The stored candle history the records' base rates are measured on; without it, the source's candles (RECORD_LOOKBACK_MS of them). */
  history?: AlertHistoryLoader;
  /** Reads of the strategy and news records. */
  records: AlertRecordsRepository;
  /** The saved screens (screen rules); without it, screen rules never fire. */
  screens?: ScreenEntries;
  now?: () => number;
  log?: (m: string) => void;
}

/**
 * Evaluates alert rules on the worker side: on each closed 5m candle (price level,
 * price move, strategy target/invalidation), on each stored analysis of a closed candle (signals)
 * and on each released news item. A trigger fires through {@link AlertsRepository.fire}: the event,
 * its deliveries (e-mail, webhooks) and the pause of a one-shot rule in one transaction, once per
 * (rule, trigger key) whatever the number of processes evaluating. Never throws to its caller: a
 * failure is logged.
 *
 * Every alert carries the record of its trigger (alerts.records.ts), measured only on data before
 * the trigger and computed only when a rule fires (never per candle per rule), cached per process by
 * what it measures and the market hour, so that a batch of triggers computes each record once:
 * - signal: the pattern's edge over its baseline (edge-stats, as the signal cards show it);
 * - price_move: the base rate of such a move — the share of non-overlapping windows of the rule's
 *   length (close to close on 5m candles, as the trigger measures) over the RECORD_LOOKBACK_MS before
 *   the triggering window with a move of at least the rule's percent in its direction, Wilson 95 %
 *   interval, n windows;
 * - price_cross: no statistic. A level is a condition the user set, not a forecast the product
 *   made; any "how often does price cross a level like this" needs an invented population (round
 *   numbers, distance bands), so the record says plainly that a price level has no track record;
 * - strategy: the record of the strategies of the same author and timeframe scored before the
 *   trigger (target before invalidation with its interval, mean return after fees vs holding);
 * - news: how often earlier news of the item's direction and at least the rule's importance about
 *   the coin (every coin below NEWS_RECORD_MIN_N items) was followed by a move that way within 24 h
 *   (news_impact), against the base rate of such a move in any 24 h window of the same coins (windows
 *   starting every hour; they overlap, as the signals' baseline does), as an edge with its interval.
 * A record that cannot be computed (a read fails) leaves `record` null and is logged; the alert fires.
 */
export class AlertsEvaluator {
  private readonly log: (m: string) => void;
  private readonly records: AlertRecordsRepository;
  private readonly recordCache = new Map<string, Promise<Bi | null>>();
  constructor(private readonly d: AlertsEvaluatorDeps) {
    this.log = d.log ?? (() => undefined);
    this.records = d.records;
  }

  /** The record of `key`, computed once per process (a failure is logged and gives null, not cached). */
  private record(key: string, compute: () => Promise<Bi>): Promise<Bi | null> {
    let p = this.recordCache.get(key);
    if (!p) {
      p = compute().catch((err) => {
        this.log(`alerts: record ${key}: ${err instanceof Error ? err.message : String(err)}`);
        this.recordCache.delete(key);
        return null;
      });
      if (this.recordCache.size >= RECORD_CACHE_SIZE) this.recordCache.delete(this.recordCache.keys().next().value!);
      this.recordCache.set(key, p);
    }
    return p;
  }

  /** Stored candles of (symbol, tf) closed by `until`, oldest first: at least RECORD_LOOKBACK_MS of them when stored. */
  private async series(symbol: string, tf: TaTimeframe, until: number): Promise<{ s: SeriesColumns; last: number }> {
    if (this.d.history) {
      const { s, to } = await this.d.history(symbol, tf, until);
      return { s, last: to - 1 };
    }
    const tfMs = TIMEFRAME_MS[tf];
    const s = seriesOf(await this.d.source.getCandles(symbol, tf, { limit: Math.ceil(RECORD_LOOKBACK_MS / tfMs) + 2, endTime: until }), tfMs);
    return { s, last: s.openTime.length - 1 };
  }

  /** Record of a price-move trigger at the 5m candle closing at `closeTime` (see the class). */
  private moveRecord(row: CoinRow, p: { percent: number; window_minutes: number; direction: MoveDirection }, k: number, closeTime: number): Promise<Bi | null> {
    return this.record(`move|${row.symbol}|${k}|${p.percent}|${p.direction}|${Math.floor(closeTime / HOUR)}`, async () => {
      const { s, last } = await this.series(row.symbol, '5m', closeTime);
      const rate = windowMoveRate(s.openTime, s.close, { end: last - k, k, step: k, since: closeTime - RECORD_LOOKBACK_MS, test: (x) => isMove(x, p.percent, p.direction) });
      return priceMoveRecord(row.symbol, { ...p, window_minutes: p.window_minutes }, rate);
    });
  }

  /** Share of 24 h windows (starting every hour, on 1h candles, else 5m) with a rise (`up`) or a fall over the look-back before `before`, summed over `rows`. */
  private async dayMoveBase(rows: CoinRow[], up: boolean, before: number): Promise<{ hits: number; n: number }> {
    let hits = 0;
    let n = 0;
    for (const c of rows) {
      const tf: TaTimeframe | null = c.timeframes.includes('1h') ? '1h' : c.timeframes.includes('5m') ? '5m' : null;
      if (!tf) continue;
      const { s, last } = await this.series(c.symbol, tf, before);
      const per = HOUR / TIMEFRAME_MS[tf];
      const r = windowMoveRate(s.openTime, s.close, { end: last, k: 24 * per, step: per, since: before - RECORD_LOOKBACK_MS, test: (x) => (up ? x > 0 : x < 0) });
      hits += r.hits;
      n += r.n;
    }
    return { hits, n };
  }

  /** Record of a news trigger: item of `sentiment` about `coin` under a rule of `minImportance`, released at `at` (see the class). */
  private newsRecordOf(coin: CoinRow, sentiment: 'bullish' | 'bearish' | 'neutral' | null, minImportance: number, at: number): Promise<Bi | null> {
    const level = importanceLevelOf(minImportance);
    const dir = sentiment ?? 'neutral';
    return this.record(`news|${coin.symbol}|${dir}|${level}|${Math.floor(at / HOUR)}`, async () => {
      if (dir === 'neutral') return newsRecord(coin.symbol, 'neutral', level, 'coin', { hits: 0, n: 0 }, { hits: 0, n: 0 });
      const since = at - RECORD_LOOKBACK_MS;
      let scope: 'coin' | 'all' = 'coin';
      let sample = await this.records.newsImpactCounts(coin.symbol, dir, level, since, at);
      if (sample.n < NEWS_RECORD_MIN_N) {
        scope = 'all';
        sample = await this.records.newsImpactCounts(null, dir, level, since, at);
      }
      const base = await this.dayMoveBase(scope === 'coin' ? [coin] : this.d.market.coinRows.filter((c) => c.timeframes.length), dir === 'bullish', at);
      return newsRecord(coin.symbol, dir, level, scope, sample, base);
    });
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

  /**
   * Handles a closed candle: 5m candles drive price and strategy rules. Returns the events fired.
   * After a 5m candle is evaluated, the coin's cursor (alert_candle_cursors) records its close time,
   * from which {@link catchUp} resumes after a restart.
   */
  async onCandleClosed(e: CandleClosedEvent): Promise<number> {
    if (e.timeframe !== '5m') return 0;
    const row = this.d.market.coinRows.find((c) => c.symbol === e.symbol);
    if (!row) return 0;
    return this.evaluateCandle(row, e, null);
  }

  /**
   * Evaluates the price and strategy rules of `row` on one closed 5m candle, then moves the coin's
   * cursor to its close. `asOf` (wall ms): only rules that stood as they are now by then count
   * (a candle caught up after a restart must not fire a rule made or edited after it closed); null on
   * the live path.
   */
  private async evaluateCandle(row: CoinRow, e: CandleClosedEvent, asOf: number | null): Promise<number> {
    try {
      let fired = 0;
      fired += await this.priceRules(row, e, asOf);
      fired += await this.strategyRules(row, e, asOf);
      await this.d.repo.setCandleCursor(row.symbol, e.candle.time + FIVE_MIN);
      return fired;
    } catch (err) {
      this.log(`alerts: candle ${e.symbol} ${e.timeframe}: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      return 0;
    }
  }

  /**
   * Evaluates the 5m candles that closed while no worker listened: for each coin with a cursor, the
   * candles closed after it and by the market clock's now, oldest first, at most `maxMs` (market
   * time) of them; a rule counts for a candle only when it stood as it is now (created, last edited,
   * paused or resumed) by the candle's close (the wall time that close had, from the clock's speed).
   * Coins never evaluated (no cursor: a first start) and cursors ahead of the clock (a replay that
   * wrapped to its start) are skipped; so is everything when no price or strategy rule is active.
   * Each trigger fires once per (rule, key) as on the live path, so a candle evaluated twice fires
   * nothing twice; a repeating rule fires once per missed candle that meets it, as it would have live.
   * Never throws: a failure is logged. Returns the candles evaluated and the events fired.
   */
  async catchUp(maxMs = CATCH_UP_MAX_MS): Promise<{ candles: number; fired: number }> {
    const out = { candles: 0, fired: 0 };
    try {
      const cursors = await this.d.repo.candleCursors();
      if (!cursors.size) return out;
      const [cross, moves, strategyRules] = await Promise.all([this.d.repo.activeRules('price_cross'), this.d.repo.activeRules('price_move'), this.d.repo.activeRules('strategy')]);
      const coinIds = new Set([...cross, ...moves].map((r) => r.coin_id));
      const strategyIds = [...new Set(strategyRules.map((r) => (r.params as { strategy_id?: unknown }).strategy_id).filter((x): x is number => typeof x === 'number'))];
      if (strategyIds.length) for (const s of await this.records.strategiesByIds(strategyIds)) coinIds.add(s.coin_id);
      if (!coinIds.size) return out;
      const now = this.d.clock.now();
      const wallNow = (this.d.now ?? Date.now)();
      for (const row of this.d.market.coinRows) {
        const last = cursors.get(row.symbol);
        if (!coinIds.has(row.id) || last == null || last >= now) continue;
        const from = Math.max(last, now - maxMs);
        const candles = await this.d.source.getCandles(row.symbol, '5m', { limit: Math.ceil((now - from) / FIVE_MIN) + 1, endTime: now });
        for (const c of candles) {
          const close = c.time + FIVE_MIN;
          if (close <= from || close > now) continue;
          out.fired += await this.evaluateCandle(row, { symbol: row.symbol, timeframe: '5m', candle: c }, wallNow - (now - close) / this.d.clock.speed);
          out.candles++;
        }
      }
      if (out.candles) this.log(`alerts: caught up ${out.candles} closed 5m candles, ${out.fired} alerts fired`);
    } catch (err) {
      this.log(`alerts: catch-up: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    }
    return out;
  }

  private async priceRules(row: CoinRow, e: CandleClosedEvent, asOf: number | null): Promise<number> {
    const c = e.candle;
    const closeTime = c.time + FIVE_MIN;
    const triggers: Trigger[] = [];
    const cross = await this.d.repo.activeRules('price_cross', row.id);
    for (const r of cross) {
      if (r.coin_id !== row.id || !stoodAt(r, asOf)) continue;
      const p = r.params as { level: number; direction: 'up' | 'down' | 'any'; repeat: boolean };
      const up = c.open < p.level && c.high >= p.level;
      const down = c.open > p.level && c.low <= p.level;
      const dir = up && p.direction !== 'down' ? 'up' : down && p.direction !== 'up' ? 'down' : null;
      if (!dir) continue;
      const lvl = formatUsdt(p.level);
      const title: Bi =
        dir === 'up' ? { en: `${row.symbol} crossed above ${lvl} USDT`, zh: `${row.symbol} 向上突破 ${lvl} USDT` } : { en: `${row.symbol} crossed below ${lvl} USDT`, zh: `${row.symbol} 向下跌破 ${lvl} USDT` };
      const msg: AlertMessage = { kind: 'price_cross', title, body: priceLine(c.close, closeTime, this.replay), record: priceCrossRecord(), price: c.close, marketTime: closeTime, replay: this.replay, path: `/crypto/${row.slug}`, facts: { coin: row.symbol, level: p.level, direction: dir, timeframe: '5m' } };
      // A one-shot rule fires once per arming: its key carries the time it was last created, edited or
      // resumed (updated_at), so a rule resumed after firing is armed again, while the same candle
      // evaluated twice (or by two processes) still fires it once.
      triggers.push({ rule: r, key: p.repeat ? `cross:${c.time}` : `cross@${r.updated_at}`, message: msg, pause: !p.repeat });
    }
    const moves = await this.d.repo.activeRules('price_move', row.id);
    for (const r of moves) {
      if (r.coin_id !== row.id || !stoodAt(r, asOf)) continue;
      const p = r.params as { percent: number; window_minutes: number; direction: MoveDirection };
      const k = Math.max(1, Math.round((p.window_minutes * 60_000) / FIVE_MIN));
      const candles = await this.d.source.getCandles(row.symbol, '5m', { limit: k + 1, endTime: closeTime });
      if (candles.length < 2 || candles[candles.length - 1].time !== c.time) continue;
      const base = candles.length > k ? candles[0].close : candles[0].open;
      if (!(base > 0)) continue;
      const change = (c.close / base - 1) * 100;
      const ok = isMove(change, p.percent, p.direction);
      if (!ok) continue;
      const last = await this.d.repo.lastFired(r.id);
      if (last != null && last > closeTime - p.window_minutes * 60_000 && last <= closeTime) continue; // once per window
      const ch = `${change >= 0 ? '+' : '−'}${Math.abs(change).toFixed(2)} %`;
      const msg: AlertMessage = {
        kind: 'price_move',
        title: { en: `${row.symbol} moved ${ch} in ${p.window_minutes} min`, zh: `${row.symbol} ${p.window_minutes} 分钟内变动 ${ch}` },
        body: priceLine(c.close, closeTime, this.replay),
        record: await this.moveRecord(row, p, k, closeTime),
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

  /**
   * Strategy rules on the coin of a closed 5m candle: a strategy (strategy_records) reaches its first
   * target or its invalidation price within its life — from its creation to the end of its horizon
   * (`due_at`; the strategies page scores it over the same window). A long strategy's target is
   * above the price and its invalidation below; a short one's the other way round.
   */
  private async strategyRules(row: CoinRow, e: CandleClosedEvent, asOf: number | null): Promise<number> {
    const rules = (await this.d.repo.activeRules('strategy')).filter((r) => r.params && typeof (r.params as { strategy_id?: unknown }).strategy_id === 'number' && stoodAt(r, asOf));
    if (!rules.length) return 0;
    const ids = [...new Set(rules.map((r) => (r.params as { strategy_id: number }).strategy_id))];
    const strategies = (await this.records.strategiesByIds(ids)).filter((s) => s.coin_id === row.id);
    if (!strategies.length) return 0;
    const c = e.candle;
    const closeTime = c.time + FIVE_MIN;
    const triggers: Trigger[] = [];
    for (const s of strategies) {
      if (closeTime <= Number(s.created_at) || c.time >= Number(s.due_at)) continue;
      let targets: number[] = [];
      try {
        targets = JSON.parse(String(s.targets));
      } catch {}
      const target = targets[0];
      const long = s.bias === 'long' || s.bias === 'bullish';
      const invalidation = Number(s.invalidation);
      const hitTarget = target != null && (long ? c.high >= target : c.low <= target);
      const hitInvalid = long ? c.low <= invalidation : c.high >= invalidation;
      if (!hitTarget && !hitInvalid) continue;
      const record = await this.record(`strategy|${s.author}|${s.timeframe}|${s.id}|${Math.floor(closeTime / HOUR)}`, async () =>
        strategyRecord(s.author, s.timeframe, await this.records.scoredStrategies(s.author, s.timeframe, closeTime, s.id)),
      );
      for (const r of rules.filter((x) => (x.params as { strategy_id: number }).strategy_id === s.id)) {
        const on = (r.params as { on: 'target' | 'invalidation' | 'both' }).on;
        const outcomes: ('target' | 'invalidation')[] = [];
        if (hitTarget && on !== 'invalidation') outcomes.push('target');
        if (hitInvalid && on !== 'target') outcomes.push('invalidation');
        for (const o of outcomes) {
          const lvl = formatUsdt(o === 'target' ? target! : invalidation);
          const msg: AlertMessage = {
            kind: 'strategy',
            title:
              o === 'target'
                ? { en: `${row.symbol} strategy reached its target ${lvl} USDT`, zh: `${row.symbol} 策略到达目标价 ${lvl} USDT` }
                : { en: `${row.symbol} strategy hit its invalidation ${lvl} USDT`, zh: `${row.symbol} 策略触及失效价 ${lvl} USDT` },
            body: priceLine(c.close, closeTime, this.replay),
            record,
            price: c.close,
            marketTime: closeTime,
            replay: this.replay,
            path: `/crypto/${row.slug}`,
            facts: { coin: row.symbol, strategy_id: s.id, outcome: o, level: o === 'target' ? target : invalidation, bias: long ? 'long' : 'short', timeframe: s.timeframe },
          };
          triggers.push({ rule: r, key: `strategy:${o}`, message: msg, pause: false });
        }
      }
    }
    return (await this.fireAll(triggers)).length;
  }

  /**
   * Handles a stored live analysis of a closed candle of (row, tf): the screen rules whose saved
   * screen the coin entered at this close, then every signal of that candle fires the signal rules
   * it matches (coin or watchlist, timeframe, pattern, direction, edge).
   */
  async onAnalysis(row: CoinRow, tf: TaTimeframe, result: TaResult | null, origin: 'live' | 'backfill'): Promise<number> {
    if (origin !== 'live' || !result) return 0;
    return (await this.screenRules(row, tf, result)) + (await this.signalRules(row, tf, result));
  }

  /**
   * Screen rules on a stored live analysis of (row, tf): each active rule whose saved screen (of
   * timeframe tf) the coin entered at this close fires once per (coin, candle). The record is the
   * measured edge of the strongest signal with an edge among those the screen matched, else a
   * plain statement that a screen is a condition the user set.
   */
  private async screenRules(row: CoinRow, tf: TaTimeframe, result: TaResult): Promise<number> {
    if (!this.d.screens) return 0;
    try {
      const rules = await this.d.repo.activeRules('screen');
      const ids = [...new Set(rules.map((r) => Number((r.params as { screen_id?: unknown }).screen_id)).filter((x) => Number.isInteger(x)))];
      if (!ids.length) return 0;
      const entries = await this.d.screens.entered(row, tf, result, ids);
      if (!entries.length) return 0;
      const openTime = result.current.candle_open_time;
      const closeTime = openTime + TIMEFRAME_MS[tf];
      const triggers: Trigger[] = [];
      for (const e of entries) {
        const best = result.market.signals
          .filter((s) => s.edge.verdict === 'edge' && e.hit.signals.some((h) => h.label === s.label))
          .sort((a, b) => (b.edge.edge_pp ?? 0) - (a.edge.edge_pp ?? 0))[0];
        const figures = Object.entries(e.hit.figures)
          .filter(([k, v]) => v != null && k !== 'price')
          .map(([k, v]) => `${k} ${Math.abs(v!) >= 1000 ? Math.round(v!) : Number(v!.toPrecision(4))}`)
          .join(', ');
        const msg: AlertMessage = {
          kind: 'screen',
          title: { en: `${row.symbol} entered your screen "${e.name}" (${tf})`, zh: `${row.symbol} 进入您的筛选「${e.name}」（${tf}）` },
          body: { en: `${priceLine(result.last_price, closeTime, this.replay).en} ${figures}`, zh: `${priceLine(result.last_price, closeTime, this.replay).zh} ${figures}` },
          record: best ? recordLine(best.name, tf, best.edge) : screenRecord(),
          price: result.last_price,
          marketTime: closeTime,
          replay: this.replay,
          path: `/crypto/${row.slug}`,
          facts: { coin: row.symbol, timeframe: tf, screen_id: e.screenId, figures: e.hit.figures, signals: e.hit.signals.map((s) => s.label) },
        };
        for (const r of rules) {
          if (r.user_id === e.userId && Number((r.params as { screen_id?: unknown }).screen_id) === e.screenId) triggers.push({ rule: r, key: `screen:${row.id}:${openTime}`, message: msg, pause: false });
        }
      }
      return (await this.fireAll(triggers)).length;
    } catch (err) {
      this.log(`alerts: screens ${row.symbol} ${tf}: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      return 0;
    }
  }

  /** Signal rules on a stored live analysis: every signal of the candle fires the rules it matches. */
  private async signalRules(row: CoinRow, tf: TaTimeframe, result: TaResult): Promise<number> {
    if (!result.market.signals.length) return 0;
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
          if ((it.importance ?? 0) < importanceLevelOf(p.min_importance)) continue;
          if (p.direction !== 'any' && it.sentiment !== p.direction) continue;
          const coin = r.coin_id == null ? coins.find((c) => watch.get(r.user_id)?.has(c.id)) : coins.find((c) => c.id === r.coin_id);
          if (!coin) continue;
          const ticker = await this.d.source.getTicker(coin.symbol);
          const msg: AlertMessage = {
            kind: 'news',
            title: { en: `${coin.symbol} news: ${it.title}`, zh: `${coin.symbol} 新闻：${it.title_zh ?? it.title}` },
            body: priceLine(ticker?.lastPrice ?? null, it.published_at, this.replay),
            record: await this.newsRecordOf(coin, it.sentiment, p.min_importance, it.published_at),
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

  /**
   * Evaluates the candles missed while no worker ran ({@link catchUp}), then subscribes to the market
   * source's closed candles, which queue behind it; returns the unsubscribe function.
   */
  listen(): () => void {
    this.chain = this.chain.then(() => this.catchUp());
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
