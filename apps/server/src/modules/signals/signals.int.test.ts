import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOCKS } from '@coinlens/db';
import { scoreSignal, SIGNAL_HORIZON_CANDLES } from '@coinlens/ta';
import { patternSample, roundPrice, TIMEFRAME_MS } from '@coinlens/contracts';
import { createTestApp, T0 } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';
import { SignalsPipeline } from './signals.pipeline';
import type { SignalsJobs } from './signals.jobs';
import { createContext } from '../../context';
import { parseEnv } from '../../platform/env';
import { SignalsRepository } from './signals.repository';
import { CandleStore } from '../market/candle-store';
import { threadId } from 'node:worker_threads';

const DAY = 86_400_000;
/** Digits after the decimal point of a number as JSON writes it. */
const decimals = (v: number) => {
  const [m, e] = String(v).split('e');
  return Math.max(0, (m.split('.')[1]?.length ?? 0) - Number(e ?? 0));
};
/** Significant digits of a number as JSON writes it. */
const significant = (v: number) => String(v).split('e')[0].replace(/^[-0.]+/, '').replace('.', '').length;
let t: Awaited<ReturnType<typeof createTestApp>>;
let signals: SignalsPipeline;
let jobs: SignalsJobs;
let backfillCount = 0;
/** A Pro member's bearer header: the per-coin track record and pattern stats are `signals.full`. */
let pro: Record<string, string> = {};
beforeAll(async () => {
  // few coins, no 15m candles (not analysed): keeps the import and the backfill short
  t = await createTestApp({ symbols: ['BTC', 'AAVE'], timeframes: ['5m', '1h', '1d'] });
  signals = t.ctx.signalsPipeline;
  jobs = t.ctx.signalsJobs!;
  await jobs.start(LOCKS.signals, (k) => t.ctx.db.tryLock(k), { delayMs: 0 });
  await jobs.idle();
  backfillCount = (await count(sql`select count(*)::int as n from signal_events where origin = 'backfill'`));
  const member = await createSignedInUser(t.ctx);
  await t.ctx.db.query(sql`update users set subscription_end_date = ${Date.now() + 30 * DAY} where id = ${member.userId}`);
  pro = member.headers;
}, 600_000);
afterAll(async () => t?.close());

const get = async (url: string) => {
  const r = await t.app.inject({ method: 'GET', url, headers: /^\/api\/signals\/.*[?&]coin=/.test(url) ? pro : {} });
  return { status: r.statusCode, body: r.json() as any };
};
const rows = (q: any) => t.ctx.db.query<any>(q);
const count = async (q: any) => Number((await t.ctx.db.query<any>(q))[0].n);
const tick = async () => {
  await (t.ctx.source as any).tick();
  await jobs.idle();
};
/** Close of the stored candle of (symbol, tf) opening at `openTime` (read straight from the candles table). */
const closeAt = async (symbol: string, tf: string, openTime: number) => {
  const r = await rows(sql`select k.close from candles k join coins c on c.id = k.coin_id where c.symbol = ${symbol} and k.timeframe = ${tf} and k.open_time = ${openTime}`);
  return r[0] ? Number(r[0].close) : null;
};

describe('signals job: backfill, live candles, scoring', () => {
  it('backfills the last 7 days (+ horizon) from candles before now only', async () => {
    expect(backfillCount).toBeGreaterThan(100);
    expect(await count(sql`select count(*)::int as n from signal_events where fired_at > ${T0}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from signal_events where hit is not null and due_at > ${T0}`)).toBe(0);
    // outcomes of the backfill are there for signals whose horizon passed
    expect(await count(sql`select count(*)::int as n from signal_events where hit is not null`)).toBeGreaterThan(50);
    expect(await count(sql`select count(*)::int as n from signal_events where hit is null and due_at <= ${T0}`)).toBe(0);
    for (const o of await rows(sql`select timeframe, min(fired_at) as f from signal_events group by timeframe`)) {
      const tf = o.timeframe as '5m' | '1h' | '1d';
      expect(Number(o.f)).toBeGreaterThanOrEqual(T0 - 7 * DAY - SIGNAL_HORIZON_CANDLES[tf] * TIMEFRAME_MS[tf]);
    }
    // snapshots exist for every coin × timeframe, each at the last candle closed before now
    const snaps = await rows(sql`select s.timeframe, s.candle_time, c.symbol from ta_snapshots s join coins c on c.id = s.coin_id`);
    expect(snaps.map((s) => `${s.symbol}:${s.timeframe}`).sort()).toEqual(['AAVE:1d', 'AAVE:1h', 'BTC:1d', 'BTC:1h', 'BTC:5m']);
    for (const s of snaps) expect(Number(s.candle_time) + TIMEFRAME_MS[s.timeframe as '5m']).toBeLessThanOrEqual(T0);
  });

  it('scores outcomes exactly as scoreSignal on the real candles', async () => {
    const sample = await rows(sql`select s.*, c.symbol from signal_events s join coins c on c.id = s.coin_id where hit is not null order by s.id limit 40`);
    expect(sample.length).toBeGreaterThan(10);
    for (const s of sample) {
      const tfMs = TIMEFRAME_MS[s.timeframe as '5m'];
      expect(Number(s.entry_price)).toBe(await closeAt(s.symbol, s.timeframe, Number(s.candle_time)));
      const exit = await closeAt(s.symbol, s.timeframe, Number(s.candle_time) + s.horizon_candles * tfMs);
      expect(Number(s.exit_price)).toBe(exit);
      const want = scoreSignal(s.direction, Number(s.entry_price), exit!);
      expect(s.hit).toBe(want.hit);
      expect(Number(s.move_pct)).toBeCloseTo(want.move_pct, 10);
      expect(Number(s.due_at)).toBe(Number(s.candle_time) + (s.horizon_candles + 1) * tfMs);
    }
  });

  it('stores each signal once however often a candle is recomputed', async () => {
    const before = await count(sql`select count(*)::int as n from signal_events`);
    const again = await signals.backfillAll();
    expect(again.inserted).toBe(0);
    const a = await signals.onCandleClosed('BTC', '5m');
    const b = await signals.onCandleClosed('BTC', '5m');
    expect(b.inserted).toBe(0);
    expect(await count(sql`select count(*)::int as n from signal_events`)).toBe(before + a.inserted);
    expect(await count(sql`select count(*)::int as n from (select 1 from signal_events group by coin_id, timeframe, label, candle_time having count(*) > 1) d`)).toBe(0);
  });

  it('on a closed candle: new snapshot at that candle, signals logged live, never a candle after now', async () => {
    t.clock.set(T0 + 5 * 60_000);
    await tick();
    const ta = await get('/api/crypto/btc/ta/5m');
    expect(ta.status).toBe(200);
    expect(ta.body.result.current.candle_open_time).toBe(T0);
    expect(ta.body.result.last_price).toBe(await closeAt('BTC', '5m', T0));
    expect(ta.body.result.label).toBe('1D');
    expect(await count(sql`select count(*)::int as n from signal_events where fired_at > ${T0 + 5 * 60_000}`)).toBe(0);
    const live = await rows(sql`select label from signal_events where origin = 'live' and candle_time = ${T0} and timeframe = '5m'`);
    expect(live.map((r) => r.label).sort()).toEqual(ta.body.result.market.signals.map((s: any) => s.label).sort());
  });

  it('scores a pending signal once its horizon passes, not before', async () => {
    const [p] = await rows(sql`select s.*, c.symbol from signal_events s join coins c on c.id = s.coin_id where s.timeframe = '5m' and hit is null order by due_at limit 1`);
    expect(p).toBeTruthy();
    const due = Number(p.due_at);
    t.clock.set(due - 5 * 60_000);
    await tick();
    expect((await rows(sql`select hit from signal_events where id = ${p.id}`))[0].hit).toBeNull();
    t.clock.set(due);
    await tick();
    const [s] = await rows(sql`select * from signal_events where id = ${p.id}`);
    const exit = await closeAt(p.symbol, '5m', Number(p.candle_time) + 288 * 300_000);
    expect(Number(s.exit_price)).toBe(exit);
    expect(s.hit).toBe(scoreSignal(p.direction, Number(p.entry_price), exit!).hit);
    expect(Number(s.scored_at)).toBeGreaterThanOrEqual(Number(s.due_at));
    // nothing anywhere was scored before its due time
    expect(await count(sql`select count(*)::int as n from signal_events where scored_at < due_at`)).toBe(0);
  });
});

describe('signals API', () => {
  it('latest_accuracy counts scored signals fired in the last 7 days, with denominators', async () => {
    const now = t.clock.now();
    const { status, body } = await get('/api/crypto/latest_accuracy');
    expect(status).toBe(200);
    const r = body.result;
    const total = await count(sql`select count(*)::int as n from signal_events where fired_at > ${now - 7 * DAY} and fired_at <= ${now} and hit is not null and due_at <= ${now}`);
    const hits = await count(sql`select count(*)::int as n from signal_events where fired_at > ${now - 7 * DAY} and fired_at <= ${now} and hit = true and due_at <= ${now}`);
    expect(r.total).toBe(total);
    expect(r.hits).toBe(hits);
    expect(total).toBeGreaterThan(0);
    expect(r.accuracy).toBeCloseTo(hits / total, 12);
    expect(r.until).toBe(now);
    expect(r.since).toBe(now - 7 * DAY);
    expect(r.by_timeframe.map((x: any) => x.timeframe)).toEqual(['5m', '1h', '1d']);
    expect(r.by_timeframe.reduce((a: number, x: any) => a + x.total, 0)).toBe(total);
  });

  it('ta/all: Signal items paged by 5 with merged, labelled, ordered timeframes', async () => {
    const { status, body } = await get('/api/crypto/ta/all');
    expect(status).toBe(200);
    expect(body.result.hasNext).toBe(false);
    const btc = body.result.signals.find((s: any) => s.cryptocurrency.symbol === 'BTC');
    expect(btc.ta_result.map((r: any) => [r.current.timeframe, r.label])).toEqual([['5m', '1D'], ['1h', '7D'], ['1d', '1M']]);
    expect(btc.default_timeframe).toBe('5m');
    expect(btc.touch_probability).toEqual(btc.ta_result[0].touch_probability);
    expect(btc.accuracy.total).toBeGreaterThan(0);
    const aave = body.result.signals.find((s: any) => s.cryptocurrency.symbol === 'AAVE');
    expect(aave.default_timeframe).toBe('1h');
    const one = await get('/api/crypto/ta/all?limit=1');
    expect(one.body.result.signals).toHaveLength(1);
    expect(one.body.result.hasNext).toBe(true);
    expect((await get('/api/crypto/ta/all?offset=1&limit=1')).body.result.hasNext).toBe(false);
    expect((await get('/api/crypto/ta/all?limit=0')).status).toBe(400);
  });

  it('ta/all: list analyses without indicators and both sides\' probabilities, at the served precision (body size)', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/crypto/ta/all' });
    const btc = r.json().result.signals.find((s: any) => s.cryptocurrency.symbol === 'BTC');
    for (const ta of btc.ta_result) {
      expect(ta).not.toHaveProperty('indicators');
      expect(ta).not.toHaveProperty('probabilities');
      for (const p of [ta.touch_probability, ta.breakthrough_probability, ...ta.market.signals.map((x: any) => x.hit_rate)]) expect(decimals(p.p)).toBeLessThanOrEqual(4);
      for (const x of ta.market.signals) {
        if (x.edge.hit_rate !== null) expect(decimals(x.edge.hit_rate)).toBeLessThanOrEqual(4);
        if (x.edge.edge_pp !== null) expect(decimals(x.edge.edge_pp)).toBeLessThanOrEqual(2);
        expect(significant(x.edge.p_value)).toBeLessThanOrEqual(4);
      }
      for (const l of [...ta.support, ...ta.resistance]) {
        expect(l.price).toBe(roundPrice(l.price));
        expect(decimals(l.distance_pct)).toBeLessThanOrEqual(2);
      }
      expect(decimals(ta.price_change_percent)).toBeLessThanOrEqual(2);
    }
    expect(btc.touch_probability).toEqual(btc.ta_result[0].touch_probability);
    // the coin's own analysis keeps them (the coin page shows the indicators)
    const full = (await get('/api/crypto/btc/ta/5m')).body.result;
    expect(full.indicators.rsi_14).toEqual(expect.any(Number));
    expect(full).toHaveProperty('probabilities');
    expect(decimals(full.touch_probability.p)).toBeLessThanOrEqual(4);
    // was ~12 KB for BTC's three timeframes before the lists dropped indicators and probabilities;
    // 8.4 KB since the cards carry each probability's skill with its interval (no skill over the base
    // rate is said on the card) and the direction's votes
    expect(JSON.stringify(btc).length).toBeLessThan(9_000);
  });

  it('ta/hot ranks by weighted recent signals; following needs a sign-in', async () => {
    const hot = await get('/api/crypto/ta/hot');
    expect(hot.status).toBe(200);
    const scores = hot.body.result.signals.map((s: any) => s.hot_score);
    expect(scores.length).toBeGreaterThan(0);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const f = await get('/api/crypto/ta/following');
    expect(f.status).toBe(401);
    expect(f.body.error.code).toBe('UNAUTHORIZED');
  });

  it('ta/following lists the signed-in user\'s followed coins', async () => {
    const u = await createSignedInUser(t.ctx);
    const empty = await t.app.inject({ method: 'GET', url: '/api/crypto/ta/following', headers: u.headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().result).toEqual({ signals: [], hasNext: false });
    await t.ctx.following.follow(u.userId, 'aave');
    const one = (await t.app.inject({ method: 'GET', url: '/api/crypto/ta/following', headers: u.headers })).json().result;
    expect(one.signals.map((s: any) => s.cryptocurrency.symbol)).toEqual(['AAVE']);
    expect(one.hasNext).toBe(false);
  });

  it('with_signals filters by direction and search term', async () => {
    const all = (await get('/api/crypto/with_signals')).body.result;
    expect(all.length).toBeGreaterThan(0);
    const bull = (await get('/api/crypto/with_signals?type=bullish')).body.result;
    for (const c of bull) expect(c.bullish_count).toBeGreaterThan(0);
    const btc = (await get('/api/crypto/with_signals?search_term=bitc')).body.result;
    expect(btc.map((c: any) => c.symbol)).toEqual(['BTC']);
    expect((await get('/api/crypto/with_signals?type=sideways')).status).toBe(400);
  });

  it('track-record lists signals newest first with outcomes and filters', async () => {
    const { status, body } = await get('/api/signals/track-record?coin=btc&timeframe=5m&limit=10');
    expect(status).toBe(200);
    const items = body.result.items;
    expect(items).toHaveLength(10);
    expect(body.result.hasNext).toBe(true);
    for (let i = 1; i < items.length; i++) expect(items[i - 1].fired_at).toBeGreaterThanOrEqual(items[i].fired_at);
    for (const it of items) {
      expect(it.coin.symbol).toBe('BTC');
      expect(it.fired_at).toBeLessThanOrEqual(t.clock.now());
      if (it.status === 'pending') expect(it.exit_price).toBeNull();
      else expect(typeof it.move_pct).toBe('number');
    }
    const label = items[0].label;
    const byLabel = (await get(`/api/signals/track-record?label=${label}`)).body.result;
    expect(byLabel.items.every((x: any) => x.label === label)).toBe(true);
    expect(byLabel.items[0].name.en).not.toBe(label);
    const scored = (await get('/api/signals/track-record?coin=AAVE&status=scored&limit=100')).body.result.items;
    expect(scored.length).toBeGreaterThan(0);
    expect(scored.every((x: any) => x.status === 'hit' || x.status === 'miss')).toBe(true);
    expect(scored.some((x: any) => x.origin === 'backfill')).toBe(true);
  });

  it('pattern-stats: hit rate with n beside a measured baseline', async () => {
    const { status, body } = await get('/api/signals/pattern-stats?coin=BTC&timeframe=5m');
    expect(status).toBe(200);
    const items = body.result.items;
    expect(items.length).toBeGreaterThan(3);
    for (const s of items) {
      expect(s.all.n).toBeGreaterThan(0);
      expect(s.all.hit_rate).toBeCloseTo(s.all.hits / s.all.n, 4);
      expect(s.all.baseline.n).toBeGreaterThan(200);
      expect(s.all.baseline.p).toBeGreaterThanOrEqual(0);
      expect(s.all.baseline.p).toBeLessThanOrEqual(1);
      expect(body.result.names[s.label].en).toBeTruthy();
    }
    // bullish and bearish baselines of the same coin/window are complementary up to flat moves
    const bull = items.find((s: any) => s.direction === 'bullish');
    const bear = items.find((s: any) => s.direction === 'bearish');
    if (bull && bear) expect(bull.all.baseline.p + bear.all.baseline.p).toBeLessThanOrEqual(1 + 1e-4);
  });

  /** Episodes of a pattern × timeframe in the window, counted here from the stored signals. */
  async function episodesOf(label: string, timeframe: string): Promise<number> {
    const since = t.clock.now() - 7 * DAY;
    const stored = await t.ctx.db.query<any>(sql`select coin_id, candle_time, horizon_candles from signal_events
      where hit is not null and due_at > ${since} and due_at <= ${t.clock.now()} and label = ${label} and timeframe = ${timeframe} order by coin_id, candle_time`);
    let n = 0;
    stored.forEach((r: any, i: number) => {
      const prev = stored[i - 1];
      if (!prev || prev.coin_id !== r.coin_id || Number(r.candle_time) - Number(prev.candle_time) > Number(r.horizon_candles) * TIMEFRAME_MS[timeframe as keyof typeof TIMEFRAME_MS]) n++;
    });
    return n;
  }

  it('pattern-stats: edge with a 95 % interval, Holm-corrected verdicts, in sample and out of sample apart', async () => {
    const { body } = await get('/api/signals/pattern-stats');
    const answer = body.result;
    const items = answer.items;
    expect(items.length).toBeGreaterThan(3);
    const backfill = await count(sql`select count(*)::int as n from signal_events where hit is not null and origin = 'backfill' and due_at > ${t.clock.now() - 7 * DAY}`);
    const live = await count(sql`select count(*)::int as n from signal_events where hit is not null and origin = 'live' and due_at > ${t.clock.now() - 7 * DAY}`);
    expect(answer.samples).toEqual({ in_sample: backfill, out_of_sample: live });
    expect(items.reduce((a: number, s: any) => a + patternSample(answer, s, 'in_sample').n, 0)).toBe(backfill);
    expect(items.reduce((a: number, s: any) => a + patternSample(answer, s, 'out_of_sample').n, 0)).toBe(live);
    const m = items.filter((s: any) => s.all.n > 0).length;
    for (const s of items) {
      const inS = patternSample(answer, s, 'in_sample');
      const outS = patternSample(answer, s, 'out_of_sample');
      expect(inS.n + outS.n).toBe(s.all.n);
      // served precision: 0.01 pp; the verdict is that of the unrounded figures
      expect(s.all.edge_pp).toBeCloseTo((s.all.hit_rate - s.all.baseline.p) * 100, 1);
      // effective n: episodes of cases whose outcome windows overlap; no interval under 2 episodes
      expect(s.all.n_eff).toBeGreaterThanOrEqual(1);
      expect(s.all.n_eff).toBeLessThanOrEqual(s.all.n);
      expect(s.all.n_eff).toBe(await episodesOf(s.label, s.timeframe));
      if (s.all.n_eff < 2) expect(s.all.ci95_pp).toBeNull();
      else {
        expect(s.all.ci95_pp.lo).toBeLessThanOrEqual(s.all.edge_pp);
        expect(s.all.ci95_pp.hi).toBeGreaterThanOrEqual(s.all.edge_pp);
      }
      // Holm: adjusted ≥ raw and ≤ m × raw (4 significant digits each)
      expect(s.all.p_adjusted).toBeGreaterThanOrEqual(s.all.p_value);
      expect(s.all.p_adjusted).toBeLessThanOrEqual(Math.min(1, m * s.all.p_value * (1 + 1e-3)));
      // (a bound within 0.005 pp of 0 is written 0)
      // one verdict and one interval: the interval shown is the corrected one and agrees with it
      if (s.all.verdict !== 'none') expect((s.all.ci95_pp.lo >= 0 || s.all.ci95_pp.hi <= 0) && s.all.p_adjusted <= 0.05).toBe(true);
      else if (s.all.ci95_pp) expect(s.all.ci95_pp.lo > 0 || s.all.ci95_pp.hi < 0).toBe(false);
      if (outS.n === 0) expect(outS).toMatchObject({ hit_rate: null, edge_pp: null, ci95_pp: null, verdict: 'none' });
    }
    // the live signals of the ticks above are out of sample
    expect(live).toBeGreaterThanOrEqual(0);
  });

  it('pattern-stats: figures at the served precision, each name once, one sample not repeated (body size)', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/signals/pattern-stats' });
    const answer = r.json().result;
    expect(answer.items.length).toBeGreaterThan(10);
    for (const s of answer.items) {
      for (const e of [s.all, s.in_sample, s.out_of_sample].filter(Boolean)) {
        for (const v of [e.hit_rate, e.baseline.p]) if (v !== null) expect(decimals(v)).toBeLessThanOrEqual(4);
        for (const v of [e.edge_pp, e.ci95_pp?.lo, e.ci95_pp?.hi]) if (v != null) expect(decimals(v)).toBeLessThanOrEqual(2);
        for (const v of [e.p_value, e.p_adjusted]) expect(significant(v)).toBeLessThanOrEqual(4);
      }
      if (s.avg_move_pct !== null) expect(decimals(s.avg_move_pct)).toBeLessThanOrEqual(2);
      expect(s).not.toHaveProperty('name');
    }
    if (answer.samples.out_of_sample === 0 || answer.samples.in_sample === 0) {
      for (const s of answer.items) expect(s.in_sample === undefined && s.out_of_sample === undefined).toBe(true);
    }
    expect(Object.keys(answer.names).sort()).toEqual([...new Set(answer.items.map((s: any) => s.label))].sort());
    // was ~900 bytes a row (three edge records, the top-level copy of `all`, the name, full doubles)
    expect(r.body.length / answer.items.length).toBeLessThan(400);
  });

  it('fired signals carry their baseline and edge, measured on outcomes closed by the analysed candle', async () => {
    const r = (await get('/api/crypto/btc/ta/5m')).body.result;
    for (const s of r.market.signals) {
      expect(s.edge.n).toBe(s.hit_rate.n);
      expect(s.edge.baseline.n).toBeGreaterThan(0);
      expect(s.edge.baseline.n).toBeLessThanOrEqual(r.current.candles_used);
      expect(['edge', 'worse', 'none']).toContain(s.edge.verdict);
    }
  });

  it('validates input: bad timeframe 400 naming the field, unknown coin 404', async () => {
    const bad = await get('/api/crypto/btc/ta/4h');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((f: any) => f.path)).toContain('params.timeframe');
    const unknown = await get('/api/crypto/nocoin/ta/1h');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('COIN_NOT_FOUND');
    expect((await get('/api/crypto/aave/ta/5m')).body.error.code).toBe('TIMEFRAME_NOT_AVAILABLE');
    expect((await get('/api/signals/track-record?coin=nocoin')).body.error.code).toBe('COIN_NOT_FOUND');
    expect((await get('/api/signals/track-record?timeframe=15m')).status).toBe(400);
    expect((await get('/api/signals/pattern-stats?timeframe=2h')).status).toBe(400);
    const refreshed = await get('/api/crypto/1/ta/1h?refresh=true');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.result.label).toBe('7D');
    expect(refreshed.body.result.candle_close_time).toBeLessThanOrEqual(t.clock.now());
  });
});

describe('signals job off the request thread', () => {
  it('analysing a coin keeps the request thread idle: indicators and analysis run on another thread', async () => {
    const btc = t.ctx.market.coinRows.find((c) => c.symbol === 'BTC')!;
    // Which thread computed each analysis, as the analysis thread reports it (0 = this, the request thread).
    // (It used to compare event-loop busy time with wall time, which flipped whenever analyses got faster.)
    const thread = (signals as unknown as { analysis: { run: (job: unknown) => Promise<{ threadId?: number }> } }).analysis;
    const run = thread.run.bind(thread);
    const seen: (number | undefined)[] = [];
    thread.run = async (job) => {
      const out = await run(job);
      seen.push(out.threadId);
      return out;
    };
    try {
      for (let k = 0; k < 3; k++) expect(await signals.analyzeNow(btc, '5m')).toBeTruthy();
    } finally {
      thread.run = run;
    }
    expect(seen).toHaveLength(3);
    for (const id of seen) {
      expect(id).toBeGreaterThan(0);
      expect(id).not.toBe(threadId);
    }
  });
});

/** The series loader of a process that starts with no memory: a new candle store over the test's database. */
function freshCandles() {
  const store = new CandleStore({ db: t.ctx.db, repo: t.ctx.marketRepo }, { immutable: false });
  return (s: string, tf: Parameters<CandleStore['load']>[1], fresh: boolean) => store.load(s, tf, fresh);
}

describe('signals job: warm restart', () => {
  it('a restart computes only the candles closed since the stored progress, never the stored window again', async () => {
    const now = t.clock.now();
    // A signal of the stored window: a restart that recomputed the window would store it again.
    const [old] = await rows(sql`select id, coin_id, timeframe, label, candle_time from signal_events where origin = 'backfill' and timeframe = '1h' order by candle_time limit 1`);
    expect(old).toBeTruthy();
    await rows(sql`delete from signal_events where id = ${old.id}`);
    const lastBefore = await count(sql`select coalesce(max(candle_time), 0) as n from signal_progress p join coins c on c.id = p.coin_id where c.symbol = 'BTC' and p.timeframe = '5m'`);
    expect(lastBefore).toBeGreaterThan(0);
    // The process stops; the clock moves on by one hour; a new process starts with no memory of the old one.
    t.clock.set(now + 3_600_000);
    const restarted = new SignalsPipeline({ repo: new SignalsRepository(t.ctx.db), market: t.ctx.market, source: t.ctx.source, clock: t.clock, loadSeries: freshCandles() });
    try {
      const r = await restarted.backfillAll();
      // 5 series (BTC 5m/1h/1d, AAVE 1h/1d): at most 12 new 5m candles and one or two 1h candles
      expect(r.candles).toBeGreaterThan(0);
      expect(r.candles).toBeLessThanOrEqual(12 + 2 * 2 + 2);
      expect(await count(sql`select count(*)::int as n from signal_events where coin_id = ${old.coin_id} and timeframe = '1h' and label = ${old.label} and candle_time = ${old.candle_time}`)).toBe(0);
      // the candles closed during the stop are processed, and the progress moved to the last closed 5m candle
      const lastAfter = await count(sql`select max(candle_time) as n from signal_progress p join coins c on c.id = p.coin_id where c.symbol = 'BTC' and p.timeframe = '5m'`);
      expect(lastAfter).toBe(Math.floor((now + 3_600_000) / 300_000) * 300_000 - 300_000);
      expect(await count(sql`select count(*)::int as n from signal_events where candle_time > ${lastBefore} and fired_at <= ${now + 3_600_000}`)).toBeGreaterThanOrEqual(0);
      // a second restart at the same instant computes nothing
      const again = await new SignalsPipeline({ repo: new SignalsRepository(t.ctx.db), market: t.ctx.market, source: t.ctx.source, clock: t.clock, loadSeries: freshCandles() }).backfillAll();
      expect(again.candles).toBe(0);
      expect(again.inserted).toBe(0);
    } finally {
      await restarted.close();
    }
  });
});

describe('roles', () => {
  it('a web process (ROLES=web) has no signals jobs at all and is ready at once; a worker has them', async () => {
    expect(t.ctx.signalsJobs).not.toBeNull();
    const env = parseEnv({ DATA_DIR: '/tmp/coinlens-test-unused', LOG_LEVEL: 'silent', SKIP_IMPORT: 'true', NODE_ENV: 'test', REDIS_URL: process.env.REDIS_URL, ROLES: 'web' });
    const web = await createContext(env, { db: t.ctx.db, clock: t.clock, tickMs: 0 });
    try {
      expect(web.signalsJobs).toBeNull();
      // the read side still answers (from what the worker stored)
      expect((await web.signals.latestAccuracy()).total).toBeGreaterThan(0);
    } finally {
      await web.close();
    }
  });
});
