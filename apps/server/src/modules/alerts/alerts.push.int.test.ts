import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Candle } from '@coinlens/contracts';
import { risingCandle } from './alerts.test-helpers';
import { edgeStat } from '@coinlens/contracts/signals/edge-stats';
import { createTestApp } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';
import { startPushService, vapidKeys, type TestPushClient } from '../../../test/push-service';
import { AlertDispatcher } from './alerts.dispatcher';
import { PushSender, vapidConfigOf } from './alerts.push';
import { PushSubscriptionsRepository } from './alerts.push.repository';
import { PushSubscriptionsService } from './alerts.push.service';
import { Outbound } from '../../platform/outbound';

const vapid = vapidKeys();
let t: Awaited<ReturnType<typeof createTestApp>>;
let svc: Awaited<ReturnType<typeof startPushService>>;
let now = Date.now();
let dispatcher: AlertDispatcher;
const logs: string[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alerts-push-int-'));

beforeAll(async () => {
  svc = await startPushService(vapid.publicKey);
  t = await createTestApp({
    symbols: ['BTC', 'ETH'],
    timeframes: ['5m', '1h'],
    env: { DATA_DIR: dataDir, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@coinlens.example', PUBLIC_ORIGIN: 'https://coinlens.example', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
  });
  // The worker's dispatcher, whose outbound client trusts the local push service's certificate and
  // allows its address explicitly (127.0.0.1 is refused by default).
  dispatcher = new AlertDispatcher({
    repo: t.ctx.alerts.repo,
    mailer: t.ctx.accounts.mailer,
    pollMs: 0,
    baseBackoffMs: 5000,
    now: () => now,
    log: (m) => logs.push(m),
    push: { sender: new PushSender(vapidConfigOf(t.env)!, { outbound: new Outbound({ allow: t.env.OUTBOUND_ALLOW_HOSTS, ca: svc.cert }) }), subscriptions: new PushSubscriptionsRepository(t.ctx.db) },
  });
});
afterAll(async () => {
  await t?.close();
  await svc?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function subscribe(headers: Record<string, string>, c: TestPushClient, ua = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36') {
  return t.app.inject({ method: 'POST', url: '/api/alerts/push/subscriptions', headers: { ...headers, 'user-agent': ua }, payload: c.subscription });
}

/** A signed-in user with a one-shot BTC price-cross rule on channel push, fired by `c`. */
async function firePriceAlert(headers: Record<string, string>, c: Candle): Promise<{ ruleId: number }> {
  const level = Math.round(((c.open + c.high) / 2) * 100) / 100;
  const rule = (await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'price_cross', coin: 'bitcoin', level, direction: 'up' }, channels: ['push'] } })).json().result;
  expect(rule.channels).toEqual(['push']);
  expect(await t.ctx.alerts.evaluator!.onCandleClosed({ symbol: 'BTC', timeframe: '5m', candle: c })).toBeGreaterThanOrEqual(1);
  now = Math.max(now, Date.now() + 1000); // the dispatcher's clock: the new rows are due
  return { ruleId: rule.id };
}

const pushRows = (ruleId: number) =>
  t.ctx.db.query<any>(sql`select d.* from alert_deliveries d join alert_events e on e.id = d.event_id where e.rule_id = ${ruleId} and d.channel = 'push' order by d.id`);
const attemptsOf = (deliveryId: number) => t.ctx.db.query<any>(sql`select attempt, ok, status_code, error from alert_delivery_attempts where delivery_id = ${deliveryId} order by attempt`);

describe('Web Push subscriptions API', () => {
  it('serves the public key, never the private one, and lists the channel as on', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/alerts/push/config' });
    expect(r.json().result).toEqual({ enabled: true, public_key: vapid.publicKey, reason: null });
    expect(r.body).not.toContain(vapid.privateKey);
    const channels = (await t.app.inject({ method: 'GET', url: '/api/alerts/channels' })).json().result.channels;
    expect(channels.find((c: any) => c.channel === 'web_push')).toEqual({ channel: 'web_push', enabled: true, reason: null });
  });

  it('needs a signed-in user and answers 400 with the failing fields', async () => {
    const c = svc.newClient();
    expect((await t.app.inject({ method: 'POST', url: '/api/alerts/push/subscriptions', payload: c.subscription })).statusCode).toBe(401);
    const { headers } = await createSignedInUser(t.ctx);
    const bad = await t.app.inject({ method: 'POST', url: '/api/alerts/push/subscriptions', headers, payload: { endpoint: 'http://127.0.0.1:1/push/x', keys: { p256dh: 'abc', auth: c.subscription.keys.p256dh } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.map((f: any) => f.path)).toEqual(expect.arrayContaining(['body.endpoint', 'body.keys.p256dh', 'body.keys.auth']));
  });

  it('upserts on the endpoint, lists the devices with their user agent, and removes them', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const c = svc.newClient();
    const first = (await subscribe(headers, c)).json().result;
    const again = (await subscribe(headers, c, 'Mozilla/5.0 (Android 15) Firefox/140.0')).json().result;
    expect(again.id).toBe(first.id);
    const list = (await t.app.inject({ method: 'GET', url: '/api/alerts/push/subscriptions', headers })).json().result;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: first.id, endpoint: c.subscription.endpoint, push_service: svc.origin, user_agent: 'Mozilla/5.0 (Android 15) Firefox/140.0' });
    // Another account signed in on that browser takes the subscription over.
    const other = await createSignedInUser(t.ctx);
    expect((await subscribe(other.headers, c)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/push/subscriptions', headers })).json().result).toHaveLength(0);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/alerts/push/subscriptions', headers: other.headers })).json().result;
    expect(mine).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/alerts/push/subscriptions/${mine[0].id}`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/alerts/push/subscriptions/${mine[0].id}`, headers: other.headers })).json().result.deleted).toBe(true);
    const c2 = svc.newClient();
    await subscribe(headers, c2);
    expect((await t.app.inject({ method: 'POST', url: '/api/alerts/push/unsubscribe', headers, payload: { endpoint: c2.subscription.endpoint } })).json().result.deleted).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/alerts/push/unsubscribe', headers, payload: { endpoint: c2.subscription.endpoint } })).statusCode).toBe(404);
  });

  it('refuses to subscribe without VAPID keys (404 PUSH_NOT_CONFIGURED)', async () => {
    const off = new PushSubscriptionsService({ repo: new PushSubscriptionsRepository(t.ctx.db), vapid: null });
    expect(off.config()).toEqual({ enabled: false, public_key: null, reason: 'not_configured' });
    await expect(off.subscribe(1, svc.newClient().subscription, undefined)).rejects.toMatchObject({ code: 'PUSH_NOT_CONFIGURED' });
  });
});

describe('Web Push delivery through the local push service', () => {
  it('delivers a fired price alert to every subscribed browser: VAPID-signed, aes128gcm, decrypted with the browser keys', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const phone = svc.newClient();
    const laptop = svc.newClient();
    await subscribe(headers, phone);
    await subscribe(headers, laptop);
    const c = await risingCandle(t.ctx.source);
    const { ruleId } = await firePriceAlert(headers, c);
    const rows = await pushRows(ruleId);
    expect(rows).toHaveLength(2);
    await dispatcher.runOnce();
    for (const client of [phone, laptop]) {
      const got = svc.to(client);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ status: 201, vapidOk: true, decryptError: null });
      expect(got[0].jwt).toMatchObject({ aud: svc.origin, sub: 'mailto:ops@coinlens.example' });
      expect(got[0].headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'high' });
      const p = got[0].payload as { title: string; body: string; url: string; tag: string };
      expect(p.title).toContain('BTC crossed above');
      expect(p.body).toContain(' USDT at ');
      expect(p.body).toContain('(replay)');
      expect(p.url).toBe('https://coinlens.example/en-US/crypto/bitcoin');
      expect(p.tag).toBe(`coinlens-alert-${rows[0].event_id}`);
      expect(Buffer.byteLength(JSON.stringify(p))).toBeLessThanOrEqual(3072);
    }
    const after = await pushRows(ruleId);
    expect(after.map((r: any) => r.status)).toEqual(['delivered', 'delivered']);
    expect(await attemptsOf(after[0].id)).toEqual([{ attempt: 1, ok: true, status_code: 201, error: null }]);
    expect(logs.some((l) => l.includes(`push ${after[0].message_id}`) && l.includes('delivered (HTTP 201)'))).toBe(true);
    expect(logs.join('\n')).not.toContain(phone.subscription.endpoint);
  });

  it('carries the trigger\'s record of a signal alert, in the user\'s language', async () => {
    const { headers, userId } = await createSignedInUser(t.ctx);
    await t.ctx.db.query(sql`update users set language = 'zh_CN' where id = ${userId}`);
    const c = svc.newClient();
    await subscribe(headers, c);
    await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'signal', coin: 'ETH', timeframe: '1h', direction: 'bullish' }, channels: ['push'] } });
    const openTime = Date.parse('2025-05-16T12:00:00Z');
    const result = {
      current: { timeframe: '1h', candle_open_time: openTime },
      last_price: 2500.5,
      market: { signals: [{ label: 'bullish_engulfing', name: { en: 'Bullish engulfing', zh: '看涨吞没' }, direction: 'bullish', edge: edgeStat(5, 40, 0.5, 1000) }] },
    } as any;
    expect(await t.ctx.alerts.evaluator!.onAnalysis(t.ctx.market.resolve('ETH'), '1h', result, 'live')).toBe(1);
    now = Math.max(now, Date.now() + 1000);
    await dispatcher.runOnce();
    const [got] = svc.to(c);
    expect(got).toMatchObject({ status: 201, vapidOk: true });
    expect(got.headers.urgency).toBe('normal');
    const p = got.payload as { title: string; body: string; url: string };
    expect(p.title).toContain('看涨吞没');
    expect(p.body).toContain('价格 2,500.50 USDT');
    expect(p.body).toMatch(/看涨吞没，1h：.*样本 40/);
    expect(p.url).toBe('https://coinlens.example/zh-CN/crypto/ethereum');
  });

  it('deletes a subscription the push service says is gone (410) and fails the delivery without retry', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const c = svc.newClient();
    const sub = (await subscribe(headers, c)).json().result;
    svc.respond(c, [410]);
    const { ruleId } = await firePriceAlert(headers, await risingCandle(t.ctx.source));
    await dispatcher.runOnce();
    expect(svc.to(c).map((r) => r.status)).toEqual([410]);
    const [row] = await pushRows(ruleId);
    expect(row).toMatchObject({ status: 'failed', push_subscription_id: null, last_error: 'HTTP 410: subscription gone' });
    expect(await attemptsOf(row.id)).toEqual([{ attempt: 1, ok: false, status_code: 410, error: 'HTTP 410: subscription gone' }]);
    expect(await t.ctx.db.query(sql`select id from push_subscriptions where id = ${sub.id}`)).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/push/subscriptions', headers })).json().result).toHaveLength(0);
    now += 3_600_000;
    await dispatcher.runOnce();
    expect(svc.to(c)).toHaveLength(1);
  });

  it('retries a 500 with the backoff, logging each attempt', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const c = svc.newClient();
    await subscribe(headers, c);
    svc.respond(c, [500]);
    const { ruleId } = await firePriceAlert(headers, await risingCandle(t.ctx.source));
    await dispatcher.runOnce();
    await dispatcher.runOnce(); // not due yet
    expect(svc.to(c).map((r) => r.status)).toEqual([500]);
    const [pending] = await pushRows(ruleId);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_error: 'HTTP 500' });
    now += 5001;
    await dispatcher.runOnce();
    expect(svc.to(c).map((r) => r.status)).toEqual([500, 201]);
    const [row] = await pushRows(ruleId);
    expect(row.status).toBe('delivered');
    expect(await attemptsOf(row.id)).toEqual([
      { attempt: 1, ok: false, status_code: 500, error: 'HTTP 500' },
      { attempt: 2, ok: true, status_code: 201, error: null },
    ]);
    expect(logs.filter((l) => l.includes(`push ${row.message_id}`))).toHaveLength(2);
  });
});
