import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../random';
import { brierSummary, calibratedWordingOf, fitClusteredScale, scaleRows, wilsonInterval } from './calibration';
import { clusteredBins, clusteredMeanInterval, clusteredRate, clusteredSkill, forecastCells, strategyEpisode, strategyRecordStats, type TimedForecast } from './clustered';

/** `episodes` runs of `len` (≤ 100) forecasts stated on consecutive candles (one shared outcome window each), horizon 50: one block each. */
function runs(episodes: number, len: number, p: (e: number) => number, outcome: (e: number, k: number) => boolean): TimedForecast[] {
  const out: TimedForecast[] = [];
  for (let e = 0; e < episodes; e++) for (let k = 0; k < len; k++) out.push({ series: 'BTC:1h:touch:live', t: e * 1000 + k, horizon: 50, p: p(e), outcome: outcome(e, k) });
  return out;
}

describe('forecastCells', () => {
  it('puts a series\' forecasts of one calendar block of two horizons into one episode, per decile', () => {
    const xs: TimedForecast[] = [
      { series: 'a', t: 0, horizon: 10, p: 0.95, outcome: true },
      { series: 'a', t: 5, horizon: 10, p: 0.91, outcome: false },
      { series: 'a', t: 19, horizon: 10, p: 0.55, outcome: true }, // same block [0, 20)
      { series: 'a', t: 20, horizon: 10, p: 0.95, outcome: true }, // next block
      { series: 'b', t: 3, horizon: 10, p: 0.95, outcome: true }, // another series: another episode
    ];
    const cells = forecastCells(xs);
    expect(new Set(cells.map((c) => c.episode)).size).toBe(3);
    const first = cells.find((c) => c.bin === 9 && c.n === 2)!;
    expect(first).toMatchObject({ hits: 1 });
    expect(first.sp).toBeCloseTo(1.86, 12);
    expect(first.sq).toBeCloseTo(0.05 ** 2 + 0.91 ** 2, 12);
  });

  it('cuts a log stated on every candle into blocks, not one episode per coin', () => {
    const xs = Array.from({ length: 1000 }, (_, t) => ({ series: 'a', t, horizon: 50, p: 0.9, outcome: true }));
    expect(new Set(forecastCells(xs).map((c) => c.episode)).size).toBe(10);
  });
});

describe('clusteredRate', () => {
  it('is close to Wilson when every episode is one forecast, and much wider when the same outcomes come in a few shared windows', () => {
    // 200 forecasts, 140 events: independent vs 8 episodes of 25 sharing their outcome
    const indep = forecastCells(Array.from({ length: 200 }, (_, i) => ({ series: 's', t: i * 100, horizon: 10, p: 0.7, outcome: i % 10 < 7 })));
    const r1 = clusteredRate(indep);
    const w = wilsonInterval(140, 200)!;
    expect(r1).toMatchObject({ n: 200, n_eff: 200 });
    expect(r1.rate).toBeCloseTo(0.7, 12);
    expect(r1.lo!).toBeCloseTo(w.lo, 2);
    expect(r1.hi!).toBeCloseTo(w.hi, 2);
    const clustered = forecastCells(runs(8, 25, () => 0.7, (e) => e < 6 && e !== 2 || e === 7));
    const r2 = clusteredRate(clustered);
    expect(r2).toMatchObject({ n: 200, n_eff: 8 });
    expect(r2.hi! - r2.lo!).toBeGreaterThan(3 * (w.hi - w.lo));
    expect(r2.lo!).toBeGreaterThanOrEqual(0);
    expect(r2.hi!).toBeLessThanOrEqual(1);
  });

  it('gives no interval with one episode', () => {
    expect(clusteredRate(forecastCells(runs(1, 50, () => 0.9, () => true)))).toMatchObject({ n: 50, n_eff: 1, lo: null, hi: null });
  });

  it('keeps empty deciles in the reliability diagram, with the mean stated p per bin', () => {
    const bins = clusteredBins(forecastCells(runs(5, 4, (e) => (e < 3 ? 0.92 : 0.35), (e) => e !== 1)));
    expect(bins).toHaveLength(10);
    expect(bins[9]).toMatchObject({ n: 12, n_eff: 3 });
    expect(bins[9].stated).toBeCloseTo(0.92, 12);
    expect(bins[3]).toMatchObject({ n: 8, n_eff: 2 });
    expect(bins[5]).toMatchObject({ n: 0, n_eff: 0, rate: null, stated: null, lo: null });
  });
});

describe('clusteredSkill', () => {
  it('has the Brier figures of brierSummary and no interval below 3 episodes', () => {
    const xs = runs(2, 10, (e) => (e ? 0.8 : 0.3), (e, k) => (e ? k < 8 : k < 2));
    const s = clusteredSkill(forecastCells(xs));
    const b = brierSummary(xs);
    expect(s.brier).toBeCloseTo(b.brier!, 12);
    expect(s.base_rate).toBeCloseTo(b.base_rate!, 12);
    expect(s.skill).toBeCloseTo(b.skill!, 12);
    expect(s).toMatchObject({ n: 20, n_eff: 2, skill_lo: null, skill_verdict: null });
  });

  it('finds no skill in a touch probability of 93 % when 93 % of the windows touch anyway, however many forecasts share them', () => {
    const rnd = mulberry32(7);
    // 30 episodes of 40 forecasts each; the outcome is shared by the episode and the stated p carries no information
    const xs = runs(30, 40, () => 0.9 + 0.08 * rnd(), (e) => e % 15 !== 0 && e !== 7);
    const s = clusteredSkill(forecastCells(xs));
    expect(s.n).toBe(1200);
    expect(s.n_eff).toBe(30);
    expect(s.skill_lo!).toBeLessThan(0);
    expect(s.skill_verdict).not.toBe('skill');
  });

  it('finds skill when the stated p separates the episodes that touch from those that do not', () => {
    const rnd = mulberry32(11);
    const hit = Array.from({ length: 40 }, () => rnd() < 0.5);
    const s = clusteredSkill(forecastCells(runs(40, 5, (e) => (hit[e] ? 0.85 : 0.15), (e) => hit[e])));
    expect(s.skill!).toBeGreaterThan(0.5);
    expect(s.skill_verdict).toBe('skill');
    expect(s.skill_lo!).toBeGreaterThan(0);
  });

  it('calls skill in at most 5 % of seeded no-skill families (stated p independent of the shared outcomes)', () => {
    const rnd = mulberry32(2026);
    let false_ = 0;
    const reps = 400;
    for (let r = 0; r < reps; r++) {
      const base = 0.3 + 0.6 * rnd();
      const G = 10 + Math.floor(rnd() * 30);
      const outs = Array.from({ length: G }, () => rnd() < base);
      const xs = runs(G, 1 + Math.floor(rnd() * 30), () => Math.min(1, Math.max(0, base + 0.1 * (rnd() - 0.5))), (e) => outs[e]);
      if (clusteredSkill(forecastCells(xs)).skill_verdict === 'skill') false_++;
    }
    expect(false_ / reps).toBeLessThanOrEqual(0.05);
  });
});

describe('a scale fitted on episodes', () => {
  it('serves the interval over episodes (wider than Wilson over forecasts), n_eff, the source and no_skill when the skill interval includes 0', () => {
    const xs = runs(12, 20, () => 0.95, (e) => e !== 3 && e !== 8);
    const cells = forecastCells(xs);
    const scale = fitClusteredScale(cells, { source: 'backfill', skill: clusteredSkill(cells) });
    const { wording, calibration } = calibratedWordingOf(scale, 0.96, 500);
    expect(wording).toBe('very_likely');
    const w = wilsonInterval(200, 240)!;
    expect(calibration).toMatchObject({ status: 'calibrated', n: 240, n_eff: 12, source: 'backfill', no_skill: true });
    expect(calibration.observed_hi! - calibration.observed_lo!).toBeGreaterThan(2 * (w.hi - w.lo));
    const row = scaleRows(scale).find((r) => r.wording === 'very_likely')!;
    expect(row).toMatchObject({ n: 240, n_eff: 12 });
    expect(row.observed_lo).toBeCloseTo(calibration.observed_lo!, 3);
    // one episode missed: no interval once it is left out, but the point skill is below 0
    const one = forecastCells(runs(12, 20, () => 0.95, (e) => e !== 3));
    const c2 = calibratedWordingOf(fitClusteredScale(one, { source: 'live', skill: clusteredSkill(one) }), 0.96, 500).calibration;
    expect(c2.skill).toMatchObject({ lo: null, hi: null });
    expect(c2.skill!.value).toBeLessThan(0);
    expect(c2.no_skill).toBe(true);
  });

  it('keeps a label with skill when the skill interval lies above 0', () => {
    const rnd = mulberry32(3);
    const hit = Array.from({ length: 60 }, () => rnd() < 0.5);
    const cells = forecastCells(runs(60, 4, (e) => (hit[e] ? 0.85 : 0.15), (e) => hit[e]));
    const scale = fitClusteredScale(cells, { source: 'live', skill: clusteredSkill(cells) });
    const { calibration } = calibratedWordingOf(scale, 0.86, 500);
    expect(calibration.source).toBe('live');
    expect(calibration.no_skill).toBe(false);
    expect(calibration.skill!.lo).toBeGreaterThan(0);
  });
});

describe('strategy records over episodes', () => {
  it('clusteredMeanInterval is about mean ± 1.96 s/√n for independent values and widens when they come in episodes', () => {
    const rnd = mulberry32(5);
    const xs = Array.from({ length: 400 }, () => rnd() * 4 - 1.5);
    const mean = xs.reduce((a, x) => a + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1));
    const ci = clusteredMeanInterval(xs.map((x) => ({ n: 1, sum: x })))!;
    expect(ci.lo).toBeCloseTo(mean - 1.96 * (sd / 20), 2);
    expect(ci.hi).toBeCloseTo(mean + 1.96 * (sd / 20), 2);
    // the same 400 values as 20 episodes of 20 identical copies of 20 values: far wider
    const eps = Array.from({ length: 20 }, (_, g) => ({ n: 20, sum: 20 * xs[g] }));
    const wide = clusteredMeanInterval(eps)!;
    expect(wide.hi - wide.lo).toBeGreaterThan(3 * (ci.hi - ci.lo));
    expect(clusteredMeanInterval([{ n: 5, sum: 3 }])).toBeNull();
  });

  it('groups one coin\'s strategies of one block of two horizons into one episode and gives the target-first share and the excess over holding with intervals', () => {
    const H = 72 * 3_600_000;
    expect(strategyEpisode('builtin', 1, 'short_term', 0, H)).toBe(strategyEpisode('builtin', 1, 'short_term', 2 * H - 1, H));
    expect(strategyEpisode('builtin', 1, 'short_term', 0, H)).not.toBe(strategyEpisode('builtin', 1, 'short_term', 2 * H, H));
    expect(strategyEpisode('builtin', 1, 'short_term', 0, H)).not.toBe(strategyEpisode('builtin', 2, 'short_term', 0, H));
    // 6 coins × 9 strategies every 4 h (one block each): the outcome of a block is shared
    const rows = Array.from({ length: 54 }, (_, i) => {
      const coin = Math.floor(i / 9);
      return { episode: strategyEpisode('builtin', coin, 'short_term', (i % 9) * 4 * 3_600_000, H), target_first: coin % 2 === 0, return_pct: coin - 2, hold_pct: 0.5 };
    });
    const s = strategyRecordStats(rows);
    expect(s).toMatchObject({ n: 54, n_eff: 6 });
    expect(s.target_first_rate).toBeCloseTo(0.5, 12);
    expect(s.excess_pct).toBeCloseTo(0, 12);
    expect(s.target_first_lo!).toBeLessThan(0.2);
    expect(s.target_first_hi!).toBeGreaterThan(0.8);
    expect(s.excess_lo!).toBeLessThan(-1);
    expect(s.excess_hi!).toBeGreaterThan(1);
  });
});
