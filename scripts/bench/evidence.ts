/**
 * bench:evidence — times the whole evidence evaluation and shows that the API
 * keeps its latency while heavy evaluation runs.
 *
 * 1. Starts the real server like bench:api does (apps/server/src/main.ts with the node options
 *    and environment of `npm start`, 127.0.0.1:BENCH_PORT, LOG_LEVEL=warn, read rate limits off)
 *    in BENCH_DATA_DIR (default: a kept directory `coinlens-bench-evidence` in the OS temp dir; the
 *    first run imports the shipped data, about 1–2 min) and waits until /api/health is `ready`.
 * 2. Idle: samples /api/health and one read endpoint (/api/signals/pattern-stats) for 3 s.
 * 3. Evaluation: runs scripts/bench/evidence-eval.ts in its own process — every shipped coin ×
 *    5m/1h/1d over the whole shipped history: detection, scoring and backtest of every pattern —
 *    while sampling the API; prints its time against the 60 s target.
 * 4. Through the API: GET /api/signals/backtest for every coin × timeframe, one after another
 *    (each runs on the server's analysis thread), while sampling the API.
 * 5. Prints p50/p99 of both sampled endpoints in each phase, stops the server. Bounded by a hard
 *    limit of 15 min; exit code 0 when it finished (targets are reported, not enforced).
 *
 * Environment: BENCH_DATA_DIR, BENCH_PORT (8207), DATABASE_URL / REDIS_URL (passed through).
 * Usage: npm run bench:evidence
 */
import { mkdirSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs, serverEnv } from '../server-runtime.mjs';
import { fetchOnce as fetchOnce0, hardLimit, percentile, Processes, waitReady } from './server-process';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.BENCH_PORT ?? 8207);
const HARD_LIMIT_MS = 15 * 60_000;
const TARGET_S = 60;
const READ_PATH = '/api/signals/pattern-stats';
const SAMPLE_EVERY_MS = 50;

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (m: string) => console.log(`[bench:evidence] ${m}`);

const fetchOnce = (path: string, timeoutMs = 60_000) => fetchOnce0(agent, PORT, path, timeoutMs);

/** Samples /api/health and the read endpoint every SAMPLE_EVERY_MS until `stop()`; resolves with their latencies. */
function sampler(): { stop: () => Promise<{ health: number[]; read: number[]; errors: number }> } {
  const out = { health: [] as number[], read: [] as number[], errors: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      for (const [path, into] of [['/api/health', out.health], [READ_PATH, out.read]] as const) {
        try {
          const r = await fetchOnce(path, 10_000);
          if (r.status === 200) into.push(r.ms);
          else out.errors++;
        } catch {
          out.errors++;
        }
      }
      await sleep(Math.max(0, SAMPLE_EVERY_MS - (performance.now() - t)));
    }
  })();
  return { stop: async () => ((running = false), await loop, out) };
}

const procs = new Processes(log, ROOT);

async function stopAll(): Promise<void> {
  await procs.stopAll();
  agent.destroy();
}

/** Runs the evaluation in its own process; resolves with its JSON totals and wall time. */
function evaluate(): Promise<{ totals: Record<string, unknown> & { ms: Record<string, number> }; wallMs: number }> {
  return new Promise((ok, fail) => {
    const t0 = performance.now();
    const child = procs.spawn('evaluation', ['--import', 'tsx', join(ROOT, 'scripts/bench/evidence-eval.ts')], process.env, { quietStdout: true });
    let out = '';
    child.stdout!.on('data', (b: Buffer) => (out += b.toString('utf8')));
    child.on('exit', (code) => (code === 0 ? ok({ totals: JSON.parse(out), wallMs: performance.now() - t0 }) : fail(new Error(`evaluation exited with ${code}`))));
  });
}

const row = (phase: string, s: { health: number[]; read: number[]; errors: number }) =>
  `${phase.padEnd(28)} health n=${String(s.health.length).padStart(4)} p50 ${percentile(s.health, 50).toFixed(1).padStart(7)} ms p99 ${percentile(s.health, 99).toFixed(1).padStart(7)} ms | ` +
  `pattern-stats n=${String(s.read.length).padStart(4)} p50 ${percentile(s.read, 50).toFixed(1).padStart(7)} ms p99 ${percentile(s.read, 99).toFixed(1).padStart(7)} ms | errors ${s.errors}`;

async function main() {
  hardLimit(HARD_LIMIT_MS, log, stopAll);
  const dataDir = resolve(process.env.BENCH_DATA_DIR ?? join(tmpdir(), 'coinlens-bench-evidence'));
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(PORT), DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', RATE_LIMIT_READS_PER_MINUTE: process.env.RATE_LIMIT_READS_PER_MINUTE ?? '0',
  };
  log(`server on 127.0.0.1:${PORT}, DATA_DIR ${dataDir}`);
  const server = procs.spawn('server', await serverArgs(), serverEnv(env));
  await waitReady(agent, PORT, 12 * 60_000, log, server);
  await fetchOnce(READ_PATH); // fill the read model once

  log('idle: sampling the API for 3 s');
  let s = sampler();
  await sleep(3000);
  const idle = await s.stop();

  log('evaluation: every coin × 5m/1h/1d, detection + scoring + backtest of every pattern (own process)');
  s = sampler();
  const ev = await evaluate();
  const during = await s.stop();
  const t = ev.totals;

  const files = readdirSync(join(ROOT, 'data/candles')).filter((f) => /USDT-(5m|1h|1d)\.csv\.gz$/.test(f));
  log(`through the API: GET /api/signals/backtest for ${files.length} coin × timeframe pairs (server analysis thread)`);
  s = sampler();
  const a0 = performance.now();
  const codes = new Map<number, number>();
  for (const f of files) {
    const [, sym, tf] = /^(.+)USDT-(5m|1h|1d)\.csv\.gz$/.exec(f)!;
    const r = await fetchOnce(`/api/signals/backtest?coin=${sym}&timeframe=${tf}`);
    codes.set(r.status, (codes.get(r.status) ?? 0) + 1);
  }
  const apiMs = performance.now() - a0;
  const viaApi = await s.stop();

  const sec = (ms: number) => (ms / 1000).toFixed(1);
  console.log('');
  console.log(`evidence evaluation: ${t.files} files, ${t.candles} candles, ${t.signals} signals (${t.scored} scored), ${t.trades} backtest trades`);
  console.log(
    `  time ${sec(ev.wallMs)} s wall (in-process ${sec(t.ms.total)} s: parse ${sec(t.ms.parse)}, columns ${sec(t.ms.columns)}, detect ${sec(t.ms.detect)}, score ${sec(t.ms.score)}, backtest ${sec(t.ms.backtest)}) — target < ${TARGET_S} s: ${ev.wallMs < TARGET_S * 1000 ? 'met' : 'NOT met'}`,
  );
  console.log(`backtests through the API: ${files.length} requests in ${sec(apiMs)} s (HTTP ${[...codes].map(([c, n]) => `${c}×${n}`).join(', ')})`);
  console.log('API latency while sampling every 50 ms:');
  console.log(`  ${row('idle', idle)}`);
  console.log(`  ${row('during the evaluation', during)}`);
  console.log(`  ${row('during API backtests', viaApi)}`);
  await stopAll();
}

main().catch(async (e) => {
  log(`failed: ${(e as Error).message}`);
  await stopAll();
  process.exitCode = 1;
});
