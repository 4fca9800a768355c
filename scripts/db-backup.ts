/**
 * `npm run db:backup -- [file] [--dir <pglite dir>]` and `npm run db:restore -- <file> [--dir <pglite dir>]`:
 * backup and restore of the embedded database (PGlite in `DATA_DIR/pglite`, or `--dir`).
 *
 *  - backup: writes a consistent gzipped tarball of the database to `file` (default
 *    `DATA_DIR/backups/pglite-<UTC time>.tar.gz`). While a server runs on the directory it is asked
 *    over its local backup socket and keeps serving; otherwise the directory is opened here.
 *  - restore: writes a backup into the directory, which must be empty or not exist, and opens it
 *    once to count the rows; then `npm start` with the same DATA_DIR runs on it.
 * Relative paths of `file` and `--dir` are taken from the directory the command was typed in
 * (npm's INIT_CWD); DATA_DIR is read as the server reads it. Both print the file, its size and the
 * rows per table, and exit 1 with a message on error (2 on a wrong environment or usage; on
 * PostgreSQL, DATABASE_URL set, they point to pg_dump / pg_restore instead).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupDataDir, restoreDataDir, type TableCount } from '@coinlens/db';
import { dataDirOf, parseEnv } from '../apps/server/src/platform/env';

const USAGE = 'usage: npm run db:backup -- [file] [--dir <pglite dir>]\n       npm run db:restore -- <backup file> [--dir <pglite dir>]';

/** Parsed command line: the command, the positional file (if any) and `--dir`. */
export interface BackupArgs {
  command: 'backup' | 'restore';
  file?: string;
  dir?: string;
}

/** Parses `[backup|restore] [file] [--dir <dir>]`. Errors: an Error with the usage for anything else. */
export function parseBackupArgs(argv: string[]): BackupArgs {
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') throw new Error(USAGE);
  const out: BackupArgs = { command };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--dir' && rest[i + 1]) out.dir = rest[++i];
    else if (a.startsWith('--dir=')) out.dir = a.slice('--dir='.length);
    else if (!a.startsWith('-') && out.file === undefined) out.file = a;
    else throw new Error(`unexpected argument ${a}\n${USAGE}`);
  }
  if (command === 'restore' && !out.file) throw new Error(`which backup file?\n${USAGE}`);
  return out;
}

/** `bytes` as B / KB / MB / GB (base 1024, one decimal). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${bytes} B` : `${v.toFixed(1)} ${units[u]}`;
}

/** One line of totals and one line per table (`schema.table  rows`), for the terminal. */
export function formatTables(tables: TableCount[]): string[] {
  const total = tables.reduce((s, t) => s + t.rows, 0);
  const width = Math.max(0, ...tables.map((t) => t.table.length));
  return [`${tables.length} tables, ${total.toLocaleString('en-US')} rows:`, ...tables.map((t) => `  ${t.table.padEnd(width)}  ${t.rows.toLocaleString('en-US').padStart(12)}`)];
}

/** `YYYYMMDD-HHMMSS` of `d` in UTC, for default backup file names. */
function stamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

async function main(): Promise<void> {
  let args: BackupArgs;
  let env;
  try {
    args = parseBackupArgs(process.argv.slice(2));
    env = parseEnv();
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(2);
  }
  const name = `db:${args.command}`;
  if (env.DATABASE_URL) {
    console.error(
      `[coinlens] ${name}: DATABASE_URL is set, so the database is PostgreSQL; back it up with pg_dump and restore with pg_restore (docs/OPERATIONS.md, "Backup and restore"). ${name} is for the embedded database.`,
    );
    process.exit(2);
  }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const dataDir = args.dir ? path.resolve(cwd, args.dir) : path.join(dataDirOf(env), 'pglite');
  try {
    if (args.command === 'backup') {
      const file = args.file ? path.resolve(cwd, args.file) : path.join(dataDirOf(env), 'backups', `pglite-${stamp(new Date())}.tar.gz`);
      const t0 = Date.now();
      const r = await backupDataDir(dataDir, file);
      console.log(
        `[coinlens] backed up ${dataDir} (${r.via === 'server' ? 'taken by the running server' : 'no server running; opened it here'}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
      console.log(`  file: ${r.file} (${formatBytes(r.bytes)})`);
      for (const line of formatTables(r.tables)) console.log(`  ${line}`);
      console.log(`  restore with: npm run db:restore -- ${r.file}  (into an empty DATA_DIR/pglite)`);
    } else {
      const r = await restoreDataDir(path.resolve(cwd, args.file!), dataDir);
      console.log(`[coinlens] restored ${path.resolve(cwd, args.file!)} (${formatBytes(r.bytes)}) into ${r.dataDir}`);
      for (const line of formatTables(r.tables)) console.log(`  ${line}`);
      if (path.basename(r.dataDir) === 'pglite') console.log(`  start on it with: DATA_DIR=${path.dirname(r.dataDir)} npm start`);
    }
  } catch (e) {
    console.error(`[coinlens] ${name} failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
