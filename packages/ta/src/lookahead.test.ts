import { describe, expect, it } from 'vitest';
import { loadCandles } from '../test/fixtures';
import { analyze, analyzeColumns } from './analyze';
import { findLevels } from './levels/levels';
import { SIGNAL_CATALOGUE } from './signals/catalogue';
import { computeSignalColumns, type SignalColumns } from './signals/columns';
import { measureBaseline, measureLevelProbabilities, measureSignalHitRate } from './signals/probability';
import { SIGNAL_HORIZON_CANDLES } from './signals/scoring';
import { sliceCandles, type Candles } from './types';
import type { TaTimeframe } from '@coinlens/contracts/common/timeframe';

/**
 * Lookahead proof (issue #15 item 6): for every indicator column, every catalogue detector, the
 * levels and every measured probability, the output at candle t computed on candles[0..t] equals
 * the output at t computed on the whole series, for seeded random t on real shipped candles of
 * several coins and every analysis timeframe. A failure names the series, t and the part that peeked.
 */

const COINS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'DOGEUSDT'];
const TIMEFRAMES: TaTimeframe[] = ['5m', '1h', '1d'];
/** Candles per series (the newest ones) and random t per series. */
const ROWS = 2000;
const SAMPLES = 10;

/** mulberry32: a small seeded PRNG, so a failing t is reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sample points: a few early ones (inside indicator warm-ups) and the rest uniform. */
function samplePoints(n: number, seed: number): number[] {
  const r = rng(seed);
  const out = new Set<number>([1, 30, 199, 200, n - 1]);
  while (out.size < SAMPLES + 5) out.add(2 + Math.floor(r() * (n - 2)));
  return [...out].filter((t) => t < n).sort((a, b) => a - b);
}

const COLUMN_KEYS = (c: SignalColumns) => Object.keys(c).filter((k) => (c as unknown as Record<string, unknown>)[k] instanceof Float64Array) as (keyof SignalColumns)[];

describe('no detector, level or probability reads a candle after t', () => {
  let seed = 15;
  for (const coin of COINS) {
    for (const tf of TIMEFRAMES) {
      const name = `${coin}-${tf}`;
      const s = seed++;
      it(`${name}: outputs at t on candles[0..t] equal those on the whole series`, () => {
        const full: Candles = loadCandles(name, ROWS);
        const n = full.close.length;
        const whole = computeSignalColumns(full);
        const horizon = SIGNAL_HORIZON_CANDLES[tf];
        for (const t of samplePoints(n, s)) {
          const prefix = sliceCandles(full, 0, t + 1);
          const cut = computeSignalColumns(prefix);
          const at = `${name} t=${t}`;
          for (const k of COLUMN_KEYS(whole)) {
            const a = (cut[k] as Float64Array)[t];
            const b = (whole[k] as Float64Array)[t];
            expect(Object.is(a, b), `${at} column ${String(k)}: ${a} on candles[0..t] vs ${b} on the whole series`).toBe(true);
          }
          for (const d of SIGNAL_CATALOGUE) expect(d.detect(cut, t), `${at} detector ${d.label}`).toBe(d.detect(whole, t));
          expect(findLevels(cut, t), `${at} levels`).toEqual(findLevels(whole, t));
          // measured probabilities on the history up to t (expanding window) only
          expect(measureBaseline(cut, horizon), `${at} baseline`).toEqual(measureBaseline(computeSignalColumns(prefix), horizon));
          // the whole analysis, including hit rates, edges and level probabilities, given the FULL series as history
          const viaPrefix = analyze(prefix.close.length >= 2 ? prefix : full, { timeframe: tf, symbol: coin });
          if (prefix.close.length >= 2) expect(analyzeColumns(whole, whole, t, { timeframe: tf, symbol: coin }), `${at} analysis`).toEqual(viaPrefix);
        }
      });
    }
  }

  it('probabilities measured on a longer history than t only count outcomes closed by t', () => {
    const full = loadCandles('BTCUSDT-1h', ROWS);
    const whole = computeSignalColumns(full);
    const t = 1500;
    const horizon = SIGNAL_HORIZON_CANDLES['1h'];
    const cut = computeSignalColumns(sliceCandles(full, 0, t + 1));
    // the measurement functions take the history they are given: on the whole series they see later outcomes …
    const d = SIGNAL_CATALOGUE.find((x) => x.label === 'macd_histogram_falling') ?? SIGNAL_CATALOGUE[0];
    expect(measureSignalHitRate(whole, d, horizon).n).toBeGreaterThan(measureSignalHitRate(cut, d, horizon).n);
    expect(measureLevelProbabilities(whole, horizon, 1, 1).resistance!.touch.n).toBeGreaterThan(measureLevelProbabilities(cut, horizon, 1, 1).resistance!.touch.n);
    // … which is why analyzeColumns cuts the history at the analysed candle (asserted above).
    const r = analyzeColumns(whole, whole, t, { timeframe: '1h', symbol: 'BTC' });
    expect(r.current.candle_open_time).toBe(full.openTime[t]);
  });
});
