import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { importData } from '@coinlens/db';
import { REPO_ROOT } from '../../platform/env';
import { createTestApp, T0 } from '../../../test/harness';
import { newsImporters } from '../news/news.import';

/**
 * The News record on the shipped news and candles (PGlite, or PostgreSQL with DATABASE_URL): marks
 * scored only once their horizon has passed on the market clock, counts that match the stored
 * impact rows, baselines from the coin's own candles, and the endpoint in the API.
 */

const H = 3_600_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC', 'ETH', 'XRP'], timeframes: ['5m', '1h'] });
  await importData(t.ctx.db, newsImporters(path.join(REPO_ROOT, 'data'), { from: Date.parse('2025-05-13T00:00:00Z'), to: Date.parse('2025-05-17T00:00:00Z') }));
  await t.ctx.newsPipeline.runJobsOnce();
}, 600_000);
afterAll(async () => t?.close());

/** Bullish / bearish marks with an impact row of `horizon` whose horizon has passed by `now`, counted in SQL. */
async function expectedMarks(horizon: '1h' | '24h', ms: number, now: number): Promise<number> {
  const [r] = await t.ctx.db.query<{ n: number }>(sql`select count(*)::int as n from news_impact i join news_items n on n.id = i.news_id
    cross join lateral jsonb_array_elements(n.coin_trends) c
    where i.horizon = ${horizon} and i.published_at + ${ms} <= ${now} and c->>'symbol' = i.symbol and c->>'trend' in ('bullish', 'bearish')`);
  return r.n;
}

describe('News record', () => {
  it('scores every bullish / bearish mark whose horizon has passed, against the base rate of the same coin', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/feeds/record' });
    expect(r.statusCode).toBe(200);
    const rec = r.json().result;
    expect(rec.as_of).toBe(T0);
    expect(rec.scored['1h']).toBe(await expectedMarks('1h', H, T0));
    expect(rec.scored['24h']).toBe(await expectedMarks('24h', 24 * H, T0));
    expect(rec.scored['1h']).toBeGreaterThan(20);
    expect(rec.to).toBeLessThanOrEqual(T0 - H);
    const all = rec.tables.find((x: any) => x.horizon === '1h' && x.dimension === 'all').rows[0];
    expect(all.edge.n).toBe(rec.scored['1h']);
    expect(all.bullish + all.bearish).toBe(all.edge.n);
    expect(all.edge.n_eff).toBeGreaterThan(1);
    expect(all.edge.n_eff).toBeLessThanOrEqual(all.edge.n);
    // The baseline is a share of the coins' own windows (thousands of 5m windows), not of the marks.
    expect(all.edge.baseline.p).toBeGreaterThan(0.3);
    expect(all.edge.baseline.p).toBeLessThan(0.7);
    expect(all.edge.baseline.n).toBeGreaterThan(500);
    expect(all.edge.hit_rate).toBeCloseTo(all.edge.hits / all.edge.n, 4);
    for (const dim of ['source', 'event_type', 'lang']) {
      const rows = rec.tables.find((x: any) => x.horizon === '1h' && x.dimension === dim).rows;
      expect(rows.reduce((s: number, x: any) => s + x.edge.n, 0)).toBe(all.edge.n);
    }
    expect(rec.pending['1h']).toBeGreaterThanOrEqual(0);
    const one = await t.app.inject({ method: 'GET', url: '/api/feeds/record?horizon=24h' });
    expect(one.json().result.tables.every((x: any) => x.horizon === '24h')).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: '/api/feeds/record?horizon=2h' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('reads no move whose horizon has not passed on the market clock (an impact row from the future is ignored)', async () => {
    const [item] = await t.ctx.db.query<any>(sql`select id, coin_trends->0->>'symbol' as symbol from news_items
      where interpreted_at is not null and published_at <= ${T0} and published_at > ${T0 - H / 2} and coin_trends->0->>'trend' in ('bullish', 'bearish') limit 1`);
    expect(item).toBeTruthy();
    await t.ctx.db.query(sql`insert into news_impact (news_id, symbol, horizon, change_pct, sentiment, topic, published_at)
      select id, ${item.symbol}, '1h', 5, 'bullish', null, published_at from news_items where id = ${item.id} on conflict do nothing`);
    const rec = await t.ctx.newsRecord.compute(T0);
    expect(rec.scored['1h']).toBe(await expectedMarks('1h', H, T0));
    // One hour later on the clock it counts.
    const later = await t.ctx.newsRecord.compute(T0 + H);
    expect(later.scored['1h']).toBe(await expectedMarks('1h', H, T0 + H));
    expect(later.scored['1h']).toBeGreaterThan(rec.scored['1h']);
  });
});
