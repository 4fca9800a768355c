import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatBytes, formatTables, parseBackupArgs } from './db-backup';

/** The db:backup / db:restore command line: arguments, output and the exits that need no database. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-db-backup-cli-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Runs scripts/db-backup.ts as `npm run db:…` does, from `cwd`; returns the exit code and all output. */
function run(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATABASE_URL: '', INIT_CWD: root, ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('db:backup and db:restore command line', () => {
  it('parses the file and --dir', () => {
    expect(parseBackupArgs(['backup'])).toEqual({ command: 'backup' });
    expect(parseBackupArgs(['restore', 'b.tar.gz', '--dir', 'x'])).toEqual({ command: 'restore', file: 'b.tar.gz', dir: 'x' });
    expect(parseBackupArgs(['backup', '--dir=y', 'out.tar.gz'])).toEqual({ command: 'backup', file: 'out.tar.gz', dir: 'y' });
    expect(() => parseBackupArgs(['restore'])).toThrow(/which backup file/);
    expect(() => parseBackupArgs(['backup', 'a', 'b'])).toThrow(/unexpected argument b/);
  });

  it('formats sizes and row counts', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(188.4 * 1024 * 1024)).toBe('188.4 MB');
    expect(formatTables([{ table: 'public.coins', rows: 28 }, { table: 'public.candles', rows: 1_183_012 }])[0]).toBe('2 tables, 1,183,040 rows:');
  });

  it('refuses a non-empty directory with exit code 1 and leaves it as it was', () => {
    const target = path.join(root, 'busy');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'PG_VERSION'), '18\n');
    fs.writeFileSync(path.join(root, 'b.tar.gz'), 'x');
    const r = run(['restore', 'b.tar.gz', '--dir', 'busy']);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`[coinlens] db:restore failed: ${target} is not empty`);
    expect(fs.readdirSync(target)).toEqual(['PG_VERSION']);
  }, 30_000);

  it('says there is no database and exits 1; points to pg_dump on PostgreSQL and exits 2', () => {
    const none = run(['backup'], { DATA_DIR: path.join(root, 'nothing') });
    expect(none.code).toBe(1);
    expect(none.out).toContain(`there is no embedded database in ${path.join(root, 'nothing', 'pglite')}`);
    const pg = run(['backup'], { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' });
    expect(pg.code).toBe(2);
    expect(pg.out).toMatch(/pg_dump/);
  }, 30_000);
});
