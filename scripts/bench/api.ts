/**
 * bench:api — throughput and latency of the read endpoints against a bare Fastify serving the same
 * JSON bodies, measured side by side in one run.
 *
 * 1. Starts the real server (the prebuilt apps/server/src/main.ts as `npm start` runs it, default roles web + worker, with the node
 *    options and environment of `npm start`: scripts/server-runtime.mjs) on 127.0.0.1 in a
 *    fresh temporary DATA_DIR (first start imports the shipped data: about a minute), or in an
 *    existing one given by BENCH_DATA_DIR; on PostgreSQL + Redis when DATABASE_URL / REDIS_URL are
 *    set. Waits until /api/health says `ready` (start-up backfill done).
 * 2. Captures each endpoint's body from the real server and starts a bare Fastify (no plugins, no
 *    logger) in a second process that answers each path with that captured body: the baseline.
 * 3. First BENCH_WARMUP_ALL_S (1) seconds of unmeasured flood of every endpoint on both servers
 *    (so the first endpoint measured does not pay for the fresh server's warm-up alone). Then per
 *    endpoint: after BENCH_WARMUP_S (2) seconds of unmeasured flood, autocannon (worker
 *    thread, BENCH_CONNECTIONS connections, BENCH_DURATION_S seconds per server, cut into
 *    BENCH_ROUNDS slices taken alternately, real/baseline then baseline/real…) while /api/health
 *    is sampled every 20 ms from this thread during the real server's slices (its p99 shows
 *    whether the flood stalls other requests); req/s and p50/p99 are pooled over the rounds
 *    (all requests, autocannon's merged latency histograms). Prints req/s,
 *    p50/p99 of both, the ratio, the health p99 and the targets
 *    (ratio ≥ 0.5, p99 ≤ 25 ms, health p99 ≤ 50 ms). Stops by itself; exit code 0 either way.
 *
 * Environment: BENCH_DATA_DIR, BENCH_DURATION_S (10), BENCH_ROUNDS (5), BENCH_WARMUP_S (2), BENCH_WARMUP_ALL_S (1),
 * BENCH_CONNECTIONS (64), BENCH_PORT (8205),
 * BENCH_BASELINE_PORT (BENCH_PORT + 1), BENCH_ONLY (comma list of endpoint names), DATABASE_URL,
 * REDIS_URL, REPLAY_SPEED (passed through). The server runs with LOG_LEVEL=warn (no per-request
 * log lines; the baseline has no logger either) and RATE_LIMIT_READS_PER_MINUTE=0 (read rate
 * limits off for loopback benchmarking) unless those are set.
 *
 * Usage: npm run bench:api
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serverArgs, serverEnv } from '../server-runtime.mjs';
import { API_BENCH_ENDPOINTS as ENDPOINTS } from './paths';
import { benchServerSettings, fetchOnce as fetchOnce0, hardLimit, percentile, Processes, waitReady } from './server-process';

/** Node arguments of the server as `npm start` runs it (the prebuilt bundle, built here when stale). */
const SERVER_ARGS = await serverArgs();

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
/** Seconds of unmeasured flood before each measured one (JIT warm-up of both servers). */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
/**
 * Seconds of unmeasured flood of EVERY endpoint, on both servers, before the first measurement: a
 * freshly started server is still compiling its hot paths and filling its read models, which the
 * first endpoint measured would otherwise pay alone.
 */
const WARMUP_ALL_S = Number(process.env.BENCH_WARMUP_ALL_S ?? 1);
/** Rounds per endpoint: the flood time is cut into this many slices per server, taken alternately (ABBA…). */
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? 5)));
const PORT = Number(process.env.BENCH_PORT ?? 8205);
const BASE_PORT = Number(process.env.BENCH_BASELINE_PORT ?? PORT + 1);
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
/** The whole run stops after this long whatever happens (import + backfill + every flood). */
const HARD_LIMIT_MS = 30 * 60_000;


const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (m: string) => console.log(`[bench:api] ${m}`);

const procs = new Processes(log, ROOT);
let tempDir: string | null = null;
const fetchOnce = (port: number, path: string, timeoutMs?: number) => fetchOnce0(agent, port, path, timeoutMs);

async function stopAll(): Promise<void> {
  await procs.stopAll();
  agent.destroy();
  await floodThread.terminate();
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}

const BASELINE_SRC = `
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const bodies = JSON.parse(readFileSync(process.env.BENCH_BODIES, 'utf8'));
const app = Fastify({ logger: false });
app.get('/*', (req, reply) => {
  const body = bodies[req.url];
  if (body === undefined) return reply.code(404).send({ error: 'unknown' });
  reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_BASELINE_PORT) });
console.log('baseline listening');
`;

interface Flood {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon's raw result of one flood (as its worker threads report it): counts and the encoded latency histogram. */
type RawFlood = { totalCompletedRequests: number; duration: number; errors: number; timeouts: number; non2xx: number } & Record<string, unknown>;

const floodThread = new Worker(new URL('./flood-thread.mjs', import.meta.url));
floodThread.unref();
let floodQueue: Promise<unknown> = Promise.resolve();

/** One flood of `path` for `seconds` (BENCH_CONNECTIONS connections) from the load thread; one at a time. */
function flood(port: number, path: string, seconds: number): Promise<RawFlood> {
  const run = floodQueue.then(
    () =>
      new Promise<RawFlood>((res, rej) => {
        floodThread.once('message', (m: { ok: boolean; result?: RawFlood; error?: string }) => (m.ok ? res(m.result!) : rej(new Error(m.error))));
        floodThread.postMessage({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration: seconds, timeout: 10 });
      }),
  );
  floodQueue = run.catch(() => undefined);
  return run;
}

/** Floods pooled: req/s = all requests / all flood time; p50/p99 over every request of every round (autocannon's merged histograms). */
function pooled(url: string, runs: RawFlood[]): Flood {
  const r = (autocannon as unknown as { aggregateResult: (runs: RawFlood[], opts: { url: string; connections: number }) => autocannon.Result }).aggregateResult(runs, { url, connections: CONNECTIONS });
  const n = runs.reduce((a, x) => a + x.totalCompletedRequests, 0);
  const s = runs.reduce((a, x) => a + x.duration, 0);
  return { rps: n / s, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

/** Samples /api/health every 20 ms (one at a time) until `stop` resolves; returns the latencies (ms). */
async function sampleHealth(port: number, stop: Promise<unknown>): Promise<number[]> {
  let done = false;
  void stop.then(() => (done = true));
  const out: number[] = [];
  while (!done) {
    try {
      out.push((await fetchOnce(port, '/api/health', 20_000)).ms);
    } catch {
      out.push(20_000);
    }
    await sleep(20);
  }
  return out;
}

const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

async function main() {
  hardLimit(HARD_LIMIT_MS, log, stopAll);

  const dataDir = process.env.BENCH_DATA_DIR ? resolve(process.env.BENCH_DATA_DIR) : (tempDir = mkdtempSync(join(tmpdir(), 'coinlens-bench-')));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    ...benchServerSettings(process.env),
  };
  log(`server on 127.0.0.1:${PORT}, DATA_DIR ${dataDir}${tempDir ? ' (fresh: importing the shipped data first)' : ''}, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${process.env.REDIS_URL ? 'Redis' : 'no Redis'}`);
  const t0 = Date.now();
  const server = procs.spawn('server', SERVER_ARGS, serverEnv(env));
  await waitReady(agent, PORT, 15 * 60_000, log, server);
  log(`server ready after ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const endpoints = ONLY.length ? ENDPOINTS.filter((e) => ONLY.includes(e.name)) : ENDPOINTS;
  const bodies: Record<string, string> = {};
  for (const e of endpoints) {
    const first = await fetchOnce(PORT, e.path, 120_000);
    if (first.status !== 200) throw new Error(`${e.path} answered ${first.status}: ${first.body.slice(0, 200)}`);
    bodies[e.path] = (await fetchOnce(PORT, e.path, 120_000)).body;
    log(`${e.name}: first ${f1(first.ms)} ms, ${f0(bodies[e.path].length)} bytes`);
  }
  const bodiesFile = join(tempDir ?? mkdtempSync(join(tmpdir(), 'coinlens-bench-')), 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  procs.spawn('baseline', ['--input-type=module', '-e', BASELINE_SRC], { ...process.env, BENCH_BODIES: bodiesFile, BENCH_BASELINE_PORT: String(BASE_PORT) });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetchOnce(BASE_PORT, endpoints[0].path, 2000)).status === 200) break;
    } catch {
      await sleep(200);
    }
  }

  if (WARMUP_ALL_S > 0) {
    log(`warming up: ${WARMUP_ALL_S} s of flood per endpoint on both servers`);
    for (const e of endpoints) {
      await flood(PORT, e.path, WARMUP_ALL_S);
      await flood(BASE_PORT, e.path, WARMUP_ALL_S);
    }
  }

  const rows: { e: (typeof ENDPOINTS)[number]; real: Flood; baseline: Flood; health: number[] }[] = [];
  const slice = DURATION_S / ROUNDS;
  for (const e of endpoints) {
    if (WARMUP_S > 0) {
      await flood(PORT, e.path, WARMUP_S);
      await flood(BASE_PORT, e.path, WARMUP_S);
    }
    // Rounds alternate the two servers (ABBA…), so a change of the machine's speed during the
    // measurement (other tenants, thermal) falls on both alike.
    const realRuns: RawFlood[] = [];
    const baseRuns: RawFlood[] = [];
    const h: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const measureReal = async () => {
        const running = flood(PORT, e.path, slice);
        const health = e.name === 'health' ? Promise.resolve([] as number[]) : sampleHealth(PORT, running);
        realRuns.push(await running);
        h.push(...(await health));
      };
      const measureBase = async () => void baseRuns.push(await flood(BASE_PORT, e.path, slice));
      if (r % 2 === 0) {
        await measureReal();
        await measureBase();
      } else {
        await measureBase();
        await measureReal();
      }
    }
    const real = pooled(`http://127.0.0.1:${PORT}${e.path}`, realRuns);
    const baseline = pooled(`http://127.0.0.1:${BASE_PORT}${e.path}`, baseRuns);
    rows.push({ e, real, baseline, health: h });
    log(`${e.name}: ${f0(real.rps)} req/s (p99 ${f1(real.p99)} ms) vs baseline ${f0(baseline.rps)} req/s → ${(real.rps / baseline.rps).toFixed(2)}×; health p99 ${f1(percentile(h, 99))} ms`);
  }

  console.log('');
  console.log(`bench:api — ${CONNECTIONS} connections, ${DURATION_S} s per endpoint and server in ${ROUNDS} alternating rounds, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}${process.env.REDIS_URL ? ' + Redis' : ''}, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log('targets: ratio ≥ 0.5×, p99 ≤ 25 ms, /api/health p99 ≤ 50 ms while the endpoint is flooded');
  console.log('');
  console.log('| endpoint | req/s | p50 ms | p99 ms | baseline req/s | baseline p99 ms | ratio | health p99 ms | errors | targets |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const { e, real, baseline, health } of rows) {
    const ratio = real.rps / baseline.rps;
    const hp99 = percentile(health, 99);
    const misses = [ratio < 0.5 ? 'ratio' : '', real.p99 > 25 ? 'p99' : '', health.length && hp99 > 50 ? 'health' : '', real.errors + real.non2xx > 0 ? 'errors' : ''].filter(Boolean);
    console.log(
      `| \`${e.path}\` | ${f0(real.rps)} | ${real.p50} | ${real.p99} | ${f0(baseline.rps)} | ${baseline.p99} | ${ratio.toFixed(2)}× | ${health.length ? f1(hp99) : '—'} | ${real.errors + real.non2xx} | ${misses.length ? `miss: ${misses.join(', ')}` : 'met'} |`,
    );
  }
  await stopAll();
}

main().catch(async (e) => {
  console.error(`[bench:api] failed: ${e instanceof Error ? e.stack : String(e)}`);
  await stopAll();
  process.exit(1);
});
