import type { DatabaseHandle } from '@coinlens/db';
import type { Env } from '../../platform/env';
import type { Clock } from '../../platform/clock';
import type { PubSub } from '../../platform/pubsub';
import type { Mailer } from '../../providers/mail';
import type { MarketSource } from '../../providers/market/types';
import type { MarketService } from '../market/market.service';
import { AlertDispatcher } from './alerts.dispatcher';
import { AlertsEvaluator, type AlertHistoryLoader } from './alerts.evaluator';
import { AlertRecordsRepository } from './alerts.records.repository';
import { AlertsRepository } from './alerts.repository';
import { AlertsService, type AlertChannelConfig } from './alerts.service';

/** The alerts module of a process: the API service everywhere; evaluator and dispatcher only with the worker role. */
export interface Alerts {
  repo: AlertsRepository;
  service: AlertsService;
  /** Null in processes without the worker role (`ROLES=web`). */
  evaluator: AlertsEvaluator | null;
  /** Null in processes without the worker role. */
  dispatcher: AlertDispatcher | null;
  close(): Promise<void>;
}

/** Channels configured by the environment (Telegram and Web Push are not built yet: off, with the reason). */
export function alertChannelConfig(env: Env): AlertChannelConfig {
  return {
    email: { enabled: true, reason: env.SMTP_URL ? null : 'outbox' },
    telegram: { enabled: false, reason: 'not_available' },
    webPush: { enabled: false, reason: 'not_available' },
  };
}

/**
 * Builds the alerts module. With `worker`, the evaluator listens to closed candles (started by the
 * caller through `evaluator.listen()`) and the dispatcher polls the outbox every `ALERTS_POLL_MS`
 * (not started in tests: they drive `dispatcher.runOnce()`).
 */
export function createAlerts(
  env: Env,
  d: { db: DatabaseHandle; market: MarketService; source: MarketSource; clock: Clock; pubsub: PubSub; mailer: Mailer; worker: boolean; now?: () => number; log?: (m: string) => void; history?: AlertHistoryLoader },
): Alerts {
  const repo = new AlertsRepository(d.db);
  const records = new AlertRecordsRepository(d.db);
  const dispatcher = d.worker ? new AlertDispatcher({ repo, mailer: d.mailer, pollMs: env.ALERTS_POLL_MS, now: d.now, log: d.log }) : null;
  const wake = () => dispatcher?.wake();
  const service = new AlertsService({ repo, records, market: d.market, pubsub: d.pubsub, channels: alertChannelConfig(env), now: d.now, wake });
  const origin = env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`;
  const evaluator = d.worker
    ? new AlertsEvaluator({ db: d.db, repo, market: d.market, source: d.source, clock: d.clock, pubsub: d.pubsub, origin: origin.replace(/\/$/, ''), emailEnabled: true, wake, history: d.history, records, now: d.now, log: d.log })
    : null;
  let unlisten: (() => void) | null = null;
  if (evaluator && env.NODE_ENV !== 'test') {
    unlisten = evaluator.listen();
    dispatcher!.start();
  }
  return {
    repo,
    service,
    evaluator,
    dispatcher,
    async close() {
      unlisten?.();
      await evaluator?.idle();
      await dispatcher?.stop();
    },
  };
}
