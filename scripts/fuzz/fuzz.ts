/**
 * `npm run fuzz`: drives every operation of the OpenAPI document (`/api/docs/json`) with generated
 * bad input (scripts/fuzz/openapi-fuzz.ts), anonymously and with a signed-in user's bearer token,
 * against a real server, and prints requests / 5xx / 4xx-without-code with the first offending
 * requests of each. Exits 1 when either count is above 0.
 *
 * The server: started here on 127.0.0.1 (a free port) with a fresh temporary DATA_DIR and a small
 * shipped data set (BTC and ETH candles) and a local EVM chain for payments, on PGlite, or on PostgreSQL when DATABASE_URL is set
 * (REDIS_URL is passed on too). FUZZ_BASE_URL=http://host:port fuzzes a running server instead.
 *
 * Settings (environment): FUZZ_SEED (default 1), FUZZ_PER_OP requests per operation and identity
 * (default 64: ≈ 12,000 requests), FUZZ_CONCURRENCY requests in flight (default 6),
 * FUZZ_TOKEN a bearer token to use instead of signing in a new wallet (SIWE), FUZZ_EXAMPLES
 * offending requests shown per kind (default 5), FUZZ_CHAIN=0 to start the server without the
 * local EVM chain (payment routes then answer 503 PAYMENTS_NOT_CONFIGURED).
 *
 * Then the outbound cases (scripts/fuzz/outbound-fuzz.ts): webhook URLs and push endpoints on the
 * server's own network in every notation, FUZZ_OUTBOUND generated ones (default 200) besides the
 * fixed forms, each of which must be refused with 400 while a loopback listener started here counts
 * 0 requests. The server started here gets a VAPID key pair so push subscriptions are tried too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { formatReport, httpSender, runFuzz } from './openapi-fuzz';
import { formatOutboundReport, runOutboundFuzz } from './outbound-fuzz';
import { startCountingListener } from '../../apps/server/test/outbound';
import { vapidKeys } from '../../apps/server/test/push-service';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const say = (m: string) => console.log(`[fuzz] ${m}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A shipped data set with only the BTC and ETH candles (all coins, news, icons): a quick first import. */
function smallShippedData(dir: string): string {
  const shipped = path.join(dir, 'shipped');
  const data = path.join(root, 'data');
  fs.mkdirSync(path.join(shipped, 'candles'), { recursive: true });
  for (const name of fs.readdirSync(data)) if (name !== 'candles' && name !== 'training') fs.symlinkSync(path.join(data, name), path.join(shipped, name));
  const keep = (f: string) => /^(BTC|ETH)USDT-/.test(f);
  for (const f of fs.readdirSync(path.join(data, 'candles'))) if (keep(f) || f.endsWith('.md')) fs.symlinkSync(path.join(data, 'candles', f), path.join(shipped, 'candles', f));
  const index = fs.readFileSync(path.join(data, 'candles', 'files.csv'), 'utf8').split('\n');
  fs.writeFileSync(path.join(shipped, 'candles', 'files.csv'), [index[0], ...index.slice(1).filter(keep)].join('\n') + '\n');
  return shipped;
}

/** The local EVM chain of the tests (apps/server/test/chain/serve.ts), so the payment routes are live. */
async function startChain(): Promise<{ child: ChildProcess; CHAINS: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps', 'server', 'test', 'chain', 'serve.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, E2E_CHAIN_PORT: String(port) } });
  const info = await new Promise<any>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error('the local chain did not start')), 120_000);
    child.stdout!.on('data', (d) => {
      buf += d;
      const m = /CHAIN_READY (.+)\n/.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolve(JSON.parse(m[1]));
      }
    });
    child.once('exit', (c) => reject(new Error(`the local chain exited with code ${c}`)));
  });
  return { child, CHAINS: info.CHAINS };
}

async function startServer(chains?: string): Promise<{ baseUrl: string; child: ChildProcess; logPath: string; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-fuzz-'));
  const port = await freePort();
  const logPath = path.join(dir, 'server.log');
  const out = fs.openSync(logPath, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps', 'server', 'src', 'main.ts')], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      SHIPPED_DATA_DIR: smallShippedData(dir),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      NODE_ENV: 'production',
      ...(chains ? { CHAINS: chains, CONFIRMATIONS: '2' } : {}),
      ...(process.env.VAPID_PUBLIC_KEY ? {} : (({ publicKey, privateKey }) => ({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }))(vapidKeys())),
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  say(`starting a server on ${baseUrl} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; data ${dir}; log ${logPath})…`);
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} (log ${logPath})`);
    try {
      const h = (await (await fetch(`${baseUrl}/api/health`)).json()) as any;
      if (h?.result?.readiness === 'ready') return { baseUrl, child, logPath, dir };
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not become ready (log ${logPath})`);
}

/**
 * `fetch` that waits out a 429 like a well-mannered client: the answer's `details.retry_after_s`
 * (at most 65 s), at most 3 times. The fuzz spends the sign-in routes' rate limits, which on Redis
 * outlive the run that spent them, so the sign-in after it may meet a 429.
 */
async function fetchPatiently(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, init);
    if (res.status !== 429 || attempt >= 3) return res;
    const wait = Math.min(65, Number(((await res.json().catch(() => null)) as any)?.error?.details?.retry_after_s ?? 5));
    say(`${new URL(url).pathname} answered 429: retrying in ${wait} s`);
    await new Promise((r) => setTimeout(r, wait * 1000));
  }
}

/** Signs a new wallet in with SIWE (EIP-4361) and returns its bearer header. */
async function signIn(baseUrl: string): Promise<string> {
  if (process.env.FUZZ_TOKEN) return `Bearer ${process.env.FUZZ_TOKEN}`;
  const account = privateKeyToAccount(generatePrivateKey());
  const nonce = (await (await fetchPatiently(`${baseUrl}/api/auth/metamask/nonce?address=${account.address}`)).json()) as any;
  if (!nonce?.result?.message) throw new Error(`no SIWE message: ${JSON.stringify(nonce)}`);
  const signature = await account.signMessage({ message: nonce.result.message });
  const res = await fetchPatiently(`${baseUrl}/api/auth/metamask/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: account.address, message: nonce.result.message, signature, agreement_accepted: true, cookie_accepted: true }),
  });
  const j = (await res.json()) as any;
  const token = j?.result?.access_token ?? j?.result?.token;
  if (!token) throw new Error(`wallet sign-in failed: ${res.status} ${JSON.stringify(j)}`);
  return `Bearer ${token}`;
}

async function main() {
  const seed = Number(process.env.FUZZ_SEED ?? 1);
  const perOperation = Number(process.env.FUZZ_PER_OP ?? 64);
  const concurrency = Number(process.env.FUZZ_CONCURRENCY ?? 6);
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let baseUrl = process.env.FUZZ_BASE_URL?.replace(/\/$/, '');
  let chain: Awaited<ReturnType<typeof startChain>> | null = null;
  if (!baseUrl) {
    if (process.env.FUZZ_CHAIN !== '0') chain = await startChain();
    server = await startServer(chain?.CHAINS);
    baseUrl = server.baseUrl;
  }
  let code = 1;
  try {
    const doc = await (await fetch(`${baseUrl}/api/docs/json`)).json();
    const auth = await signIn(baseUrl);
    say(`seed ${seed}, ${perOperation} requests per operation and identity, ${concurrency} in flight`);
    const report = await runFuzz({ doc, send: httpSender(baseUrl), seed, perOperation, concurrency, auth, examples: Number(process.env.FUZZ_EXAMPLES ?? 5), onProgress: (d, t) => {
        if (process.stdout.isTTY) process.stdout.write(`[fuzz] ${d}/${t}\r`);
        else if (d % 2000 === 0) say(`${d}/${t}`);
      },
    });
    if (process.stdout.isTTY) process.stdout.write('\n');
    console.log(formatReport(report));
    if (server && (report.serverErrors || report.unformatted4xx)) say(`server log (stacks of the 5xx): ${server.logPath}`);
    const rx = await startCountingListener();
    let outboundBad = true;
    try {
      // a session of its own: the fuzz above ends with its logout
      const outbound = await runOutboundFuzz({ send: httpSender(baseUrl), auth: await signIn(baseUrl), port: rx.port, seed, generated: Number(process.env.FUZZ_OUTBOUND ?? 200) });
      await new Promise((r) => setTimeout(r, 500)); // a request that slipped through has arrived by now
      console.log(formatOutboundReport(outbound, rx.hits()));
      outboundBad = outbound.failures.length > 0 || rx.hits() > 0;
    } finally {
      await rx.close();
    }
    code = report.serverErrors || report.unformatted4xx || outboundBad ? 1 : 0;
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await new Promise((r) => server!.child.once('exit', r));
      if (code === 0) fs.rmSync(server.dir, { recursive: true, force: true });
    }
    if (chain) {
      chain.child.kill('SIGTERM');
      await new Promise((r) => chain!.child.once('exit', r));
    }
  }
  process.exit(code);
}

main().catch((e) => {
  console.error('[fuzz] failed:', e instanceof Error ? e.message : e);
  process.exit(2);
});
