/**
 * bench:restart — warm restart, start-up CPU, idle memory and the responsiveness of /api/health
 * while heavy endpoints are flooded, on the embedded default (PGlite), beside a bare Fastify
 * process measured in the same run (scripts/bench/bare-server.mjs, same paths, same body sizes).
 *
 * 1. A prepared DATA_DIR: `BENCH_DATA_DIR` when given (reused as is), otherwise
 *    $TMPDIR/coinlens-bench-restart, prepared once (first start: import + signals backfill, until
 *    /api/health says `ready`, then stopped) and reused by later runs.
 * 2. Warm restart: spawns the server (the prebuilt bundle of `apps/server/src/main.ts`, scripts/build-server.mjs, with the node
 *    options and environment of `npm start`, scripts/server-runtime.mjs) and polls every 20 ms: time from spawn to the first 200 on /api/health, /api/crypto/all
 *    and the other API calls of the home page.
 * 3. CPU seconds (user + system, all threads, from /proc) used in the first `BENCH_CPU_WINDOW_S`
 *    seconds (default 60) after spawn and the RSS (MB) at the end of that window; then the idle RSS:
 *    `BENCH_IDLE_AFTER_READY_S` (30) seconds after /api/health says `ready`, no requests meanwhile.
 * 4. Flood: autocannon, 64 connections for `BENCH_FLOOD_S` s (default 10) on
 *    /api/signals/track-record and /api/crypto/ta/all?limit=50, while a separate thread requests
 *    /api/health every 20 ms: p50 / p99 / max of /api/health, and the flood's req/s.
 * The same figures are measured on the bare Fastify process; ratios = Coinlens / baseline.
 * Targets: restart ≤ 3 s, idle RSS ≤ 300 MB, /api/health p99 under the flood ≤ 50 ms.
 *
 * The server runs with LOG_LEVEL=warn and RATE_LIMIT_READS_PER_MINUTE=0 unless those are set
 * (benchServerSettings: the flood would otherwise be answered with 429s after 120 requests).
 * Usage: npm run bench:restart   (env: BENCH_DATA_DIR, BENCH_PORT, BENCH_CPU_WINDOW_S, BENCH_IDLE_AFTER_READY_S, BENCH_FLOOD_S)
 * Linux only (/proc). Prints a table; exits 0 whether or not targets are met.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { serverArgs, serverEnv } from '../server-runtime.mjs';
import { benchServerSettings, percentile } from './server-process';

/** Node arguments of the server as `npm start` runs it (the prebuilt bundle, built here when stale). */
const SERVER_ARGS = await serverArgs();

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.BENCH_PORT ?? 8290);
const BARE_PORT = PORT + 1;
const CPU_WINDOW_S = Number(process.env.BENCH_CPU_WINDOW_S ?? 60);
const FLOOD_S = Number(process.env.BENCH_FLOOD_S ?? 10);
/** Seconds without requests after readiness before the idle RSS is read. */
const IDLE_AFTER_READY_S = Number(process.env.BENCH_IDLE_AFTER_READY_S ?? 30);
const HOME_CALLS = ['/api/health', '/api/crypto/all', '/api/clock', '/api/crypto/fear_greed', '/api/crypto/market_cap', '/api/feeds/latest?limit=10', '/api/crypto/ta/hot?limit=5'];
const FLOOD = ['/api/signals/track-record', '/api/crypto/ta/all?limit=50'];
const log = (m: string) => console.log(`[bench:restart] ${m}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startServer(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    env: serverEnv({ ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...benchServerSettings(process.env), DATABASE_URL: '', REDIS_URL: '' }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

function startBare(port: number, bodiesFile: string): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, 'scripts/bench/bare-server.mjs')], { cwd: ROOT, env: { ...process.env, PORT: String(port), BARE_BODIES: bodiesFile }, stdio: ['ignore', 'inherit', 'inherit'] });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await Promise.race([done, sleep(20_000).then(() => child.kill('SIGKILL'))]);
}

/** ms from `t0` to the first 200 of `url` (polled every 20 ms), or null after `timeoutMs`. */
async function firstOk(url: string, t0: number, timeoutMs = 600_000): Promise<number | null> {
  while (performance.now() - t0 < timeoutMs) {
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (r.status === 200) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  return null;
}

/** CPU seconds (user + system, every thread) of a process; /proc counts clock ticks of 1/100 s (USER_HZ). */
function cpuSeconds(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** Resident set size (MB) of a process. */
function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

/** Samples GET `url` every 20 ms on its own thread (so the flood's client does not delay it) until told to stop. */
function sampleHealth(url: string): { stop(): Promise<number[]> } {
  const w = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const out = []; let running = true;
     parentPort.on('message', () => { running = false; });
     (async () => {
       while (running) {
         const t = performance.now();
         try { const r = await fetch(workerData.url); await r.arrayBuffer(); out.push(performance.now() - t); } catch { out.push(Infinity); }
         await new Promise((r) => setTimeout(r, 20));
       }
       parentPort.postMessage(out);
     })();`,
    { eval: true, workerData: { url } },
  );
  return {
    stop: () =>
      new Promise<number[]>((resolve) => {
        w.once('message', (m: number[]) => {
          void w.terminate();
          resolve(m);
        });
        w.postMessage('stop');
      }),
  };
}


/** Floods `paths` on `base` for FLOOD_S seconds with 64 connections while sampling /api/health. */
async function flood(base: string): Promise<{ p50: number; p99: number; max: number; n: number; rps: number; errors: number }> {
  const sampler = sampleHealth(`${base}/api/health`);
  const r = await autocannon({ url: base, connections: 64, duration: FLOOD_S, requests: FLOOD.map((p) => ({ method: 'GET', path: p })) });
  const lat = await sampler.stop();
  return { p50: percentile(lat, 50), p99: percentile(lat, 99), max: Math.max(...lat), n: lat.length, rps: r.requests.average, errors: r.errors + r.timeouts + (r.non2xx ?? 0) };
}

/** Startup figures of a process: first 200 per path, CPU in the window, idle RSS. */
async function startup(child: ChildProcess, base: string, t0: number, paths: string[]) {
  const first: Record<string, number | null> = {};
  await Promise.all(paths.map(async (p) => (first[p] = await firstOk(`${base}${p}`, t0))));
  const wait = t0 + CPU_WINDOW_S * 1000 - performance.now();
  if (wait > 0) await sleep(wait);
  const cpu = cpuSeconds(child.pid!);
  const rss = rssMb(child.pid!);
  // Idle: start-up jobs done (`ready`), then IDLE_AFTER_READY_S seconds without requests.
  await waitReadiness(base);
  await sleep(IDLE_AFTER_READY_S * 1000);
  return { first, cpu, rss, idleRss: rssMb(child.pid!) };
}

/** Resolves once /api/health says `ready` (the bare baseline answers without a readiness: at once). */
async function waitReadiness(base: string): Promise<void> {
  for (;;) {
    try {
      const body = (await (await fetch(`${base}/api/health`)).json()) as { result?: { readiness?: string } };
      if (body.result?.readiness === undefined || body.result.readiness === 'ready') return;
    } catch {
      // restarting
    }
    await sleep(500);
  }
}

async function prepare(): Promise<string> {
  if (process.env.BENCH_DATA_DIR) return path.resolve(process.env.BENCH_DATA_DIR);
  const dir = path.join(os.tmpdir(), 'coinlens-bench-restart');
  const marker = path.join(dir, '.bench-prepared');
  if (fs.existsSync(marker)) return dir;
  log(`preparing ${dir} (first start: import and signals backfill; once)…`);
  fs.rmSync(dir, { recursive: true, force: true });
  const child = startServer(dir, PORT);
  const t0 = performance.now();
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      const body = (await r.json()) as { result?: { readiness?: string } };
      if (body.result?.readiness === 'ready') break;
    } catch {
      // starting
    }
    if (child.exitCode !== null) throw new Error('the server exited while preparing');
    await sleep(1000);
  }
  log(`prepared in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await stop(child);
  fs.writeFileSync(marker, new Date().toISOString());
  return dir;
}

const fmt = (v: number | null | undefined, d = 0) => (v == null || !Number.isFinite(v) ? '—' : v.toFixed(d));
const ratio = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null || !b ? '—' : `${(a / b).toFixed(1)}×`);

async function main() {
  log(`node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  const dataDir = await prepare();
  log(`warm restart on ${dataDir}`);

  const base = `http://127.0.0.1:${PORT}`;
  const t0 = performance.now();
  const server = startServer(dataDir, PORT);
  let coin;
  let coinFlood;
  const bodiesFile = path.join(os.tmpdir(), `coinlens-bench-bodies-${process.pid}.json`);
  try {
    coin = await startup(server, base, t0, HOME_CALLS);
    const bodies: Record<string, string> = {};
    for (const p of [...HOME_CALLS, ...FLOOD]) bodies[p] = await (await fetch(`${base}${p}`)).text();
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
    coinFlood = await flood(base);
  } finally {
    await stop(server);
  }

  const bareBase = `http://127.0.0.1:${BARE_PORT}`;
  const b0 = performance.now();
  const bare = startBare(BARE_PORT, bodiesFile);
  let bareStart;
  let bareFlood;
  try {
    bareStart = await startup(bare, bareBase, b0, HOME_CALLS);
    bareFlood = await flood(bareBase);
  } finally {
    await stop(bare);
    fs.rmSync(bodiesFile, { force: true });
  }

  const rows: [string, string, string, string, string][] = [
    ['measure', 'Coinlens', 'bare Fastify', 'ratio', 'target'],
    ...HOME_CALLS.map((p): [string, string, string, string, string] => [`restart → first 200 ${p} (ms)`, fmt(coin.first[p]), fmt(bareStart.first[p]), ratio(coin.first[p], bareStart.first[p]), p === '/api/health' || p === '/api/crypto/all' ? '≤ 3000' : '']),
    [`CPU s in the first ${CPU_WINDOW_S} s`, fmt(coin.cpu, 1), fmt(bareStart.cpu, 1), ratio(coin.cpu, bareStart.cpu), ''],
    [`RSS at ${CPU_WINDOW_S} s (MB)`, fmt(coin.rss), fmt(bareStart.rss), ratio(coin.rss, bareStart.rss), ''],
    [`idle RSS, ${IDLE_AFTER_READY_S} s after ready (MB)`, fmt(coin.idleRss), fmt(bareStart.idleRss), ratio(coin.idleRss, bareStart.idleRss), '≤ 300'],
    ['/api/health p50 under flood (ms)', fmt(coinFlood.p50, 1), fmt(bareFlood.p50, 1), ratio(coinFlood.p50, bareFlood.p50), ''],
    ['/api/health p99 under flood (ms)', fmt(coinFlood.p99, 1), fmt(bareFlood.p99, 1), ratio(coinFlood.p99, bareFlood.p99), '≤ 50'],
    ['/api/health max under flood (ms)', fmt(coinFlood.max, 1), fmt(bareFlood.max, 1), ratio(coinFlood.max, bareFlood.max), ''],
    ['/api/health samples', String(coinFlood.n), String(bareFlood.n), '', ''],
    ['flood req/s (64 conn., track-record + ta/all?limit=50)', fmt(coinFlood.rps), fmt(bareFlood.rps), ratio(coinFlood.rps, bareFlood.rps), ''],
    ['flood errors + timeouts + non-2xx', String(coinFlood.errors), String(bareFlood.errors), '', ''],
  ];
  const widths = rows[0].map((_, k) => Math.max(...rows.map((r) => r[k].length)));
  console.log();
  for (const [i, r] of rows.entries()) {
    console.log(`| ${r.map((c, k) => c.padEnd(widths[k])).join(' | ')} |`);
    if (i === 0) console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  }
  const ok = (coin.first['/api/health'] ?? Infinity) <= 3000 && (coin.first['/api/crypto/all'] ?? Infinity) <= 3000 && coin.idleRss <= 300 && coinFlood.p99 <= 50;
  console.log(`\n[bench:restart] targets ${ok ? 'met' : 'NOT met'} (load average at end ${os.loadavg().map((x) => x.toFixed(1)).join(' ')})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
