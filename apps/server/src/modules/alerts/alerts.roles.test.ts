import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../platform/env';
import { InProcessPubSub } from '../../platform/pubsub';
import { createAlerts } from './alerts';

/** Nothing here touches the database: the module only builds its parts. */
const deps = (worker: boolean) => ({ db: {} as never, market: {} as never, source: { onCandleClosed: () => () => undefined } as never, clock: { mode: 'replay' } as never, pubsub: new InProcessPubSub(), mailer: {} as never, worker });

describe('alerts by process role', () => {
  it('evaluates and dispatches only in worker processes (ROLES=web serves the API alone)', async () => {
    const web = parseEnv({ ROLES: 'web', NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const a = createAlerts(web, deps(web.ROLES.includes('worker')));
    expect(a.evaluator).toBeNull();
    expect(a.dispatcher).toBeNull();
    expect(a.service).toBeTruthy();
    await a.close();
    const both = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const b = createAlerts(both, deps(both.ROLES.includes('worker')));
    expect(b.evaluator).not.toBeNull();
    expect(b.dispatcher).not.toBeNull();
    await b.close();
  });

  it('runs the Telegram bot (update polling) only in worker processes of a server with a bot', async () => {
    const tg = { TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_BOT_NAME: 'coinlens_bot', NODE_ENV: 'test', LOG_LEVEL: 'silent' } as const;
    const web = parseEnv({ ...tg, ROLES: 'web' });
    const a = createAlerts(web, deps(false));
    expect(a.telegramBot).toBeNull();
    expect(a.service.channels().find((c) => c.channel === 'telegram')).toEqual({ channel: 'telegram', enabled: true, reason: null });
    await a.close();
    const worker = parseEnv({ ...tg, ROLES: 'worker' });
    const b = createAlerts(worker, deps(true));
    expect(b.telegramBot).not.toBeNull();
    await b.close();
    const none = createAlerts(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), deps(true));
    expect(none.telegramBot).toBeNull();
    await none.close();
    // A bot kept for sign-in only: no polling, the channel off with its reason.
    const signInOnly = createAlerts(parseEnv({ ...tg, TELEGRAM_ALERTS: 'false' }), deps(true));
    expect(signInOnly.telegramBot).toBeNull();
    expect(signInOnly.service.channels().find((c) => c.channel === 'telegram')).toEqual({ channel: 'telegram', enabled: false, reason: 'disabled' });
    await signInOnly.close();
  });
});
