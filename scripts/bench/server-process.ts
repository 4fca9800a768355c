/**
 * What the HTTP benchmarks share: one GET with its wall time, child processes that are stopped
 * together (their last output printed when one dies early), waiting until a Coinlens server
 * on 127.0.0.1 says `ready` on /api/health, a hard time limit, and the nearest-rank percentile of
 * their latency tables. Loopback only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One GET on 127.0.0.1:`port` through `agent`: status, body (UTF-8) and wall milliseconds. Rejects on a network error or after `timeoutMs`. */
export function fetchOnce(agent: http.Agent, port: number, path: string, timeoutMs = 30_000): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path, agent, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

/** Node child processes of one benchmark run, stopped together by {@link Processes.stopAll}. */
export class Processes {
  private stopping = false;
  private readonly children: ChildProcess[] = [];

  /** `log`: where a child that exits before `stopAll` reports its last 30 lines; `cwd`: the children's working directory. */
  constructor(private readonly log: (line: string) => void, private readonly cwd: string) {}

  /** Starts `node …args` with `env`, keeping its last 30 output lines (stdout too unless `quietStdout`). */
  spawn(name: string, args: string[], env: NodeJS.ProcessEnv, opts: { quietStdout?: boolean } = {}): ChildProcess {
    const child = spawn(process.execPath, args, { cwd: this.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail: string[] = [];
    const keep = (b: Buffer) => {
      for (const line of b.toString('utf8').split('\n')) if (line.trim()) tail.push(line);
      while (tail.length > 30) tail.shift();
    };
    child.stderr!.on('data', keep);
    if (!opts.quietStdout) child.stdout!.on('data', keep);
    child.on('exit', (code, signal) => {
      if (!this.stopping) this.log(`${name} exited (${code ?? signal}); last output:\n${tail.join('\n')}`);
    });
    this.children.push(child);
    return child;
  }

  /** SIGTERM to every child still running; resolves when all have exited. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    const running = this.children.filter((c) => c.exitCode === null && c.signalCode === null);
    for (const c of running) c.kill('SIGTERM');
    await Promise.all(running.map((c) => new Promise((r) => c.once('exit', r))));
  }
}

/**
 * Polls /api/health on 127.0.0.1:`port` every second until it says `readiness: "ready"` (start-up
 * import and backfill done), logging each new readiness. Throws after `limitMs`, or as soon as
 * `server` (the process being waited for) has exited: a server that failed to start ends the run
 * instead of leaving it to poll until the limit.
 */
export async function waitReady(agent: http.Agent, port: number, limitMs: number, log: (line: string) => void, server?: ChildProcess): Promise<void> {
  const until = Date.now() + limitMs;
  let last = '';
  while (Date.now() < until) {
    if (server && (server.exitCode !== null || server.signalCode !== null)) throw new Error(`server exited (${server.exitCode ?? server.signalCode}) before it was ready`);
    try {
      const r = await fetchOnce(agent, port, '/api/health', 5000);
      const readiness = r.status === 200 ? JSON.parse(r.body).result?.readiness : `HTTP ${r.status}`;
      if (readiness === 'ready') return;
      if (readiness !== last) log(`server ${readiness}…`);
      last = readiness;
    } catch {
      // not listening yet
    }
    await sleep(1000);
  }
  throw new Error(`server not ready within ${limitMs / 1000} s`);
}

/**
 * The settings every benchmark gives the server it measures, over `env`: `LOG_LEVEL=warn` (no line
 * per request; the bare baseline has no logger) and `RATE_LIMIT_READS_PER_MINUTE=0` (the per-client
 * limit of expensive reads off: the floods come from one loopback address, and at the default of
 * 120 per minute they would measure 429 answers, not reads), unless `env` sets them.
 */
export function benchServerSettings(env: NodeJS.ProcessEnv): { LOG_LEVEL: string; RATE_LIMIT_READS_PER_MINUTE: string } {
  return { LOG_LEVEL: env.LOG_LEVEL ?? 'warn', RATE_LIMIT_READS_PER_MINUTE: env.RATE_LIMIT_READS_PER_MINUTE ?? '0' };
}

/** p-th percentile (0 < p ≤ 100, nearest rank) of `xs` (ms); NaN when empty. */
export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/**
 * Ends a benchmark that runs longer than `limitMs`: logs it, awaits `stop()` (its servers) and
 * exits with code 1. The timer does not keep the process alive.
 */
export function hardLimit(limitMs: number, log: (line: string) => void, stop: () => Promise<void>): void {
  const timer = setTimeout(() => {
    log(`hard limit of ${limitMs / 60_000} min reached: stopping`);
    void stop().then(() => process.exit(1));
  }, limitMs);
  timer.unref();
}
