import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { DataDirInUseError, holdsDatabase, lockDataDir, openDatabase, type DatabaseHandle } from './client';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TableCount } from './pglite/pglite-thread';

/**
 * Backup and restore of the embedded (PGlite) database directory; decision record
 * docs/decisions/098-embedded-backup.md.
 *
 * PGlite is one process' database: while a server runs, no other process may open its directory
 * (`<dir>.lock`). So a backup is always taken by whoever has the directory open:
 *  - no process holds it: {@link backupDataDir} opens it itself and dumps it;
 *  - a server holds it: the server listens on a local socket beside the directory
 *    ({@link backupSocketPath}, mode 0600, owner only; nothing is exposed over HTTP) and writes
 *    the backup file the command names.
 * Either way the directory is first copied on disk under PGlite's transaction lock after a
 * checkpoint (`PGliteThread.snapshot`, ~2 s for the shipped data set), then the copy is written as
 * a gzipped ustar archive, streamed (memory stays flat; `tar tzf` lists it), and removed.
 * {@link restoreDataDir} unpacks it into an empty directory only (PGlite's `loadDataDir` would
 * also open it, but holds several copies of it in memory).
 */

export type { TableCount } from './pglite/pglite-thread';

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

/** A ustar header block (512 bytes) for `name` (relative, at most 100 bytes): a file of `size` bytes or a directory. */
function tarHeader(name: string, size: number, mode: number, mtime: Date, dir: boolean): Buffer {
  if (Buffer.byteLength(name) > 100) throw new BackupError(`path ${name} in the data directory is too long for the archive`);
  const h = Buffer.alloc(512);
  const put = (value: string, at: number, len: number) => h.write(value.slice(0, len), at, len, 'utf8');
  const octal = (n: number, len: number) => Math.floor(n).toString(8).padStart(len - 1, '0');
  put(name, 0, 100);
  put(`${octal(mode & 0o7777, 8)}\0`, 100, 8);
  put(`${octal(0, 8)}\0`, 108, 8);
  put(`${octal(0, 8)}\0`, 116, 8);
  put(`${octal(dir ? 0 : size, 12)}\0`, 124, 12);
  put(`${octal(Math.floor(mtime.getTime() / 1000), 12)}\0`, 136, 12);
  put('        ', 148, 8);
  put(dir ? '5' : '0', 156, 1);
  put('ustar\0' + '00', 257, 8);
  let sum = 0;
  for (const b of h) sum += b;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return h;
}

/** The entries of `root` (directories before their contents), as paths relative to it with `/`. */
function* walk(root: string, rel = ''): Generator<{ rel: string; abs: string; stat: fs.Stats }> {
  for (const name of fs.readdirSync(path.join(root, rel)).sort()) {
    const r = rel ? `${rel}/${name}` : name;
    const abs = path.join(root, r);
    const stat = fs.statSync(abs);
    if (stat.isDirectory()) {
      yield { rel: r, abs, stat };
      yield* walk(root, r);
    } else if (stat.isFile()) yield { rel: r, abs, stat };
  }
}

/** The ustar archive of `root`'s files and directories as a byte stream (files read in chunks). */
async function* tarStream(root: string): AsyncGenerator<Buffer> {
  for (const e of walk(root)) {
    const dir = e.stat.isDirectory();
    yield tarHeader(dir ? `${e.rel}/` : e.rel, e.stat.size, e.stat.mode, e.stat.mtime, dir);
    if (dir || e.stat.size === 0) continue;
    let written = 0;
    for await (const chunk of fs.createReadStream(e.abs, { end: e.stat.size - 1, highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      written += chunk.length;
      yield chunk;
    }
    if (written !== e.stat.size) throw new BackupError(`${e.abs} changed while it was archived`);
    if (e.stat.size % 512) yield Buffer.alloc(512 - (e.stat.size % 512));
  }
  yield Buffer.alloc(1024);
}

/** Writes `root` as a gzipped ustar archive to `file` (zlib's fastest level); resolves to its size in bytes. */
async function writeTarGz(root: string, file: string): Promise<number> {
  await pipeline(Readable.from(tarStream(root)), zlib.createGzip({ level: zlib.constants.Z_BEST_SPEED }), fs.createWriteStream(file, { mode: 0o600 }));
  return fs.statSync(file).size;
}

/**
 * Backs up the open embedded database `handle` (owning `dataDir`) to `file`: a consistent copy of
 * the directory beside it (`<dataDir>.backup-<pid>-<time>`, removed afterwards), then archived.
 * Resolves to the size of `file` and the row counts. Errors: the snapshot's or the archive's.
 */
async function backupHandle(handle: DatabaseHandle, dataDir: string, file: string): Promise<{ bytes: number; tables: TableCount[] }> {
  if (!handle.snapshot) throw new BackupError('only the embedded database is backed up this way; use pg_dump for PostgreSQL');
  const snap = `${path.resolve(dataDir)}.backup-${process.pid}-${Date.now()}`;
  try {
    const tables = await handle.snapshot(snap);
    return { bytes: await writeTarGz(snap, file), tables };
  } finally {
    fs.rmSync(snap, { recursive: true, force: true });
  }
}

/**
 * Answers backup requests for the open embedded database `handle` (which owns `dataDir`) on
 * {@link backupSocketPath}: one request per connection, `{"op":"backup","file":"<absolute path>"}\n`,
 * answered, once `file` is written, with a JSON line `{"ok":true,"bytes":N,"tables":[…]}` or
 * `{"ok":false,"error":"…"}`. Only the server's own user can connect (mode 0600), and the file is
 * written with that user's rights. A socket file and directory copies left by a killed server
 * are removed (the caller holds the directory's lock, so no live server owns them). Resolves to a stopper; resolves to a
 * no-op stopper (after `warn`) when the path is too long for a socket or cannot be bound, so a
 * server never fails to start over it. Errors: none.
 */
export async function serveBackups(handle: DatabaseHandle, dataDir: string, warn: (message: string) => void = () => undefined): Promise<{ close(): Promise<void> }> {
  const none = { close: async () => undefined };
  if (!handle.snapshot) return none;
  // Copies left by a backup that was killed midway: nobody else can be writing one, since the
  // caller holds the directory's lock.
  const abs = path.resolve(dataDir);
  for (const entry of fs.readdirSync(path.dirname(abs))) {
    if (entry.startsWith(`${path.basename(abs)}.backup-`)) fs.rmSync(path.join(path.dirname(abs), entry), { recursive: true, force: true });
  }
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
        if (buf.length > 8192) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      let req: { op?: unknown; file?: unknown } = {};
      try {
        req = JSON.parse(buf.slice(0, buf.indexOf('\n'))) as typeof req;
      } catch {
        // answered below
      }
      if (req.op !== 'backup' || typeof req.file !== 'string' || !path.isAbsolute(req.file)) {
        socket.end(`${JSON.stringify({ ok: false, error: 'expected {"op":"backup","file":"<absolute path>"}' })}\n`);
        return;
      }
      backupHandle(handle, dataDir, req.file).then(
        (r) => socket.end(`${JSON.stringify({ ok: true, ...r })}\n`),
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
 * Asks the server holding `dataDir` to write a backup to `file`. Resolves to the row counts, or to
 * null when no server answers there (no socket file, or one left by a killed server).
 * Errors: {@link BackupError} when the server answered with an error or not at all.
 */
async function requestBackup(dataDir: string, file: string): Promise<TableCount[] | null> {
  const at = backupSocketPath(dataDir);
  if (process.platform !== 'win32' && !fs.existsSync(at)) return null;
  return new Promise<TableCount[] | null>((resolve, reject) => {
    const socket = net.connect(at);
    let answer = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ op: 'backup', file })}\n`);
    });
    socket.on('data', (c: string) => (answer += c));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (!connected && (e.code === 'ENOENT' || e.code === 'ECONNREFUSED')) resolve(null);
      else reject(new BackupError(`the running server's backup socket ${at} failed: ${e.message}`));
    });
    socket.on('end', () => {
      let head: { ok?: boolean; error?: string; tables?: TableCount[] };
      try {
        head = JSON.parse(answer);
      } catch {
        return reject(new BackupError(`the running server's answer on ${at} was not understood`));
      }
      if (!head.ok) return reject(new BackupError(`the running server could not take the backup: ${head.error ?? 'no reason given'}`));
      resolve(head.tables ?? []);
    });
  });
}

/**
 * Writes a consistent backup of the embedded database in `dataDir` to `file` (a gzipped ustar
 * archive; parent directories are created; written to `<file>.partial` and renamed, so a failed
 * backup leaves no file that looks whole). Asks the running server when one holds the directory,
 * otherwise opens the directory itself. Errors: {@link BackupError} when `dataDir` holds no
 * database, `file` exists, or a process holds the directory without answering backup requests;
 * the database's or the file system's error when the backup fails.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupResult> {
  const dir = path.resolve(dataDir);
  const out = path.resolve(file);
  if (!holdsDatabase(dir)) throw new BackupError(`there is no embedded database in ${dir} (no PG_VERSION); check DATA_DIR`);
  if (fs.existsSync(out)) throw new BackupError(`${out} exists already; choose another file name`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    let via: BackupResult['via'] = 'server';
    let tables = await requestBackup(dir, partial);
    if (!tables) {
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
        tables = (await backupHandle(h, dir, partial)).tables;
      } finally {
        await h.close();
      }
    }
    fs.renameSync(partial, out);
    return { file: out, bytes: fs.statSync(out).size, tables, via };
  } catch (e) {
    fs.rmSync(partial, { force: true });
    throw e;
  }
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
 * Unpacks the gzipped ustar archive `file` (as written by {@link backupDataDir}) into the existing
 * directory `dir`, streamed (memory stays flat whatever the size). Accepts regular files and
 * directories with relative names inside `dir`; refuses anything else. Errors: {@link BackupError}
 * naming `file` when it is not a gzipped tar, is cut short, or holds no `PG_VERSION`.
 */
async function extractTarGz(file: string, dir: string): Promise<void> {
  const notBackup = (why: string) => new BackupError(`${file} is not a backup written by npm run db:backup (${why})`);
  const gunzip = fs.createReadStream(file).pipe(zlib.createGunzip());
  const chunks = gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let buf: Buffer = Buffer.alloc(0);
  const more = async () => {
    let r: IteratorResult<Buffer>;
    try {
      r = await chunks.next();
    } catch (e) {
      throw notBackup(`gzip: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (r.done) throw notBackup('the archive ends early');
    buf = buf.length ? Buffer.concat([buf, r.value]) : r.value;
  };
  const take = async (n: number) => {
    while (buf.length < n) await more();
    const out = buf.subarray(0, n);
    buf = buf.subarray(n);
    return out;
  };
  let sawVersion = false;
  try {
    for (;;) {
      const header = await take(512);
      if (header.every((b) => b === 0)) break;
      const str = (from: number, len: number) => header.subarray(from, from + len).toString('utf8').replace(/\0.*$/s, '');
      const prefix = str(345, 155);
      const name = (prefix ? `${prefix}/` : '') + str(0, 100);
      const size = parseInt(str(124, 12).trim() || '0', 8);
      const type = str(156, 1) || '0';
      const rel = path.normalize(name.replace(/^\/+/, ''));
      if (!Number.isFinite(size) || size < 0) throw notBackup(`bad entry size for ${name}`);
      if (rel.startsWith('..') || path.isAbsolute(rel)) throw notBackup(`entry ${name} points outside the directory`);
      const target = path.join(dir, rel);
      if (type === '5') {
        fs.mkdirSync(target, { recursive: true });
        continue;
      }
      if (type !== '0') throw notBackup(`entry ${name} is neither a file nor a directory`);
      if (rel === 'PG_VERSION') sawVersion = true;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const fd = fs.openSync(target, 'w', 0o600);
      try {
        for (let left = size; left > 0; ) {
          if (!buf.length) await more();
          const n = Math.min(left, buf.length);
          fs.writeSync(fd, buf, 0, n);
          buf = buf.subarray(n);
          left -= n;
        }
      } finally {
        fs.closeSync(fd);
      }
      if (size % 512) await take(512 - (size % 512));
    }
  } finally {
    gunzip.destroy();
  }
  if (!sawVersion) throw notBackup('no PG_VERSION in the archive');
}

/**
 * Restores the backup `file` (written by {@link backupDataDir}) into `dataDir`, which must be
 * empty or not exist: the archive is unpacked there (streamed), PGlite opens it and the rows are
 * counted to prove it opens, and it is closed cleanly. A failed restore removes what it wrote, leaving the directory
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
  const empty = () => {
    for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  };
  try {
    try {
      await extractTarGz(src, dir);
    } catch (e) {
      empty();
      throw e;
    }
    const { PGlite } = await import('@electric-sql/pglite');
    let pg: InstanceType<typeof PGlite> | null = null;
    try {
      pg = await PGlite.create(dir);
      const p = pg;
      const tables = await countRows(async (q) => (await p.query<Record<string, unknown>>(q)).rows);
      await pg.close();
      pg = null;
      return { dataDir: dir, bytes: fs.statSync(src).size, tables };
    } catch (e) {
      await pg?.close().catch(() => undefined);
      empty();
      throw new BackupError(`${src} was unpacked but does not open (PGlite: ${e instanceof Error ? e.message : String(e)}); is it a backup written by npm run db:backup?`);
    }
  } finally {
    await release().catch(() => undefined);
  }
}
