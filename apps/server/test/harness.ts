import { importData, migrateDatabase, openDatabase, resetDatabase, shippedDataImporters, type DatabaseHandle } from '@coinlens/db';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv, REPO_ROOT, type Env } from '../src/platform/env';
import { ManualClock } from '../src/platform/clock';
import { createContext, type AppContext } from '../src/context';
import { buildApp } from '../src/app';
import type { FastifyInstance } from 'fastify';

/** Default replay instant of the tests: 2025-05-16T12:00:00Z (inside the shipped window). */
export const T0 = Date.parse('2025-05-16T12:00:00Z');

/**
 * A real database for one test file: PostgreSQL when DATABASE_URL is set (schema reset first),
 * otherwise PGlite: a private copy of the run's migrated template (test/global-setup.ts), deleted
 * on close, or an in-memory database when there is no template (outside vitest's int project).
 * Migrated, with the given subset of the shipped data imported.
 */
export async function openTestDatabase(opts: { symbols?: string[]; timeframes?: string[] } = {}): Promise<DatabaseHandle> {
  const dataDir = process.env.DATABASE_URL ? 'memory://' : copyOfTemplate();
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
  await migrateDatabase(db);
  await importData(db, shippedDataImporters(path.join(REPO_ROOT, 'data'), { symbols: opts.symbols ?? ['BTC', 'ETH', 'AAVE'], timeframes: opts.timeframes }));
  return db;
}

/** A fresh copy of the migrated PGlite template (removed on close, or at exit); `memory://` without one. */
function copyOfTemplate(): string {
  const template = process.env.COINLENS_TEST_PGLITE_TEMPLATE;
  if (!template || !fs.existsSync(template)) return 'memory://';
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
      await app.close();
      await ctx.close();
      await db.close();
    },
  };
}
