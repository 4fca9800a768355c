import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { importData, migrateDatabase, openDatabase, shippedDataImporters, type DatabaseHandle } from '@coinlens/db';
import { REPO_ROOT } from '../../platform/env';
import { ManualClock } from '../../platform/clock';
import { createTestApp, T0 } from '../../../test/harness';
import { entryHash, GENESIS_HASH } from './record-chain';
import { RecordRepository } from './record.repository';
import { RecordService } from './record.service';

/**
 * The tamper-evident record on a real database (PGlite, or PostgreSQL with DATABASE_URL): every
 * kind of statement is chained, the chain verifies, an edited row or entry is named, parallel
 * appends from several processes' handles keep one linear chain, and `npm run verify-record`
 * passes and then fails on an edited row.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let coinId: number;
const q = (s: ReturnType<typeof sql>) => t.ctx.db.query<any>(s);

/** Stores `n` signals, `n` forecasts, one strategy and one interpreted news item, as the pipelines store them. */
async function storeStatements(db: DatabaseHandle, coin: number, n: number, base: number): Promise<void> {
  for (let k = 0; k < n; k++) {
    const at = base + k * 3_600_000;
    await db.query(sql`insert into signal_events (coin_id, timeframe, label, direction, origin, candle_time, fired_at, entry_price, horizon_candles, due_at)
      values (${coin}, '1h', 'rsi_oversold', 'bullish', 'live', ${at}, ${at + 3_600_000}, ${100 + k / 3}, 24, ${at + 25 * 3_600_000})`);
    await db.query(sql`insert into probability_forecasts (coin_id, timeframe, kind, side, level_price, stated_p, sample_n, wording, horizon_candles, candle_time, stated_at, due_at, origin)
      values (${coin}, '1h', 'touch', 'support', ${95.5 + k}, ${0.1 + k / 100}, 40, 'likely', 24, ${at}, ${at + 3_600_000}, ${at + 25 * 3_600_000}, 'live')`);
  }
  await db.query(sql`insert into strategy_records (author, coin_id, term, timeframe, bias, candle_time, last_price, entry_low, entry_high, targets, invalidation, horizon_hours, based_on, origin, created_at, due_at)
    values ('builtin', ${coin}, 'short_term', '1h', 'bullish', ${base}, 100, 98, 99, '[104,108]', 95, 24, '{"candles":"1h"}', 'live', ${base + 3_600_000}, ${base + 25 * 3_600_000})`);
  await db.query(sql`insert into news_items (id, url_norm, url, source, origin, title, lang, published_at, ingested_at, sentiment, sentiment_score, coin_trends, interpreted_at, interpreted_by)
    values (${`t:${base}`}, ${`example.com/${base}`}, ${`https://example.com/${base}`}, 'CoinDesk', 'replay', 'ETF inflows rise', 'en', ${base}, ${base}, 'bullish', 0.8,
      ${JSON.stringify([{ symbol: 'BTC', trend: 'bullish' }])}::jsonb, ${base + 60_000}, 'builtin')`);
}

beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC'], timeframes: ['1h'] });
  [{ id: coinId }] = await q(sql`select id from coins where symbol = 'BTC'`);
}, 300_000);
afterAll(async () => t?.close());

describe('tamper-evident record', () => {
  it('chains every signal, probability, strategy and news mark once, in a chain that verifies', async () => {
    await storeStatements(t.ctx.db, coinId, 5, T0 - 48 * 3_600_000);
    const counts = await t.ctx.record.appendPending();
    expect(counts).toEqual({ signal: 5, probability: 5, strategy: 1, news_mark: 1 });
    // A second pass finds nothing new.
    expect(await t.ctx.record.appendPending()).toEqual({ signal: 0, probability: 0, strategy: 0, news_mark: 0 });
    const entries = await q(sql`select * from record_entries order by seq`);
    expect(entries.map((e: any) => Number(e.seq))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(entries[0].prev_hash).toBe(GENESIS_HASH);
    for (let i = 0; i < entries.length; i++) {
      expect(entries[i].hash).toBe(entryHash(entries[i].prev_hash, entries[i].body));
      if (i) expect(entries[i].prev_hash).toBe(entries[i - 1].hash);
    }
    const signal = JSON.parse(entries[0].body);
    expect(signal).toMatchObject({ kind: 'signal', symbol: 'BTC', label: 'rsi_oversold', entry_price: 100 });
    const mark = entries.find((e: any) => e.kind === 'news_mark');
    expect(JSON.parse(mark.body)).toMatchObject({ sentiment: 'bullish', coin_trends: [{ symbol: 'BTC', trend: 'bullish' }] });
    const v = await t.ctx.record.verify();
    expect(v).toMatchObject({ ok: true, entries: 12, head: entries[11].hash, mismatch: null });
  });

  it('GET /api/record/roots publishes the head of each UTC day; GET /api/record/entries serves the chain to recompute it', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/record/roots' });
    expect(r.statusCode).toBe(200);
    const roots = r.json().result;
    const head = (await q(sql`select seq, hash from record_entries order by seq desc limit 1`))[0];
    expect(roots).toMatchObject({ algorithm: 'sha256', canonical_form: 'RFC 8785', genesis: GENESIS_HASH, head: { seq: Number(head.seq), hash: head.hash } });
    expect(roots.days[0]).toMatchObject({ day: new Date(T0).toISOString().slice(0, 10), last_seq: Number(head.seq), root: head.hash });
    // An outsider recomputes the root from the entries alone.
    let prev = roots.genesis;
    let after = 0;
    for (;;) {
      const page = (await t.app.inject({ method: 'GET', url: `/api/record/entries?after_seq=${after}&limit=5` })).json().result;
      for (const e of page.entries) {
        expect(e.prev_hash).toBe(prev);
        prev = entryHash(prev, e.body);
        expect(e.hash).toBe(prev);
        after = e.seq;
      }
      if (!page.has_next) break;
    }
    expect(prev).toBe(roots.days[0].root);
    const bad = await t.app.inject({ method: 'GET', url: '/api/record/entries?limit=0&after_seq=-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('an edited source row fails verification at its entry (and passes again once restored); an edited entry fails on its hash', async () => {
    const [e] = await q(sql`select seq, ref from record_entries where kind = 'signal' order by seq limit 1 offset 2`);
    await q(sql`update signal_events set entry_price = entry_price + 1 where id = ${Number(e.ref)}`);
    const v = await t.ctx.record.verify();
    expect(v.ok).toBe(false);
    expect(v.mismatch).toMatchObject({ seq: Number(e.seq), kind: 'signal', ref: e.ref, reason: 'row_changed', field: 'entry_price' });
    expect(Number(v.mismatch!.current) - Number(v.mismatch!.chained)).toBeCloseTo(1);
    await q(sql`update signal_events set entry_price = entry_price - 1 where id = ${Number(e.ref)}`);
    expect((await t.ctx.record.verify()).ok).toBe(true);

    const [p] = await q(sql`select seq, body from record_entries where kind = 'probability' order by seq limit 1`);
    await q(sql`update record_entries set body = ${p.body.replace('"stated_p":', '"stated_p":0.9,"x":')} where seq = ${Number(p.seq)}`);
    expect((await t.ctx.record.verify()).mismatch).toMatchObject({ seq: Number(p.seq), reason: 'hash' });
    await q(sql`update record_entries set body = ${p.body} where seq = ${Number(p.seq)}`);

    const [s] = await q(sql`select seq, ref from record_entries where kind = 'strategy'`);
    await q(sql`delete from strategy_records where id = ${Number(s.ref)}`);
    expect((await t.ctx.record.verify()).mismatch).toMatchObject({ seq: Number(s.seq), kind: 'strategy', reason: 'row_missing' });
    await q(sql`delete from record_entries where seq >= ${Number(s.seq)}`);
    expect((await t.ctx.record.verify()).ok).toBe(true);
  });

  it('parallel appends from four processes stay one linear chain with every statement once', async () => {
    // On PostgreSQL each "process" has its own connection pool, so the appends really race.
    const handles: DatabaseHandle[] = process.env.DATABASE_URL ? await Promise.all([0, 1, 2, 3].map(() => openDatabase({ url: process.env.DATABASE_URL, poolSize: 2 }))) : [t.ctx.db, t.ctx.db, t.ctx.db, t.ctx.db];
    try {
      // Small batches: many short transactions of the four appenders interleave.
      const services = handles.map((h) => new RecordService({ repo: new RecordRepository(h), clock: new ManualClock(T0), batchSize: 7 }));
      for (let round = 0; round < 4; round++) {
        await storeStatements(handles[round], coinId, 30, T0 + (round + 1) * 50 * 3_600_000);
        await Promise.all(services.flatMap((s) => [s.appendPending(), s.appendPending()]));
      }
    } finally {
      if (process.env.DATABASE_URL) await Promise.all(handles.map((h) => h.close()));
    }
    const [c] = await q(sql`select count(*)::int as n, max(seq)::int as top, count(distinct prev_hash)::int as prevs from record_entries`);
    expect(c.top).toBe(c.n);
    expect(c.prevs).toBe(c.n);
    const [u] = await q(sql`select (select count(*) from signal_events)::int as s, (select count(*) from record_entries where kind = 'signal')::int as e`);
    expect(u.e).toBe(u.s);
    expect(await t.ctx.record.verify()).toMatchObject({ ok: true, entries: c.n, unchained: { signal: 0, probability: 0, strategy: 0, news_mark: 0 } });
    // The roots kept by the service since the earlier request equal roots computed from scratch.
    const fresh = (await new RecordRepository(t.ctx.db).dailyRoots()).reverse();
    expect((await t.ctx.record.roots()).days).toEqual(fresh);
    expect(fresh[0].last_seq).toBe(c.n);
  }, 120_000);
});

describe('npm run verify-record', () => {
  const run = promisify(execFile);
  const verify = async (env: Record<string, string>, args: string[] = []) => {
    try {
      const r = await run('npx', ['tsx', 'scripts/verify-record.ts', ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
      return { code: 0, out: r.stdout };
    } catch (e: any) {
      return { code: e.code as number, out: `${e.stdout}${e.stderr}` };
    }
  };

  it('passes on the stored record and names the first entry that differs after a row is edited', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-verify-record-'));
    const pglite = path.join(dir, 'pglite');
    // PostgreSQL: the test database itself; PGlite: a data dir of its own, closed before the command opens it.
    const pg = !!process.env.DATABASE_URL;
    const open = () => (pg ? Promise.resolve(t.ctx.db) : openDatabase({ dataDir: pglite }));
    try {
      let db = await open();
      if (!pg) {
        await migrateDatabase(db);
        await importData(db, shippedDataImporters(path.join(REPO_ROOT, 'data'), { symbols: ['BTC'], timeframes: ['1d'] }));
        const [{ id }] = await db.query<any>(sql`select id from coins where symbol = 'BTC'`);
        await storeStatements(db, id, 3, T0 - 24 * 3_600_000);
      }
      await new RecordService({ repo: new RecordRepository(db), clock: new ManualClock(T0) }).appendPending({ full: true });
      const [e] = await db.query<any>(sql`select seq, ref from record_entries where kind = 'probability' order by seq desc limit 1`);
      if (!pg) await db.close();
      const env: Record<string, string> = pg ? { DATABASE_URL: process.env.DATABASE_URL! } : { DATA_DIR: dir };
      const ok = await verify(env);
      expect(ok.code, ok.out).toBe(0);
      expect(ok.out).toMatch(/^record verified: \d+ entries, head [0-9a-f]{64}/);

      db = await open();
      await db.query(sql`update probability_forecasts set stated_p = 0.99 where id = ${Number(e.ref)}`);
      if (!pg) await db.close();
      const bad = await verify(env);
      expect(bad.code).toBe(1);
      expect(bad.out).toContain(`record differs at entry ${Number(e.seq)} (probability ${e.ref})`);
      expect(bad.out).toContain('field stated_p');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 480_000);
});
