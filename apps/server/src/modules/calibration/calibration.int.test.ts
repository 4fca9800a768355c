import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOCKS } from '@coinlens/db';
import { computeSignalColumns, probabilityWording, sliceCandles } from '@coinlens/ta';
import { createTestApp, T0 } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';
import { planInputsOf } from '../signals/analysis/analysis-job';
import { buildPlan, levelsOf } from '../ai/strategy';
import { CalibrationRepository } from './calibration.repository';
import { CalibrationService, STRATEGY_BACKFILL_FROM_INDEX, type PlanInputsLoader } from './calibration.service';
import { calibrationHook } from './calibration.jobs';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC', 'AAVE'], timeframes: ['5m', '1h', '1d'] });
  await t.ctx.signalsJobs!.start(LOCKS.signals, (k) => t.ctx.db.tryLock(k), { delayMs: 0 });
  await t.ctx.signalsJobs!.idle();
}, 600_000);
afterAll(async () => t?.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const r = await t.app.inject({ method: 'GET', url, headers });
  return { status: r.statusCode, body: r.json() as any };
};
const rows = (q: any) => t.ctx.db.query<any>(q);

describe('calibration: stated probabilities logged and resolved', () => {
  it('the backfill logs in-sample forecasts stated before now and resolves only those whose horizon passed', async () => {
    const [c] = await rows(sql`select count(*)::int as n, count(outcome)::int as resolved, max(stated_at) as last, count(*) filter (where outcome is not null and due_at > ${T0})::int as early
      from probability_forecasts where origin = 'backfill'`);
    expect(c.n).toBeGreaterThan(100);
    expect(c.resolved).toBeGreaterThan(50);
    expect(Number(c.last)).toBeLessThanOrEqual(T0);
    expect(c.early).toBe(0);
    // the current snapshots' probabilities are logged live, pending
    expect((await rows(sql`select count(*)::int as n from probability_forecasts where origin = 'live' and outcome is null`))[0].n).toBeGreaterThan(0);
  });

  it('a second backfill (a restart) measures nothing already logged and logs nothing twice', async () => {
    const row = t.ctx.market.coinRows.find((c) => c.symbol === 'BTC')!;
    const [before] = await rows(sql`select count(*)::int as n from probability_forecasts where origin = 'backfill'`);
    const again = await t.ctx.calibration.backfill(row, '1h');
    expect(again).toEqual({ computed: 0, logged: 0 });
    const [after] = await rows(sql`select count(*)::int as n from probability_forecasts where origin = 'backfill'`);
    expect(after.n).toBe(before.n);
  });

  it('GET /api/signals/calibration: per kind and timeframe, deciles with n, Brier and skill against the base rate', async () => {
    const r = await get('/api/signals/calibration');
    expect(r.status).toBe(200);
    const g = r.body.result.groups;
    expect(g).toHaveLength(6);
    const touch1h = g.find((x: any) => x.kind === 'touch' && x.timeframe === '1h');
    expect(touch1h.bins).toHaveLength(10);
    expect(touch1h.bins.reduce((a: number, b: any) => a + b.n, 0)).toBe(touch1h.n);
    expect(touch1h.n).toBeGreaterThan(0);
    expect(touch1h.n_backfill).toBe(touch1h.n);
    expect(touch1h.skill).toBeCloseTo(1 - touch1h.brier / touch1h.brier_ref, 10);
    // the Brier score recomputed from the table
    const xs = await rows(sql`select stated_p, outcome from probability_forecasts where timeframe = '1h' and kind = 'touch' and outcome is not null`);
    const bs = xs.reduce((a: number, x: any) => a + (Number(x.stated_p) - (x.outcome ? 1 : 0)) ** 2, 0) / xs.length;
    expect(touch1h.brier).toBeCloseTo(bs, 10);
    expect(touch1h.wording.map((w: any) => w.wording)).toEqual(['very_unlikely', 'unlikely', 'uncertain', 'likely', 'very_likely']);
    // effective n: one coin's forecasts of one calendar block of two horizons are one episode
    const [ep] = await rows(sql`select count(distinct (coin_id, floor(candle_time::float8 / (2 * horizon_candles * 3600000.0))))::int as g
      from probability_forecasts where timeframe = '1h' and kind = 'touch' and outcome is not null`);
    expect(touch1h.n_eff).toBe(ep.g);
    expect(touch1h.n_eff).toBeLessThan(touch1h.n);
    for (const b of touch1h.bins) {
      expect(b.n_eff).toBeLessThanOrEqual(b.n);
      if (b.n_eff >= 2) expect(b.observed_lo).toBeLessThanOrEqual(b.observed);
      if (b.n_eff >= 2) expect(b.observed_hi).toBeGreaterThanOrEqual(b.observed);
    }
    if (touch1h.skill_lo !== null) {
      expect(touch1h.skill_lo).toBeLessThanOrEqual(touch1h.skill);
      expect(touch1h.skill_verdict).toBe(touch1h.skill_lo > 0 ? 'skill' : touch1h.skill_hi < 0 ? 'worse' : 'none');
    }
    // nothing live is resolved here: the served labels rest on the backfill
    expect(touch1h).toMatchObject({ scale_source: 'backfill', n_live: 0, n_eff_live: 0 });
    const live = await get('/api/signals/calibration?timeframe=1d&origin=live');
    expect(live.body.result.groups.map((x: any) => x.timeframe)).toEqual(['1d', '1d']);
    expect((await get('/api/signals/calibration?timeframe=2h')).status).toBe(400);
    expect((await get('/api/signals/calibration?origin=x')).status).toBe(400);
  });
});

describe('strategy record: stored at generation, immutable, scored after the horizon', () => {
  it('stores the strategies of a generation once and never changes them', async () => {
    const before = await rows(sql`select * from strategy_records order by id`);
    expect(before.length).toBeGreaterThan(0); // the worker recorded the built-in analyst's strategies on start
    const u = await createSignedInUser(t.ctx);
    const r = await t.app.inject({ method: 'POST', url: '/api/crypto/BTC/strategy', headers: u.headers, payload: { lang: 'zh-CN' } });
    expect(r.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/crypto/BTC/strategy', headers: u.headers, payload: { lang: 'en-US' } });
    expect(again.statusCode).toBe(200);
    const after = await rows(sql`select * from strategy_records order by id`);
    for (const b of before) expect(after.find((a: any) => a.id === b.id)).toEqual(b);
    const btc = after.filter((a: any) => a.author === 'builtin' && a.term === 'short_term');
    const keys = btc.map((a: any) => `${a.coin_id}:${a.term}:${a.candle_time}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('scores due strategies once with fees vs holding, and the record API aggregates per author and timeframe', async () => {
    // a strategy generated 2 days before now with a 6 h horizon: due
    const coin = t.ctx.market.coinRows.find((c) => c.symbol === 'BTC')!;
    const created = T0 - 2 * 86_400_000;
    const price = Number((await rows(sql`select close from candles where coin_id = ${coin.id} and timeframe = '5m' and open_time = ${created}`))[0].close);
    const pair: any = {
      short_term: { timeframe: '1h', candle_open_time: created - 3_600_000, bias: 'long', setup: 'trend', last_price: price, entry_zone: { low: price * 0.999, high: price * 1.001 }, targets: [price * 1.002], invalidation_price: price * 0.5, reward_risk: 1, horizon_hours: 6, trend: '', strategy: '', horizon: '', risks: [], summary: '' },
      medium_long_term: null,
    };
    expect(await t.ctx.calibration.recordStrategies('test-model', coin, pair, null as any, created)).toBe(1);
    expect(await t.ctx.calibration.recordStrategies('test-model', coin, { ...pair, short_term: { ...pair.short_term, targets: [1] } }, null as any, created)).toBe(0);
    expect(await t.ctx.calibration.scoreDueStrategies()).toBeGreaterThan(0);
    const [s] = await rows(sql`select * from strategy_records where author = 'test-model'`);
    expect(JSON.parse(s.targets)).toEqual([price * 1.002]);
    expect(s.entered).toBe(true);
    expect(s.fee_pct).toBe(0.1);
    expect(s.status === 'target_hit' || s.status === 'horizon').toBe(true);
    expect(s.hold_pct).not.toBeNull();
    const scoredAt = s.scored_at;
    await t.ctx.calibration.scoreDueStrategies();
    expect((await rows(sql`select scored_at from strategy_records where author = 'test-model'`))[0].scored_at).toEqual(scoredAt);

    const r = await get('/api/strategies/record?author=test-model');
    expect(r.status).toBe(200);
    const all = r.body.result.rows.find((x: any) => x.coin === null && x.timeframe === '1h');
    expect(all).toMatchObject({ author: 'test-model', n: 1, entered: 1, pending: 0 });
    expect(all.mean_return_pct).toBeCloseTo(Number(s.return_pct), 10);
    expect(r.body.result.rows.find((x: any) => x.coin?.symbol === 'BTC')).toMatchObject({ n: 1 });
    expect(r.body.result.recent[0]).toMatchObject({ author: 'test-model', status: s.status });
    expect((await get('/api/strategies/record?coin=NOPE_COIN')).status).toBe(404);
    expect((await get('/api/strategies/record?timeframe=3m')).status).toBe(400);
  });
});

describe('due strategies at a close', () => {
  it('the 5m analyses of one close share one scoring pass (one query for due strategies, not one per pair); the next close runs its own', async () => {
    const repo = new CalibrationRepository(t.ctx.db);
    let queries = 0;
    const due = repo.dueStrategies.bind(repo);
    repo.dueStrategies = (now: number) => {
      queries++;
      return due(now);
    };
    const clock = { now: () => T0 } as any;
    const cal = new CalibrationService({ repo, clock, coinRows: () => t.ctx.market.coinRows, history: (s, tf, u) => t.ctx.signalsPipeline.historyUntil(s, tf, u), allCandles: (s, tf, u) => t.ctx.signalsPipeline.historyUntil(s, tf, u, Infinity) });
    const hook = calibrationHook(cal);
    const coin = t.ctx.market.coinRows.find((c) => c.symbol === 'BTC')!;
    // the forecasts of an analysis are logged as in the tests above; here only the scoring counts
    cal.logAnalysis = async () => ({ logged: 0, resolved: 0 });
    // every pair of a close at once (here 40 analyses of the same 5m candle), as in live mode
    const stored = { row: coin, tf: '5m' as const, result: {} as any, origin: 'live' as const, stopped: () => false };
    await Promise.all(Array.from({ length: 40 }, () => hook(stored)));
    expect(queries).toBe(1);
    await hook(stored);
    expect(queries).toBe(1);
    clock.now = () => T0 + 300_000;
    await Promise.all(Array.from({ length: 40 }, () => hook(stored)));
    expect(queries).toBe(2);
  });
});

describe('calibrated verbal scale: the label beside a served probability comes from the log', () => {
  it('each served probability says how its label was chosen, and a calibrated label is the label of what its stated range delivered', async () => {
    const cal = (await get('/api/signals/calibration')).body.result;
    for (const row of t.ctx.market.coinRows) {
      const sym = row.symbol;
      for (const tf of (['5m', '1h', '1d'] as const).filter((x) => row.timeframes.includes(x))) {
        const r = await get(`/api/crypto/${sym}/ta/${tf}`);
        expect(r.status).toBe(200);
        const res = r.body.result;
        const probs = [res.touch_probability, res.breakthrough_probability];
        for (const [kind, p] of [['touch', res.touch_probability], ['breakthrough', res.breakthrough_probability]] as const) {
          expect(p.calibration).toBeDefined();
          const g = cal.groups.find((x: any) => x.kind === kind && x.timeframe === tf);
          // the label says which forecasts it rests on, and no skill is said when the skill interval reaches 0
          expect(p.calibration.source).toBe(g.scale_source);
          if (p.calibration.skill) {
            expect(p.calibration.skill.base_rate).toBeCloseTo(g.base_rate, 4);
            expect(p.calibration.no_skill).toBe(p.calibration.skill.value <= 0 || (p.calibration.skill.lo !== null && p.calibration.skill.lo <= 0));
          }
          if (p.calibration.status === 'calibrated') {
            expect(g.scale_status).toBe('calibrated');
            expect(p.wording).toBe(probabilityWording(p.calibration.observed, Infinity));
            expect(p.p).toBeGreaterThanOrEqual(p.calibration.stated_lo - 1e-12);
            expect(p.p).toBeLessThanOrEqual(p.calibration.stated_hi + 1e-12);
            expect(p.calibration.n).toBeGreaterThanOrEqual(g.min_block);
            expect(p.calibration.observed_lo).toBeLessThanOrEqual(p.calibration.observed);
            // the tab's table lists the same label with a stated range covering it
            const row = g.wording.find((w: any) => w.wording === p.wording);
            expect(row.stated_lo).toBeLessThanOrEqual(p.calibration.stated_lo + 1e-12);
            expect(row.stated_hi).toBeGreaterThanOrEqual(p.calibration.stated_hi - 1e-12);
          } else {
            expect(p.wording).toBe(probabilityWording(p.p, p.n));
            expect(p.calibration).toMatchObject({ status: 'not_calibrated', stated_lo: null, n: 0 });
          }
        }
        expect(probs.length).toBe(2);
      }
    }
    // the 1h touch scale has enough resolved forecasts here to be calibrated: a table row per label
    const touch1h = cal.groups.find((x: any) => x.kind === 'touch' && x.timeframe === '1h');
    expect(touch1h.n).toBeGreaterThanOrEqual(touch1h.min_total);
    expect(touch1h.scale_status).toBe('calibrated');
    expect(touch1h.wording.reduce((a: number, w: any) => a + w.n, 0)).toBeLessThanOrEqual(touch1h.n);
    for (const w of touch1h.wording) if (w.n) expect(probabilityWording(w.observed, Infinity)).toBe(w.wording);
  });

  it('the signal lists serve the same calibrated labels', async () => {
    const r = await get('/api/crypto/ta/all');
    expect(r.status).toBe(200);
    const item = r.body.result.signals.find((x: any) => x.cryptocurrency.symbol === 'BTC');
    expect(item.ta_result.every((x: any) => x.touch_probability.calibration?.status)).toBe(true);
    for (const x of item.ta_result) expect(x.touch_probability).toEqual((await get(`/api/crypto/BTC/ta/${x.current.timeframe}`)).body.result.touch_probability);
  });
});

describe('built-in strategies backfilled at first start', () => {
  const builtin = () => rows(sql`select * from strategy_records where author = 'builtin' and origin = 'backfill' order by coin_id, term, candle_time`);

  it('stores the built-in analyst\'s strategies over the stored history (expanding window, in-sample) and scores the due ones', async () => {
    const bf = await builtin();
    const short = bf.filter((r: any) => r.term === 'short_term');
    expect(short.length).toBeGreaterThan(40);
    for (const r of short) {
      expect(r.timeframe).toBe('1h');
      expect(Number(r.candle_time) % (4 * 3_600_000)).toBe(0);
      expect(Number(r.created_at)).toBe(Number(r.candle_time) + 3_600_000);
      expect(Number(r.created_at)).toBeLessThanOrEqual(T0);
      expect(Number(r.created_at)).toBeGreaterThanOrEqual(T0 - 28 * 86_400_000);
      expect(r.scored_at === null).toBe(Number(r.due_at) > T0);
    }
    expect(short.filter((r: any) => r.scored_at !== null).length).toBeGreaterThan(20);
    // each strategy is what the rules give on the candles up to its candle only
    const btc = t.ctx.market.coinRows.find((c) => c.symbol === 'BTC')!;
    const { s, from, to } = await t.ctx.signalsPipeline.historyUntil('BTC', '1h', T0);
    for (const r of short.filter((x: any) => x.coin_id === btc.id).filter((_: any, i: number) => i % 10 === 3)) {
      const end = from + [...s.openTime.subarray(from, to)].indexOf(Number(r.candle_time)) + 1;
      const [x] = planInputsOf(computeSignalColumns(sliceCandles(s, from, end)), Number(r.candle_time) - 1, Number(r.candle_time), STRATEGY_BACKFILL_FROM_INDEX);
      const plan = buildPlan({ timeframe: '1h', candle_open_time: x.openTime, last_price: x.close, atr: x.atr, trend: x.trend, direction: x.direction, ...levelsOf(x.support, x.resistance, x.close), horizon_candles: 168 })!;
      expect([Number(r.entry_low), Number(r.entry_high), JSON.parse(r.targets), Number(r.invalidation), r.bias]).toEqual([plan.entry_low, plan.entry_high, plan.targets, plan.invalidation, plan.bias]);
    }
    // the record API separates in-sample from out-of-sample
    const rec = (await get('/api/strategies/record?origin=backfill&author=builtin')).body.result;
    const all1h = rec.rows.find((x: any) => x.coin === null && x.timeframe === '1h');
    expect(all1h.n).toBe(short.filter((r: any) => r.scored_at !== null).length);
    expect(all1h.n_backfill).toBe(all1h.n);
    // strategies every 4 h with a horizon of days overlap: episodes = coin × block of two horizons, far fewer than n
    const scored = short.filter((r: any) => r.scored_at !== null);
    const blocks = new Set(scored.map((r: any) => `${r.coin_id}:${Math.floor(Number(r.created_at) / (2 * r.horizon_hours * 3_600_000))}`));
    expect(all1h.n_eff).toBe(blocks.size);
    expect(all1h.n_eff).toBeLessThan(all1h.n);
    if (all1h.n_eff >= 2) {
      expect(all1h.target_first_lo).toBeLessThanOrEqual(all1h.target_first / all1h.n);
      expect(all1h.target_first_hi).toBeGreaterThanOrEqual(all1h.target_first / all1h.n);
      expect(all1h.excess_pct).toBeCloseTo(all1h.mean_return_pct - all1h.mean_hold_pct, 8);
      // null: the episodes are too few and uneven in size for a bounded interval
      if (all1h.excess_lo !== null) expect(all1h.excess_lo).toBeLessThanOrEqual(all1h.excess_pct);
    }
    const live = (await get('/api/strategies/record?origin=live&author=builtin')).body.result;
    expect(live.rows.every((x: any) => x.n_backfill === 0)).toBe(true);
  });

  it('is incremental: a restart computes nothing already stored, a later clock only the new candles, stored strategies never change', async () => {
    let calls = 0;
    const planInputs: PlanInputsLoader = (row, tf, after, fromIndex) => {
      calls++;
      return t.ctx.signalsPipeline.planInputs(row, tf, after, fromIndex);
    };
    const fresh = () => new CalibrationService({ repo: new CalibrationRepository(t.ctx.db), clock: t.clock, coinRows: () => t.ctx.market.coinRows, history: (s, tf, u) => t.ctx.signalsPipeline.historyUntil(s, tf, u), allCandles: (s, tf, u) => t.ctx.signalsPipeline.historyUntil(s, tf, u, Infinity), planInputs });
    const before = await builtin();
    for (const row of t.ctx.market.coinRows) expect(await fresh().backfillStrategies(row)).toBe(0);
    expect(calls).toBe(0);
    expect(await builtin()).toEqual(before);
    t.clock.set(T0 + 8 * 3_600_000);
    try {
      const btc = t.ctx.market.coinRows.find((c) => c.symbol === 'BTC')!;
      expect(await fresh().backfillStrategies(btc)).toBe(2); // the 12:00 and 16:00 candles
      expect(calls).toBe(1); // 1h only: no new 1d candle closed
      const after = await builtin();
      expect(after.length).toBe(before.length + 2);
      for (const b of before) expect(after.find((a: any) => a.id === b.id)).toEqual(b);
      calls = 0;
      expect(await fresh().backfillStrategies(btc)).toBe(0);
      expect(calls).toBe(0);
    } finally {
      t.clock.set(T0);
    }
  });
});

describe('calibration out of sample: the served labels rest on live forecasts once there are enough', () => {
  it('switches from the backfill to the live forecasts at min_total forecasts in min_live_episodes episodes, and says so', async () => {
    const btc = t.ctx.market.coinRows.find((c) => c.symbol === 'BTC')!;
    const day = 86_400_000;
    const fresh = () => new CalibrationService({ repo: new CalibrationRepository(t.ctx.db), clock: t.ctx.clock, coinRows: () => t.ctx.market.coinRows, history: async () => { throw new Error('unused'); } });
    // live 1d touch forecasts far before the backfill: 5 per block of two horizons (60 days), 19 then 24 blocks
    const insert = async (blocks: number) => {
      for (let b = 0; b < blocks; b++) {
        for (let k = 0; k < 5; k++) {
          const candle = T0 - 900 * day - b * 60 * day - k * day;
          await t.ctx.db.query(sql`insert into probability_forecasts (coin_id, timeframe, kind, side, level_price, stated_p, sample_n, wording, horizon_candles, candle_time, stated_at, due_at, origin, outcome, resolved_at)
            values (${btc.id}, '1d', 'touch', 'resistance', 1, 0.95, 200, 'very_likely', 30, ${candle}, ${candle + day}, ${candle + 31 * day}, 'live', ${k !== 0}, ${candle + 31 * day})
            on conflict do nothing`);
        }
      }
    };
    try {
      await insert(19);
      let g = (await get('/api/signals/calibration?timeframe=1d')).body.result.groups.find((x: any) => x.kind === 'touch');
      expect(g).toMatchObject({ n_live: 95, n_eff_live: 19, scale_source: 'backfill' });
      expect(g.min_live_episodes).toBe(20);
      await insert(24);
      g = (await get('/api/signals/calibration?timeframe=1d')).body.result.groups.find((x: any) => x.kind === 'touch');
      expect(g).toMatchObject({ n_live: 120, n_eff_live: 24, scale_source: 'live' });
      const scale = (await fresh().scales()).get('1d:touch')!;
      expect(scale.source).toBe('live');
      expect(scale.n).toBe(120);
      // 80 % of these live forecasts of 95 % came true: the label says so, from live forecasts, with no skill over a constant
      const served = (await import('@coinlens/ta')).calibratedWordingOf(scale, 0.95, 500);
      expect(served.wording).toBe('likely');
      expect(served.calibration).toMatchObject({ status: 'calibrated', source: 'live', n: 120, n_eff: 24, no_skill: true });
    } finally {
      await t.ctx.db.query(sql`delete from probability_forecasts where origin = 'live' and timeframe = '1d' and candle_time < ${T0 - 800 * day}`);
    }
  });
});

describe('coverage of the evidence: the coin universe and where each series starts', () => {
  it('GET /api/signals/coverage lists every coin × timeframe with candles, its first candle and its last one closed by now', async () => {
    const r = await get('/api/signals/coverage');
    expect(r.status).toBe(200);
    const c = r.body.result;
    expect(c.as_of).toBe(t.ctx.clock.now());
    const stored = await rows(sql`select c.symbol, k.timeframe, min(k.open_time) as first, max(k.open_time) filter (where k.open_time <= ${t.ctx.clock.now()}) as last
      from candles k join coins c on c.id = k.coin_id group by 1, 2 order by 1, 2`);
    expect(c.coins).toBe(new Set(stored.map((x: any) => x.symbol)).size);
    expect(c.series).toHaveLength(stored.length);
    for (const x of stored) {
      const s = c.series.find((y: any) => y.symbol === x.symbol && y.timeframe === x.timeframe);
      expect(s).toMatchObject({ first: Number(x.first), last: x.last === null ? null : Number(x.last) });
    }
    // AAVE ships 1h and 1d only: no 5m row; BTC's 1h starts years before AAVE's
    expect(c.series.filter((y: any) => y.symbol === 'AAVE').map((y: any) => y.timeframe)).toEqual(['1h', '1d']);
    const first = (sym: string) => c.series.find((y: any) => y.symbol === sym && y.timeframe === '1h').first;
    expect(first('BTC')).toBeLessThan(first('AAVE'));
  });
});

