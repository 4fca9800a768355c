/**
 * `npm run bench:scale`: Coinlens as it is deployed past one machine — one `ROLES=worker` and two
 * `ROLES=web` processes on one PostgreSQL and one Redis, all on loopback — checked under load:
 *
 *  1. sessions: a wallet signs in (SIWE) through web 1; its token works on web 2; after logout on
 *     web 1 it is refused on web 2;
 *  2. shared rate limits: wrong-password logins for one address alternate between the two web
 *     processes; the 11th attempt overall must answer 429 (limit 10 per minute, shared in Redis);
 *  3. SSE fan-out under load: clients of `/api/stream/feeds` on both web processes receive the
 *     same news events (published once by the worker through Redis) while autocannon loads both
 *     web processes, and `/api/stream/market` clients keep receiving one tick a second;
 *  4. SSE at scale: 5,000 clients of `/api/stream/market` on web 1; RSS growth of that process
 *     (target ≤ 100 MB) and ticks still delivered.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/coinlens_bench — the
 * schema is migrated, and the shipped data imported on first use), BENCH_REDIS_URL (default
 * redis://127.0.0.1:6379/9), BENCH_SSE_CLIENTS (default 5000), BENCH_SECONDS (load phase, default 15).
 * Loopback only; bounded in time; every process is stopped at the end. Exit 1 when a check fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { serverArgs } from '../server-runtime.mjs';

/** Node arguments of the server as `npm start` runs it (the prebuilt bundle, built here when stale). */
const SERVER_ARGS = await serverArgs();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/coinlens_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const SSE_CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 8210);
for (const u of [DATABASE_URL, REDIS_URL]) {
  const host = new URL(u).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`bench:scale only runs on loopback services (got ${host})`);
}

const procs: ChildProcess[] = [];
const results: { check: string; ok: boolean; detail: string }[] = [];
const record = (check: string, ok: boolean, detail: string) => {
  results.push({ check, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${check}: ${detail}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Creates the bench database when it does not exist (the server migrates it). */
function ensureDatabase() {
  const u = new URL(DATABASE_URL);
  const name = u.pathname.slice(1);
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  const r = spawnSync('psql', [admin.toString(), '-tAc', `select 1 from pg_database where datname='${name.replace(/'/g, "''")}'`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`psql failed: ${r.stderr}`);
  if (!r.stdout.trim()) spawnSync('psql', [admin.toString(), '-c', `create database "${name}"`], { stdio: 'inherit' });
}

/** Starts one server process; resolves when /api/health answers 200. */
async function startProcess(name: string, port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    env: { ...process.env, DATABASE_URL, REDIS_URL, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: fs.mkdtempSync('/tmp/coinlens-scale-'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  procs.push(child);
  child.stdout!.on('data', (d) => process.env.BENCH_VERBOSE && process.stdout.write(`[${name}] ${d}`));
  child.stderr!.on('data', (d) => process.stderr.write(`[${name}] ${d}`));
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return child;
    } catch {}
    await sleep(500);
  }
  throw new Error(`${name} did not start within 10 minutes`);
}

/** Resident set size of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function api(port: number, method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; json: any }> {
  const r = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, json: await r.json().catch(() => null) };
}

/** An SSE client counting events by name; `ids` collects the ids of `feeds` events. */
interface SseClient {
  counts: Map<string, number>;
  feedIds: Set<string>;
  connected: boolean;
  close(): void;
}
const sseAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
function openSse(port: number, url: string): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const c: SseClient = { counts: new Map(), feedIds: new Set(), connected: false, close: () => req.destroy() };
    const req = http.get({ host: '127.0.0.1', port, path: url, agent: sseAgent, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`SSE ${url}: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buf = '';
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (block.startsWith(': connected')) {
            c.connected = true;
            resolve(c);
            continue;
          }
          const ev = /^event: (.+)$/m.exec(block)?.[1];
          if (!ev) continue;
          c.counts.set(ev, (c.counts.get(ev) ?? 0) + 1);
          if (ev === 'feeds') {
            const data = /^data: (.+)$/m.exec(block)?.[1];
            try {
              for (const id of JSON.parse(data ?? '{}').ids ?? []) c.feedIds.add(String(id));
            } catch {}
          }
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', (e) => (c.connected ? undefined : reject(e)));
  });
}

async function main() {
  if (!fs.existsSync(path.join(root, 'apps', 'web', 'dist', 'index.html'))) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  ensureDatabase();
  const [pw, p1, p2] = [BASE_PORT, BASE_PORT + 1, BASE_PORT + 2];
  const shared = { PUBLIC_ORIGIN: `http://127.0.0.1:${p1}`, JWT_SECRET: 'bench-scale-secret-bench-scale-secret-0123', REPLAY_SPEED: '60', TRUST_PROXY: '' };
  console.log(`starting 1 worker and 2 web processes on ${DATABASE_URL} + ${REDIS_URL} (the first start imports the shipped data)…`);
  const t0 = Date.now();
  await startProcess('worker', pw, { ...shared, ROLES: 'worker' });
  const [web1] = await Promise.all([startProcess('web1', p1, { ...shared, ROLES: 'web', SKIP_IMPORT: 'true' }), startProcess('web2', p2, { ...shared, ROLES: 'web', SKIP_IMPORT: 'true' })]);
  console.log(`all processes ready in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

  // 1. Sessions across processes.
  const account = privateKeyToAccount(generatePrivateKey());
  const nonce = await api(p1, 'GET', `/api/auth/metamask/nonce?address=${account.address}`);
  const signature = await account.signMessage({ message: nonce.json.result.message });
  const login = await api(p2, 'POST', '/api/auth/metamask/login', { address: account.address, message: nonce.json.result.message, signature, agreement_accepted: true, cookie_accepted: true, lang: 'en-US' });
  const token: string | undefined = login.json?.result?.token ?? login.json?.result?.access_token;
  const me1 = await api(p1, 'GET', '/api/users/profile/me', undefined, token);
  const me2 = await api(p2, 'GET', '/api/users/profile/me', undefined, token);
  await api(p1, 'POST', '/api/auth/logout', {}, token);
  const after = await api(p2, 'GET', '/api/users/profile/me', undefined, token);
  record('sessions across web processes', login.status === 200 && me1.status === 200 && me2.status === 200 && after.status === 401, `nonce web1 → sign-in web2 ${login.status}; me web1 ${me1.status}, web2 ${me2.status}; after logout on web1, web2 says ${after.status}`);

  // 2. Shared rate limit.
  const email = `scale-${Date.now()}@example.test`;
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await api(i % 2 ? p2 : p1, 'POST', '/api/auth/login', { email, password: 'wrong-password' })).status);
  const first429 = statuses.indexOf(429);
  record('rate limit shared through Redis', first429 === 10, `statuses ${statuses.join(' ')} (first 429 at attempt ${first429 + 1}; limit 10/min)`);

  // 3. SSE fan-out under load.
  const feeds = await Promise.all([...Array(100)].map((_, i) => openSse(i % 2 ? p2 : p1, '/api/stream/feeds')));
  const market = await Promise.all([...Array(100)].map((_, i) => openSse(i % 2 ? p2 : p1, '/api/stream/market')));
  const load = (port: number) => autocannon({ url: `http://127.0.0.1:${port}/api/crypto/all`, connections: 32, duration: SECONDS });
  const tickMark = market.map((c) => c.counts.get('tick') ?? 0);
  const [l1, l2] = await Promise.all([load(p1), load(p2)]);
  const tickCounts = market.map((c, i) => (c.counts.get('tick') ?? 0) - tickMark[i]);
  // News is released on the replay clock (×60 here): wait for the worker's next release if none
  // arrived during the load, then give the last event a moment to reach every client.
  for (let waited = 0; waited < 180_000 && feeds.some((c) => c.feedIds.size === 0); waited += 1000) await sleep(1000);
  await sleep(2000);
  const feedSets = feeds.map((c) => [...c.feedIds].sort().join(','));
  const sameEverywhere = feedSets.every((s) => s === feedSets[0]);
  const nFeedIds = feeds[0].feedIds.size;
  const ticks = tickCounts.sort((a, b) => a - b);
  record(
    'SSE fan-out under load',
    sameEverywhere && nFeedIds > 0 && ticks[0] >= SECONDS * 0.7,
    `${feeds.length} news clients on 2 processes got the same ${nFeedIds} released items (published once by the worker); ${market.length} market clients got ${ticks[0]}–${ticks.at(-1)} ticks during the ${SECONDS} s load; load: web1 ${Math.round(l1.requests.average)} req/s (p99 ${l1.latency.p99} ms), web2 ${Math.round(l2.requests.average)} req/s (p99 ${l2.latency.p99} ms), ${l1.non2xx + l2.non2xx} non-2xx`,
  );
  [...feeds, ...market].forEach((c) => c.close());
  await sleep(2000);

  // 4. SSE at scale on one web process.
  global.gc?.();
  const before = rssMb(web1.pid!);
  const clients: SseClient[] = [];
  const tConnect = Date.now();
  for (let i = 0; i < SSE_CLIENTS; i += 250) {
    clients.push(...(await Promise.all([...Array(Math.min(250, SSE_CLIENTS - i))].map(() => openSse(p1, '/api/stream/market')))));
  }
  const connectS = (Date.now() - tConnect) / 1000;
  const mark = clients.map((c) => c.counts.get('tick') ?? 0);
  await sleep(10_000);
  const afterRss = rssMb(web1.pid!);
  const got = clients.map((c, i) => (c.counts.get('tick') ?? 0) - mark[i]).sort((a, b) => a - b);
  const health = await (async () => {
    const t = Date.now();
    await fetch(`http://127.0.0.1:${p1}/api/health`);
    return Date.now() - t;
  })();
  record(
    `${SSE_CLIENTS} SSE clients on one web process`,
    afterRss - before <= 100 && got[Math.floor(got.length * 0.01)] >= 7,
    `RSS ${before.toFixed(0)} → ${afterRss.toFixed(0)} MB (+${(afterRss - before).toFixed(0)} MB, target ≤ 100); connected in ${connectS.toFixed(1)} s; ticks per client in 10 s: p1 ${got[Math.floor(got.length * 0.01)]}, median ${got[Math.floor(got.length / 2)]}; /api/health meanwhile ${health} ms`,
  );
  clients.forEach((c) => c.close());
}

main()
  .catch((e) => {
    record('bench', false, e instanceof Error ? e.message : String(e));
  })
  .finally(async () => {
    for (const p of procs) p.kill('SIGTERM');
    await sleep(1500);
    for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
    const failed = results.filter((r) => !r.ok).length;
    console.log(`\nbench:scale: ${results.length - failed}/${results.length} checks met`);
    process.exit(failed ? 1 : 0);
  });
