/**
 * bench:alerts — alert latency and delivery soak on the embedded default (PGlite in memory, the
 * shipped BTC 5m candles on a manual replay clock), in one process with the real evaluator,
 * outbox and dispatcher (apps/server/src/modules/alerts) and a local webhook receiver that verifies
 * every Standard Webhooks signature.
 *
 * 1. Latency: `BENCH_ALERT_RULES` (default 1,000) active price-level rules over 100 users, each user
 *    with one webhook endpoint, all crossed by one closed 5m candle. From the candle-close event
 *    (the evaluator's `onCandleClosed`) to each signed webhook arriving at the receiver: p50 / p95 /
 *    p99 / max over every delivery (target p95 ≤ 1 s), the CPU the process spent on it (all its
 *    threads; a figure that depends less on the machine's other load than the wall times), the
 *    load average, and where the time went (when each fire, claim and record step ran).
 * 2. Soak: `BENCH_SOAK_DELIVERIES` (default 10,000) queued deliveries against a receiver that fails
 *    30 % of requests (20 % answer 500, 10 % never answer within the 300 ms timeout), dispatched with
 *    a 20 ms backoff base: prints lost (ids never answered 2xx; must be 0), attempts per webhook-id
 *    (histogram) and whether every retry reused its id.
 *
 * Usage: npm run bench:alerts   (env: BENCH_ALERT_RULES, BENCH_SOAK_DELIVERIES). Prints a table.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { users } from '@coinlens/db';
import { createTestApp } from '../../apps/server/test/harness';
import { AlertDispatcher } from '../../apps/server/src/modules/alerts/alerts.dispatcher';
import { newMessageId } from '../../apps/server/src/modules/alerts/alerts.service';

const require = createRequire(import.meta.url);
const RULES = Number(process.env.BENCH_ALERT_RULES ?? 1000);
const SOAK = Number(process.env.BENCH_SOAK_DELIVERIES ?? 10_000);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/**
 * The receiver runs on its own thread (as a real receiver runs elsewhere): it verifies every
 * signature with the endpoint's secret and answers per `mode` ('ok', or the soak's deterministic
 * 20 % HTTP 500 / 10 % no answer). Arrival times are `performance.timeOrigin + now()` (ms, shared clock).
 */
async function receiver(secrets: Record<string, string>, mode: 'ok' | 'flaky') {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const { Webhook } = require(workerData.lib);
    const secrets = workerData.secrets;
    let seq = 0;
    const server = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const at = performance.timeOrigin + performance.now();
        const raw = Buffer.concat(chunks).toString('utf8');
        let verified = false;
        try { new Webhook(secrets[req.url] || '').verify(raw, { 'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']) }); verified = true; } catch {}
        seq++;
        const r = (seq * 7919) % 100;
        const b = workerData.mode === 'ok' ? 'ok' : r < 20 ? 'fail' : r < 30 ? 'hang' : 'ok';
        parentPort.postMessage({ id: String(req.headers['webhook-id']), at, ok: b === 'ok', verified });
        if (b === 'ok') res.writeHead(204).end();
        else if (b === 'fail') res.writeHead(500).end();
      });
    });
    server.keepAliveTimeout = 1000;
    server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
    parentPort.on('message', (m) => { if (m === 'close') { server.closeAllConnections(); server.close(() => process.exit(0)); } });
  `;
  const w = new Worker(code, { eval: true, workerData: { secrets, mode, lib: require.resolve('standardwebhooks') } });
  const arrivals: { id: string; at: number; ok: boolean; verified: boolean }[] = [];
  const port = await new Promise<number>((resolve) =>
    w.on('message', (m: { port?: number; id?: string; at?: number; ok?: boolean; verified?: boolean }) => {
      if (m.port) resolve(m.port);
      else arrivals.push(m as { id: string; at: number; ok: boolean; verified: boolean });
    }),
  );
  return { base: `http://127.0.0.1:${port}`, arrivals, close: () => new Promise<void>((r) => { w.once('exit', () => r()); w.postMessage('close'); }) };
}

// The receiver listens on 127.0.0.1, which webhook URLs may reach only when allowed explicitly.
const t = await createTestApp({ symbols: ['BTC'], timeframes: ['5m'], env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
try {
  const { repo } = t.ctx.alerts;
  const candles = await t.ctx.source.getCandles('BTC', '5m', { limit: 300 });
  const c = [...candles].reverse().find((x) => x.high > x.open * 1.001)!;
  const level = (c.open + c.high) / 2;
  // ---- 1. latency --------------------------------------------------------------------------------
  // Endpoints are added first (their URLs fixed once the receiver's port is known), then the receiver starts with their secrets.
  const userCount = Math.min(100, RULES);
  const now = Date.now();
  const pending: { userId: number; path: string; secret: string; id: number }[] = [];
  for (let u = 0; u < userCount; u++) {
    const [row] = await t.ctx.db.db.insert(users).values({ username: `bench${u}`, email: `bench${u}@example.test`, emailVerified: true, createdAt: now }).returning({ id: users.id });
    const path = `/u${u}`;
    const ep = await t.ctx.alerts.service.addWebhook(row.id, `http://127.0.0.1:1${path}`, 'bench');
    pending.push({ userId: row.id, path, secret: ep.secret!, id: ep.id });
    const n = Math.floor(RULES / userCount) + (u < RULES % userCount ? 1 : 0);
    for (let i = 0; i < n; i++) await repo.insertRule(row.id, 'price_cross', t.ctx.market.resolve('BTC').id, { kind: 'price_cross', coin: 'bitcoin', level, direction: 'up', repeat: false }, ['webhook'], 1_000_000, now);
  }
  const rx = await receiver(Object.fromEntries(pending.map((p) => [p.path, p.secret])), 'ok');
  for (const p of pending) await t.ctx.db.query(sql`update webhook_endpoints set url = ${rx.base + p.path} where id = ${p.id}`);
  const dispatcher = t.ctx.alerts.dispatcher!;
  // Profile: when each outbox step ran (ms after the candle close), by wrapping the repository's methods.
  const steps: { step: string; from: number; to: number; rows: number }[] = [];
  const at = () => performance.timeOrigin + performance.now() - t0;
  const profiled = ['fireMany', 'claim', 'endpointTargets', 'recordAttempts'] as const;
  for (const name of profiled) {
    if (typeof (repo as any)[name] !== 'function') continue;
    const orig = (repo as any)[name].bind(repo);
    (repo as any)[name] = async (...args: unknown[]) => {
      const from = at();
      const r = await orig(...args);
      steps.push({ step: name, from, to: at(), rows: Array.isArray(r) ? r.length : Array.isArray(args[0]) ? (args[0] as unknown[]).length : 0 });
      return r;
    };
  }
  dispatcher.start();
  const cpu0 = process.cpuUsage();
  const t0 = performance.timeOrigin + performance.now();
  const fired = await t.ctx.alerts.evaluator!.onCandleClosed({ symbol: 'BTC', timeframe: '5m', candle: c });
  const evaluatedMs = performance.timeOrigin + performance.now() - t0;
  const deadline = Date.now() + 120_000;
  while (rx.arrivals.length < fired && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const cpu = process.cpuUsage(cpu0);
  await dispatcher.stop();
  for (const name of profiled) delete (repo as any)[name]; // back to the prototype's methods for the soak
  const lat = rx.arrivals.map((a) => a.at - t0);
  console.log(`\nalerts latency — ${RULES} active rules, ${fired} fired by one closed 5m candle (PGlite, in process)`);
  console.log(`  evaluation (events + outbox rows written): ${evaluatedMs.toFixed(0)} ms`);
  console.log(`  candle close → signed webhook received: p50 ${pct(lat, 50).toFixed(0)} ms  p95 ${pct(lat, 95).toFixed(0)} ms  p99 ${pct(lat, 99).toFixed(0)} ms  max ${Math.max(...lat).toFixed(0)} ms  (target p95 ≤ 1000 ms)`);
  console.log(`  received ${rx.arrivals.length}/${fired}, signatures verified ${rx.arrivals.filter((a) => a.verified).length}`);
  console.log(`  CPU of this process (all threads: evaluation, PGlite, dispatcher, receiver) until the last arrival: ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  const first = Math.min(...lat);
  console.log(`  where the time goes (ms after the close): first webhook received at ${first.toFixed(0)}`);
  for (const s of steps.filter((x) => x.rows > 0)) console.log(`    ${s.step.padEnd(15)} ${s.from.toFixed(0).padStart(6)} → ${s.to.toFixed(0).padStart(6)}  (${(s.to - s.from).toFixed(0)} ms, ${s.rows} rows)`);
  await rx.close();

  // ---- 2. soak -----------------------------------------------------------------------------------
  const [owner] = await t.ctx.db.db.insert(users).values({ username: 'soak', email: 'soak@example.test', emailVerified: true, createdAt: now }).returning({ id: users.id });
  const ep = await t.ctx.alerts.service.addWebhook(owner.id, 'http://127.0.0.1:1/soak', 'soak');
  const rx2 = await receiver({ '/soak': ep.secret! }, 'flaky'); // deterministic spread: 20 % 500, 10 % no answer
  await t.ctx.db.query(sql`update webhook_endpoints set url = ${rx2.base + '/soak'} where id = ${ep.id}`);
  const ids: string[] = [];
  for (let i = 0; i < SOAK; i++) {
    const id = newMessageId();
    ids.push(id);
    await repo.insertDelivery(owner.id, { channel: 'webhook', endpointId: ep.id, messageId: id, payload: { type: 'alert.test', timestamp: new Date().toISOString(), data: { i } } }, Date.now());
  }
  const soak = new AlertDispatcher({ repo, mailer: t.ctx.accounts.mailer, pollMs: 25, baseBackoffMs: 20, maxAttempts: 30, timeoutMs: 300, batch: 100, leaseMs: 5000, outbound: t.ctx.alerts.outbound });
  const s0 = performance.now();
  soak.start();
  soak.wake();
  const soakDeadline = Date.now() + 30 * 60_000;
  for (;;) {
    const [r] = await t.ctx.db.query<{ n: number }>(sql`select count(*)::int as n from alert_deliveries where endpoint_id = ${ep.id} and status = 'pending'`);
    if (Number(r.n) === 0 || Date.now() > soakDeadline) break;
    await new Promise((res) => setTimeout(res, 250));
  }
  await soak.stop();
  const soakS = (performance.now() - s0) / 1000;
  const okIds = new Set(rx2.arrivals.filter((a) => a.ok).map((a) => a.id));
  const lost = ids.filter((id) => !okIds.has(id)).length;
  const per = new Map<string, number>();
  for (const a of rx2.arrivals) per.set(a.id, (per.get(a.id) ?? 0) + 1);
  const hist = new Map<number, number>();
  for (const id of ids) hist.set(per.get(id) ?? 0, (hist.get(per.get(id) ?? 0) ?? 0) + 1);
  const foreign = rx2.arrivals.filter((a) => !ids.includes(a.id)).length;
  const [failed] = await t.ctx.db.query<{ n: number }>(sql`select count(*)::int as n from alert_deliveries where endpoint_id = ${ep.id} and status = 'failed'`);
  console.log(`\nalerts soak — ${SOAK} deliveries, receiver failing 30 % (20 % HTTP 500, 10 % no answer within 300 ms)`);
  console.log(`  requests ${rx2.arrivals.length}, delivered ${okIds.size}, lost = ${lost}, given up (failed) ${failed.n}, unknown ids ${foreign}, signatures verified ${rx2.arrivals.filter((a) => a.verified).length}/${rx2.arrivals.length}`);
  console.log(`  requests per webhook-id: ${[...hist.entries()].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}×: ${v}`).join(', ')}  (every retry reuses its id)`);
  console.log(`  ${soakS.toFixed(1)} s, ${(rx2.arrivals.length / soakS).toFixed(0)} requests/s`);
  await rx2.close();
} finally {
  await t.close();
}
