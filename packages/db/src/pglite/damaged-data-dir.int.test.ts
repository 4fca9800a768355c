import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DataDirDamagedError, openDatabase } from '../client';

/**
 * A damaged embedded database directory (a crash mid-write, a full disk, a partial copy) made
 * PGlite fail at start with its bare "PGlite failed to initialize properly" or "Aborted()": no
 * directory named, no way out. Opening one now fails with a message that names the directory and
 * says how to recover.
 *
 * Embedded databases only: the pass against PostgreSQL (DATABASE_URL set) has no data directory to
 * damage, and skips the file.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-damaged-'));
const good = path.join(root, 'good');

/** A copy of the good directory named `name`, damaged by `damage(dir)`. */
function damagedCopy(name: string, damage: (dir: string) => void): string {
  const dir = path.join(root, name);
  fs.cpSync(good, dir, { recursive: true });
  damage(dir);
  return dir;
}

const garbage = (file: string) => fs.writeFileSync(file, Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 131 + 17) % 256)));

describe.skipIf(!!process.env.DATABASE_URL)('a damaged embedded database directory', () => {
  beforeAll(async () => {
    const h = await openDatabase({ dataDir: good });
    await h.query(sql`create table probe (id int primary key)`);
    await h.query(sql`insert into probe select generate_series(1, 100)`);
    await h.close();
  }, 120_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it.each([
    ['control file overwritten', (dir: string) => garbage(path.join(dir, 'global', 'pg_control'))],
    ['write-ahead log removed', (dir: string) => {
      for (const f of fs.readdirSync(path.join(dir, 'pg_wal'))) if (/^[0-9A-F]{24}$/.test(f)) fs.rmSync(path.join(dir, 'pg_wal', f));
    }],
    ['catalog files overwritten', (dir: string) => {
      for (const db of fs.readdirSync(path.join(dir, 'base'))) garbage(path.join(dir, 'base', db, '1259'));
      garbage(path.join(dir, 'global', '1262'));
    }],
  ])('%s: the start fails with a message naming the directory and how to restore', async (name, damage) => {
    const dir = damagedCopy(name.replaceAll(' ', '-'), damage);
    const opening = openDatabase({ dataDir: dir });
    await expect(opening).rejects.toBeInstanceOf(DataDirDamagedError);
    const message = await opening.then(() => '', (e: Error) => e.message);
    expect(message).toContain(dir);
    expect(message).toMatch(/damaged/);
    expect(message).toContain('npm run db:restore -- <backup file>');
    expect(message).toContain(`mv ${dir} ${dir}.damaged`);
    // the directory was released: a second attempt fails the same way, not as "in use"
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirDamagedError);
  }, 60_000);
});
