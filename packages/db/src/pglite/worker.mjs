/**
 * Worker-thread side of the embedded database (see pglite-thread.ts and
 * docs/decisions/060-embedded-database-off-main-thread.md): owns one PGlite instance and answers
 * the main thread's requests, one message each.
 *
 * Requests (`workerData` = { dataDir?: string, settings?: Record<string, string>, nice?: number } opens the database;
 * `memory://` or none = in memory; `settings` are Postgres settings such as shared_buffers):
 *   { id, op: 'query', sql, params, rowMode, keepText, tx? }  → { id, ok, result: { rows, fields, affectedRows } }
 *   { id, op: 'exec', sql, tx? }                              → { id, ok, result: Results[] }
 *   { id, op: 'begin', tx }                                   → no reply; opens transaction `tx`
 *   { id, op: 'end', tx, commit }                             → { id, ok } once committed / rolled back
 *   { id, op: 'close' }                                       → { id, ok } once PGlite is closed
 *   { id, op: 'snapshot', to }                                → { id, ok, result: [{ table, rows }] } once the files are copied to `to`
 * Errors reply `{ id, ok: false, error }` with the Postgres error fields (code, detail, constraint…).
 *
 * A transaction runs inside PGlite's own `transaction()`, which holds PGlite's exclusive lock:
 * statements of other requests wait until it ends, exactly as with PGlite on the main thread.
 * Statements tagged with the transaction id are queued and run in order on that transaction.
 * `keepText` lists type OIDs whose values stay as Postgres text (drizzle's identity parsers).
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// Under CPU contention the HTTP thread goes first: this thread runs at a lower priority (Linux
// keeps a nice value per thread; elsewhere this is skipped).
if (workerData?.nice) {
  try {
    os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), workerData.nice);
  } catch {
    // not Linux, or not permitted
  }
}

const ERROR_FIELDS = ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position', 'dataType', 'where', 'routine'];

/** Plain-object copy of an error (structured clone drops the Postgres fields of DatabaseError). */
function errorOf(e) {
  const out = { name: e?.name ?? 'Error', message: e instanceof Error ? e.message : String(e) };
  for (const k of ERROR_FIELDS) if (e && e[k] !== undefined) out[k] = e[k];
  return out;
}

const identity = (v) => v;
const parsersOf = (keepText) => (keepText && keepText.length ? Object.fromEntries(keepText.map((oid) => [oid, identity])) : undefined);

function optionsOf(msg) {
  const parsers = parsersOf(msg.keepText);
  return { ...(msg.rowMode ? { rowMode: msg.rowMode } : {}), ...(parsers ? { parsers } : {}) };
}

const dir = workerData?.dataDir;
const settings = Object.entries(workerData?.settings ?? {}).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
const pg = await PGlite.create(dir && !dir.startsWith('memory://') ? dir : undefined, settings.length ? { startParams: [...PGlite.defaultStartParams, ...settings] } : {});

const reply = (msg) => parentPort.postMessage(msg);

async function run(client, msg) {
  try {
    if (msg.op === 'query') {
      const r = await client.query(msg.sql, msg.params ?? [], optionsOf(msg));
      reply({ id: msg.id, ok: true, result: { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows } });
    } else if (msg.op === 'exec') {
      const rs = await client.exec(msg.sql, optionsOf(msg));
      reply({ id: msg.id, ok: true, result: rs.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })) });
    } else reply({ id: msg.id, ok: false, error: { name: 'Error', message: `unknown op ${msg.op}` } });
  } catch (e) {
    reply({ id: msg.id, ok: false, error: errorOf(e) });
  }
}

/** Open transactions: id → queue of requests waiting to run on it. */
const transactions = new Map();
const ROLLBACK = Symbol('rollback');

function openTransaction(txId) {
  const t = { queue: [], wake: null, failed: null };
  transactions.set(txId, t);
  const next = () =>
    t.queue.length ? Promise.resolve(t.queue.shift()) : new Promise((resolve) => (t.wake = resolve));
  let end = null;
  pg.transaction(async (tx) => {
    for (;;) {
      const msg = await next();
      if (msg.op === 'end') {
        end = msg;
        if (!msg.commit) throw ROLLBACK;
        return;
      }
      await run(tx, msg);
    }
  }).then(
    () => {
      transactions.delete(txId);
      reply({ id: end.id, ok: true });
    },
    (e) => {
      if (end) {
        transactions.delete(txId);
        if (e === ROLLBACK) reply({ id: end.id, ok: true });
        else reply({ id: end.id, ok: false, error: errorOf(e) });
        return;
      }
      // BEGIN failed: answer what is queued and what still comes until the main thread ends it.
      t.failed = errorOf(e);
      for (const m of t.queue.splice(0)) deliver(txId, t, m);
    },
  );
}

/** Routes a request of transaction `txId` to its queue (or answers it when the transaction failed to open). */
function deliver(txId, t, msg) {
  if (t.failed) {
    if (msg.op === 'end') {
      transactions.delete(txId);
      reply(msg.commit ? { id: msg.id, ok: false, error: t.failed } : { id: msg.id, ok: true });
    } else reply({ id: msg.id, ok: false, error: t.failed });
    return;
  }
  if (t.wake) {
    const wake = t.wake;
    t.wake = null;
    wake(msg);
  } else t.queue.push(msg);
}

/** Tables of the application (public) and of the migration journal (drizzle), in a stable order. */
const TABLES_SQL = `select table_schema as schema, table_name as name from information_schema.tables
  where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`;

/**
 * A consistent copy of the data directory while the database stays open, written to the new
 * directory `to` on disk: inside PGlite's transaction lock (so no other transaction is open and no
 * statement runs), a CHECKPOINT writes every dirty page to the files, the rows of each table are
 * counted, and the directory's files are copied (about 2 s for the 685 MB of the shipped data set;
 * the copy goes through the OS, not this process' memory). Resolves to the row counts.
 */
async function snapshot(to) {
  if (!dir || dir.startsWith('memory://')) throw new Error('an in-memory database has no data directory to copy');
  return pg.transaction(async (tx) => {
    await tx.exec('checkpoint');
    const counts = [];
    for (const t of (await tx.query(TABLES_SQL)).rows) {
      const q = `select count(*)::int as n from "${t.schema.replaceAll('"', '""')}"."${t.name.replaceAll('"', '""')}"`;
      counts.push({ table: `${t.schema}.${t.name}`, rows: (await tx.query(q)).rows[0].n });
    }
    fs.cpSync(dir, to, { recursive: true, errorOnExist: true, force: false });
    return counts;
  });
}

parentPort.on('message', (msg) => {
  if (msg.op === 'begin') return openTransaction(msg.tx);
  if (msg.tx != null) {
    const t = transactions.get(msg.tx);
    if (!t) return reply({ id: msg.id, ok: false, error: { name: 'Error', message: 'Transaction is closed' } });
    return deliver(msg.tx, t, msg);
  }
  if (msg.op === 'close') {
    pg.close().then(
      () => reply({ id: msg.id, ok: true }),
      (e) => reply({ id: msg.id, ok: false, error: errorOf(e) }),
    );
    return;
  }
  if (msg.op === 'snapshot') {
    snapshot(msg.to).then(
      (result) => reply({ id: msg.id, ok: true, result }),
      (e) => reply({ id: msg.id, ok: false, error: errorOf(e) }),
    );
    return;
  }
  void run(pg, msg);
});

reply({ id: 0, ok: true, ready: true });
