import { LOCKS, type DatabaseHandle } from '@coinlens/db';
import type { Env } from '../../platform/env';
import type { Clock } from '../../platform/clock';
import type { PubSub } from '../../platform/pubsub';
import { Outbound } from '../../platform/outbound';
import type { Mailer } from '../../providers/mail';
import type { MarketSource } from '../../providers/market/types';
import type { MarketService } from '../market/market.service';
import type { EventBus } from '../../platform/events';
import type { SignalsEvents } from '../signals/signals.events';
import type { NewsEvents } from '../news/news.events';
import { AlertDispatcher } from './alerts.dispatcher';
import { AlertsEvaluator, type AlertHistoryLoader, type ScreenEntries } from './alerts.evaluator';
import { AlertsHousekeeping } from './alerts.housekeeping';
import { AlertsHousekeepingRepository } from './alerts.housekeeping.repository';
import { AlertRecordsRepository } from './alerts.records.repository';
import { AlertsRepository } from './alerts.repository';
import { AlertsService, type AlertChannelConfig } from './alerts.service';
import { TelegramService, telegramChannel } from './alerts.telegram';
import { TelegramBot } from './alerts.telegram-bot';
import { PushSender, vapidConfigOf } from './alerts.push';
import { PushSubscriptionsRepository } from './alerts.push.repository';
import { PushSubscriptionsService } from './alerts.push.service';

/** The alerts module of a process: the API service everywhere; evaluator and dispatcher only with the worker role. */
export interface Alerts {
  repo: AlertsRepository;
  service: AlertsService;
  /** Web Push subscriptions (devices) and the public key; subscribing answers 503 without VAPID keys. */
  push: PushSubscriptionsService;
  /** Null in processes without the worker role (`ROLES=web`). */
  evaluator: AlertsEvaluator | null;
  /** Null in processes without the worker role. */
  dispatcher: AlertDispatcher | null;
  /** The Telegram link API (tokens, status, unlink, test) of every process. */
  telegram: TelegramService;
  /** The bot that receives `/start <token>` (long polling) — worker processes with a configured bot only. */
  telegramBot: TelegramBot | null;
  /** Prunes the outbox and old notifications (`ALERTS_RETENTION_DAYS`); null without the worker role. */
  housekeeping: AlertsHousekeeping | null;
  /** The guarded client of user-supplied URLs (webhooks, push endpoints), with OUTBOUND_ALLOW_HOSTS. */
  outbound: Outbound;
  close(): Promise<void>;
}

/** Channels configured by the environment (Telegram needs its bot, Web Push the VAPID keys): off, with the reason. */
export function alertChannelConfig(env: Env): AlertChannelConfig {
  return {
    email: { enabled: true, reason: env.SMTP_URL ? null : 'outbox' },
    telegram: telegramChannel(env),
    webPush: vapidConfigOf(env) ? { enabled: true, reason: null } : { enabled: false, reason: 'not_configured' },
  };
}

/**
 * Builds the alerts module. With `worker`, the evaluator listens to closed candles, the dispatcher
 * polls the outbox every `ALERTS_POLL_MS` with leases of `ALERTS_LEASE_MS`, and the housekeeping
 * prunes rows older than `ALERTS_RETENTION_DAYS` once an hour (none of them started in tests: they
 * drive `dispatcher.runOnce()` and `housekeeping.runOnce()`). With a Telegram bot configured, worker
 * processes also run the bot: it long-polls `getUpdates` under the `telegram` advisory lock (one
 * poller per deployment; not started in tests, which drive `telegramBot.pollOnce()`).
 * With `events`, the evaluator of a worker also reacts to each live `signals.analysisStored` and to
 * each `news.released` (in tests as well).
 */
export function createAlerts(
  env: Env,
  d: { db: DatabaseHandle; market: MarketService; source: MarketSource; clock: Clock; pubsub: PubSub; mailer: Mailer; worker: boolean; now?: () => number; log?: (m: string) => void; history?: AlertHistoryLoader; events?: EventBus<SignalsEvents & NewsEvents>; screens?: ScreenEntries },
): Alerts {
  const repo = new AlertsRepository(d.db);
  const channels = alertChannelConfig(env);
  const records = new AlertRecordsRepository(d.db);
  const telegramBot =
    d.worker && channels.telegram.enabled
      ? new TelegramBot({ token: env.TELEGRAM_BOT_TOKEN!, apiRoot: env.TELEGRAM_API_ROOT, repo, pollTimeoutS: env.TELEGRAM_POLL_TIMEOUT_S, tryLock: () => d.db.tryLock(LOCKS.telegram), now: d.now, log: d.log })
      : null;
  // One guarded client per process: webhook URLs and push endpoints are checked with it when saved,
  // and every delivery connects through its pools (internal addresses refused after DNS resolution).
  const outbound = new Outbound({ allow: env.OUTBOUND_ALLOW_HOSTS });
  const vapid = vapidConfigOf(env);
  const pushSubscriptions = new PushSubscriptionsRepository(d.db);
  const pushDelivery = vapid ? { sender: new PushSender(vapid, { outbound }), subscriptions: pushSubscriptions } : null;
  const dispatcher = d.worker
    ? new AlertDispatcher({
        repo,
        mailer: d.mailer,
        pollMs: env.ALERTS_POLL_MS,
        leaseMs: env.ALERTS_LEASE_MS,
        timeoutMs: Math.min(10_000, Math.floor(env.ALERTS_LEASE_MS / 2)),
        now: d.now,
        log: d.log,
        telegram: telegramBot?.api ?? null,
        push: pushDelivery,
        outbound,
      })
    : null;
  const housekeeping = d.worker ? new AlertsHousekeeping({ repo: new AlertsHousekeepingRepository(d.db), retentionDays: env.ALERTS_RETENTION_DAYS, now: d.now, log: d.log }) : null;
  const wake = () => dispatcher?.wake();
  const service = new AlertsService({ repo, records, screens: d.screens, market: d.market, pubsub: d.pubsub, channels, now: d.now, wake, outbound });
  const telegram = new TelegramService({ repo, botName: env.TELEGRAM_BOT_NAME ?? null, enabled: channels.telegram.enabled, reason: channels.telegram.reason, now: d.now, wake });
  const origin = env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`;
  const evaluator = d.worker
    ? new AlertsEvaluator({
        repo,
        market: d.market,
        source: d.source,
        clock: d.clock,
        pubsub: d.pubsub,
        origin: origin.replace(/\/$/, ''),
        emailEnabled: true,
        telegramEnabled: channels.telegram.enabled,
        pushSubscriptions: vapid ? pushSubscriptions : null,
        wake,
        history: d.history,
        records,
        screens: d.screens,
        claim: () => (dispatcher?.accepting ? { leaseMs: env.ALERTS_LEASE_MS, to: (rows) => dispatcher.sendClaimed(rows) } : null),
        now: d.now,
        log: d.log,
      })
    : null;
  if (evaluator && d.events) {
    d.events.on('signals.analysisStored', async ({ row, tf, result, origin }) => {
      if (origin === 'live') await evaluator.onAnalysis(row, tf, result, origin);
    });
    d.events.on('news.released', async ({ rows }) => {
      await evaluator.onNewsReleased(rows);
    });
  }
  let unlisten: (() => void) | null = null;
  if (evaluator && env.NODE_ENV !== 'test') {
    unlisten = evaluator.listen();
    dispatcher!.start();
    telegramBot?.start();
    housekeeping!.start();
  }
  return {
    repo,
    service,
    push: new PushSubscriptionsService({ repo: pushSubscriptions, vapid, now: d.now, outbound }),
    evaluator,
    dispatcher,
    telegram,
    telegramBot,
    housekeeping,
    outbound,
    async close() {
      unlisten?.();
      await telegramBot?.stop();
      await evaluator?.idle();
      await dispatcher?.stop();
      await housekeeping?.stop();
      outbound.close();
    },
  };
}
