/**
 * Alerts across real processes: each trigger fires once per rule, even with several
 * processes (checked with two processes on PostgreSQL + Redis), and a kill -9 between trigger and
 * delivery loses nothing. Two server processes (the built server, as `npm start` runs it), both
 * with the web and worker roles, on one PostgreSQL database and one Redis, on the replay clock
 * shared through the database (×60: a 5m candle closes every 5 s of wall time), so both evaluate
 * every closed candle. The test signs users in, creates rules and webhook endpoints through both
 * processes' APIs, receives the deliveries on a local Standard Webhooks receiver (signatures
 * verified with `standardwebhooks`), listens to the user's notification stream on both processes,
 * then kills both with SIGKILL while deliveries are in flight and restarts one.
 *
 * Needs DATABASE_URL and REDIS_URL (`.ci/run` runs the int project a second time with them); without
 * them it is skipped (PGlite is one process' database). Bounded: every wait has a deadline, and the
 * children are killed in `finally`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { users, type DatabaseHandle } from '@coinlens/db';
import { openTestDatabase } from '../../../test/harness';
import { REPO_ROOT } from '../../platform/env';
import { SessionService, loadJwtSecret } from '../../platform/auth';
import { SessionsRepository } from '../../platform/sessions.repository';
import { serverArgs, serverEnv } from '../../../../../scripts/server-runtime.mjs';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const SKIP = !DATABASE_URL || !REDIS_URL;
const FIVE_MIN = 300_000;
const SPEED = 60;
const START = Date.parse('2025-05-20T00:00:00Z');
const JWT_SECRET = 'alerts-processes-test-secret-0123456789abcdef';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `cond()` is truthy, polling every 200 ms; throws `what` after `ms`. */
async function until<T>(what: string, ms: number, cond: () => T | Promise<T>): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await cond();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms: ${what}`);
    await sleep(200);
  }
}

/** A Standard Webhooks receiver: verifies every request with the secret of its path; `hold` keeps requests unanswered (a delivery in flight). */
async function startReceiver() {
  const secrets = new Map<string, string>();
  const received: { path: string; id: string; verified: boolean; eventId: number | null; ruleId: number | null; held: boolean }[] = [];
  const held: http.ServerResponse[] = [];
  let hold = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = { 'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']) };
      let verified = false;
      try {
        new Webhook(secrets.get(req.url ?? '') ?? 'whsec_AAAA').verify(raw, headers);
        verified = true;
      } catch {}
      let body: any = null;
      try {
        body = JSON.parse(raw);
      } catch {}
      received.push({ path: req.url ?? '', id: headers['webhook-id'], verified, eventId: body?.data?.event_id ?? null, ruleId: body?.data?.rule_id ?? null, held: hold });
      if (hold) held.push(res);
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    secrets,
    setHold: (h: boolean) => (hold = h),
    close: () => {
      for (const r of held) r.destroy();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** An SSE client of `/api/alerts/stream`: the `unread` messages received. */
function openStream(port: number, token: string): Promise<{ messages: { unread: number; latest: { id: number } | null }[]; close: () => void }> {
  return new Promise((resolve, reject) => {
    const messages: { unread: number; latest: { id: number } | null }[] = [];
    const req = http.get({ host: '127.0.0.1', port, path: '/api/alerts/stream', headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: HTTP ${res.statusCode}`));
      res.setEncoding('utf8');
      let buf = '';
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (/^event: unread$/m.test(block) && data) {
            messages.push(JSON.parse(data));
            if (messages.length === 1) resolve({ messages, close: () => req.destroy() });
          }
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', reject);
  });
}

/** Child server processes; `kill9` and `stopAll` end them by their own pid. */
class Servers {
  readonly children = new Map<string, { child: ChildProcess; port: number; tail: string[] }>();
  constructor(private readonly args: string[]) {}

  async start(name: string, port: number, env: Record<string, string>): Promise<void> {
    const child = spawn(process.execPath, this.args, { cwd: REPO_ROOT, env: serverEnv({ ...process.env, ...env, PORT: String(port) }), stdio: ['ignore', 'pipe', 'pipe'] });
    const tail: string[] = [];
    const keep = (b: Buffer) => {
      for (const line of b.toString('utf8').split('\n')) if (line.trim()) tail.push(line);
      while (tail.length > 40) tail.shift();
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.children.set(name, { child, port, tail });
    await until(`${name} ready on :${port}`, 150_000, async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${tail.join('\n')}`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api/health`);
        return r.ok && (await r.json()).result?.readiness === 'ready';
      } catch {
        return false;
      }
    });
  }

  port(name: string): number {
    return this.children.get(name)!.port;
  }

  /** SIGKILL: no shutdown hook runs (what a crash or `kill -9` does). */
  async kill9(name: string): Promise<void> {
    const c = this.children.get(name)!.child;
    if (c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.children.keys()].map((n) => this.kill9(n)));
  }
}

describe.skipIf(SKIP)('alerts in two server processes on PostgreSQL + Redis (skipped unless DATABASE_URL and REDIS_URL are set)', () => {
  let db: DatabaseHandle;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  const dataDirs: string[] = [];
  beforeAll(async () => {
    db = await openTestDatabase({ symbols: ['BTC'], timeframes: ['5m'] });
    rx = await startReceiver();
  });
  afterAll(async () => {
    await rx?.close();
    await db?.close();
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('fires each trigger once, delivers every webhook with one webhook-id, fans the notification out to both processes, and loses nothing to kill -9', async () => {
    const servers = new Servers(await serverArgs());
    const basePort = 20_000 + (process.pid % 20_000);
    // The replay clock of both processes: anchored here, before they start (they read the anchor at start).
    const anchor = Date.now();
    await db.query(sql`insert into replay_state (id, start_ms, speed, anchor_wall_ms) values (1, ${START}, ${SPEED}, ${anchor})
      on conflict (id) do update set start_ms = excluded.start_ms, speed = excluded.speed, anchor_wall_ms = excluded.anchor_wall_ms`);
    const marketNow = () => START + (Date.now() - anchor) * SPEED;
    const env = (name: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `alerts-proc-${name}-`));
      dataDirs.push(dir);
      return {
        DATABASE_URL: DATABASE_URL!,
        REDIS_URL: REDIS_URL!,
        REDIS_PREFIX: `coinlens:alerts-proc-${anchor}:`,
        ROLES: 'web,worker',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dir,
        SKIP_IMPORT: 'true',
        MARKET_SOURCE: 'replay',
        REPLAY_START: new Date(START).toISOString(),
        REPLAY_SPEED: String(SPEED),
        JWT_SECRET,
        ALERTS_LEASE_MS: '4000',
        ALERTS_POLL_MS: '500',
        NEWS_JOB_INTERVAL_MS: '0',
        RATE_LIMIT_READS_PER_MINUTE: '0',
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1', // the webhook receiver listens on 127.0.0.1, refused by default
      };
    };
    try {
      await Promise.all([servers.start('A', basePort, env('A')), servers.start('B', basePort + 1, env('B'))]);
      const [A, B] = [servers.port('A'), servers.port('B')];

      // Two users signed in (sessions valid on both processes: one database, one JWT key).
      const sessions = new SessionService(new SessionsRepository(db), await loadJwtSecret(db, JWT_SECRET), 3_600_000);
      const people: { id: number; token: string }[] = [];
      for (const name of ['proc_alice', 'proc_bob']) {
        const [u] = await db.db.insert(users).values({ username: `${name}_${anchor % 100000}`, email: `${name}_${anchor}@example.test`, emailVerified: true, createdAt: Date.now() }).returning({ id: users.id });
        people.push({ id: u.id, token: (await sessions.issue(u.id)).token });
      }
      const api = async (port: number, token: string, method: string, url: string, body?: unknown) => {
        const r = await fetch(`http://127.0.0.1:${port}${url}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
        const j = await r.json();
        if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(j)}`);
        return j.result;
      };

      // Alice listens to her notifications on both processes.
      const [streamA, streamB] = await Promise.all([openStream(A, people[0].token), openStream(B, people[0].token)]);

      // Each user: a webhook endpoint (added through A for Alice, B for Bob), then five repeating
      // price-level rules (Free plan limit) at levels the next closed candles cross, created
      // alternately through A and B.
      const upcoming = (
        await db.query<{ open_time: number; open: number; high: number; low: number }>(
          sql`select c.open_time, c.open, c.high, c.low from candles c join coins k on k.id = c.coin_id where k.symbol = 'BTC' and c.timeframe = '5m' and c.open_time >= ${Math.floor(marketNow() / FIVE_MIN) * FIVE_MIN} order by c.open_time limit 16`,
        )
      ).map((c) => ({ time: Number(c.open_time), open: Number(c.open), high: Number(c.high), low: Number(c.low) }));
      expect(upcoming.length).toBe(16);
      const rules: { id: number; level: number; user: number }[] = [];
      for (const [ui, p] of people.entries()) {
        const ep = await api(ui ? B : A, p.token, 'POST', '/api/alerts/webhooks', { url: `${rx.base}/u${p.id}`, description: 'local receiver' });
        rx.secrets.set(`/u${p.id}`, ep.secret);
        for (let k = 0; k < 5; k++) {
          const c = upcoming[1 + ((ui * 5 + k) % 10)];
          const level = Math.round((c.high > c.open ? (c.open + c.high) / 2 : (c.open + c.low) / 2) * 100) / 100;
          const r = await api(k % 2 ? B : A, p.token, 'POST', '/api/alerts/rules', { rule: { kind: 'price_cross', coin: 'BTC', level, direction: 'any', repeat: true }, channels: ['webhook'] });
          rules.push({ id: r.id, level, user: p.id });
        }
      }
      // Candles that close from one candle after the rules existed: both processes evaluate each of them.
      const from = Math.floor(marketNow() / FIVE_MIN) * FIVE_MIN + FIVE_MIN;
      const to = from + 6 * FIVE_MIN; // open times [from, to): six candles, ~30 s of wall time
      await until('six candles closed', 90_000, () => marketNow() > to + FIVE_MIN + 2 * SPEED * 1000);
      const window = upcoming.filter((c) => c.time >= from && c.time < to);
      const expected = new Set<string>();
      for (const r of rules)
        for (const c of window) if ((c.open < r.level && c.high >= r.level) || (c.open > r.level && c.low <= r.level)) expected.add(`${r.id}|cross:${c.time}`);
      expect(expected.size).toBeGreaterThan(0);

      const ruleIds = sql.join(rules.map((r) => sql`${r.id}::int`), sql`, `);
      const events = async () => db.query<{ id: number; rule_id: number; user_id: number; trigger_key: string; n: number }>(sql`select id, rule_id, user_id, trigger_key from alert_events where rule_id in (${ruleIds}) order by id`);
      // 1. Once per (rule, trigger): every expected trigger of the window fired, and no (rule, key) twice.
      const evs = await events();
      const keys = evs.map((e) => `${e.rule_id}|${e.trigger_key}`);
      expect(new Set(keys).size).toBe(keys.length);
      const inWindow = keys.filter((k) => {
        const t = Number(k.split('|cross:')[1]);
        return t >= from && t < to;
      });
      expect(new Set(inWindow)).toEqual(expected);

      // 2. Every delivery reached the receiver, signed, with one webhook-id per delivery (= per event and endpoint).
      const deliveries = async () =>
        db.query<{ id: number; event_id: number; message_id: string; status: string; claimed_until: number | null }>(sql`select d.id, d.event_id, d.message_id, d.status, d.claimed_until from alert_deliveries d join alert_events e on e.id = d.event_id where e.rule_id in (${ruleIds})`);
      await until('every delivery delivered', 60_000, async () => (await deliveries()).every((d) => d.status === 'delivered'));
      const ds = await deliveries();
      expect(ds.length).toBe(evs.length);
      const got = new Set(rx.received.filter((r) => r.verified).map((r) => r.id));
      for (const d of ds) expect(got.has(d.message_id), `delivery ${d.id} (${d.message_id}) received`).toBe(true);
      expect(rx.received.every((r) => r.verified)).toBe(true);
      const idsPerEvent = new Map<number, Set<string>>();
      for (const r of rx.received) if (r.eventId != null) idsPerEvent.set(r.eventId, (idsPerEvent.get(r.eventId) ?? new Set()).add(r.id));
      for (const [eventId, ids] of idsPerEvent) expect(ids.size, `webhook-ids of event ${eventId}`).toBe(1);

      // 3. Alice's notification stream on each process got every one of her events. Each event was
      //    fired by one process only (the unique key), so each stream heard the other process'
      //    events through Redis. A read mark on B reaches the stream on A too.
      const alice = new Set(evs.filter((e) => e.user_id === people[0].id).map((e) => Number(e.id)));
      expect(alice.size).toBeGreaterThan(0);
      const heard = (s: typeof streamA) => new Set(s.messages.map((m) => m.latest?.id).filter((x): x is number => x != null && alice.has(x)));
      await until('both streams heard every event of Alice', 10_000, () => heard(streamA).size === alice.size && heard(streamB).size === alice.size);
      await api(B, people[0].token, 'POST', '/api/alerts/notifications/read', { all: true });
      await until('the read mark made on B reached the stream on A', 10_000, () => streamA.messages.some((m) => m.unread === 0 && m.latest === null));
      streamA.close();
      streamB.close();

      // 4. kill -9 between trigger and delivery: the receiver stops answering, so the next
      //    deliveries stay in flight (claimed, leased); both processes die by SIGKILL; one restarts.
      const before = new Set(ds.map((d) => Number(d.id)));
      rx.setHold(true);
      const inFlight = await until('deliveries in flight at the receiver', 60_000, async () => {
        const pending = (await deliveries()).filter((d) => !before.has(Number(d.id)));
        return pending.length > 0 && pending.every((d) => d.status === 'pending' && d.claimed_until != null) && rx.received.some((r) => r.held) ? pending : null;
      });
      await Promise.all([servers.kill9('A'), servers.kill9('B')]);
      rx.setHold(false);
      const heldIds = new Set(rx.received.filter((r) => r.held).map((r) => r.id));
      expect(inFlight.some((d) => heldIds.has(d.message_id))).toBe(true);
      const lost = (await deliveries()).filter((d) => !before.has(Number(d.id)));
      expect(lost.every((d) => d.status === 'pending')).toBe(true);
      await servers.start('A2', basePort + 2, env('A2'));
      await until('the restarted process delivered what the dead ones left', 60_000, async () => {
        const now = await deliveries();
        return lost.every((l) => now.find((d) => Number(d.id) === Number(l.id))?.status === 'delivered');
      });
      // The same webhook-id as the request in flight when the process died, signed; still one id per event.
      const answered = new Set(rx.received.filter((r) => !r.held && r.verified).map((r) => r.id));
      for (const d of lost) expect(answered.has(d.message_id), `delivery ${d.id} re-sent as ${d.message_id}`).toBe(true);
      const perEvent = new Map<number, Set<string>>();
      for (const r of rx.received) if (r.eventId != null) perEvent.set(r.eventId, (perEvent.get(r.eventId) ?? new Set()).add(r.id));
      for (const [eventId, ids] of perEvent) expect(ids.size, `webhook-ids of event ${eventId}`).toBe(1);
      const after = (await events()).map((e) => `${e.rule_id}|${e.trigger_key}`);
      expect(new Set(after).size).toBe(after.length);
    } catch (e) {
      for (const [name, c] of servers.children) console.error(`--- ${name} (last lines)\n${c.tail.join('\n')}`);
      throw e;
    } finally {
      await servers.stopAll();
    }
  }, 420_000);
});
