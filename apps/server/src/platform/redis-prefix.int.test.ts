import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { importData, migrateDatabase, openDatabase, shippedDataImporters, type DatabaseHandle } from '@coinlens/db';
import { parseEnv, REPO_ROOT } from './env';
import { ManualClock } from './clock';
import { createContext, type AppContext } from '../context';
import { buildApp } from '../app';
import { T0 } from '../../test/harness';
import { api, randomIp } from '../modules/auth/test-helpers';

/**
 * Two deployments (each its own database) sharing one Redis must not hear each other's live events
 * nor share rate-limit counters; two processes of one deployment (same database) still do.
 */
const REDIS_URL = process.env.REDIS_URL;

/** An embedded database of its own (another deployment), migrated, with BTC 1d imported. */
async function ownDatabase(): Promise<DatabaseHandle> {
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(db);
  await importData(db, shippedDataImporters(path.join(REPO_ROOT, 'data'), { symbols: ['BTC'], timeframes: ['1d'] }));
  return db;
}

interface Process {
  ctx: AppContext;
  app: FastifyInstance;
}

async function startProcess(db: DatabaseHandle, env: Record<string, string> = {}): Promise<Process> {
  const e = parseEnv({ DATA_DIR: '/tmp/coinlens-test-unused', LOG_LEVEL: 'silent', SKIP_IMPORT: 'true', NODE_ENV: 'test', REDIS_URL, TRUST_PROXY: '127.0.0.1', ...env });
  const ctx = await createContext(e, { db, clock: new ManualClock(T0), tickMs: 0 });
  const app = await buildApp(ctx);
  await app.ready();
  return { ctx, app };
}

/** Resolves with the messages `p` received on `channel` within `ms`. */
async function listen(p: Process, channel: string, ms: number, during: () => Promise<void>): Promise<unknown[]> {
  const got: unknown[] = [];
  const off = await p.ctx.pubsub.subscribe(channel, (m) => got.push(m));
  await during();
  await new Promise((r) => setTimeout(r, ms));
  await off();
  return got;
}

describe.skipIf(!REDIS_URL)('two deployments on one Redis (REDIS_URL)', () => {
  let dbA: DatabaseHandle;
  let dbB: DatabaseHandle;
  let a1: Process;
  let a2: Process;
  let b: Process;
  let named: Process;

  beforeAll(async () => {
    [dbA, dbB] = await Promise.all([ownDatabase(), ownDatabase()]);
    a1 = await startProcess(dbA);
    a2 = await startProcess(dbA);
    b = await startProcess(dbB);
    named = await startProcess(dbB, { REDIS_PREFIX: `coinlens:test-${Date.now()}:` });
  }, 300_000);
  afterAll(async () => {
    for (const p of [a1, a2, b, named]) {
      await p?.app.close();
      await p?.ctx.close();
    }
    await dbA?.close();
    await dbB?.close();
  });

  it('derive a different default prefix per database, the same for processes of one database', () => {
    expect(a1.ctx.redisPrefix).toMatch(/^coinlens:[0-9a-f]{12}:$/);
    expect(a2.ctx.redisPrefix).toBe(a1.ctx.redisPrefix);
    expect(b.ctx.redisPrefix).not.toBe(a1.ctx.redisPrefix);
    expect(named.ctx.redisPrefix).toMatch(/^coinlens:test-\d+:$/);
  });

  it("deliver a deployment's events to its other process and not to the other deployment", async () => {
    const event = { id: `evt-${Date.now()}` };
    let inB: unknown[] = [];
    let inNamed: unknown[] = [];
    const inA2 = await listen(a2, 'feeds', 300, async () => {
      inB = await listen(b, 'feeds', 300, async () => {
        inNamed = await listen(named, 'feeds', 0, () => a1.ctx.pubsub.publish('feeds', event));
      });
    });
    expect(inA2).toEqual([event]);
    expect(inB).toEqual([]);
    expect(inNamed).toEqual([]);
  });

  it('keep rate-limit counters apart: a deployment at its login limit does not limit the other', async () => {
    const ip = randomIp();
    const email = `rl${Date.now()}@example.com`;
    const login = (p: Process) => api(p.app, ip)('POST', '/api/auth/login', { body: { email, password: 'Wrong!pass1' } });
    for (let i = 0; i < 10; i++) expect((await login(a1)).status).toBe(401);
    expect((await login(a2)).status).toBe(429); // same deployment: shared counter
    expect((await login(b)).status).toBe(401); // other deployment: its own counter
  });
});
