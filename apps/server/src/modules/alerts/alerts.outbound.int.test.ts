import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';
import { vapidKeys } from '../../../test/push-service';
import { internalUrls, startCountingListener } from '../../../test/outbound';
import { newMessageId, newWebhookSecret } from './alerts.service';
import { PushSubscriptionsRepository } from './alerts.push.repository';

/**
 * Outbound requests to user-supplied URLs on a server with the default (strict) policy: no
 * OUTBOUND_ALLOW_HOSTS. A loopback listener started here must receive nothing, whichever notation
 * of an internal address a webhook URL or push endpoint uses, at save time (400) and at send time
 * (a row forced into the database fails with a generic error that names no address or port).
 */
const vapid = vapidKeys();
let t: Awaited<ReturnType<typeof createTestApp>>;
let rx: Awaited<ReturnType<typeof startCountingListener>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alerts-outbound-int-'));

beforeAll(async () => {
  rx = await startCountingListener();
  t = await createTestApp({ symbols: ['BTC'], timeframes: ['5m'], env: { DATA_DIR: dataDir, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey } });
  expect(t.env.OUTBOUND_ALLOW_HOSTS).toBeUndefined();
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A browser's push keys (P-256 public point and 16-byte auth secret, base64url), valid for the contract. */
function pushKeys(): { p256dh: string; auth: string } {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
}

/** Every string of `value` (JSON), to look for addresses and ports in what a user is shown. */
const textOf = (value: unknown) => JSON.stringify(value);

describe('webhook URLs on the server’s own network', () => {
  it('are refused when saved (400 OUTBOUND_URL_NOT_ALLOWED naming body.url), in every notation', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    for (const url of internalUrls(rx.port)) {
      const r = await t.app.inject({ method: 'POST', url: '/api/alerts/webhooks', headers, payload: { url, description: 'internal' } });
      expect({ url, status: r.statusCode, code: r.json().error?.code }).toEqual({ url, status: 400, code: 'OUTBOUND_URL_NOT_ALLOWED' });
      expect(r.json().error.fields).toEqual([{ path: 'body.url', message: 'destination not allowed' }]);
      expect(r.json().error.details).toEqual({ field: 'body.url' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/webhooks', headers })).json().result).toEqual([]);
    expect(rx.hits()).toBe(0);
  });

  it('are refused when sent, if one got into the database: the delivery fails with "destination not allowed", no address or port in its log', async () => {
    const { userId, headers } = await createSignedInUser(t.ctx);
    const now = Date.now();
    const endpoints: { id: number; url: string; deliveryId: number }[] = [];
    for (const url of internalUrls(rx.port)) {
      const [ep] = await t.ctx.db.query<{ id: number }>(sql`insert into webhook_endpoints (user_id, url, description, secret, active, created_at) values (${userId}, ${url}, 'forced', ${newWebhookSecret()}, true, ${now}) returning id`);
      const deliveryId = await t.ctx.alerts.repo.insertDelivery(userId, { channel: 'webhook', endpointId: Number(ep.id), messageId: newMessageId(), payload: { type: 'alert.test', data: {} } }, now);
      endpoints.push({ id: Number(ep.id), url, deliveryId });
    }
    expect(await t.ctx.alerts.dispatcher!.runOnce()).toBe(endpoints.length);
    for (const ep of endpoints) {
      const log = (await t.app.inject({ method: 'GET', url: `/api/alerts/webhooks/${ep.id}/deliveries`, headers })).json().result;
      // given up at once: an internal destination stays refused
      expect({ url: ep.url, status: log[0].status, attempts: log[0].attempts.map((a: any) => [a.ok, a.status_code, a.error]) }).toEqual({ url: ep.url, status: 'failed', attempts: [[false, null, 'destination not allowed']] });
      expect(textOf(log)).not.toMatch(/127\.0\.0\.1|::1|7f00|169\.254|10\.0\.0\.1|192\.168|ECONNREFUSED|localhost/i);
      expect(textOf(log)).not.toContain(String(rx.port));
    }
    expect(rx.hits()).toBe(0);
  });
});

describe('Web Push endpoints on the server’s own network', () => {
  const internal = (port: number) => [`https://127.0.0.1:${port}/push/x`, `https://localhost:${port}/push/x`, `https://[::ffff:7f00:1]:${port}/push/x`, `https://2130706433:${port}/push/x`, 'https://169.254.169.254/push/x', 'https://[fd00::1]/push/x', 'https://10.1.2.3/push/x'];

  it('are refused when subscribing (400 OUTBOUND_URL_NOT_ALLOWED naming body.endpoint)', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    for (const endpoint of internal(rx.port)) {
      const r = await t.app.inject({ method: 'POST', url: '/api/alerts/push/subscriptions', headers, payload: { endpoint, expirationTime: null, keys: pushKeys() } });
      expect({ endpoint, status: r.statusCode, code: r.json().error?.code, fields: r.json().error?.fields }).toEqual({ endpoint, status: 400, code: 'OUTBOUND_URL_NOT_ALLOWED', fields: [{ path: 'body.endpoint', message: 'destination not allowed' }] });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/push/subscriptions', headers })).json().result).toEqual([]);
  });

  it('are refused when sent, if one got into the database (failed for good, generic error)', async () => {
    const { userId } = await createSignedInUser(t.ctx);
    const subs = new PushSubscriptionsRepository(t.ctx.db);
    const now = Date.now();
    const ids: number[] = [];
    for (const endpoint of internal(rx.port)) {
      const sub = await subs.upsert(userId, { endpoint, ...pushKeys(), userAgent: null }, now);
      const payload = { notification: { title: 't', body: 'b', url: 'https://coinlens.example/en-US/alerts', tag: 'coinlens-alert-0' }, ttl: 60, urgency: 'high' };
      const [d] = await t.ctx.db.query<{ id: number }>(sql`insert into alert_deliveries (user_id, event_id, channel, endpoint_id, push_subscription_id, message_id, payload, status, attempts, next_attempt_at, created_at)
        values (${userId}, null, 'push', null, ${sub.id}, ${newMessageId()}, ${JSON.stringify(payload)}::jsonb, 'pending', 0, ${now}, ${now}) returning id`);
      ids.push(Number(d.id));
    }
    await t.ctx.alerts.dispatcher!.runOnce();
    const rows = await t.ctx.db.query<{ id: number; status: string; error: string | null }>(sql`select d.id, d.status, a.error from alert_deliveries d join alert_delivery_attempts a on a.delivery_id = d.id
      where d.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) order by d.id`);
    expect(rows.map((r) => [r.status, r.error])).toEqual(ids.map(() => ['failed', 'destination not allowed']));
    expect(rx.hits()).toBe(0);
  });
});

describe('webhook endpoint cap and the send-test limit', () => {
  it('allows a free user 3 endpoints, exactly, under 30 parallel requests (409 WEBHOOK_LIMIT_REACHED)', async () => {
    const { userId, headers } = await createSignedInUser(t.ctx);
    // A public address literal: checked without DNS, and nothing is sent when an endpoint is saved.
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/alerts/webhooks', headers, payload: { url: `https://93.184.215.14/hook/${i}` } })));
    const by = (s: number) => answers.filter((a) => a.statusCode === s);
    expect(by(200)).toHaveLength(3);
    expect(by(409)).toHaveLength(27);
    expect(by(409).every((a) => a.json().error.code === 'WEBHOOK_LIMIT_REACHED' && a.json().error.details.limit === 3)).toBe(true);
    const [c] = await t.ctx.db.query<{ n: number }>(sql`select count(*)::int as n from webhook_endpoints where user_id = ${userId}`);
    expect(Number(c.n)).toBe(3);
    // deleting one frees a place
    const id = by(200)[0].json().result.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/alerts/webhooks/${id}`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/alerts/webhooks', headers, payload: { url: 'https://93.184.215.14/again' } })).statusCode).toBe(200);
  });

  it('lets a user send 5 test deliveries a minute (then 429 RATE_LIMITED with retry-after), other users unaffected', async () => {
    const a = await createSignedInUser(t.ctx);
    const b = await createSignedInUser(t.ctx);
    const epA = (await t.app.inject({ method: 'POST', url: '/api/alerts/webhooks', headers: a.headers, payload: { url: 'https://93.184.215.14/a' } })).json().result;
    const epA2 = (await t.app.inject({ method: 'POST', url: '/api/alerts/webhooks', headers: a.headers, payload: { url: 'https://93.184.215.14/a2' } })).json().result;
    const epB = (await t.app.inject({ method: 'POST', url: '/api/alerts/webhooks', headers: b.headers, payload: { url: 'https://93.184.215.14/b' } })).json().result;
    const test = (headers: Record<string, string>, id: number) => t.app.inject({ method: 'POST', url: `/api/alerts/webhooks/${id}/test`, headers });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await test(a.headers, i % 2 ? epA2.id : epA.id)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const over = await test(a.headers, epA2.id);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await test(b.headers, epB.id)).statusCode).toBe(200);
  });
});
