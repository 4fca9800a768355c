import { importData, migrateDatabase, openDatabase, resetDatabase, shippedDataImporters, type DatabaseHandle } from '@coinlens/db';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv, REPO_ROOT, type Env } from '../src/platform/env';
import { ManualClock } from '../src/platform/clock';
import { createContext, type AppContext } from '../src/context';
import { buildApp } from '../src/app';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';

/** Default replay instant of the tests: 2025-05-16T12:00:00Z (inside the shipped window). */
export const T0 = Date.parse('2025-05-16T12:00:00Z');

/**
 * A real database for one test file: PostgreSQL when DATABASE_URL is set (schema reset first),
 * otherwise PGlite: a private copy of the run's template with this subset of the shipped data
 * already imported ({@link importedTemplate}), deleted on close, or an in-memory database when
 * there is no template (outside vitest's int project). Migrated, with the given subset of the
 * shipped data imported (`symbols` default BTC, ETH, AAVE; `timeframes` default all).
 */
export async function openTestDatabase(opts: { symbols?: string[]; timeframes?: string[] } = {}): Promise<DatabaseHandle> {
  const template = process.env.DATABASE_URL ? null : await importedTemplate(opts);
  const dataDir = template ? copyOf(template) : 'memory://';
  const db = await openDatabase({ url: process.env.DATABASE_URL, dataDir, poolSize: 4 });
  if (dataDir !== 'memory://') {
    const close = db.close.bind(db);
    db.close = async () => {
      await close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      copies.delete(dataDir);
    };
  }
  if (db.kind === 'postgres') await resetDatabase(db);
  // no-ops on a copy of an imported template (every importer's checksum is recorded there)
  await migrateDatabase(db);
  await importData(db, importersOf(opts));
  return db;
}

function importersOf(opts: { symbols?: string[]; timeframes?: string[] }) {
  return shippedDataImporters(path.join(REPO_ROOT, 'data'), { symbols: opts.symbols ?? ['BTC', 'ETH', 'AAVE'], timeframes: opts.timeframes });
}

/**
 * The PGlite data directory of this run's migrated template (test/global-setup.ts) with the shipped
 * data subset `opts` imported, made by the first test file that asks for that subset and kept next
 * to the template for the rest of the run: importing a subset (up to ~200,000 candle rows) took
 * several seconds per test app, and ~60 test apps ask for 16 distinct subsets. Two workers making
 * the same one at once both make it; the first rename wins. Null without a template.
 */
async function importedTemplate(opts: { symbols?: string[]; timeframes?: string[] }): Promise<string | null> {
  const base = process.env.COINLENS_TEST_PGLITE_TEMPLATE;
  if (!base || !fs.existsSync(base)) return null;
  const key = createHash('sha256').update(JSON.stringify([opts.symbols ?? null, opts.timeframes ?? null])).digest('hex').slice(0, 16);
  const dir = `${base}-imported-${key}`;
  if (fs.existsSync(dir)) return dir;
  const work = copyOf(base);
  const db = await openDatabase({ dataDir: work, poolSize: 1 });
  try {
    await importData(db, importersOf(opts));
  } finally {
    await db.close();
  }
  try {
    fs.renameSync(work, dir);
  } catch {
    // another worker made it first: use theirs
    fs.rmSync(work, { recursive: true, force: true });
  }
  copies.delete(work);
  return dir;
}

/** A fresh copy of a PGlite data directory (removed on close, or at exit). */
function copyOf(template: string): string {
  const dir = fs.mkdtempSync(`${template}-copy-`);
  fs.cpSync(template, dir, { recursive: true });
  copies.add(dir);
  return dir;
}
const copies = new Set<string>();
process.once('exit', () => {
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A full application on a test database with a manual clock at `T0`; ticks are driven by hand.
 * Tests send every request from one address (and, with REDIS_URL, share rate-limit counters across
 * runs), so the per-client read and model-call budgets and the deployment's hourly ceiling of code
 * mails are off unless `env` sets them (the fair-use and mail-budget tests do).
 */
export async function createTestApp(opts: { symbols?: string[]; timeframes?: string[]; now?: number; env?: Record<string, string> } = {}): Promise<{
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  env: Env;
  close: () => Promise<void>;
}> {
  const db = await openTestDatabase(opts);
  const clock = new ManualClock(opts.now ?? T0);
  // Requests are injected from 127.0.0.1, which the tests treat as a trusted proxy: their X-Forwarded-For
  // (a random IP per test) keeps the rate limits of tests apart. `TRUST_PROXY: ''` gives the default (none).
  // Fair-use budgets and the deployment's code-mail ceiling are off unless a test sets them.
  const env = parseEnv({ DATA_DIR: '/tmp/coinlens-test-unused', LOG_LEVEL: 'silent', SKIP_IMPORT: 'true', NODE_ENV: 'test', REDIS_URL: process.env.REDIS_URL, TRUST_PROXY: '127.0.0.1', RATE_LIMIT_READS_PER_MINUTE: '0', RATE_LIMIT_MODEL_PER_MINUTE: '0', RATE_LIMIT_CODE_MAILS_PER_HOUR: '0', ...opts.env });
  const ctx = await createContext(env, { db, clock, tickMs: 0 });
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    clock,
    env,
    async close() {
      // a close still running after 30 s (a hook timeout on a loaded machine) says which step it is in;
      // one still running after CLOSE_LIMIT_MS is reported with what it waits on, and abandoned
      const steps: string[] = [];
      let current = 'http';
      const slow = setTimeout(() => console.warn(`test app close: still in "${current}" after 30 s (done: ${steps.join(', ') || 'nothing'})`), 30_000);
      slow.unref();
      const work = (async () => {
        const t0 = performance.now();
        await app.close();
        steps.push(`http ${Math.round(performance.now() - t0)} ms`);
        await ctx.close((step, ms) => {
          if (ms === null) current = step;
          else steps.push(`${step} ${Math.round(ms)} ms`);
        });
        current = 'database';
        await db.close();
      })();
      let limit: NodeJS.Timeout | undefined;
      const hung = await Promise.race([work.then(() => false), new Promise<true>((r) => (limit = setTimeout(() => r(true), CLOSE_LIMIT_MS)))]);
      clearTimeout(limit);
      clearTimeout(slow);
      if (hung) {
        work.catch((err) => console.error(`test app close failed after it was abandoned: ${(err as Error).message}`));
        await reportHungClose(current, steps);
      }
    },
  };
}

/**
 * How long a test app's close may take (ms, `COINLENS_TEST_CLOSE_LIMIT_MS`, default 90 s, below the
 * int project's hook limits) before
 * {@link reportHungClose} reports it and the file goes on: every assertion of the file has run by
 * then, and the worker process that holds what the close waits on ends with the run.
 */
const CLOSE_LIMIT_MS = Number(process.env.COINLENS_TEST_CLOSE_LIMIT_MS ?? 90_000);

/**
 * Reports a test app's close that did not finish within {@link CLOSE_LIMIT_MS}: the step it is in,
 * the steps done (with their ms), the process's active handles and, on PostgreSQL, the worker
 * database's other sessions (state, wait event, seconds, query). Written to stderr and appended
 * to `COINLENS_TEST_HANG_REPORT` (a file `npm test` prints at the end of its output), so a CI log
 * that keeps only its tail still says where the close stopped.
 */
async function reportHungClose(step: string, done: string[]): Promise<void> {
  const lines = [`${expect.getState().testPath ?? 'a test file'}: the test app's close did not finish in ${CLOSE_LIMIT_MS / 1000} s; still in "${step}" (done: ${done.join(', ') || 'nothing'})`];
  const handles = process.getActiveResourcesInfo().reduce<Record<string, number>>((m, k) => ({ ...m, [k]: (m[k] ?? 0) + 1 }), {});
  lines.push(`  active handles: ${Object.entries(handles).map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number; state: string | null; wait: string | null; seconds: number | null; query: string }>(
        `SELECT pid, state, concat_ws(':', wait_event_type, wait_event) AS wait, extract(epoch FROM now() - query_start)::int AS seconds, left(query, 160) AS query
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      lines.push(`  database sessions: ${rows.length}`);
      for (const r of rows) lines.push(`    pid ${r.pid} ${r.state ?? '?'} wait ${r.wait || '-'} ${r.seconds ?? '?'} s: ${r.query.replace(/\s+/g, ' ').trim()}`);
    } catch (err) {
      lines.push(`  database sessions: not read (${(err as Error).message})`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const text = lines.join('\n');
  console.error(text);
  if (process.env.COINLENS_TEST_HANG_REPORT) fs.appendFileSync(process.env.COINLENS_TEST_HANG_REPORT, `${text}\n`);
}
