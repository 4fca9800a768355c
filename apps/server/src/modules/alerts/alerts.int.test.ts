import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { openDatabase } from '@coinlens/db';
import { createTestApp } from '../../../test/harness';
import { createContext } from '../../context';
import { createSignedInUser } from '../../../test/users';
import { AlertDispatcher } from './alerts.dispatcher';
import { AlertsHousekeeping } from './alerts.housekeeping';
import { AlertsHousekeepingRepository } from './alerts.housekeeping.repository';
import { risingCandle } from './alerts.test-helpers';
import { edgeStat } from '@coinlens/contracts/signals/edge-stats';

/** A local webhook receiver verifying Standard Webhooks signatures with the endpoint's secret. */
async function startReceiver(opts: { fail?: (n: number) => boolean } = {}) {
  const received: { id: string; verified: boolean; body: any; error?: string }[] = [];
  let secret = '';
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      n++;
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = { 'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']) };
      let verified = false;
      let error: string | undefined;
      try {
        new Webhook(secret).verify(raw, headers);
        verified = true;
      } catch (e) {
        error = (e as Error).message;
      }
      received.push({ id: headers['webhook-id'], verified, body: JSON.parse(raw), error });
      const fail = opts.fail?.(n) ?? false;
      res.writeHead(fail ? 500 : 204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    setSecret: (s: string) => (secret = s),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let t: Awaited<ReturnType<typeof createTestApp>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alerts-int-'));
beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC', 'ETH'], timeframes: ['5m', '1h'], env: { DATA_DIR: dataDir, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } }); // the receivers listen on 127.0.0.1, refused by default
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('alert rules API', () => {
  it('needs a signed-in user', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/alerts/rules' });
    expect(r.statusCode).toBe(401);
  });

  it('answers 400 with the failing fields', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const r = await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'price_cross', coin: 'bitcoin', level: -5 }, channels: ['sms'] } });
    expect(r.statusCode).toBe(400);
    const paths = r.json().error.fields.map((f: any) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['body.rule.level', 'body.channels.0']));
    const strategy = await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'strategy', strategy_id: 999999 } } });
    expect(strategy.statusCode).toBe(404);
    expect(strategy.json().error.code).toBe('STRATEGY_NOT_FOUND');
    const unknownCoin = await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'price_cross', coin: 'nope', level: 5 } } });
    expect(unknownCoin.statusCode).toBe(404);
  });

  it('creates, lists, pauses, resumes, edits and deletes; Free keeps 5 active rules', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'price_cross', coin: 'BTC', level: 1_000_000 + i }, channels: ['email'] } });
      expect(r.statusCode).toBe(200);
      expect(r.json().result).toMatchObject({ active: true, coin: { slug: 'bitcoin', symbol: 'BTC' }, rule: { kind: 'price_cross', coin: 'bitcoin', direction: 'any', repeat: false } });
      ids.push(r.json().result.id);
    }
    const sixth = await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'signal', timeframe: '1h' } } });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error).toMatchObject({ code: 'ALERT_RULE_LIMIT_REACHED', details: { limit: 5 } });
    const list = (await t.app.inject({ method: 'GET', url: '/api/alerts/rules', headers })).json().result;
    expect(list).toMatchObject({ active: 5, limit: 5 });
    const paused = await t.app.inject({ method: 'PATCH', url: `/api/alerts/rules/${ids[0]}`, headers, payload: { active: false } });
    expect(paused.json().result.active).toBe(false);
    const sig = await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'signal', timeframe: '1h', edge_only: true } } });
    expect(sig.statusCode).toBe(200);
    expect(sig.json().result).toMatchObject({ coin: null, rule: { kind: 'signal', pattern: 'any', direction: 'any', edge_only: true } });
    const resume = await t.app.inject({ method: 'PATCH', url: `/api/alerts/rules/${ids[0]}`, headers, payload: { active: true } });
    expect(resume.statusCode).toBe(409);
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/alerts/rules/${ids[1]}`, headers, payload: { rule: { kind: 'price_move', coin: 'ETH', percent: 2, window_minutes: 60 } } });
    expect(edit.json().result).toMatchObject({ coin: { symbol: 'ETH' }, rule: { kind: 'price_move', percent: 2 } });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/alerts/rules/${ids[2]}`, headers });
    expect(del.json().result.deleted).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/alerts/rules/${ids[2]}`, headers })).statusCode).toBe(404);
    const other = await createSignedInUser(t.ctx);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/alerts/rules/${ids[1]}`, headers: other.headers, payload: { active: false } })).statusCode).toBe(404);
  });

  it('keeps exactly 5 active rules under 30 parallel creations and under 30 parallel resumes', async () => {
    const activeOf = async (userId: number) => Number((await t.ctx.db.query<{ n: number }>(sql`select count(*)::int as n from alert_rules where user_id = ${userId} and active`))[0].n);
    // Three users in turn: on PostgreSQL the requests run on several connections at once.
    for (let round = 0; round < 3; round++) {
      const a = await createSignedInUser(t.ctx);
      const created = await Promise.all(
        Array.from({ length: 30 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: a.headers, payload: { rule: { kind: 'price_cross', coin: 'BTC', level: 2_000_000 + i } } })),
      );
      expect(created.filter((r) => r.statusCode === 200)).toHaveLength(5);
      expect(created.filter((r) => r.statusCode === 409)).toHaveLength(25);
      expect(await activeOf(a.userId)).toBe(5);

      const b = await createSignedInUser(t.ctx);
      const now = Date.now();
      const params = JSON.stringify({ kind: 'signal', pattern: 'any', timeframe: '1h', direction: 'any', edge_only: false });
      const paused = await t.ctx.db.query<{ id: number }>(sql`insert into alert_rules (user_id, kind, coin_id, params, channels, active, created_at, updated_at)
        select ${b.userId}::int, 'signal', null, ${params}::jsonb, '[]'::jsonb, false, ${now}::bigint, ${now}::bigint from generate_series(1, 30) returning id`);
      expect(paused).toHaveLength(30);
      const resumed = await Promise.all(paused.map((p) => t.app.inject({ method: 'PATCH', url: `/api/alerts/rules/${p.id}`, headers: b.headers, payload: { active: true } })));
      expect(resumed.filter((r) => r.statusCode === 200)).toHaveLength(5);
      expect(resumed.filter((r) => r.statusCode === 409)).toHaveLength(25);
      expect(await activeOf(b.userId)).toBe(5);
    }
  });

  it('lists the channels this server has configured, with reasons', async () => {
    const r = (await t.app.inject({ method: 'GET', url: '/api/alerts/channels' })).json().result.channels;
    expect(r.find((c: any) => c.channel === 'webhook').enabled).toBe(true);
    expect(r.find((c: any) => c.channel === 'telegram')).toMatchObject({ enabled: false, reason: 'not_configured' });
  });

  it('keeps Telegram off without a bot token, saying why', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/telegram', headers })).json().result).toEqual({ enabled: false, reason: 'not_configured', bot_name: null, linked: null });
    const link = await t.app.inject({ method: 'POST', url: '/api/alerts/telegram/link', headers });
    expect(link.statusCode).toBe(404);
    expect(link.json().error.code).toBe('TELEGRAM_NOT_CONFIGURED');
    const rule = await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'signal', timeframe: '1h' }, channels: ['telegram'] } });
    expect(rule.json().error.code).toBe('TELEGRAM_NOT_CONFIGURED');
    expect(t.ctx.alerts.telegramBot).toBeNull();
  });

  it('shows the active-rule limit in the plan table', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/api/payment/subscription_plans?lang=en-US' })).json().result.plans;
    expect(plans.map((p: any) => p.alertRulesActive)).toEqual([5, 200, 200]);
    expect(plans[0].perks).toContain('Up to 5 active alerts');
  });
});

describe('firing and delivery', () => {
  it('fires a price alert once under concurrent evaluation, to the notification centre, e-mail and a signed webhook', async () => {
    const rx = await startReceiver();
    try {
      const { headers, userId } = await createSignedInUser(t.ctx);
      const ep = (await t.app.inject({ method: 'POST', url: '/api/alerts/webhooks', headers, payload: { url: rx.url, description: 'local' } })).json().result;
      expect(ep.secret).toMatch(/^whsec_/);
      rx.setSecret(ep.secret);
      expect((await t.app.inject({ method: 'GET', url: '/api/alerts/webhooks', headers })).json().result[0].secret).toBeUndefined();
      const c = await risingCandle(t.ctx.source);
      const level = Math.round(((c.open + c.high) / 2) * 100) / 100;
      const rule = (await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'price_cross', coin: 'bitcoin', level, direction: 'up' }, channels: ['email', 'webhook'] } })).json().result;
      const ev = t.ctx.alerts.evaluator!;
      const e = { symbol: 'BTC', timeframe: '5m' as const, candle: c };
      const fired = await Promise.all([ev.onCandleClosed(e), ev.onCandleClosed(e), ev.onCandleClosed(e)]);
      expect(fired.reduce((a, b) => a + b, 0)).toBe(1);
      const events = await t.ctx.db.query<any>(sql`select * from alert_events where rule_id = ${rule.id}`);
      expect(events).toHaveLength(1);
      // one-shot rule: paused after firing
      expect((await t.app.inject({ method: 'GET', url: '/api/alerts/rules', headers })).json().result.rules[0].active).toBe(false);
      const notes = (await t.app.inject({ method: 'GET', url: '/api/alerts/notifications', headers })).json().result;
      expect(notes.unread).toBe(1);
      expect(notes.items[0]).toMatchObject({ kind: 'price_cross', replay: true, path: '/crypto/bitcoin', read: false, price: c.close });
      expect(notes.items[0].title.en).toContain('BTC crossed above');
      expect(notes.items[0].body.en).toContain('(replay)');
      expect(notes.items[0].body.zh).toContain('回放');

      await t.ctx.alerts.dispatcher!.runOnce();
      expect(rx.received).toHaveLength(1);
      expect(rx.received[0]).toMatchObject({ verified: true, body: { type: 'alert.fired', data: { rule_id: rule.id, kind: 'price_cross', replay: true, price: c.close } } });
      expect(rx.received[0].body.data.url).toMatch(/\/en-US\/crypto\/bitcoin$/);
      const mails = fs.readdirSync(path.join(dataDir, 'outbox')).map((f) => fs.readFileSync(path.join(dataDir, 'outbox', f), 'utf8').replace(/=\r?\n/g, ''));
      const mail = mails.find((m) => m.includes('crossed above'));
      expect(mail).toBeTruthy();
      expect(mail).toContain('/en-US/crypto/bitcoin');
      const log = (await t.app.inject({ method: 'GET', url: `/api/alerts/webhooks/${ep.id}/deliveries`, headers })).json().result;
      expect(log[0]).toMatchObject({ status: 'delivered', message_id: rx.received[0].id, attempts: [{ attempt: 1, ok: true, status_code: 204 }] });

      const read = await t.app.inject({ method: 'POST', url: '/api/alerts/notifications/read', headers, payload: { all: true } });
      expect(read.json().result.unread).toBe(0);
      void userId;
    } finally {
      await rx.close();
    }
  });

  it('fires a one-shot price rule again once it is resumed after firing (resume re-arms it), and once only', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const c = await risingCandle(t.ctx.source);
    const level = Math.round(((c.open + c.high) / 2) * 100) / 100;
    const rule = (await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'price_cross', coin: 'bitcoin', level, direction: 'up' } } })).json().result;
    const ev = t.ctx.alerts.evaluator!;
    const e = { symbol: 'BTC', timeframe: '5m' as const, candle: c };
    expect(await ev.onCandleClosed(e)).toBe(1);
    const fired = (await t.app.inject({ method: 'GET', url: '/api/alerts/rules', headers })).json().result.rules[0];
    expect(fired).toMatchObject({ active: false, last_fired_at: new Date(c.time + 5 * 60_000).toISOString() });
    // paused: the next crossing does not fire
    const later = { ...e, candle: { ...c, time: c.time + 5 * 60_000 } };
    expect(await ev.onCandleClosed(later)).toBe(0);
    await new Promise((r) => setTimeout(r, 5)); // the resume is a later arming (ms clock)
    expect((await t.app.inject({ method: 'PATCH', url: `/api/alerts/rules/${rule.id}`, headers, payload: { active: true } })).json().result.active).toBe(true);
    const [a, b] = await Promise.all([ev.onCandleClosed(later), ev.onCandleClosed(later)]);
    expect(a + b).toBe(1);
    expect(await t.ctx.db.query<any>(sql`select id from alert_events where rule_id = ${rule.id}`)).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/rules', headers })).json().result.rules[0].active).toBe(false);
  });

  it('hands the deliveries of a fire to the running dispatcher written already claimed: sent at once without a claim, never by a second dispatcher', async () => {
    const rx = await startReceiver();
    const d = t.ctx.alerts.dispatcher!;
    try {
      const { headers } = await createSignedInUser(t.ctx);
      const ep = (await t.app.inject({ method: 'POST', url: '/api/alerts/webhooks', headers, payload: { url: rx.url } })).json().result;
      rx.setSecret(ep.secret);
      const c = await risingCandle(t.ctx.source);
      const level = Math.round(((c.open + c.high) / 2) * 100) / 100;
      const rule = (await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'price_cross', coin: 'BTC', level, direction: 'up', repeat: true }, channels: ['webhook'] } })).json().result;
      d.start();
      const claim = vi.spyOn(t.ctx.alerts.repo, 'claim');
      const handed = vi.spyOn(d, 'sendClaimed');
      const before = Date.now();
      expect(await t.ctx.alerts.evaluator!.onCandleClosed({ symbol: 'BTC', timeframe: '5m', candle: c })).toBe(1);
      const [row] = await t.ctx.db.query<any>(sql`select d.* from alert_deliveries d join alert_events e on e.id = d.event_id where e.rule_id = ${rule.id}`);
      // Handed over after the commit, written with the lease (ALERTS_LEASE_MS), with its payload from memory.
      expect(handed).toHaveBeenCalledTimes(1);
      const [rows] = handed.mock.calls[0];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: row.id, message_id: row.message_id, channel: 'webhook', attempts: 0 });
      expect(rows[0].claimed_until).toBeGreaterThanOrEqual(before + 60_000);
      handed.mockRestore();
      for (let i = 0; i < 100 && !rx.received.length; i++) await new Promise((r) => setTimeout(r, 50));
      await d.stop();
      expect(rx.received).toHaveLength(1);
      expect(rx.received[0]).toMatchObject({ id: row.message_id, verified: true, body: { data: { rule_id: rule.id } } });
      // The wake-up's pass found nothing to claim: the row was never claimed again.
      expect((await Promise.all(claim.mock.results.map((r) => r.value))).every((rows: unknown[]) => rows.every((x: any) => x.id !== row.id))).toBe(true);
      claim.mockRestore();
      const [after] = await t.ctx.db.query<any>(sql`select * from alert_deliveries where id = ${row.id}`);
      expect(after).toMatchObject({ status: 'delivered', attempts: 1, claimed_until: null });
      expect(await new AlertDispatcher({ repo: t.ctx.alerts.repo, mailer: t.ctx.accounts.mailer, outbound: t.ctx.alerts.outbound, pollMs: 0 }).runOnce()).toBe(0);
      expect(rx.received).toHaveLength(1);
    } finally {
      await d.stop();
      await rx.close();
    }
  });

  it('retries a failing webhook with backoff, reusing the webhook-id, and logs each attempt', async () => {
    const rx = await startReceiver({ fail: (n) => n === 1 });
    try {
      const { headers } = await createSignedInUser(t.ctx);
      const ep = (await t.app.inject({ method: 'POST', url: '/api/alerts/webhooks', headers, payload: { url: rx.url } })).json().result;
      rx.setSecret(ep.secret);
      const test = (await t.app.inject({ method: 'POST', url: `/api/alerts/webhooks/${ep.id}/test`, headers })).json().result;
      let now = Date.now();
      const d = new AlertDispatcher({ repo: t.ctx.alerts.repo, mailer: t.ctx.accounts.mailer, outbound: t.ctx.alerts.outbound, pollMs: 0, baseBackoffMs: 5000, now: () => now });
      await d.runOnce();
      expect(rx.received).toHaveLength(1);
      await d.runOnce(); // not due yet
      expect(rx.received).toHaveLength(1);
      now += 5001;
      await d.runOnce();
      expect(rx.received.map((r) => r.id)).toEqual([test.message_id, test.message_id]);
      expect(rx.received.every((r) => r.verified)).toBe(true);
      const log = (await t.app.inject({ method: 'GET', url: `/api/alerts/webhooks/${ep.id}/deliveries`, headers })).json().result;
      expect(log[0]).toMatchObject({ status: 'delivered', event_type: 'alert.test' });
      expect(log[0].attempts.map((a: any) => [a.attempt, a.ok, a.status_code])).toEqual([
        [1, false, 500],
        [2, true, 204],
      ]);
    } finally {
      await rx.close();
    }
  });

  it('loses nothing when the dispatcher dies between trigger and delivery: a new one sends with the same webhook-id', async () => {
    const rx = await startReceiver();
    try {
      const { headers } = await createSignedInUser(t.ctx);
      const ep = (await t.app.inject({ method: 'POST', url: '/api/alerts/webhooks', headers, payload: { url: rx.url } })).json().result;
      rx.setSecret(ep.secret);
      const test = (await t.app.inject({ method: 'POST', url: `/api/alerts/webhooks/${ep.id}/test`, headers })).json().result;
      // The first dispatcher claims the delivery and dies before sending (its fetch never returns).
      let now = Date.now();
      const dying = new AlertDispatcher({ repo: t.ctx.alerts.repo, mailer: t.ctx.accounts.mailer, outbound: t.ctx.alerts.outbound, pollMs: 0, leaseMs: 30_000, now: () => now, fetch: () => new Promise<Response>(() => undefined) });
      void dying.runOnce();
      await new Promise((r) => setTimeout(r, 300));
      const [row] = await t.ctx.db.query<any>(sql`select * from alert_deliveries where id = ${test.delivery_id}`);
      expect(row).toMatchObject({ status: 'pending' });
      expect(Number(row.claimed_until)).toBeGreaterThan(now);
      // A new process' dispatcher: nothing while the lease holds, then the same message id once it expired.
      const fresh = new AlertDispatcher({ repo: t.ctx.alerts.repo, mailer: t.ctx.accounts.mailer, outbound: t.ctx.alerts.outbound, pollMs: 0, leaseMs: 30_000, now: () => now });
      await fresh.runOnce();
      expect(rx.received).toHaveLength(0);
      now += 30_001;
      await fresh.runOnce();
      expect(rx.received).toHaveLength(1);
      expect(rx.received[0]).toMatchObject({ id: test.message_id, verified: true });
      const [after] = await t.ctx.db.query<any>(sql`select * from alert_deliveries where id = ${test.delivery_id}`);
      expect(after.status).toBe('delivered');
    } finally {
      await rx.close();
    }
  });
});

describe('signal and news rules', () => {
  it('fires a watchlist signal rule with the trigger record, and keeps edge-only rules quiet without an edge', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/crypto/crypto_following/ETH', headers });
    const any = (await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'signal', timeframe: '1h', direction: 'bullish' } } })).json().result;
    const edgeOnly = (await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'signal', coin: 'ETH', timeframe: '1h', edge_only: true } } })).json().result;
    const row = t.ctx.market.resolve('ETH');
    const openTime = Date.parse('2025-05-16T10:00:00Z');
    const result = {
      current: { timeframe: '1h', candle_open_time: openTime },
      last_price: 2500.5,
      market: { signals: [{ label: 'bullish_engulfing', name: { en: 'Bullish engulfing', zh: '看涨吞没' }, direction: 'bullish', edge: edgeStat(5, 40, 0.5, 1000) }] },
    } as any;
    const ev = t.ctx.alerts.evaluator!;
    expect(await ev.onAnalysis(row, '1h', result, 'live')).toBe(1);
    expect(await ev.onAnalysis(row, '1h', result, 'live')).toBe(0);
    expect(await ev.onAnalysis(row, '1h', result, 'backfill')).toBe(0);
    const notes = (await t.app.inject({ method: 'GET', url: '/api/alerts/notifications', headers })).json().result.items;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ rule_id: any.id, kind: 'signal', price: 2500.5, path: '/crypto/ethereum', market_time: '2025-05-16T11:00:00.000Z' });
    expect(notes[0].record.en).toMatch(/^Bullish engulfing, 1h: .*, n = 40$/);
    expect(notes[0].record.zh).toMatch(/^看涨吞没，1h：.*样本 40$/);
    void edgeOnly;
  });

  it('fires a news rule once per item for a coin above the importance threshold', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'news', coin: 'BTC', min_importance: 3, direction: 'any' } } });
    // stored importance: 0 general, 1 less important, 2 important, 3 most important; the rule's 3 = important or above
    const item = (id: string, importance: number) =>
      ({ id, title: `Headline ${id}`, title_zh: null, coins: ['BTC'], importance, sentiment: 'bullish', published_at: Date.parse('2025-05-16T11:30:00Z') }) as any;
    const ev = t.ctx.alerts.evaluator!;
    expect(await ev.onNewsReleased([item('n-low', 1), item('n-high', 2)])).toBe(1);
    expect(await ev.onNewsReleased([item('n-high', 2)])).toBe(0);
    const notes = (await t.app.inject({ method: 'GET', url: '/api/alerts/notifications', headers })).json().result.items;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'news', path: '/feeds/n-high' });
    expect(notes[0].title.en).toBe('BTC news: Headline n-high');
  });

  it('fires a "most important" news rule (min_importance 4) on the most important news (stored level 3)', async () => {
    // min_importance was compared with the stored level as is: 4 never matched the top level 3
    const { headers } = await createSignedInUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'news', coin: 'BTC', min_importance: 4 } } });
    const item = (id: string, importance: number) => ({ id, title: `Top ${id}`, title_zh: null, coins: ['BTC'], importance, sentiment: 'bearish', published_at: Date.parse('2025-05-16T11:40:00Z') }) as any;
    await t.ctx.alerts.evaluator!.onNewsReleased([item('top-2', 2), item('top-3', 3)]);
    const notes = (await t.app.inject({ method: 'GET', url: '/api/alerts/notifications', headers })).json().result.items;
    expect(notes.map((n: any) => n.path)).toEqual(['/feeds/top-3']);
  });
});

/** Mails of the outbox (quoted-printable soft breaks joined). */
function outboxMails(): string[] {
  const dir = path.join(dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '')) : [];
}

/** A signed-in user with a verified e-mail and a webhook endpoint at a local receiver. */
async function userWithChannels() {
  const rx = await startReceiver();
  const u = await createSignedInUser(t.ctx);
  const ep = (await t.app.inject({ method: 'POST', url: '/api/alerts/webhooks', headers: u.headers, payload: { url: rx.url } })).json().result;
  rx.setSecret(ep.secret);
  return { ...u, rx };
}

describe('the trigger record on every alert (in-app, e-mail, webhook)', () => {
  it('a price move carries the base rate of such a move on the stored candles, with n and its interval', async () => {
    const { headers, rx } = await userWithChannels();
    try {
      const rule = (await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'price_move', coin: 'BTC', percent: 0.0001, window_minutes: 15 }, channels: ['email', 'webhook'] } })).json().result;
      const c = await risingCandle(t.ctx.source);
      expect(await t.ctx.alerts.evaluator!.onCandleClosed({ symbol: 'BTC', timeframe: '5m', candle: c })).toBe(1);
      const n = (await t.app.inject({ method: 'GET', url: '/api/alerts/notifications', headers })).json().result.items[0];
      expect(n.rule_id).toBe(rule.id);
      expect(n.record.en).toMatch(/^BTC moved ≥ 0\.0001 % either way within 15 min in \d+\.\d % of windows \(95 % CI \d+\.\d–\d+\.\d %, n = [\d,]+ windows, last \d+ days\)$/);
      expect(n.record.zh).toMatch(/^BTC 15 分钟内涨跌 ≥ 0\.0001 %的窗口占 .*样本 [\d,]+ 个窗口，近 \d+ 天）$/);
      const windows = Number(/n = ([\d,]+) windows/.exec(n.record.en)![1].replace(/,/g, ''));
      // non-overlapping 15-minute windows (3 candles) of the stored 5m history, before the triggering one, within 90 days
      const all = await t.ctx.source.getCandles('BTC', '5m', { limit: 100_000, endTime: c.time + 300_000 });
      expect(all[all.length - 1].time).toBe(c.time);
      const first = all.findIndex((x) => x.time >= c.time + 300_000 - 90 * 86_400_000);
      expect(windows).toBe(Math.floor((all.length - 1 - 3 - first) / 3));
      await t.ctx.alerts.dispatcher!.runOnce();
      expect(rx.received[0]).toMatchObject({ verified: true, body: { data: { kind: 'price_move', record: n.record.en, texts: { record: n.record } } } });
      expect(outboxMails().some((m) => m.includes('either way within 15 min in') && m.includes('of windows'))).toBe(true);
    } finally {
      await rx.close();
    }
  });

  it('a price level says it has no track record', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const c = await risingCandle(t.ctx.source);
    await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'price_cross', coin: 'BTC', level: Math.round(((c.open + c.high) / 2) * 100) / 100, direction: 'up' } } });
    await t.ctx.alerts.evaluator!.onCandleClosed({ symbol: 'BTC', timeframe: '5m', candle: c });
    const n = (await t.app.inject({ method: 'GET', url: '/api/alerts/notifications', headers })).json().result.items[0];
    expect(n.record).toEqual({ en: 'A price level has no track record: it is a condition you set, not a forecast.', zh: '价格水平没有历史记录：这是您设定的条件，而不是预测。' });
  });

  it('a news alert carries how often such news was followed by a move its way within 24 h, against the base rate', async () => {
    const { headers, rx } = await userWithChannels();
    try {
      const at = Date.parse('2025-05-16T10:50:00Z'); // another market hour than the news alerts above (records are cached per hour)
      // (published an hour apart, their 24 h windows overlap: one episode, no interval for the edge)
      // 40 earlier bullish BTC items of importance "important" with their measured 24 h move: 30 up, 10 down
      for (let i = 0; i < 40; i++) {
        const id = `rec-news-${i}`;
        const pub = at - 3 * 86_400_000 - i * 3_600_000;
        await t.ctx.db.query(sql`insert into news_items (id, url_norm, url, source, origin, title, published_at, ingested_at, sentiment, importance)
          values (${id}, ${`https://x.test/${id}`}, ${`https://x.test/${id}`}, 'test', 'test', ${`Item ${i}`}, ${pub}, ${pub}, 'bullish', 2)`);
        await t.ctx.db.query(sql`insert into news_impact (news_id, symbol, horizon, change_pct, sentiment, topic, published_at) values (${id}, 'BTC', '24h', ${i < 30 ? 1.5 : -1.5}, 'bullish', null, ${pub})`);
      }
      await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'news', coin: 'BTC', min_importance: 3, direction: 'bullish' }, channels: ['email', 'webhook'] } });
      const item = { id: 'rec-news-new', title: 'BTC rallies', title_zh: null, coins: ['BTC'], importance: 3, sentiment: 'bullish', published_at: at } as any;
      await t.ctx.alerts.evaluator!.onNewsReleased([item]);
      const notes = (await t.app.inject({ method: 'GET', url: '/api/alerts/notifications', headers })).json().result.items;
      expect(notes).toHaveLength(1);
      const n = notes[0];
      expect(n.kind).toBe('news');
      expect(n.record.en).toMatch(/^Bullish news about BTC \(importance ≥ important\): followed by a rise within 24 h in 75\.0 % of 40 items in 1 episode \(95 % CI 59\.8–85\.8 %\), base rate \d+\.\d % of all 24 h windows \(95 % CI [\d.]+–[\d.]+ %, n = [\d,]+\): (edge|no measurable edge)/);
      expect(n.record.zh).toMatch(/^关于 BTC 的看涨新闻（重要程度 ≥ 重要）：其后 24 小时内上涨的比例为 75\.0 %（共 40 条/);
      await t.ctx.alerts.dispatcher!.runOnce();
      expect(rx.received[0]).toMatchObject({ verified: true, body: { data: { kind: 'news', record: n.record.en } } });
      expect(outboxMails().some((m) => m.includes('followed by a rise within 24 h in 75.0 % of 40 items'))).toBe(true);
    } finally {
      await rx.close();
    }
  });

  it('strategy rules: the user\'s strategies (both terms) are listed and alertable, a short strategy fires the short way, with the strategies\' record', async () => {
    const { headers, userId, rx } = await userWithChannels();
    try {
      const btc = t.ctx.market.resolve('BTC');
      const c = await risingCandle(t.ctx.source);
      const basis = Math.floor(c.time / 3_600_000) * 3_600_000 - 3_600_000; // the 1h basis candle of the generation
      const day = Math.floor(c.time / 86_400_000) * 86_400_000 - 86_400_000; // the last closed 1d candle
      const created = c.time - 1_800_000;
      const insert = async (r: { term: string; timeframe: string; bias: string; candle: number; target: number; invalidation: number; created: number; due: number; scored?: { target_first: boolean; ret: number; hold: number; origin: string } }) => {
        const [row] = await t.ctx.db.query<{ id: number }>(sql`insert into strategy_records (author, coin_id, term, timeframe, bias, candle_time, last_price, entry_low, entry_high, targets, invalidation, horizon_hours, based_on, origin, created_at, due_at,
          status, entered, target_first, return_pct, hold_pct, fee_pct, scored_at)
          values ('builtin', ${btc.id}, ${r.term}, ${r.timeframe}, ${r.bias}, ${r.candle}, ${c.open}, ${c.open * 0.99}, ${c.open * 1.01}, ${JSON.stringify([r.target])}, ${r.invalidation}, 24, '{}', ${r.scored?.origin ?? 'live'}, ${r.created}, ${r.due},
          ${r.scored ? (r.scored.target_first ? 'target_hit' : 'invalidated') : null}, ${r.scored ? true : null}, ${r.scored?.target_first ?? null}, ${r.scored?.ret ?? null}, ${r.scored?.hold ?? null}, ${r.scored ? 0.1 : null}, ${r.scored ? created - 3_600_000 : null})
          returning id`);
        return row.id;
      };
      // the record: 10 earlier scored built-in 1h strategies, 6 reached the target first
      for (let i = 0; i < 10; i++) {
        await insert({ term: 'short_term', timeframe: '1h', bias: 'long', candle: basis - (i + 5) * 3_600_000, target: 1, invalidation: 1, created: created - (i + 5) * 3_600_000, due: created - 3_600_000, scored: { target_first: i < 6, ret: i < 6 ? 2 : -1, hold: 0.5, origin: i < 4 ? 'backfill' : 'live' } });
      }
      // the user's strategies of one generation: short term on the 1h basis candle (long, its target inside the candle's range),
      // medium/long term on the last closed 1d candle (short: target far below, invalidation far above — neither reached)
      const shortTerm = await insert({ term: 'short_term', timeframe: '1h', bias: 'long', candle: basis, target: Math.round(((c.open + c.high) / 2) * 100) / 100, invalidation: c.low * 0.9, created, due: c.time + 86_400_000 });
      const longTerm = await insert({ term: 'medium_long_term', timeframe: '1d', bias: 'short', candle: day, target: c.low * 0.8, invalidation: c.high * 1.2, created, due: c.time + 7 * 86_400_000 });
      await t.ctx.db.query(sql`insert into strategy_generations (user_id, coin_id, candle_time, created_at) values (${userId}, ${btc.id}, ${basis}, ${created})`);
      const content = { strategy: { short_term: { candle_open_time: basis }, medium_long_term: { candle_open_time: day } } };
      await t.ctx.db.query(sql`insert into ai_contents (coin_id, kind, candle_time, lang, by, content, generated_at) values (${btc.id}, 'aggregate', ${basis}, 'en-US', 'builtin', ${JSON.stringify(content)}::jsonb, ${created}) on conflict do nothing`);

      const mine = (await t.app.inject({ method: 'GET', url: '/api/alerts/strategies?coin=bitcoin', headers })).json().result.items;
      expect(mine.map((s: any) => s.id).sort()).toEqual([shortTerm, longTerm].sort());
      expect(mine.find((s: any) => s.id === longTerm)).toMatchObject({ term: 'medium_long_term', timeframe: '1d', bias: 'short', coin: { symbol: 'BTC' } });
      const other = await createSignedInUser(t.ctx);
      expect((await t.app.inject({ method: 'GET', url: '/api/alerts/strategies', headers: other.headers })).json().result.items).toEqual([]);
      expect((await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: other.headers, payload: { rule: { kind: 'strategy', strategy_id: shortTerm } } })).statusCode).toBe(404);

      // the medium/long-term strategy rests on the 1d candle, not the 1h basis candle: it is the user's too
      const longRule = await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'strategy', strategy_id: longTerm, on: 'both' }, channels: ['email', 'webhook'] } });
      expect(longRule.statusCode).toBe(200);
      const shortRule = (await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'strategy', strategy_id: shortTerm, on: 'target' }, channels: ['email', 'webhook'] } })).json().result;
      expect(shortRule.strategy).toMatchObject({ id: shortTerm, bias: 'long', timeframe: '1h', invalidation: c.low * 0.9 });
      const listed = (await t.app.inject({ method: 'GET', url: '/api/alerts/rules', headers })).json().result.rules;
      expect(listed.find((r: any) => r.id === longRule.json().result.id).strategy).toMatchObject({ bias: 'short', target: c.low * 0.8 });

      // the short strategy's target lies below: a candle above it reaches neither level (it fired as if long before)
      expect(await t.ctx.alerts.evaluator!.onCandleClosed({ symbol: 'BTC', timeframe: '5m', candle: c })).toBe(1);
      const notes = (await t.app.inject({ method: 'GET', url: '/api/alerts/notifications', headers })).json().result.items;
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ rule_id: shortRule.id, kind: 'strategy' });
      expect(notes[0].title.en).toContain('BTC strategy reached its target');
      // ten strategies of one coin written an hour apart share their windows: one or two episodes, so no interval over ten "independent" cases
      expect(notes[0].record.en).toMatch(/^Built-in analyst's 1h strategies: 6 of 10 reached the target before the invalidation \(60\.0 %(, 95 % CI [\d.]+–[\d.]+ %)?\); mean \+0\.80 % after fees vs holding \+0\.50 % \(difference \+0\.30 pp, .+\); n = 10 in [12] episodes?, 4 of them in-sample backfill$/);
      expect(notes[0].record.zh).toMatch(/^内置分析师 1h 策略：10 个中有 6 个先到达目标价/);
      await t.ctx.alerts.dispatcher!.runOnce();
      expect(rx.received[0]).toMatchObject({ verified: true, body: { data: { kind: 'strategy', strategy_id: shortTerm, outcome: 'target', record: notes[0].record.en } } });
      expect(outboxMails().some((m) => m.includes('6 of 10 reached the target before the invalidation'))).toBe(true);
      // a strategy past its horizon no longer fires
      await t.ctx.db.query(sql`update strategy_records set due_at = ${c.time - 1} where id = ${longTerm}`);
      await t.ctx.db.query(sql`update strategy_records set invalidation = ${c.high * 0.99} where id = ${longTerm}`);
      expect(await t.ctx.alerts.evaluator!.onCandleClosed({ symbol: 'BTC', timeframe: '5m', candle: c })).toBe(0);
    } finally {
      await rx.close();
    }
  });
});

describe('candles that closed while no worker ran', () => {
  it('are evaluated when a worker starts (catch-up): a rule that stood before the candle fires once, with its market time; one made after it does not', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const ev = t.ctx.alerts.evaluator!;
    const now = t.clock.now();
    const closed = await t.ctx.source.getCandles('BTC', '5m', { limit: 200 });
    // a rising candle with at least one closed candle before it and one after it
    const i = closed.findLastIndex((x, k) => k > 0 && k < closed.length - 1 && x.high > x.open * 1.0005);
    expect(i).toBeGreaterThan(0);
    const [prev, c, last] = [closed[i - 1], closed[i], closed[closed.length - 1]];
    expect(last.time + 300_000).toBeLessThanOrEqual(now);
    const level = Math.round(((c.open + c.high) / 2) * 100) / 100;
    const mk = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'price_cross', coin: 'bitcoin', level, direction: 'up', repeat: true }, channels: [] } })).json().result.id as number;
    const before = await mk();
    const after = await mk();
    // `before` has stood since a day ago; `after` was made now, after the candle closed
    await t.ctx.db.query(sql`update alert_rules set created_at = created_at - 86400000, updated_at = updated_at - 86400000 where id = ${before}`);
    // a worker evaluated the candle before `c`, then stopped
    await ev.onCandleClosed({ symbol: 'BTC', timeframe: '5m', candle: prev });
    expect((await t.ctx.alerts.repo.candleCursors()).get('BTC')).toBe(c.time);

    const r = await ev.catchUp();
    expect(r.candles).toBeGreaterThanOrEqual(closed.length - 1 - i);
    const events = await t.ctx.db.query<{ rule_id: number; market_time: number | string }>(sql`select rule_id, market_time from alert_events where trigger_key = ${`cross:${c.time}`} and rule_id in (${before}, ${after})`);
    expect(events.map((e) => [e.rule_id, Number(e.market_time)])).toEqual([[before, c.time + 300_000]]);
    // the cursor stands at the last closed candle: a second start evaluates nothing
    expect((await t.ctx.alerts.repo.candleCursors()).get('BTC')).toBe(last.time + 300_000);
    expect(await ev.catchUp()).toEqual({ candles: 0, fired: 0 });
    // repeating rules: removed, so that later tests' candles do not fire them
    await t.ctx.db.query(sql`delete from alert_rules where id in (${before}, ${after})`);
  });

  it('goes back at most the bound, and not at all for a coin never evaluated', async () => {
    const ev = t.ctx.alerts.evaluator!;
    const { headers } = await createSignedInUser(t.ctx);
    const rule = (await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'price_cross', coin: 'ETH', level: 1, direction: 'up' }, channels: [] } })).json().result.id as number;
    await t.ctx.db.query(sql`update alert_rules set created_at = created_at - 86400000, updated_at = updated_at - 86400000 where id = ${rule}`);
    await t.ctx.db.query(sql`delete from alert_candle_cursors where symbol = 'ETH'`);
    expect((await ev.catchUp()).candles).toBe(0);
    const now = t.clock.now();
    await t.ctx.alerts.repo.setCandleCursor('ETH', now - 10 * 3_600_000);
    expect((await ev.catchUp(3_600_000)).candles).toBe(12);
    await t.ctx.db.query(sql`delete from alert_rules where id = ${rule}`);
  });
});

describe('outbox housekeeping', () => {
  it('prunes old delivered and failed deliveries with their attempts and old notifications, in batches, keeping what must stay', async () => {
    const { headers, userId } = await createSignedInUser(t.ctx);
    const ep = (await t.app.inject({ method: 'POST', url: '/api/alerts/webhooks', headers, payload: { url: 'http://127.0.0.1:9/hook' } })).json().result;
    const mk = async (repeat: boolean) => (await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'price_cross', coin: 'BTC', level: 1234, repeat } } })).json().result.id as number;
    const oneShot = await mk(false);
    const repeating = await mk(true);
    const now = Date.now();
    const old = now - 40 * 86_400_000;
    const event = async (rule: number, key: string, at: number) =>
      Number((await t.ctx.db.query<{ id: number }>(sql`insert into alert_events (rule_id, user_id, trigger_key, message, market_time, created_at) values (${rule}, ${userId}, ${key}, '{}'::jsonb, ${at}, ${at}) returning id`))[0].id);
    const delivery = async (eventId: number, status: string, at: number, attempts: number) => {
      const [d] = await t.ctx.db.query<{ id: number }>(sql`insert into alert_deliveries (user_id, event_id, channel, endpoint_id, message_id, payload, status, attempts, next_attempt_at, created_at)
        values (${userId}, ${eventId}, 'webhook', ${ep.id}, ${'msg_hk_' + eventId}, '{}'::jsonb, ${status}, ${attempts}, ${at}, ${at}) returning id`);
      for (let a = 1; a <= attempts; a++) await t.ctx.db.query(sql`insert into alert_delivery_attempts (delivery_id, attempt, at, ok, status_code, duration_ms) values (${d.id}, ${a}, ${at}, ${a === attempts && status === 'delivered'}, 500, 1)`);
      return Number(d.id);
    };
    // Oldest first: the one-shot rule's permanent guard, 105 old repeat triggers, then 3 recent ones.
    const guard = await event(oneShot, 'cross', old);
    const olds: number[] = [];
    for (let i = 0; i < 105; i++) olds.push(await event(repeating, `cross:${i}`, old + i));
    const recents: number[] = [];
    for (let i = 0; i < 3; i++) recents.push(await event(repeating, `cross:recent${i}`, now));
    const oldDelivered = [];
    for (let i = 0; i < 10; i++) if (i !== 3) oldDelivered.push(await delivery(olds[i], 'delivered', old + i, 2));
    await delivery(olds[10], 'failed', old, 8); // given up: pruned like a delivered row
    const oldPending = await delivery(olds[3], 'pending', old, 3); // a row still to send is never pruned, nor its event
    const recentDelivered = await delivery(recents[0], 'delivered', now, 1);

    const hk = (o: { batch?: number } = {}) => new AlertsHousekeeping({ repo: new AlertsHousekeepingRepository(t.ctx.db), retentionDays: 30, batch: o.batch ?? 4 });
    // Two processes pruning at once: together they prune each row once (the lock and SKIP LOCKED).
    const [a, b] = await Promise.all([hk().runOnce(), hk().runOnce()]);
    expect(a.deliveries + b.deliveries).toBe(oldDelivered.length + 1);
    expect(a.attempts + b.attempts).toBe(oldDelivered.length * 2 + 8);
    // The newest 100 notifications of the user stay: 3 recent + the 97 newest old ones (olds[8..104]).
    // Of olds[0..7], olds[3] still has its pending delivery: 7 events go.
    expect(a.events + b.events).toBe(7);
    expect(a.batches + b.batches).toBeGreaterThan(2); // batches of 4 rows
    const left = async (q: ReturnType<typeof sql>) => (await t.ctx.db.query<{ id: number }>(q)).map((r) => Number(r.id)).sort((x, y) => x - y);
    expect(await left(sql`select id from alert_deliveries where user_id = ${userId}`)).toEqual([oldPending, recentDelivered].sort((x, y) => x - y));
    expect(await left(sql`select a.id from alert_delivery_attempts a join alert_deliveries d on d.id = a.delivery_id where d.user_id = ${userId}`)).toHaveLength(3 + 1);
    const events = await left(sql`select id from alert_events where user_id = ${userId}`);
    expect(events).toEqual([guard, olds[3], ...olds.slice(8), ...recents].sort((x, y) => x - y));
    // The notification centre still has its largest page (these test rows carry no message to render).
    expect(await t.ctx.alerts.repo.notifications(userId, 100)).toHaveLength(100);
    // The one-shot guard still stops the trigger from firing again.
    expect(await t.ctx.alerts.repo.fireMany([{ ruleId: oneShot, userId, triggerKey: 'cross', message: {}, marketTime: now, pause: false }], now, () => [])).toEqual([]);
    // A second pass finds nothing; nothing recent is ever touched.
    expect(await hk({ batch: 500 }).runOnce()).toMatchObject({ deliveries: 0, attempts: 0, events: 0, skipped: false });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two contexts on one PostgreSQL database', () => {
  it('fires a trigger once although both evaluate the same closed candle at the same time', async () => {
    const db2 = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 4 });
    const ctx2 = await createContext(t.env, { db: db2, clock: t.clock, tickMs: 0 });
    try {
      const { headers } = await createSignedInUser(t.ctx);
      const c = await risingCandle(t.ctx.source);
      const level = Math.round(((c.open + c.high) / 2) * 100) / 100;
      const rule = (await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'price_cross', coin: 'BTC', level, direction: 'up', repeat: true } } })).json().result;
      const e = { symbol: 'BTC', timeframe: '5m' as const, candle: c };
      const runs = await Promise.all([t.ctx.alerts.evaluator!.onCandleClosed(e), ctx2.alerts.evaluator!.onCandleClosed(e), t.ctx.alerts.evaluator!.onCandleClosed(e), ctx2.alerts.evaluator!.onCandleClosed(e)]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await t.ctx.db.query(sql`select id from alert_events where rule_id = ${rule.id}`)).toHaveLength(1);
    } finally {
      await ctx2.close();
      await db2.close();
    }
  });
});
