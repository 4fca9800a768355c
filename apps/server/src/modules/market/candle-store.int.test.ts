import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@coinlens/db';
import { openTestDatabase } from '../../../test/harness';
import { MarketRepository } from './market.repository';
import { CandleStore } from './candle-store';

let db: DatabaseHandle;
let dir: string;
beforeAll(async () => {
  db = await openTestDatabase({ symbols: ['BTC'], timeframes: ['1h', '1d'] });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-candle-cache-'));
}, 300_000);
afterAll(async () => {
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A repository that counts how often it reads a series from the database. */
function countingRepo() {
  const repo = new MarketRepository(db);
  const calls = { n: 0 };
  const load = repo.loadSeries.bind(repo);
  repo.loadSeries = async (s, tf) => {
    calls.n++;
    return load(s, tf);
  };
  return { repo, calls };
}

describe('candle store (warm restart)', () => {
  it('a restart reads the replay series from the column cache, equal to the database, without reading rows', async () => {
    const first = countingRepo();
    const a = await new CandleStore({ db, repo: first.repo }, { immutable: true, cacheDir: dir }).load('BTC', '1h');
    expect(first.calls.n).toBe(1);
    expect(a.openTime.length).toBeGreaterThan(1000);
    // the next process: same data, no database read
    const second = countingRepo();
    const store = new CandleStore({ db, repo: second.repo }, { immutable: true, cacheDir: dir });
    const b = await store.load('BTC', '1h');
    expect(second.calls.n).toBe(0);
    for (const k of ['openTime', 'open', 'high', 'low', 'close', 'volume'] as const) expect(Array.from(b[k])).toEqual(Array.from(a[k]));
    expect(b.tfMs).toBe(3_600_000);
    // one copy per process: both consumers get the same columns
    expect(await store.load('BTC', '1h')).toBe(b);
  });

  it('a re-import (new checksum) is never served from a stale cache file', async () => {
    await new CandleStore({ db, repo: new MarketRepository(db) }, { immutable: true, cacheDir: dir }).load('BTC', '1d');
    const before = fs.readdirSync(dir).filter((f) => f.startsWith('BTC-1d-'));
    expect(before).toHaveLength(1);
    // the shipped file changed and was imported again: its rows and checksum change together
    const [{ checksum }] = await db.query<{ checksum: string }>(sql`select checksum from data_imports where name = 'candles/BTCUSDT-1d.csv.gz'`);
    await db.query(sql`update data_imports set checksum = 'changed0000' where name = 'candles/BTCUSDT-1d.csv.gz'`);
    await db.query(sql`update candles set close = close * 2 where timeframe = '1d' and coin_id = (select id from coins where symbol = 'BTC')`);
    try {
      const { repo, calls } = countingRepo();
      const fresh = await new CandleStore({ db, repo }, { immutable: true, cacheDir: dir }).load('BTC', '1d');
      expect(calls.n).toBe(1);
      const [row] = await db.query<{ close: number }>(sql`select close from candles where timeframe = '1d' and coin_id = (select id from coins where symbol = 'BTC') order by open_time limit 1`);
      expect(fresh.close[0]).toBe(Number(row.close));
      // the old file is replaced by the new one
      expect(fs.readdirSync(dir).filter((f) => f.startsWith('BTC-1d-'))).toEqual(['BTC-1d-changed0000.f64']);
    } finally {
      await db.query(sql`update candles set close = close / 2 where timeframe = '1d' and coin_id = (select id from coins where symbol = 'BTC')`);
      await db.query(sql`update data_imports set checksum = ${checksum} where name = 'candles/BTCUSDT-1d.csv.gz'`);
    }
  });

  it('a live source (mutable candles) always reads the database', async () => {
    const { repo, calls } = countingRepo();
    const store = new CandleStore({ db, repo }, { immutable: false, cacheDir: dir });
    await store.load('BTC', '1h');
    await store.load('BTC', '1h', true);
    expect(calls.n).toBe(2);
  });

  it('closed candles of several series are stored in one statement: new ones inserted, a repeated open time updated, unknown symbols skipped', async () => {
    const repo = new MarketRepository(db);
    const T = Date.parse('2031-01-01T00:00:00Z');
    const c = (time: number, close: number) => ({ time, open: 1, high: 2, low: 0.5, close, volume: 7 });
    await repo.upsertClosedCandles([
      { symbol: 'BTC', tf: '1h', candle: c(T, 10) },
      { symbol: 'BTC', tf: '1d', candle: c(T, 20) },
      { symbol: 'NO"PE\\', tf: '1h', candle: c(T, 30) },
    ]);
    await repo.upsertClosedCandles([{ symbol: 'BTC', tf: '1h', candle: c(T, 11) }]);
    const rows = await db.query<{ timeframe: string; close: number }>(sql`select timeframe, close from candles where open_time = ${T} order by timeframe`);
    expect(rows.map((r) => [r.timeframe, Number(r.close)])).toEqual([
      ['1d', 20],
      ['1h', 11],
    ]);
    await db.query(sql`delete from candles where open_time = ${T}`);
  });
});
