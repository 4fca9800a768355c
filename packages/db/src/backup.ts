import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { DataDirInUseError, holdsDatabase, lockDataDir, openDatabase, type DatabaseHandle } from './client';
import type { DataDirDump, TableCount } from './pglite/pglite-thread';

/**
 * Backup and restore of the embedded (PGlite) database directory; decision record
 * docs/decisions/096-embedded-backup.md.
 *
 * PGlite is one process' database: while a server runs, no other process may open its directory
 * (`<dir>.lock`). So a backup is always taken by whoever has the directory open:
 *  - no process holds it: {@link backupDataDir} opens it itself and dumps it;
 *  - a server holds it: the server listens on a local socket beside the directory
 *    ({@link backupSocketPath}, mode 0600, owner only; nothing is exposed over HTTP) and answers a
 *    backup request with the dump, taken under PGlite's transaction lock (`PGliteThread.dump`).
 * A backup is PGlite's own `dumpDataDir` tar, gzipped, which `PGlite.create({ loadDataDir })`
 * opens; {@link restoreDataDir} writes it into an empty directory only.
 */

export type { DataDirDump, TableCount } from './pglite/pglite-thread';

/** What a backup wrote: the file (absolute), its size in bytes, row counts, and who took it. */
export interface BackupResult {
  file: string;
  bytes: number;
  tables: TableCount[];
  /** `server`: asked the running server over its backup socket; `directory`: opened the directory (no server ran). */
  via: 'server' | 'directory';
}

/** What a restore wrote: the directory (absolute), the backup's size in bytes and the restored row counts. */
export interface RestoreResult {
  dataDir: string;
  bytes: number;
  tables: TableCount[];
}

/** A backup or restore that cannot be done as asked; the message says why and what to do. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * Where the server holding `dataDir` answers backup requests: `<dataDir>.backup.sock` beside the
 * directory (and its `.lock`); on Windows a named pipe derived from the directory's path.
 */
export function backupSocketPath(dataDir: string): string {
  const abs = path.resolve(dataDir);
  if (process.platform === 'win32') return `\\\\.\\pipe\\coinlens-backup-${crypto.createHash('sha256').update(abs).digest('hex').slice(0, 16)}`;
  return `${abs}.backup.sock`;
}

/** Unix socket paths longer than this (bytes) cannot be bound (Linux 108, macOS 104, minus the NUL). */
const MAX_SOCKET_PATH = process.platform === 'darwin' ? 103 : 107;

/**
 * Answers backup requests for the open embedded database `handle` (which owns `dataDir`) on
 * {@link backupSocketPath}: one request per connection, `{"op":"backup"}\n`, answered with a JSON
 * line `{"ok":true,"bytes":N,"tables":[…]}` followed by the N bytes of the tarball, or
 * `{"ok":false,"error":"…"}`. A socket file left by a killed server is replaced (the caller holds
 * the directory's lock, so no live server owns it). Resolves to a stopper; resolves to a no-op
 * stopper (after `warn`) when the path is too long for a socket or cannot be bound, so a server
 * never fails to start over it. Errors: none.
 */
export async function serveBackups(handle: DatabaseHandle, dataDir: string, warn: (message: string) => void = () => undefined): Promise<{ close(): Promise<void> }> {
  const none = { close: async () => undefined };
  if (!handle.dump) return none;
  const dump = handle.dump.bind(handle);
  const at = backupSocketPath(dataDir);
  if (process.platform !== 'win32') {
    if (Buffer.byteLength(at) > MAX_SOCKET_PATH) {
      warn(`online backups are off: the socket path ${at} is longer than ${MAX_SOCKET_PATH} bytes (use a shorter DATA_DIR); npm run db:backup works while the server is stopped`);
      return none;
    }
    fs.rmSync(at, { force: true });
  }
  const server = net.createServer((socket) => {
    let buf = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      buf += chunk;
      if (!buf.includes('\n')) {
        if (buf.length > 1024) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      let op: unknown;
      try {
        op = (JSON.parse(buf.slice(0, buf.indexOf('\n'))) as { op?: unknown }).op;
      } catch {
        op = null;
      }
      if (op !== 'backup') {
        socket.end(`${JSON.stringify({ ok: false, error: 'unknown request' })}\n`);
        return;
      }
      dump().then(
        (d) => {
          socket.write(`${JSON.stringify({ ok: true, bytes: d.tarball.byteLength, tables: d.tables })}\n`);
          socket.end(d.tarball);
        },
        (e: unknown) => socket.end(`${JSON.stringify({ ok: false, error: e instanceof Error ? e.message : String(e) })}\n`),
      );
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, () => {
        server.off('error', reject);
        resolve();
      });
    });
    if (process.platform !== 'win32') fs.chmodSync(at, 0o600);
  } catch (e) {
    server.close();
    warn(`online backups are off: cannot listen on ${at} (${e instanceof Error ? e.message : String(e)}); npm run db:backup works while the server is stopped`);
    return none;
  }
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if (process.platform !== 'win32') fs.rmSync(at, { force: true });
      }),
  };
}

/**
 * Asks the server holding `dataDir` for a dump over its backup socket. Resolves to the dump, or to
 * null when no server answers there (no socket file, or one left by a killed server).
 * Errors: {@link BackupError} when the server answered with an error or the answer was cut short.
 */
async function requestDump(dataDir: string): Promise<DataDirDump | null> {
  const at = backupSocketPath(dataDir);
  if (process.platform !== 'win32' && !fs.existsSync(at)) return null;
  return new Promise<DataDirDump | null>((resolve, reject) => {
    const socket = net.connect(at);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ op: 'backup' })}\n`);
    });
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (!connected && (e.code === 'ENOENT' || e.code === 'ECONNREFUSED')) resolve(null);
      else reject(new BackupError(`the running server's backup socket ${at} failed: ${e.message}`));
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const nl = all.indexOf(0x0a);
      let head: { ok?: boolean; error?: string; bytes?: number; tables?: TableCount[] };
      try {
        head = JSON.parse(all.subarray(0, nl < 0 ? all.length : nl).toString('utf8'));
      } catch {
        return reject(new BackupError(`the running server's answer on ${at} was not understood`));
      }
      if (!head.ok) return reject(new BackupError(`the running server could not take the backup: ${head.error ?? 'no reason given'}`));
      const tarball = all.subarray(nl + 1);
      if (tarball.byteLength !== head.bytes) return reject(new BackupError(`the backup from the running server was cut short (${tarball.byteLength} of ${head.bytes} bytes)`));
      resolve({ tarball, tables: head.tables ?? [] });
    });
  });
}

/**
 * Writes a consistent backup of the embedded database in `dataDir` to `file` (a gzipped tarball;
 * parent directories are created; written to `<file>.partial` and renamed, so a failed backup
 * leaves no file that looks whole). Asks the running server when one holds the directory,
 * otherwise opens the directory itself. Errors: {@link BackupError} when `dataDir` holds no
 * database, `file` exists, or a process holds the directory without answering backup requests;
 * the database's error when the dump fails.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupResult> {
  const dir = path.resolve(dataDir);
  const out = path.resolve(file);
  if (!holdsDatabase(dir)) throw new BackupError(`there is no embedded database in ${dir} (no PG_VERSION); check DATA_DIR`);
  if (fs.existsSync(out)) throw new BackupError(`${out} exists already; choose another file name`);
  let via: BackupResult['via'] = 'server';
  let d = await requestDump(dir);
  if (!d) {
    via = 'directory';
    let h: DatabaseHandle;
    try {
      h = await openDatabase({ dataDir: dir });
    } catch (e) {
      if (e instanceof DataDirInUseError) {
        throw new BackupError(`${dir} is in use by a process that does not answer backup requests on ${backupSocketPath(dir)}; stop it and run the backup again`);
      }
      throw e;
    }
    try {
      d = await h.dump!();
    } finally {
      await h.close();
    }
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  try {
    fs.writeFileSync(partial, d.tarball, { mode: 0o600 });
    fs.renameSync(partial, out);
  } catch (e) {
    fs.rmSync(partial, { force: true });
    throw e;
  }
  return { file: out, bytes: d.tarball.byteLength, tables: d.tables, via };
}

/** Row counts of every table of the application (public) and of the migration journal (drizzle). */
async function countRows(query: (sql: string) => Promise<Record<string, unknown>[]>): Promise<TableCount[]> {
  const tables = await query(
    `select table_schema as schema, table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const out: TableCount[] = [];
  for (const t of tables) {
    const [schema, name] = [String(t.schema), String(t.name)];
    const q = `select count(*)::int as n from "${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
    out.push({ table: `${schema}.${name}`, rows: Number((await query(q))[0]!.n) });
  }
  return out;
}

/**
 * The tar inside `bytes` (gunzipped when gzipped), checked to be a Postgres data directory: it
 * unpacks and holds a `PG_VERSION` file. PGlite reports a bad archive only as an unhandled stream
 * error, so it is checked before PGlite sees it. Errors: {@link BackupError} naming `file`.
 */
function tarOf(bytes: Buffer, file: string): Buffer {
  let tar: Buffer;
  try {
    tar = bytes[0] === 0x1f && bytes[1] === 0x8b ? zlib.gunzipSync(bytes) : bytes;
  } catch (e) {
    throw new BackupError(`${file} is not a backup written by npm run db:backup (gzip: ${e instanceof Error ? e.message : String(e)})`);
  }
  // ustar headers: 512-byte blocks; name at 0 (100 bytes), size at 124 (12 bytes, octal), prefix at 345 (155 bytes).
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const str = (from: number, len: number) => header.subarray(from, from + len).toString('utf8').replace(/\0.*$/s, '');
    const name = `${str(345, 155)}/${str(0, 100)}`;
    const size = parseInt(str(124, 12).trim() || '0', 8);
    if (!Number.isFinite(size)) break;
    if (name === 'PG_VERSION' || name.endsWith('/PG_VERSION')) return tar;
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new BackupError(`${file} is not a backup written by npm run db:backup (no PG_VERSION in the archive)`);
}

/**
 * Restores the backup `file` (written by {@link backupDataDir}) into `dataDir`, which must be
 * empty or not exist: PGlite opens the tarball there (`loadDataDir`), the rows are counted to prove
 * it opens, and it is closed cleanly. A failed restore removes what it wrote, leaving the directory
 * empty. Errors: {@link BackupError} when `file` is missing or `dataDir` is not empty;
 * {@link DataDirInUseError} when a process holds the directory; a BackupError naming PGlite's error
 * when the file is not a usable backup.
 */
export async function restoreDataDir(file: string, dataDir: string): Promise<RestoreResult> {
  const src = path.resolve(file);
  const dir = path.resolve(dataDir);
  if (!fs.existsSync(src) || !fs.statSync(src).isFile()) throw new BackupError(`backup file ${src} not found`);
  if (fs.existsSync(dir)) {
    if (!fs.statSync(dir).isDirectory()) throw new BackupError(`${dir} exists and is not a directory`);
    if (fs.readdirSync(dir).length > 0) {
      throw new BackupError(`${dir} is not empty: a restore only writes into an empty or new directory. Move it aside first (mv ${dir} ${dir}.old) or restore into another directory`);
    }
  }
  fs.mkdirSync(dir, { recursive: true });
  const release = await lockDataDir(dir);
  try {
    const bytes = fs.readFileSync(src);
    const tar = tarOf(bytes, src);
    const { PGlite } = await import('@electric-sql/pglite');
    let pg: InstanceType<typeof PGlite> | null = null;
    try {
      pg = await PGlite.create(dir, { loadDataDir: new Blob([tar as Uint8Array<ArrayBuffer>]) });
      const p = pg;
      const tables = await countRows(async (q) => (await p.query<Record<string, unknown>>(q)).rows);
      await pg.close();
      pg = null;
      return { dataDir: dir, bytes: bytes.byteLength, tables };
    } catch (e) {
      await pg?.close().catch(() => undefined);
      for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
      throw new BackupError(`${src} could not be restored (PGlite: ${e instanceof Error ? e.message : String(e)}); is it a backup written by npm run db:backup?`);
    }
  } finally {
    await release().catch(() => undefined);
  }
}
