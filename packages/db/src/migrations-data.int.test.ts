import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, type DatabaseHandle } from './index';
import { sql } from 'drizzle-orm';

/**
 * Data migrations: what they keep and what they drop, run again on rows written in the old format.
 * (Each SQL file runs once on a real deployment; here its statement runs on purpose-made rows.)
 */
let db: DatabaseHandle;
beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(db);
}, 120_000);
afterAll(async () => db?.close());

describe('0014_ta_snapshots_edge', () => {
  it('drops TA snapshots whose signals predate the edge field and keeps current ones', async () => {
    // An upgraded install served 500s and broke the analyst's facts on snapshots without `edge`.
    await db.query(sql`insert into coins (id, symbol, name, slug, trading_pair, icon) values (901, 'OLD', 'Old', 'old', 'OLDUSDT', 'x.svg'), (902, 'NEW', 'New', 'new', 'NEWUSDT', 'x.svg'), (903, 'NONE', 'None', 'none-coin', 'NONEUSDT', 'x.svg')`);
    const legacy = { market: { signals: [{ label: 'rsi_oversold', hit_rate: { p: 0.5, n: 10 } }] } };
    const current = { market: { signals: [{ label: 'rsi_oversold', hit_rate: { p: 0.5, n: 10 }, edge: { verdict: 'none' } }] } };
    const quiet = { market: { signals: [] } };
    for (const [id, r] of [[901, legacy], [902, current], [903, quiet]] as const) {
      await db.query(sql`insert into ta_snapshots (coin_id, timeframe, candle_time, computed_at, result) values (${id}, '1h', 0, 0, ${JSON.stringify(r)}::jsonb)`);
    }
    const file = fs.readdirSync(MIGRATIONS_DIR).find((f) => f.startsWith('0014_'))!;
    await db.query(sql.raw(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')));
    const rows = await db.query<{ coin_id: number }>(sql`select coin_id from ta_snapshots where coin_id > 900 order by coin_id`);
    expect(rows.map((r) => r.coin_id)).toEqual([902, 903]);
  });
});
