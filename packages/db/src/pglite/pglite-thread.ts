import { Worker } from 'node:worker_threads';

/** A result set as PGlite returns it: rows (objects, or arrays in `rowMode: 'array'`), fields, affected rows. */
export interface ThreadResults<T = any> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/**
 * Query options understood across the thread boundary: the row mode, and `parsers` whose keys are
 * type OIDs to keep as Postgres text. Only identity parsers can cross a thread (functions cannot
 * be sent), which is what drizzle-orm/pglite passes (timestamps, dates, intervals, numeric[]).
 */
export interface ThreadQueryOptions {
  rowMode?: 'object' | 'array';
  parsers?: Record<number, unknown>;
}

/** Client side of an open transaction (the subset of PGlite's `Transaction` drizzle uses). */
export interface ThreadTransaction {
  query<T = any>(sql: string, params?: unknown[], options?: ThreadQueryOptions): Promise<ThreadResults<T>>;
  exec(sql: string, options?: ThreadQueryOptions): Promise<ThreadResults[]>;
  /** Rolls back now; later statements on this transaction fail. */
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** Rows of one table (`schema.table`) at the moment of a backup or a restore. */
export interface TableCount {
  table: string;
  rows: number;
}

/** An error raised by the database in the worker, with the Postgres fields (`code` = SQLSTATE, `detail`, `constraint`…). */
export class PGliteThreadError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
  severity?: string;
  constructor(e: { name?: string; message: string } & Record<string, unknown>) {
    super(e.message);
    this.name = e.name === 'Error' || !e.name ? 'DatabaseError' : e.name;
    for (const [k, v] of Object.entries(e)) if (k !== 'message' && k !== 'name') (this as any)[k] = v;
  }
}

/**
 * Nice value of the database thread (Linux, per thread): when the machine is busy, the thread that
 * answers HTTP gets the CPU before the database; on an idle machine it changes nothing.
 */
export const DATABASE_THREAD_NICE = 5;

interface Pending {
  resolve(v: any): void;
  reject(e: unknown): void;
}

/**
 * PGlite on a worker thread (packages/db/src/pglite/worker.mjs) behind a small message protocol,
 * so that the database's CPU work (query execution in WebAssembly, parsing result rows) never runs
 * on the thread that serves HTTP. Implements the part of PGlite's interface drizzle-orm/pglite
 * uses (`query`, `exec`, `transaction`), so `drizzle(thread)` works unchanged.
 *
 * Transactions keep PGlite's semantics: the worker runs them inside PGlite's `transaction()`,
 * whose exclusive lock makes every other statement wait until commit or rollback; statements of
 * the transaction are sent with its id and run in order on it.
 * Errors: database errors reject with {@link PGliteThreadError} (with `code`); a crashed worker
 * rejects every pending request with its error.
 */
export class PGliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextTx = 1;
  private failure: Error | null = null;
  private closed = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: { id: number; ok: boolean; result?: unknown; error?: any }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      this.updateRef();
      if (m.ok) p.resolve(m.result);
      else p.reject(new PGliteThreadError(m.error));
    });
    const fail = (e: Error) => {
      this.failure = e;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!this.closed) fail(new Error(`the embedded database worker exited (code ${code})`));
    });
  }

  /**
   * Starts the worker and opens PGlite in `dataDir` (created by PGlite when missing; in memory when
   * `memory://` or undefined), with Postgres `settings` (e.g. `{ shared_buffers: '16MB' }`).
   * Resolves once the database is ready. Errors: PGlite's start error.
   */
  static async create(dataDir?: string, settings: Record<string, string> = {}): Promise<PGliteThread> {
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
      workerData: { dataDir, settings, nice: DATABASE_THREAD_NICE },
      execArgv: [],
      // the thread's JavaScript only relays rows: a small young generation keeps its idle memory low
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    const thread = new PGliteThread(worker);
    await new Promise<void>((resolve, reject) => {
      thread.pending.set(0, { resolve: () => resolve(), reject });
      worker.once('error', reject);
    });
    thread.updateRef();
    return thread;
  }

  /** Keeps the process alive only while requests are in flight (like a socket with pending queries). */
  private updateRef() {
    if (this.pending.size) this.worker.ref();
    else this.worker.unref();
  }

  private send<T>(msg: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.updateRef();
      this.worker.postMessage({ ...msg, id });
    });
  }

  private post(msg: Record<string, unknown>) {
    this.worker.postMessage(msg);
  }

  private static wire(options?: ThreadQueryOptions) {
    return { rowMode: options?.rowMode, keepText: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined };
  }

  /** One statement with `$n` parameters. Rows as objects, or arrays with `rowMode: 'array'`. */
  query<T = any>(sql: string, params: unknown[] = [], options?: ThreadQueryOptions, tx?: number): Promise<ThreadResults<T>> {
    return this.send({ op: 'query', sql, params, tx, ...PGliteThread.wire(options) });
  }

  /** Several statements separated by `;`, without parameters; one result per statement. */
  exec(sql: string, options?: ThreadQueryOptions, tx?: number): Promise<ThreadResults[]> {
    return this.send({ op: 'exec', sql, tx, ...PGliteThread.wire(options) });
  }

  /**
   * Runs `fn` in a transaction: commits when it resolves, rolls back when it rejects (and
   * rethrows). Other statements wait until it ends. Errors: the callback's error, or the COMMIT's.
   */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = this.nextTx++;
    let closed = false;
    const check = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const end = async (commit: boolean) => {
      closed = true;
      await this.send({ op: 'end', tx: txId, commit });
    };
    const tx: ThreadTransaction = {
      query: async (sql, params, options) => (check(), this.query(sql, params, options, txId)),
      exec: async (sql, options) => (check(), this.exec(sql, options, txId)),
      rollback: async () => (check(), end(false)),
      get closed() {
        return closed;
      },
    };
    this.post({ op: 'begin', tx: txId });
    let result: T;
    try {
      result = await fn(tx);
    } catch (e) {
      if (!closed) await end(false).catch(() => undefined);
      throw e;
    }
    if (!closed) await end(true);
    return result;
  }

  /**
   * A consistent copy of the open database's data directory, written to the new directory `to`
   * (same file system as the database for speed) while the database stays in use: waits until no
   * transaction is open, checkpoints, counts the rows of every table and copies the files, all
   * under PGlite's transaction lock (other statements wait: ~2 s for the shipped data set).
   * Resolves to the row counts (`schema.table`). Errors: PGlite's, the copy's (`to` exists), or
   * an in-memory database.
   */
  snapshot(to: string): Promise<TableCount[]> {
    return this.send({ op: 'snapshot', to });
  }

  /** Closes PGlite (flushes to disk) and stops the worker. */
  async close(): Promise<void> {
    if (this.closed) return;
    try {
      if (!this.failure) await this.send({ op: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}
