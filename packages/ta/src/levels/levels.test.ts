import { describe, expect, it, vi } from 'vitest';
import { loadCandles } from '../../test/fixtures';
import { computeSignalColumns, type SignalColumns } from '../signals/columns';
import type { Candles } from '../types';
import { findLevels, findSwings, LEVEL_DEFAULTS, type Level } from './levels';

// Real-candle scans can take seconds on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

const f = (a: number[]) => Float64Array.from(a);

/** Candles from closes with highs/lows ± spread and the given volumes (default 100 each). */
function candlesOf(closes: number[], spread = 0.2, volumes?: number[]): Candles {
  return {
    openTime: f(closes.map((_, i) => i * 3_600_000)),
    open: f(closes.map((c, i) => (i ? closes[i - 1] : c))),
    high: f(closes.map((c) => c + spread)),
    low: f(closes.map((c) => c - spread)),
    close: f(closes),
    volume: f(volumes ?? closes.map(() => 100)),
  };
}

/** Every level of both sides, by price. */
const allLevels = (r: { resistance: Level[]; support: Level[] }) => [...r.support, ...r.resistance].sort((a, b) => a.price - b.price);

describe('findLevels: levels a trader would draw', () => {
  for (const name of ['BTCUSDT-5m', 'SOLUSDT-5m', 'ETHUSDT-1h', 'BNBUSDT-1h']) {
    it(`${name}: supports below and resistances above the close, at most ${LEVEL_DEFAULTS.maxLevels} a side, never closer than 0.5 × ATR14 to each other`, () => {
      const x = computeSignalColumns(loadCandles(name, 3000));
      let checked = 0;
      for (let i = 400; i < x.n; i += 7) {
        const r = findLevels(x, i);
        const tol = LEVEL_DEFAULTS.clusterAtr * x.atr14[i];
        expect(r.resistance.length).toBeLessThanOrEqual(LEVEL_DEFAULTS.maxLevels);
        expect(r.support.length).toBeLessThanOrEqual(LEVEL_DEFAULTS.maxLevels);
        for (const l of r.resistance) expect(l.price).toBeGreaterThan(x.close[i]);
        for (const l of r.support) expect(l.price).toBeLessThan(x.close[i]);
        const all = allLevels(r);
        for (let k = 1; k < all.length; k++) {
          if (all[k].price - all[k - 1].price < tol) expect.fail(`${name} i=${i}: levels ${all[k - 1].price} and ${all[k].price} are ${all[k].price - all[k - 1].price} apart, below 0.5 ATR = ${tol}`);
        }
        checked++;
      }
      expect(checked).toBeGreaterThan(300);
    });
  }

  it('merges a chain of swings that greedy grouping would leave as two levels closer than 0.5 ATR', () => {
    // swing highs at 110.2, 110.7 and 110.9 (ATR14 ≈ 1.26 → tolerance ≈ 0.63): grouped from the
    // lowest price, 110.9 starts a new group whose price lies only ≈ 0.45 from the first group's mean
    const peaks = [110, 110.5, 110.7];
    const closes: number[] = [];
    for (let r = 0; r < 40; r++) for (let k = 0; k < 20; k++) closes.push(100 + (peaks[r % 3] - 100) * Math.sin((Math.PI * k) / 20));
    closes.push(100);
    const x = computeSignalColumns(candlesOf(closes, 0.2));
    const i = x.n - 1;
    const tol = 0.5 * x.atr14[i];
    const r = findLevels(x, i);
    const highs = r.resistance.filter((l) => l.price > 105);
    expect(highs).toHaveLength(1);
    expect(highs[0].price).toBeGreaterThan(110);
    expect(highs[0].price).toBeLessThan(110.9);
    expect(tol).toBeGreaterThan(0.5);
    expect(tol).toBeLessThan(0.7);
  });

  it('keeps the strongest levels per side (touches, volume, age), returned nearest first', () => {
    // a resistance touched often at ~120 and single swing highs nearer the price
    const closes: number[] = [];
    for (let r = 0; r < 10; r++) for (let k = 0; k < 20; k++) closes.push(100 + 20 * Math.sin((Math.PI * k) / 20));
    // single swings at 103, 106, 109, then back down to 100
    for (const top of [103, 106, 109]) for (let k = 0; k <= 20; k++) closes.push(100 + (top - 100) * Math.sin((Math.PI * k) / 20));
    closes.push(100);
    const x = computeSignalColumns(candlesOf(closes, 0.1));
    const i = x.n - 1;
    const one = findLevels(x, i, { maxLevels: 1 });
    expect(one.resistance).toHaveLength(1);
    expect(one.resistance[0].price).toBeGreaterThan(119);
    expect(one.resistance[0].touches).toBeGreaterThanOrEqual(5);
    const all = findLevels(x, i, { maxLevels: 10 });
    const kept = findLevels(x, i);
    const weakestKept = Math.min(...kept.resistance.map((l) => l.strength));
    for (const l of all.resistance) if (!kept.resistance.some((k) => k.price === l.price)) expect(l.strength).toBeLessThanOrEqual(weakestKept);
    for (let k = 1; k < kept.resistance.length; k++) expect(kept.resistance[k].distance_pct).toBeGreaterThanOrEqual(kept.resistance[k - 1].distance_pct);
  });

  it('weighs a swing on heavy volume above the same swing on light volume, and a recent one above an old one', () => {
    const closes: number[] = [];
    for (let r = 0; r < 12; r++) for (let k = 0; k < 20; k++) closes.push(100 + (r % 2 ? 10 : -10) * Math.sin((Math.PI * k) / 20));
    closes.push(100);
    const heavy = closes.map(() => 100);
    const x0 = computeSignalColumns(candlesOf(closes, 0.1, heavy));
    const swings = findSwings(x0, 0, x0.n - 1, 5).filter((s) => s.kind === 'high');
    const vol = closes.map(() => 100);
    for (const s of swings) vol[s.index] = 400;
    const loud = findLevels(computeSignalColumns(candlesOf(closes, 0.1, vol)), x0.n - 1).resistance[0];
    const quiet = findLevels(x0, x0.n - 1).resistance[0];
    expect(loud.price).toBeCloseTo(quiet.price, 6);
    expect(loud.touches).toBe(quiet.touches);
    expect(loud.volume_ratio).toBeGreaterThan(quiet.volume_ratio);
    expect(loud.strength).toBeGreaterThan(quiet.strength);
    expect(quiet.age_candles).toBeGreaterThanOrEqual(5);
  });

  it('reports the age of the newest swing and uses only swings confirmed by i', () => {
    const x: SignalColumns = computeSignalColumns(loadCandles('BTCUSDT-1h', 800));
    const i = x.n - 1;
    for (const l of [...findLevels(x, i).support, ...findLevels(x, i).resistance]) expect(l.age_candles).toBeGreaterThanOrEqual(LEVEL_DEFAULTS.swingBars);
  });
});
