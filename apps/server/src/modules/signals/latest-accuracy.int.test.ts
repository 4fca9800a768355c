import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOCKS } from '@coinlens/db';
import { clusterEpisodes, correctedRecords, episodeEdge, NEUTRAL_BAND_PCT, SIGNAL_HORIZON_CANDLES } from '@coinlens/ta';
import { TA_TIMEFRAMES, TIMEFRAME_MS, type TaTimeframe } from '@coinlens/contracts';
import { createTestApp } from '../../../test/harness';

/**
 * GET /api/crypto/latest_accuracy carries the base rate of its signals: recomputed here
 * straight from the signal_events and candles tables, independently of the server's code.
 */
const DAY = 86_400_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // one coin, two timeframes (only 5m signals, 1-day horizon, are scored within 7 days): a small backfill
  t = await createTestApp({ symbols: ['BTC'], timeframes: ['5m', '1h'] });
  const jobs = t.ctx.signalsJobs!;
  await jobs.start(LOCKS.signals, (k) => t.ctx.db.tryLock(k), { delayMs: 0 });
  await jobs.idle();
}, 600_000);
afterAll(async () => t?.close());

const rows = (q: any) => t.ctx.db.query<any>(q);

type Outcomes = { n: number; up: number; down: number; flat: number };

/** Every pair of stored candles `horizon` apart whose later candle closed in (since, now]: up / down / flat moves. */
async function baseFromCandles(coinId: number, tf: TaTimeframe, since: number, now: number): Promise<Outcomes> {
  const tfMs = TIMEFRAME_MS[tf];
  const h = SIGNAL_HORIZON_CANDLES[tf];
  const candles = await rows(sql`select open_time, close from candles where coin_id = ${coinId} and timeframe = ${tf} and open_time + ${tfMs} <= ${now} order by open_time`);
  const closeAt = new Map<number, number>(candles.map((c: any) => [Number(c.open_time), Number(c.close)]));
  const out = { n: 0, up: 0, down: 0, flat: 0 };
  for (const [open, close] of closeAt) {
    if (open + tfMs <= since) continue;
    const before = closeAt.get(open - h * tfMs);
    if (before === undefined) continue;
    const move = ((close - before) / before) * 100;
    out.n++;
    if (move > 0) out.up++;
    else if (move < 0) out.down++;
    if (Math.abs(move) < NEUTRAL_BAND_PCT) out.flat++;
  }
  return out;
}

/** The expected edge of the scored signals of the window (optionally one timeframe). */
async function expected(now: number, tf?: TaTimeframe) {
  const since = now - 7 * DAY;
  const groups = await rows(sql`select coin_id, timeframe, direction, count(*)::int as n, (count(*) filter (where hit))::int as hits
    from signal_events where fired_at > ${since} and fired_at <= ${now} and hit is not null and due_at <= ${now}
    ${tf ? sql`and timeframe = ${tf}` : sql``} group by coin_id, timeframe, direction`);
  const base = new Map<string, Outcomes>();
  let hits = 0, n = 0, w = 0, wp = 0;
  for (const g of groups) {
    const key = `${g.coin_id}:${g.timeframe}`;
    if (!base.has(key)) base.set(key, await baseFromCandles(Number(g.coin_id), g.timeframe, since, now));
    const b = base.get(key)!;
    hits += Number(g.hits);
    n += Number(g.n);
    const rate = (g.direction === 'bullish' ? b.up : g.direction === 'bearish' ? b.down : b.flat) / b.n;
    w += Number(g.n);
    wp += Number(g.n) * rate;
  }
  const baseN = [...base.values()].reduce((s, b) => s + b.n, 0);
  // episodes: signals of any pattern on one coin and timeframe within the horizon of the previous one
  const cases = await rows(sql`select coin_id, timeframe, direction, candle_time, horizon_candles, hit
    from signal_events where fired_at > ${since} and fired_at <= ${now} and hit is not null and due_at <= ${now}
    ${tf ? sql`and timeframe = ${tf}` : sql``}`);
  const horizon = new Set(cases.map((c: any) => Number(c.horizon_candles) * TIMEFRAME_MS[c.timeframe as TaTimeframe]));
  expect(horizon.size).toBeLessThanOrEqual(1); // one timeframe is scored within the window
  const episodes = clusterEpisodes(
    cases.map((c: any) => {
      const b = base.get(`${c.coin_id}:${c.timeframe}`)!;
      return { series: `${c.coin_id}:${c.timeframe}`, t: Number(c.candle_time), hit: !!c.hit, baseP: (c.direction === 'bullish' ? b.up : c.direction === 'bearish' ? b.down : b.flat) / b.n };
    }),
    [...horizon][0] ?? 1,
  );
  return { hits, n, p: w ? wp / w : null, baseN, directions: new Set(groups.map((g: any) => g.direction)), estimate: episodeEdge(episodes, baseN, w > 0) };
}

describe('latest_accuracy: base rate, edge and interval', () => {
  it('matches the base rate recomputed from the stored candles, overall and per timeframe', async () => {
    const now = t.clock.now();
    const r = await t.app.inject({ method: 'GET', url: '/api/crypto/latest_accuracy' });
    expect(r.statusCode).toBe(200);
    const acc = r.json().result;
    const all = await expected(now);
    expect(all.n).toBeGreaterThan(10);
    expect(all.directions.size).toBeGreaterThan(1); // bullish and bearish signals weighted together
    expect(acc.total).toBe(all.n);
    expect(acc.edge.n).toBe(all.n);
    expect(acc.edge.hits).toBe(all.hits);
    expect(acc.edge.baseline.n).toBe(all.baseN);
    expect(acc.edge.baseline.p).toBeCloseTo(all.p!, 12);
    // episodes and the cluster-robust interval, Holm over the overall row and the timeframe rows
    const family = [all, ...(await Promise.all(TA_TIMEFRAMES.map((tf) => expected(now, tf))))];
    const [want] = correctedRecords(family.map((f) => f.estimate));
    expect(acc.edge.n_eff).toBe(want.n_eff);
    expect(want.n_eff).toBeGreaterThan(0);
    expect(want.n_eff).toBeLessThan(all.n); // bursts of signals share episodes
    expect(acc.edge.edge_pp).toBeCloseTo(want.edge_pp!, 9);
    expect(acc.edge.p_value).toBeCloseTo(want.p_value, 12);
    if (want.ci95_pp) {
      expect(acc.edge.ci95_pp.lo).toBeCloseTo(want.ci95_pp.lo, 9);
      expect(acc.edge.ci95_pp.hi).toBeCloseTo(want.ci95_pp.hi, 9);
    } else expect(acc.edge.ci95_pp).toBeNull();
    expect(['edge', 'worse', 'none']).toContain(acc.edge.verdict);
    if (acc.edge.verdict === 'edge') expect(acc.edge.ci95_pp.lo).toBeGreaterThan(0);
    if (acc.edge.verdict === 'worse') expect(acc.edge.ci95_pp.hi).toBeLessThan(0);
    for (const b of acc.by_timeframe) {
      const e = await expected(now, b.timeframe);
      expect(b.edge.n).toBe(e.n);
      expect(b.edge.n_eff).toBe(e.estimate.nEff);
      expect(b.total).toBe(e.n);
      expect(b.edge.baseline.n).toBe(e.baseN);
      if (e.p === null) expect(b.edge.baseline.p).toBeNull();
      else expect(b.edge.baseline.p).toBeCloseTo(e.p, 12);
    }
    expect(acc.by_timeframe.find((b: any) => b.timeframe === '1d').edge).toMatchObject({ n: 0, hit_rate: null, edge_pp: null, ci95_pp: null, verdict: 'none' });
  });

  it('is served from the read model: the same figures on a second read, and for one coin', async () => {
    const a = (await t.app.inject({ method: 'GET', url: '/api/crypto/latest_accuracy' })).json().result;
    const b = (await t.app.inject({ method: 'GET', url: '/api/crypto/latest_accuracy' })).json().result;
    expect(b.edge).toEqual(a.edge);
    const coin = (await t.app.inject({ method: 'GET', url: '/api/crypto/latest_accuracy?coin=btc' })).json().result;
    expect(coin.edge.baseline).toEqual(a.edge.baseline); // the only coin: the same signals and candles
  });

  it('pattern-stats counts each coin\'s baseline candles once, also for a coin with backfill and live signals: it agrees with latest_accuracy', async () => {
    const now = t.clock.now();
    const since = now - 7 * DAY;
    // the most frequent resolved 5m pattern; half its signals become live ones, so BTC has both origins for it
    const [top] = await rows(sql`select label, count(*)::int as n from signal_events where timeframe = '5m' and hit is not null and due_at > ${since} and due_at <= ${now}
      group by label order by count(*) desc, label limit 1`);
    expect(top.n).toBeGreaterThanOrEqual(2);
    await rows(sql`update signal_events set origin = 'live' where id in (select id from signal_events where timeframe = '5m' and label = ${top.label} and hit is not null
      and due_at > ${since} and due_at <= ${now} order by candle_time desc limit ${Math.floor(top.n / 2)})`);
    const origins = await rows(sql`select distinct origin from signal_events where timeframe = '5m' and label = ${top.label} and hit is not null and due_at > ${since} and due_at <= ${now}`);
    expect(origins.map((o: any) => o.origin).sort()).toEqual(['backfill', 'live']);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/signals/pattern-stats?timeframe=5m' })).json().result; // BTC is the only coin
    const row = stats.items.find((x: any) => x.label === top.label);
    const acc = (await t.app.inject({ method: 'GET', url: '/api/crypto/latest_accuracy?coin=btc' })).json().result;
    const tf5 = acc.by_timeframe.find((b: any) => b.timeframe === '5m');
    const candles = (await baseFromCandles(Number((await rows(sql`select id from coins where symbol = 'BTC'`))[0].id), '5m', since, now)).n;
    // one coin, one timeframe: every baseline is that coin's candles of the window, counted once
    expect(tf5.edge.baseline.n).toBe(candles);
    expect(row.all.baseline.n).toBe(candles);
    expect(row.in_sample.baseline.n).toBe(candles);
    expect(row.out_of_sample.baseline.n).toBe(candles);
  });
});
