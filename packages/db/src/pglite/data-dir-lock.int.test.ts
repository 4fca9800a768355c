import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DataDirInUseError, lockDataDir, openDatabase, type DatabaseHandle } from '../client';

/**
 * One process per embedded database directory. Two PGlite instances on one directory (a second
 * `npm start`, a benchmark beside a running server) wrote over each other's pages and left a
 * database that aborted at every later start; the second opener is now refused while the first
 * lives, and a lock left by a killed process is taken over once stale.
 *
 * Embedded databases only: the pass against PostgreSQL (DATABASE_URL set) skips the file.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-lock-'));
const open: DatabaseHandle[] = [];
describe.skipIf(!!process.env.DATABASE_URL)('embedded database directory lock', () => {
  afterAll(async () => {
    for (const h of open) await h.close().catch(() => undefined);
    // a start still writing when its test timed out may add files while the tree is removed
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 5 });
  });

  it('refuses a second process while the first holds the directory, and opens it again after close with the data intact', async () => {
    const dir = path.join(root, 'pglite');
    const first = await openDatabase({ dataDir: dir });
    open.push(first);
    await first.query(sql`create table lock_probe (id int primary key)`);
    await first.query(sql`insert into lock_probe values (42)`);

    const second = openDatabase({ dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(/in use by another process/);

    await first.close();
    open.splice(open.indexOf(first), 1);
    const third = await openDatabase({ dataDir: dir });
    open.push(third);
    expect(await third.query(sql`select id from lock_probe`)).toEqual([{ id: 42 }]);
  }, 120_000);

  it('takes over a stale lock left by a process that was killed', async () => {
    const dir = path.join(root, 'killed');
    fs.mkdirSync(dir, { recursive: true });
    // what a SIGKILLed holder leaves: the lock directory, no longer refreshed
    fs.mkdirSync(`${dir}.lock`);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(`${dir}.lock`, old, old);
    // the stale lock is taken over at once (no wait for it to expire): timed on the lock alone, not on
    // opening the database, whose start-up time follows the machine's load
    const t0 = Date.now();
    const release = await lockDataDir(dir);
    expect(Date.now() - t0).toBeLessThan(10_000);
    await release();
    const h = await openDatabase({ dataDir: dir });
    open.push(h);
    expect(await h.query(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  }, 120_000);
});
