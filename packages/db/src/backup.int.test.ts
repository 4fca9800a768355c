import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backupDataDir, BackupError, backupSocketPath, restoreDataDir, serveBackups } from './backup';
import { openDatabase, type DatabaseHandle } from './client';

/**
 * Backup and restore of the embedded database: a backup taken from a handle that is open and being
 * written to (as a running server's is, asked over its backup socket) restores into an empty
 * directory and opens with the same data; a restore never writes into a non-empty directory.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-backup-'));
const open: DatabaseHandle[] = [];
afterAll(async () => {
  for (const h of open) await h.close().catch(() => undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

async function rowsOf(h: DatabaseHandle) {
  return {
    fixed: await h.query<{ id: number; label: string }>(sql`select id, label from fixed order by id`),
    writes: (await h.query<{ id: number }>(sql`select id from writes order by id`)).map((r) => r.id),
  };
}

describe('embedded database backup and restore', () => {
  it('backs up an open database while it is written to, restores into an empty directory, and the restored data are equal', async () => {
    const dir = path.join(root, 'live', 'pglite');
    const h = await openDatabase({ dataDir: dir });
    open.push(h);
    await h.query(sql`create table fixed (id int primary key, label text not null)`);
    await h.query(sql`insert into fixed select g, 'row ' || g from generate_series(1, 500) g`);
    await h.query(sql`create table writes (id int primary key)`);
    // a copy left by a server killed in the middle of a backup is removed when the next one starts
    fs.mkdirSync(`${dir}.backup-1-2/base`, { recursive: true });
    const server = await serveBackups(h, dir);
    expect(fs.existsSync(`${dir}.backup-1-2`)).toBe(false);
    expect(fs.statSync(backupSocketPath(dir)).mode & 0o777).toBe(0o600);

    // A writer inserts one row per statement and pairs of rows in transactions until told to stop.
    let stop = false;
    let next = 1;
    const writer = (async () => {
      while (!stop) {
        if (next % 3 === 0) {
          const a = next++;
          const b = next++;
          await h.db.transaction(async (tx) => {
            await tx.execute(sql`insert into writes values (${a})`);
            await tx.execute(sql`insert into writes values (${b})`);
          });
        } else await h.query(sql`insert into writes values (${next++})`);
      }
    })();
    while (next < 50) await new Promise((r) => setTimeout(r, 10));
    const file = path.join(root, 'backups', 'live.tar.gz');
    const backup = await backupDataDir(dir, file);
    const writtenBefore = next;
    stop = true;
    await writer;
    await server.close();

    expect(backup.via).toBe('server');
    // the on-disk copy taken under the lock is removed once archived
    expect(fs.readdirSync(path.dirname(dir)).filter((f) => f.includes('.backup-'))).toEqual([]);
    expect(backup.file).toBe(file);
    expect(fs.statSync(file).size).toBe(backup.bytes);
    expect(backup.tables.find((t) => t.table === 'public.fixed')?.rows).toBe(500);
    const backedUpWrites = backup.tables.find((t) => t.table === 'public.writes')!.rows;
    expect(backedUpWrites).toBeGreaterThanOrEqual(49);

    const restoredDir = path.join(root, 'restored', 'pglite');
    const restored = await restoreDataDir(file, restoredDir);
    expect(restored.dataDir).toBe(restoredDir);
    expect(restored.tables).toEqual(backup.tables);

    const original = await rowsOf(h);
    const r = await openDatabase({ dataDir: restoredDir });
    open.push(r);
    const copy = await rowsOf(r);
    expect(copy.fixed).toEqual(original.fixed);
    // the backup is one moment of the writer's sequence: a prefix of what it wrote, no half transaction
    expect(copy.writes.length).toBe(backedUpWrites);
    expect(copy.writes).toEqual(original.writes.slice(0, backedUpWrites));
    expect(copy.writes.length).toBeLessThanOrEqual(writtenBefore);
    // The writer's units end after 1, 2, 4, 5, 7, 8 … rows (a single, a single, then a pair): a count
    // divisible by 3 is a pair cut in half.
    expect(copy.writes.length % 3).not.toBe(0);
    // the restored database is writable
    await r.query(sql`insert into writes values (-1)`);
    await r.close();
    open.splice(open.indexOf(r), 1);

    // With no process holding the directory, the backup opens it itself.
    await h.close();
    open.splice(open.indexOf(h), 1);
    const offline = await backupDataDir(dir, path.join(root, 'backups', 'offline.tar.gz'));
    expect(offline.via).toBe('directory');
    expect(offline.tables.find((t) => t.table === 'public.writes')?.rows).toBe(original.writes.length);
    await expect(backupDataDir(dir, file)).rejects.toThrow(/exists already/);
  }, 120_000);

  it('refuses to restore into a non-empty directory and leaves it untouched', async () => {
    const target = path.join(root, 'busy');
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, 'keep.txt'), 'mine');
    const file = path.join(root, 'any.tar.gz');
    fs.writeFileSync(file, 'not read');
    const p = restoreDataDir(file, target);
    await expect(p).rejects.toBeInstanceOf(BackupError);
    await expect(p).rejects.toThrow(`${target} is not empty`);
    expect(fs.readdirSync(target)).toEqual(['keep.txt']);
    await expect(restoreDataDir(path.join(root, 'missing.tar.gz'), path.join(root, 'new'))).rejects.toThrow(/not found/);
  });

  it('leaves the directory empty when the file is not a backup', async () => {
    const file = path.join(root, 'garbage.tar.gz');
    fs.writeFileSync(file, Buffer.alloc(4096, 7));
    const target = path.join(root, 'garbage-target');
    await expect(restoreDataDir(file, target)).rejects.toThrow(/is not a backup/);
    fs.writeFileSync(file, zlib.gzipSync(Buffer.alloc(4096, 0)));
    await expect(restoreDataDir(file, target)).rejects.toThrow(/no PG_VERSION/);
    expect(fs.readdirSync(target)).toEqual([]);
  }, 60_000);
});
