import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '@coinlens/db';
import { AppError } from './errors';
import type { Env } from './env';

/** Sizes of a {@link ReadGate}: slots running at once, waiters allowed, longest wait (ms). */
export interface ReadGateOptions {
  concurrency: number;
  maxQueue: number;
  maxWaitMs: number;
}

/**
 * Concurrency cap with load shedding for expensive database reads. At most
 * `concurrency` jobs run at once; up to `maxQueue` more wait (first come, first served) for at most
 * `maxWaitMs`; anything beyond is refused at once. A refusal is `AppError('SERVICE_UNAVAILABLE')`
 * (503, `details.retry_after_s`), so no queue can build up behind slow reads.
 *
 * Every job starts on a fresh turn of the event loop: on the embedded database (PGlite runs in this
 * thread, and a chain of queries resolves in microtasks) this lets pending I/O such as a health
 * check run between two expensive reads instead of after all of them.
 *
 * Reentrancy uses an AsyncLocalStorage, which on Node 20 installs promise hooks for the whole
 * process while enabled (every `await` of every request then costs 3–4× as much). It is enabled
 * only while a job runs and disabled again when the gate empties, so requests answered from
 * stored read models (no job) never pay for it.
 */
export class ReadGate {
  private running = 0;
  private readonly waiters: { start: () => void; timer: NodeJS.Timeout }[] = [];
  /** Jobs refused since start (full queue or waited too long). */
  shed = 0;
  constructor(readonly opts: ReadGateOptions) {}

  /** Jobs running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiters.length };
  }

  /**
   * Runs `job` in a slot; rejects with 503 SERVICE_UNAVAILABLE when the gate is full or the wait
   * exceeds maxWaitMs. Reentrant: a job started from inside a running job (a read model computed
   * while another one is) runs in its caller's slot, so nested reads never wait for themselves.
   */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return job();
    if (this.running >= this.opts.concurrency) await this.wait();
    else this.running++;
    try {
      await yieldToEventLoop();
      this.tracking = true;
      return await this.inside.run(true, job);
    } finally {
      this.release();
    }
  }

  private readonly inside = new AsyncLocalStorage<true>();

  private wait(): Promise<void> {
    if (this.waiters.length >= this.opts.maxQueue) {
      this.shed++;
      return Promise.reject(busy());
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          this.shed++;
          reject(busy());
        }, this.opts.maxWaitMs),
      };
      this.waiters.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiters.shift();
    // The slot passes straight to the next waiter (running stays the same), else it frees.
    if (next) next.start();
    else if (--this.running === 0 && this.tracking) {
      this.inside.disable();
      this.tracking = false;
    }
  }

  /** True while the reentrancy tracking (and, on Node 20, its process-wide promise hooks) is on: only while jobs run. */
  tracking = false;
}

function busy(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'The server is busy; retry shortly', { details: { retry_after_s: 1 } });
}

/** Gate sizes from the environment: HEAVY_READ_CONCURRENCY (default 1 on PGlite, half the pool on PostgreSQL), HEAVY_READ_QUEUE, HEAVY_READ_MAX_WAIT_MS. */
export function readGateOptions(env: Env, db: Pick<DatabaseHandle, 'kind'>): ReadGateOptions {
  const concurrency = env.HEAVY_READ_CONCURRENCY ?? (db.kind === 'pglite' ? 1 : Math.max(1, Math.floor(env.DATABASE_POOL_SIZE / 2)));
  return { concurrency, maxQueue: env.HEAVY_READ_QUEUE, maxWaitMs: env.HEAVY_READ_MAX_WAIT_MS };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The gate of expensive reads of this app (see ReadGate). */
    readGate: ReadGate;
  }
}

/** Runs an expensive read of `req` through its app's {@link ReadGate}. */
export function heavyRead<T>(req: FastifyRequest, job: () => Promise<T>): Promise<T> {
  return req.server.readGate.run(job);
}
