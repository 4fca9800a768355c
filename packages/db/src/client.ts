import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import lockfile from 'proper-lockfile';
import * as schema from './schema/index';
import { PGliteThread, type TableCount } from './pglite/pglite-thread';

/** Drizzle database over either driver; use `db.execute(sql\`…\`)` for raw SQL (returns `{ rows }`). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database plus what the process needs to manage it. */
export interface DatabaseHandle {
  db: Database;
  /** `pglite` (embedded, in DATA_DIR) or `postgres` (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  /** Raw rows of a query. */
  query<T = Record<string, unknown>>(q: SQL): Promise<T[]>;
  /**
   * Runs `fn` while holding a cluster-wide lock (a Postgres advisory lock; on PGlite the process is
   * the only client, so a plain in-process mutex). Used for migrations, the data import and jobs
   * that must run on one process only.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** Tries the lock without waiting: returns false when another process holds it. */
  tryLock(key: number): Promise<boolean>;
  /**
   * Embedded database only (undefined on PostgreSQL): copies the open data directory, consistent,
   * to the new directory `to` and resolves to the row counts of its tables (see
   * `PGliteThread.snapshot`); the database stays open and other statements wait while it is taken.
   */
  snapshot?(to: string): Promise<TableCount[]>;
  close(): Promise<void>;
}

/** Shared buffers (MB) of the embedded database unless configured (PGLITE_SHARED_BUFFERS_MB). */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 8;

/**
 * Raised by {@link openDatabase} when another process holds the embedded database directory
 * (its lock `<dataDir>.lock` was taken and kept fresh). `dataDir` is the directory asked for.
 */
export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(`the embedded database in ${dataDir} is in use by another process (lock ${dataDir}.lock); stop that process or choose another DATA_DIR`);
    this.name = 'DataDirInUseError';
  }
}

/**
 * Raised by {@link openDatabase} when PGlite cannot start on an embedded database directory that
 * already holds a database (PGlite's "failed to initialize properly", or the WebAssembly
 * `Aborted()` of a damaged WAL): the files are damaged or incomplete (a crash mid-write, a full
 * disk, two processes on one directory, a partial copy). The message names `dataDir`, PGlite's
 * error (`cause`) and the ways out: restore a backup (`npm run db:restore`) into an empty
 * directory, or move the damaged one aside.
 */
export class DataDirDamagedError extends Error {
  constructor(
    readonly dataDir: string,
    cause: unknown,
  ) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(
      [
        `the embedded database in ${dataDir} cannot be opened: its files are damaged or incomplete (PGlite: ${why}).`,
        'To recover, stop every process using it and either',
        `  - move it aside (mv ${dataDir} ${dataDir}.damaged) and restore a backup in its place: npm run db:restore -- <backup file>  (same DATA_DIR; it writes ${dataDir}, which must be empty or absent), or`,
        `  - move it aside and start again: a new database is created and the shipped data imported (accounts and history of the damaged one are lost).`,
      ].join('\n'),
      { cause },
    );
    this.name = 'DataDirDamagedError';
  }
}

/** True when `dir` holds a Postgres data directory (its PG_VERSION file), i.e. opening it must not create a new database. */
export function holdsDatabase(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Ownership of a PGlite data directory, taken before PGlite opens it: PGlite runs single-user and
 * does not honour its own postmaster.pid, so two processes on one directory write over each other's
 * pages and leave a database that no longer starts. proper-lockfile keeps `<dir>.lock` (a directory,
 * created atomically) and refreshes its mtime every 5 s; a lock left by a killed process is stale
 * after 10 s, so the next start waits for it up to 12 s rather than failing. Resolves to the release
 * function. Errors: {@link DataDirInUseError} when a live process holds it.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dir, {
      stale: 10_000,
      retries: { retries: 6, factor: 1, minTimeout: 2_000, maxTimeout: 2_000 },
      // A lock lost while running (the process stalled past `stale`, or the lock directory was
      // removed) is reported; stopping the server would not undo another writer.
      onCompromised: (e) => console.error(`[coinlens] the lock on ${dir} was lost: ${e.message}`),
    });
  } catch (e) {
    if ((e as { code?: string }).code === 'ELOCKED') throw new DataDirInUseError(dir);
    throw e;
  }
}

/** Lock keys (advisory lock ids) used across the code base. */
export const LOCKS = { migrate: 7_301_001, import: 7_301_002, jobs: 7_301_003, signals: 7_301_004, news: 7_301_005, telegram: 7_301_006 } as const;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/**
 * Opens the database: PostgreSQL when `url` is given (a `pg` pool of `poolSize` connections),
 * otherwise PGlite persisted in `dataDir` (created if missing), or in memory when `dataDir` is
 * `'memory://'`; a persisted directory is owned by one process at a time (`<dataDir>.lock`,
 * {@link DataDirInUseError} otherwise); a directory holding a database that PGlite cannot start
 * rejects with {@link DataDirDamagedError}. PGlite runs on a worker thread (see {@link PGliteThread}) with `sharedBuffersMb`
 * of shared buffers (default {@link DEFAULT_PGLITE_SHARED_BUFFERS_MB}). Does not migrate: call `migrateDatabase`.
 * Errors: connection failures reject with the driver's error (message without credentials).
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; poolSize?: number; sharedBuffersMb?: number }): Promise<DatabaseHandle> {
  if (opts.url) {
    const pg = (await import('pg')).default;
    // BIGINT (int8) and NUMERIC as JS numbers: candle times in ms fit in 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    await pool.query('select 1');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const db = drizzle(pool, { schema }) as unknown as Database;
    const heldClients = new Map<number, import('pg').PoolClient>();
    return {
      db,
      kind: 'postgres',
      async query(q) {
        const r = (await db.execute(q)) as unknown as { rows: any[] };
        return r.rows;
      },
      async withLock(key, fn) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [key]);
          try {
            return await fn();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [key]);
          }
        } finally {
          client.release();
        }
      },
      async tryLock(key) {
        if (heldClients.has(key)) return true;
        const client = await pool.connect();
        const r = await client.query('select pg_try_advisory_lock($1) as ok', [key]);
        if (r.rows[0].ok) {
          heldClients.set(key, client); // session lock held for the process lifetime
          return true;
        }
        client.release();
        return false;
      },
      async close() {
        for (const c of heldClients.values()) c.release();
        await pool.end();
      },
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) fs.mkdirSync(dir, { recursive: true });
  const release = inMemory ? null : await lockDataDir(dir);
  const existing = !inMemory && holdsDatabase(dir);
  // PGlite runs on its own thread: a slow query never blocks the thread that serves requests.
  // Postgres' default 128 MB of shared buffers is most of an idle server's memory; the OS page
  // cache keeps the data files warm anyway.
  let client: PGliteThread;
  try {
    client = await PGliteThread.create(inMemory ? undefined : dir, { shared_buffers: `${opts.sharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB` });
  } catch (e) {
    await release?.().catch(() => undefined);
    // A directory that held a database and no longer starts is damaged; a new one that fails to
    // initialise (no space, no permission) keeps PGlite's own error.
    if (existing) throw new DataDirDamagedError(path.resolve(dir), e);
    throw e;
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle({ client: client as any, schema }) as unknown as Database;
  const chains = new Map<number, Promise<unknown>>();
  return {
    db,
    kind: 'pglite',
    async query(q) {
      const r = (await db.execute(q)) as unknown as { rows: any[] };
      return r.rows;
    },
    withLock(key, fn) {
      const prev = chains.get(key) ?? Promise.resolve();
      const next = prev.then(fn, fn);
      chains.set(key, next.catch(() => undefined));
      return next;
    },
    async tryLock() {
      return true;
    },
    snapshot: (to) => client.snapshot(to),
    async close() {
      try {
        await client.close();
      } finally {
        await release?.().catch(() => undefined);
      }
    },
  };
}

/**
 * Applies pending SQL migrations (packages/db/migrations), under the migrate lock so that N
 * processes starting together migrate once.
 */
export async function migrateDatabase(h: DatabaseHandle): Promise<void> {
  await h.withLock(LOCKS.migrate, async () => {
    if (h.kind === 'postgres') {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(h.db as any, { migrationsFolder: MIGRATIONS_DIR });
    } else {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(h.db as any, { migrationsFolder: MIGRATIONS_DIR });
    }
  });
}

/** Drops every table of the public schema and drizzle's migration journal (tests only). */
export async function resetDatabase(h: DatabaseHandle): Promise<void> {
  await h.db.execute(sql`drop schema if exists public cascade`);
  await h.db.execute(sql`drop schema if exists drizzle cascade`);
  await h.db.execute(sql`create schema public`);
}
