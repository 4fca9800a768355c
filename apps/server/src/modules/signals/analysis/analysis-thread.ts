import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Candles } from '@coinlens/ta';
import type { AnalysisJob, AnalysisOutput } from './analysis-job';

/** How long (ms) the analysis thread stays up without jobs. */
export const ANALYSIS_THREAD_IDLE_MS = 30_000;

/** Runs analysis jobs somewhere; `close` releases what it holds. */
export interface AnalysisRunner {
  run(job: AnalysisJob): Promise<AnalysisOutput>;
  close(): Promise<void>;
}

/** Set by the server build (scripts/build-server.mjs): the URL of the bundled thread entry. */
declare const __COINLENS_ANALYSIS_WORKER__: string | undefined;

/**
 * The thread's entry: the bundled `analysis-worker.mjs` beside the server bundle when running from
 * it (a thread started in 72–105 ms, timed by hand), else the bootstrap beside this source, which loads the
 * TypeScript through tsx (429–431 ms; tests and `tsx` runs).
 */
export const ANALYSIS_WORKER_ENTRY: URL = typeof __COINLENS_ANALYSIS_WORKER__ === 'string' ? new URL(__COINLENS_ANALYSIS_WORKER__) : new URL('./analysis-worker.mjs', import.meta.url);

/** Copies candle columns into their own buffers: a view would send its whole underlying buffer to the thread. */
function own(c: Candles | null): Candles | null {
  if (!c) return null;
  return { openTime: c.openTime.slice(), open: c.open.slice(), high: c.high.slice(), low: c.low.slice(), close: c.close.slice(), volume: c.volume.slice() };
}

/**
 * The signals job's technical analysis on a worker thread (analysis-worker.mjs → .ts): indicator columns
 * of thousands of candles and `analyzeColumns` take tens of milliseconds each, which on the
 * request thread would delay every request by as much. Jobs run one at a time in order; the
 * thread starts on the first job and does not keep the process alive while idle.
 * Errors: a job's exception rejects that job; a crashed thread rejects the pending jobs and the
 * next job starts a new thread. The thread stops after `idleMs` without jobs.
 */
export class AnalysisThread implements AnalysisRunner {
  private worker: Worker | null = null;
  /** Jobs sent and not answered yet, each with the thread it was sent to. */
  private readonly pending = new Map<number, { worker: Worker; resolve(o: AnalysisOutput): void; reject(e: unknown): void }>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  /** `idleMs`: the thread stops after this long without jobs (its ~50 MB are returned between candle closes). */
  constructor(private readonly opts: { idleMs?: number } = {}) {}

  private idle(w: Worker) {
    w.unref();
    this.idleTimer = setTimeout(() => {
      if (this.worker === w && !this.pendingOn(w)) {
        this.worker = null;
        void w.terminate();
      }
    }, this.opts.idleMs ?? ANALYSIS_THREAD_IDLE_MS);
    this.idleTimer.unref();
  }

  /** Number of unanswered jobs sent to `w`. */
  private pendingOn(w: Worker): number {
    let n = 0;
    for (const p of this.pending.values()) if (p.worker === w) n++;
    return n;
  }

  private start(): Worker {
    const w = new Worker(ANALYSIS_WORKER_ENTRY);
    w.on('message', (m: { id: number; ok: boolean; output?: AnalysisOutput; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (this.worker === w && !this.pendingOn(w)) this.idle(w);
      if (m.ok) p.resolve(m.output!);
      else p.reject(new Error(`analysis failed: ${m.error}`));
    });
    // Only this thread's jobs fail with it: a thread stopped when idle exits some time later, when
    // jobs of its successor may already be pending.
    const fail = (e: unknown) => {
      if (this.worker === w) this.worker = null;
      for (const [id, p] of this.pending) {
        if (p.worker !== w) continue;
        this.pending.delete(id);
        p.reject(e);
      }
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`analysis thread exited (code ${code})`)));
    return w;
  }

  /** Runs `job` on the thread; resolves with its output. */
  run(job: AnalysisJob): Promise<AnalysisOutput> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.worker ??= this.start();
    const w = this.worker;
    const id = this.nextId++;
    return new Promise<AnalysisOutput>((resolve, reject) => {
      this.pending.set(id, { worker: w, resolve, reject });
      w.ref();
      w.postMessage({ id, job: { ...job, latest: own(job.latest), history: own(job.history) } });
    });
  }

  /** Stops the thread (pending jobs reject). */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

/** Analysis threads of a pool by default: one per CPU core the process may use, at most 4. */
export const defaultAnalysisThreads = () => Math.max(1, Math.min(4, os.availableParallelism?.() ?? os.cpus().length));

/**
 * Several {@link AnalysisThread}s: each job goes to the thread with the fewest jobs waiting, so the
 * analyses of many pairs closing at once run in parallel (one per core). Each thread starts on its
 * first job and stops when idle, as a single thread does. Errors: as {@link AnalysisThread}.
 */
export class AnalysisPool implements AnalysisRunner {
  private readonly threads: AnalysisThread[];
  private readonly load: number[];

  /** `threads`: how many (default {@link defaultAnalysisThreads}); `idleMs`: as AnalysisThread. */
  constructor(opts: { threads?: number; idleMs?: number } = {}) {
    const n = Math.max(1, opts.threads ?? defaultAnalysisThreads());
    this.threads = Array.from({ length: n }, () => new AnalysisThread({ idleMs: opts.idleMs }));
    this.load = this.threads.map(() => 0);
  }

  /** Number of threads. */
  get size(): number {
    return this.threads.length;
  }

  run(job: AnalysisJob): Promise<AnalysisOutput> {
    let i = 0;
    for (let k = 1; k < this.load.length; k++) if (this.load[k] < this.load[i]) i = k;
    this.load[i]++;
    return this.threads[i].run(job).finally(() => {
      this.load[i]--;
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.close()));
  }
}
