#!/usr/bin/env node
/**
 * End-to-end run (`npm run test:e2e [-- playwright args]`):
 *  1. finds Chromium at /usr/bin/chromium (installs Debian's `chromium` via apt-get when running as
 *     root and it is missing; otherwise explains what is missing and exits 1),
 *  2. builds the web app when apps/web/dist is missing or older than its sources, and checks the
 *     initial-JS budget of each page (scripts/bench/web-size.mjs --check),
 *  3. starts the server on port 8090 with a fresh temporary DATA_DIR and
 *     REPLAY_START=2025-05-16T00:00:00Z (skipped when E2E_BASE_URL points at a running server),
 *     Before the server, a local EVM chain with test USDT/USDC (apps/server/test/chain/serve.ts)
 *     is started and handed to the server as CHAINS (E2E_CHAIN=0 skips it),
 *     The server grants the `lab` permission to the addresses e2e/ai-lab.spec.ts registers
 *     (LAB_EMAILS; E2E_LAB_EMAILS overrides them),
 *     Alongside it, two side servers on BTC and ETH only that write into the same outbox: one for
 *     e2e/llm.spec.ts with LLM_BASE_URL pointing at a local OpenAI-compatible model
 *     (e2e/support/llm-stub.ts; E2E_LLM=0 skips it), and one for e2e/telegram.spec.ts whose
 *     Telegram bot talks to a local Bot API stand-in (e2e/support/telegram-stand-in.ts;
 *     E2E_TELEGRAM=0 skips it); the Playwright projects `llm` and `telegram` use them. A third side
 *     server runs in live mode (`MARKET_SOURCE=binance`) on the local Binance stand-in for
 *     e2e/live.spec.ts (project `live`; E2E_LIVE=0 skips it); it starts with Playwright (step 4)
 *     and its spec waits for it,
 *  4. waits until every server is ready, runs `npx playwright test` (with E2E_DATA_DIR, so specs
 *     read the outbox), stops the servers.
 * With E2E_GATE_FILE set (scripts/test.mjs does, to start the servers while vitest runs), step 4
 * waits, servers up, until that file exists: `go` runs Playwright, anything else stops the servers
 * and exits 1.
 * Browsers are never downloaded (`playwright install` is not used).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync, createWriteStream, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { createECDH } from 'node:crypto';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs } from './server-runtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let PORT = Number(process.env.E2E_PORT ?? 8090);
const START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS ?? 600_000);
const t0 = performance.now();
/** `[e2e +12.3s] msg`: the seconds since the start show where a run's set-up time goes. */
const log = (msg) => console.log(`[e2e +${((performance.now() - t0) / 1000).toFixed(1)}s] ${msg}`);
/** Addresses that get `lab` (one per Playwright project; e2e/ai-lab.spec.ts signs them up). */
const LAB_EMAILS = process.env.E2E_LAB_EMAILS ?? 'lab-desktop@example.test,lab-phone@example.test';
/**
 * Every browser of a run talks from 127.0.0.1, so one run looks like many visitors behind one
 * address: the per-client fair-use budgets are raised for the test servers (unless set).
 */
const FAIR_USE = {
  RATE_LIMIT_READS_PER_MINUTE: process.env.RATE_LIMIT_READS_PER_MINUTE ?? '10000',
  RATE_LIMIT_MODEL_PER_MINUTE: process.env.RATE_LIMIT_MODEL_PER_MINUTE ?? '1000',
  // every spec signs up from 127.0.0.1: the default 20 code checks per 10 minutes ran out on a fast run
  RATE_LIMIT_CODE_CHECKS_PER_10_MINUTES: process.env.RATE_LIMIT_CODE_CHECKS_PER_10_MINUTES ?? '1000',
  // and every sign-up mails a code from 127.0.0.1 (the default is 20 an hour per IP)
  RATE_LIMIT_CODE_MAILS_PER_IP_PER_HOUR: process.env.RATE_LIMIT_CODE_MAILS_PER_IP_PER_HOUR ?? '1000',
};

/**
 * A VAPID key pair made for this run (node:crypto, P-256), so the servers have Web Push on and the
 * Alerts page shows its push control (e2e/push.spec.ts); VAPID_* from the environment win, and
 * E2E_VAPID=0 leaves push off. Headless Chromium reaches no real push service, so no push is sent.
 */
function vapidEnv() {
  if (process.env.E2E_VAPID === '0' || process.env.VAPID_PUBLIC_KEY) return {};
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()]).subarray(-32);
  return { VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'), VAPID_PRIVATE_KEY: privateKey.toString('base64url'), VAPID_SUBJECT: 'mailto:e2e@coinlens.example' };
}
const VAPID = vapidEnv();

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  return r.status ?? 1;
}

// 1. Chromium ------------------------------------------------------------------------------------
function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    log(`${CHROMIUM} not found; installing Debian's chromium package with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update'], { env }) === 0) run('apt-get', ['install', '-y', 'chromium'], { env });
  }
  return existsSync(CHROMIUM);
}

if (!ensureChromium()) {
  console.error(
    [
      `[e2e] Chromium is missing: expected an executable at ${CHROMIUM}.`,
      '[e2e] Install Debian\'s package as root:  apt-get update && apt-get install -y chromium',
      '[e2e] or point CHROMIUM_PATH at an existing Chromium/Chrome binary.',
      '[e2e] (Playwright\'s own browser download is not used.)',
    ].join('\n'),
  );
  process.exit(1);
}
log(`using ${CHROMIUM}`);

// 2. Build the web app if needed -----------------------------------------------------------------
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    max = Math.max(max, newestMtime(join(path, name)));
  }
  return max;
}

const webDir = join(root, 'apps/web');
const distIndex = join(webDir, 'dist/index.html');
const sourcesMtime = Math.max(
  newestMtime(join(webDir, 'src')),
  newestMtime(join(webDir, 'index.html')),
  newestMtime(join(webDir, 'vite.config.ts')),
  newestMtime(join(webDir, 'public')),
  newestMtime(join(root, 'packages/contracts/src')),
);
if (!existsSync(distIndex) || !existsSync(join(webDir, 'dist-ssr/entry-server.mjs')) || statSync(distIndex).mtimeMs < sourcesMtime || process.env.E2E_REBUILD === '1') {
  log('building the web app…');
  if (run('npm', ['run', '-w', '@coinlens/web', 'build']) !== 0) {
    console.error('[e2e] web build failed');
    process.exit(1);
  }
} else {
  log('web build is up to date');
}
// Initial-JS budgets per page (Vite's manifest; scripts/bench/web-size.mjs): over budget fails the run.
if (run('node', ['scripts/bench/web-size.mjs', '--check']) !== 0) {
  console.error('[e2e] the web app is over its size budget (see the table above)');
  process.exit(1);
}

// 3. Server --------------------------------------------------------------------------------------
let baseURL = process.env.E2E_BASE_URL;
let server = null;
let dataDir = null;


async function waitForClock(url, deadline) {
  let lastErr = '';
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/clock`);
      if (res.ok) return;
      lastErr = `HTTP ${res.status}`;
    } catch (err) {
      lastErr = err.message;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`server did not answer /api/clock in time (${lastErr})`);
}

// Local EVM chain for the payment specs (apps/server/test/chain/serve.ts); E2E_CHAIN=0 skips it.
let chainProc = null;
let chainInfo = null;
let llmServer = null;
let llmStub = null;
let llmURL = process.env.E2E_LLM_BASE_URL ?? null;
// The Telegram server (startTelegramServer): the local Bot API stand-in and a side server.
let telegramProc = null;
let telegramInfo = null;
let telegramServer = null;
let telegramURL = process.env.E2E_TELEGRAM_BASE_URL ?? null;
// The live-mode server (startLiveServer): the local Binance stand-in and a side server on it.
let liveStandIn = null;
let liveServer = null;
let liveURL = process.env.E2E_LIVE_BASE_URL ?? null;
/** Pairs the stand-in lists for e2e/live.spec.ts: the 28 shipped coins, metadata-snapshot coins and one ticker no metadata covers. */
const LIVE_PAIRS = 32;
/** The build the live-mode server serves (set when this script starts the servers). */
let webDistForLive = null;

/** Waits for a line matching `re` on a child's stdout; resolves with the match. */
function lineOf(child, re, what, ms = 120_000) {
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start`)), ms);
    child.stdout.on('data', (d) => {
      buf += d;
      const m = re.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.on('exit', (c) => reject(new Error(`${what} exited with code ${c}`)));
  });
}

/**
 * The small shipped data set of the side servers (BTC and ETH candles, all coins, news and icons),
 * made once. `recentNewsOnly` (the live-mode server): only the news files of 2026 (a few hundred
 * items) instead of every shipped one: a live clock releases the whole backlog, 29,521 headlines of
 * 2025 whose first analysis took most of that server's start-up and none of whose items its spec reads.
 */
function smallShippedData({ recentNewsOnly = false } = {}) {
  const shipped = join(dataDir, recentNewsOnly ? 'small-shipped-recent-news' : 'small-shipped');
  if (existsSync(shipped)) return shipped;
  mkdirSync(join(shipped, 'candles'), { recursive: true });
  const data = join(root, 'data');
  for (const name of readdirSync(data)) if (name !== 'candles' && name !== 'training' && !(recentNewsOnly && name === 'news')) symlinkSync(join(data, name), join(shipped, name));
  if (recentNewsOnly) {
    mkdirSync(join(shipped, 'news'));
    for (const f of readdirSync(join(data, 'news'))) if (!/_20(1\d|2[0-5])-/.test(f)) symlinkSync(join(data, 'news', f), join(shipped, 'news', f));
  }
  const keep = (f) => /^(BTC|ETH)USDT-/.test(f);
  for (const f of readdirSync(join(data, 'candles'))) if (keep(f) || f.endsWith('.md')) cpSync(join(data, 'candles', f), join(shipped, 'candles', f));
  const index = readFileSync(join(data, 'candles', 'files.csv'), 'utf8').split('\n');
  writeFileSync(join(shipped, 'candles', 'files.csv'), [index[0], ...index.slice(1).filter(keep)].join('\n') + '\n');
  return shipped;
}

/**
 * A side server: the app on the small shipped data set with extra `env`, its own data dir
 * (`<name>-data`) and the main server's outbox, so the specs' sign-up helpers find the codes.
 * Resolves with its URL once /api/health says ready; `onSpawn` receives the child process.
 * With `{ wait: false }` it resolves as soon as the server is spawned (its spec waits for it) and
 * only logs an exit; `{ recentNewsOnly: true }` gives it the data set without the 2025 news backlog.
 */
async function startSideServer(name, what, webDist, env, onSpawn, { wait = true, recentNewsOnly = false } = {}) {
  const shipped = smallShippedData({ recentNewsOnly });
  const sideData = join(dataDir, `${name}-data`);
  mkdirSync(sideData, { recursive: true });
  mkdirSync(join(dataDir, 'outbox'), { recursive: true });
  symlinkSync(join(dataDir, 'outbox'), join(sideData, 'outbox'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logPath = join(dataDir, `${name}-server.log`);
  const out = createWriteStream(logPath);
  log(`starting the ${what} on ${url} (log ${logPath})…`);
  const child = spawn(process.execPath, await serverArgs({ log }), {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: sideData,
      SHIPPED_DATA_DIR: shipped,
      REPLAY_START: process.env.REPLAY_START ?? '2025-05-16T00:00:00Z',
      WEB_DIST_DIR: webDist,
      NODE_ENV: 'production',
      ...FAIR_USE,
      ...env,
    },
  });
  onSpawn(child);
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  if (!wait) {
    child.on('exit', (c) => c && log(`the ${what} exited with code ${c} (log ${logPath})`));
    return url;
  }
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the ${what} exited with code ${child.exitCode} (log ${logPath})`);
    try {
      const h = (await (await fetch(`${url}/api/health`)).json()).result;
      if (h.readiness === 'ready') {
        log(`the ${what} is up`);
        return url;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the ${what} did not become ready (log ${logPath})`);
}

/** The model-backed server of e2e/llm.spec.ts: a local OpenAI-compatible model and a side server using it. */
async function startLlmServer(webDist) {
  const stubPort = await freePort();
  llmStub = spawn('npx', ['tsx', 'e2e/support/llm-stub.ts'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LLM_STUB_PORT: String(stubPort) } });
  await lineOf(llmStub, /listening on (\S+)\n/, 'the local model');
  llmURL = await startSideServer('llm', 'model-backed server', webDist, { LLM_BASE_URL: `http://127.0.0.1:${stubPort}/v1`, LLM_MODEL: 'stub-model' }, (c) => (llmServer = c));
}

/**
 * The Telegram server of e2e/telegram.spec.ts: the local Bot API stand-in and a side server whose
 * bot talks to it. The bot also turns on the Telegram Login Widget (a script from telegram.org) on
 * the sign-in pages, so the other specs run on the main server, without it.
 */
async function startTelegramServer(webDist) {
  telegramProc = spawn('npx', ['tsx', 'e2e/support/telegram-stand-in.ts'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  telegramInfo = JSON.parse((await lineOf(telegramProc, /TELEGRAM_STAND_IN_READY (.+)\n/, 'the Telegram stand-in'))[1]);
  log(`Telegram Bot API stand-in ${telegramInfo.url}`);
  telegramURL = await startSideServer('telegram', 'Telegram server', webDist, { TELEGRAM_BOT_TOKEN: telegramInfo.token, TELEGRAM_BOT_NAME: telegramInfo.bot, TELEGRAM_API_ROOT: telegramInfo.url, TELEGRAM_POLL_TIMEOUT_S: '1' }, (c) => (telegramServer = c));
}
/**
 * The live-mode server of e2e/live.spec.ts: the local Binance stand-in (scripts/binance-stand-in,
 * Binance's wire format, `LIVE_PAIRS` pairs, real time) and a side server with
 * `MARKET_SOURCE=binance` on it, one analysis thread, on the small shipped data set as
 * `npm start` imports it (coins, ranks and supply of the shipped coins; BTC and ETH candles, older
 * than the stand-in's, whose gap is fetched; the 2026 news only). Started when Playwright starts, not with
 * the other servers: its start-up analysis of every pair then uses the time the other specs spend
 * waiting on the replay clock instead of competing with vitest, and the spec waits until its
 * start-up backfill is done. Resolves with the server's URL once it is spawned.
 */
async function startLiveServer(webDist) {
  const port = await freePort();
  liveStandIn = spawn('npx', ['tsx', 'scripts/binance-stand-in/main.ts', '--symbols', String(LIVE_PAIRS), '--port', String(port)], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  const m = await lineOf(liveStandIn, /at (http:\S+) \(REST\) and (ws:\S+)\/stream/, 'the Binance stand-in');
  log(`Binance stand-in ${m[1]} (${LIVE_PAIRS} pairs)`);
  liveURL = await startSideServer('live', 'live-mode server', webDist, { MARKET_SOURCE: 'binance', BINANCE_REST_URL: m[1], BINANCE_WS_URL: m[2], ANALYSIS_THREADS: '1' }, (c) => (liveServer = c), { wait: false, recentNewsOnly: true });
}
async function startChain() {
  // A free port, so a chain left running elsewhere on the default 8547 does not stop the run.
  const chainPort = process.env.E2E_CHAIN_PORT ?? String((await portInUse(8547)) ? await freePort() : 8547);
  chainProc = spawn('npx', ['tsx', 'apps/server/test/chain/serve.ts'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, E2E_CHAIN_PORT: chainPort } });
  chainInfo = await new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error('the local chain did not start')), 120_000);
    chainProc.stdout.on('data', (d) => {
      buf += d;
      const m = /CHAIN_READY (.+)\n/.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolve(JSON.parse(m[1]));
      }
    });
    chainProc.on('exit', (c) => reject(new Error(`the local chain exited with code ${c}`)));
  });
  log(`local chain ${chainInfo.url} (chain id ${chainInfo.chainId})`);
}

/** True when every /assets/… file referenced by dir/index.html exists. */
function distComplete(dir) {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const refs = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
  return refs.every((r) => existsSync(join(dir, r)));
}

/** Copies a build to `to`; false when the copy is incomplete (a rebuild raced the copy). */
function snapshotDist(from, to) {
  try {
    cpSync(from, to, { recursive: true });
  } catch {
    return false;
  }
  return distComplete(to);
}

/** Copies the first-content renderer's build (`dist-ssr`) to `to`; false when it is missing or the copy failed. */
function snapshotSsr(from, to) {
  try {
    cpSync(from, to, { recursive: true });
  } catch {
    return false;
  }
  return existsSync(join(to, 'entry-server.mjs'));
}

/** True when something already listens on 127.0.0.1:port. */
function portInUse(port) {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(true));
    srv.once('listening', () => srv.close(() => resolve(false)));
    srv.listen(port, '127.0.0.1');
  });
}

/** A free TCP port chosen by the OS. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * After /api/clock answers, the first start may still be busy (imports, backfills): wait until the
 * SPA and a market call each answer within 3 s three times in a row, so tests see a usable server.
 */
async function waitForSettled(url, deadline) {
  // First the start-up jobs (signal backfill): /api/health says `ready` once they are done.
  let last = '';
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const h = (await (await fetch(`${url}/api/health`)).json()).result;
      if (h.readiness === 'ready') break;
      if (h.jobs.signals_backfill !== last) log(`start-up jobs: signals backfill ${(last = h.jobs.signals_backfill)}…`);
    } catch {}
    await new Promise((r) => setTimeout(r, 2000));
  }
  let good = 0;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    const t0 = Date.now();
    try {
      const [a, b] = await Promise.all([fetch(`${url}/`), fetch(`${url}/api/crypto/all`)]);
      await Promise.all([a.text(), b.text()]);
      good = a.ok && b.ok && Date.now() - t0 < 3000 ? good + 1 : 0;
    } catch {
      good = 0;
    }
    if (good >= 3) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('server did not become responsive in time');
}

function stopServer() {
  if (server && server.exitCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
  }
}

function cleanup() {
  stopServer();
  for (const p of [llmServer, llmStub, telegramServer, telegramProc, liveServer, liveStandIn]) {
    if (p && p.exitCode === null) {
      try {
        process.kill(-p.pid, 'SIGTERM');
      } catch {}
    }
  }
  if (chainProc && chainProc.exitCode === null) {
    try {
      process.kill(-chainProc.pid, 'SIGTERM');
    } catch {}
  }
  if (dataDir && process.env.E2E_KEEP_DATA !== '1') {
    try {
      rmSync(dataDir, { recursive: true, force: true });
    } catch {}
  }
}

/** The Playwright run (step 4, its own process group), stopped with the servers when this script is. */
let playwright = null;
function stopPlaywright() {
  if (playwright && playwright.exitCode === null) {
    try {
      process.kill(-playwright.pid, 'SIGTERM');
    } catch {}
  }
}

process.on('SIGINT', () => {
  stopPlaywright();
  cleanup();
  process.exit(130);
});
process.on('SIGTERM', () => {
  stopPlaywright();
  cleanup();
  process.exit(143);
});

if (!baseURL) {
  const main = join(root, 'apps/server/src/main.ts');
  if (!existsSync(main)) {
    console.error(`[e2e] ${main} does not exist; cannot start the server (or set E2E_BASE_URL).`);
    process.exit(1);
  }
  if (process.env.E2E_CHAIN !== '0') {
    try {
      await startChain();
    } catch (err) {
      console.error(`[e2e] ${err.message}`);
      cleanup();
      process.exit(1);
    }
  }
  if (await portInUse(PORT)) {
    const requested = PORT;
    PORT = await freePort();
    log(`port ${requested} is busy (another run?); using ${PORT} instead`);
  }
  dataDir = mkdtempSync(join(tmpdir(), 'coinlens-e2e-'));
  // Serve a private copy of the build, so a rebuild of apps/web/dist during the run (another
  // checkout step, a developer) cannot swap the asset files under the running server.
  const webDist = join(dataDir, 'web-dist');
  webDistForLive = webDist;
  // (with the first-content renderer beside it: `<dist>-ssr`, which the server looks for)
  if (!snapshotDist(join(webDir, 'dist'), webDist) || !snapshotSsr(join(webDir, 'dist-ssr'), `${webDist}-ssr`)) {
    log('the build changed while copying it; building a private copy…');
    if (
      run('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], { cwd: webDir }) !== 0 ||
      run('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', `${webDist}-ssr`, '--emptyOutDir'], { cwd: webDir }) !== 0 ||
      !distComplete(webDist)
    ) {
      console.error('[e2e] web build failed');
      cleanup();
      process.exit(1);
    }
  }
  const logPath = join(dataDir, 'server.log');
  const serverLog = createWriteStream(logPath);
  baseURL = `http://127.0.0.1:${PORT}`;
  log(`starting the server on ${baseURL} (DATA_DIR=${dataDir}, log ${logPath})…`);
  server = spawn(process.execPath, await serverArgs({ log }), {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      REPLAY_START: process.env.REPLAY_START ?? '2025-05-16T00:00:00Z',
      WEB_DIST_DIR: webDist,
      NODE_ENV: 'production',
      LAB_EMAILS,
      ...FAIR_USE,
      ...VAPID,
      ...(chainInfo ? { CHAINS: chainInfo.CHAINS, CONFIRMATIONS: '2' } : {}),
    },
  });
  server.stdout.pipe(serverLog);
  server.stderr.pipe(serverLog);
  // The side servers start alongside the main one (each import and backfill is mostly one thread).
  const sides = [];
  if (process.env.E2E_LLM !== '0' && !llmURL) sides.push(startLlmServer(webDist));
  if (process.env.E2E_TELEGRAM !== '0' && !telegramURL) sides.push(startTelegramServer(webDist));
  const sidesUp = Promise.all(sides);
  sidesUp.catch(() => {}); // awaited below, after the main server
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    await waitForClock(baseURL, deadline);
    log('server answers /api/clock; waiting until it is responsive…');
    await waitForSettled(baseURL, deadline);
  } catch (err) {
    console.error(`[e2e] ${err.message}`);
    try {
      const text = readFileSync(logPath, 'utf8');
      console.error('[e2e] last server output:\n' + text.split('\n').slice(-30).join('\n'));
    } catch {}
    cleanup();
    process.exit(1);
  }
  log('server is up');
  try {
    await sidesUp;
  } catch (err) {
    console.error(`[e2e] ${err.message}`);
    cleanup();
    process.exit(1);
  }
} else {
  log(`using the running server at ${baseURL}`);
  await waitForClock(baseURL, Date.now() + 30_000).catch((err) => {
    console.error(`[e2e] ${err.message}`);
    process.exit(1);
  });
}

// 4. Playwright ----------------------------------------------------------------------------------
const gate = process.env.E2E_GATE_FILE;
if (gate) {
  log('servers ready; waiting for the go-ahead (E2E_GATE_FILE)…');
  while (!existsSync(gate)) await new Promise((r) => setTimeout(r, 200));
  if (readFileSync(gate, 'utf8').trim() !== 'go') {
    log('called off');
    cleanup();
    process.exit(1);
  }
}
if (process.env.E2E_LIVE !== '0' && !liveURL && webDistForLive) {
  try {
    await startLiveServer(webDistForLive);
  } catch (err) {
    console.error(`[e2e] ${err.message}`);
    cleanup();
    process.exit(1);
  }
}
log('running Playwright…');
const code = await new Promise((resolve) => {
  const p = (playwright = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    cwd: root,
    detached: true,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: baseURL, CHROMIUM_PATH: CHROMIUM, ...(llmURL ? { E2E_LLM_BASE_URL: llmURL } : {}), ...(dataDir ? { E2E_DATA_DIR: dataDir } : {}), ...(chainInfo ? { E2E_CHAIN_INFO: JSON.stringify(chainInfo) } : {}), ...(telegramInfo ? { E2E_TELEGRAM_URL: telegramInfo.url } : {}), ...(telegramURL ? { E2E_TELEGRAM_BASE_URL: telegramURL } : {}), ...(liveURL ? { E2E_LIVE_BASE_URL: liveURL, E2E_LIVE_PAIRS: String(LIVE_PAIRS) } : {}) },
  }));
  p.on('exit', (c) => resolve(c ?? 1));
});
log(`Playwright exited with code ${code}`);
cleanup();
process.exit(code);
