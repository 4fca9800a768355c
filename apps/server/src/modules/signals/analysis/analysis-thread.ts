import { Worker } from 'node:worker_threads';
import type { Candles } from '@coinlens/ta';
import { runAnalysisJob, type AnalysisJob, type AnalysisOutput } from './analysis-job';

/** Runs analysis jobs somewhere; `close` releases what it holds. */
export interface AnalysisRunner {
  run(job: AnalysisJob): Promise<AnalysisOutput>;
  close(): Promise<void>;
}

/** Runs jobs on the calling thread (tests, tools). */
export const inlineAnalysis: AnalysisRunner = {
  run: async (job) => runAnalysisJob(job),
  close: async () => undefined,
};

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
 * next job starts a new thread.
 */
export class AnalysisThread implements AnalysisRunner {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve(o: AnalysisOutput): void; reject(e: unknown): void }>();
  private nextId = 1;

  private start(): Worker {
    // A JavaScript bootstrap loads the TypeScript worker through tsx (under vitest and under `node --import tsx`).
    const w = new Worker(new URL('./analysis-worker.mjs', import.meta.url));
    w.on('message', (m: { id: number; ok: boolean; output?: AnalysisOutput; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (!this.pending.size) w.unref();
      if (m.ok) p.resolve(m.output!);
      else p.reject(new Error(`analysis failed: ${m.error}`));
    });
    const fail = (e: unknown) => {
      if (this.worker === w) this.worker = null;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`analysis thread exited (code ${code})`)));
    return w;
  }

  /** Runs `job` on the thread; resolves with its output. */
  run(job: AnalysisJob): Promise<AnalysisOutput> {
    this.worker ??= this.start();
    const w = this.worker;
    const id = this.nextId++;
    return new Promise<AnalysisOutput>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.ref();
      w.postMessage({ id, job: { ...job, latest: own(job.latest), history: own(job.history) } });
    });
  }

  /** Stops the thread (pending jobs reject). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
