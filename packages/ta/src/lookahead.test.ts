import { describe, expect, it } from 'vitest';
import { loadCandles } from '../test/fixtures';
import { analyze, analyzeColumns } from './analyze';
import { findLevels, findSwings, LEVEL_DEFAULTS } from './levels/levels';
import { SIGNAL_CATALOGUE, SIGNALS_BY_LABEL, type SignalDefinition } from './signals/catalogue';
import { computeSignalColumns, sliceSignalColumns, type SignalColumns } from './signals/columns';
import { distanceBucket, measureBaseline, measureLevelProbabilities, measureSignalHitRate } from './signals/probability';
import { SIGNAL_HORIZON_CANDLES } from './signals/scoring';
import { sliceCandles, type Candles } from './types';
import type { TaTimeframe } from '@coinlens/contracts/common/timeframe';
import { mulberry32 } from './random';

/**
 * Lookahead proof on real shipped Binance candles: BTC, ETH, SOL and DOGE, every candle of their
 * whole shipped 5m, 1h and 1d series.
 *
 * - Detectors: at every candle t, every catalogue detector run on the columns of candles[0..t]
 *   (`sliceSignalColumns`, the engine's prefix view: reading past t yields undefined) gives the
 *   same answer as on the whole series. Every detector must fire at least MIN_FIRES times in the
 *   tested data, so the comparison is not vacuous.
 * - Mutation check: each detector wrapped to read candle t+1 must make that proof report a
 *   violation — the proof demonstrably catches one-candle lookahead in every detector.
 * - Indicator columns: recomputed from scratch on candles[0..t] at cut points (warm-up indices and
 *   seeded random t); every value at every index ≤ t must equal the whole-series value.
 * - Levels: at every candle t of the 1d series (every 4th / 16th t of 1h / 5m), support/resistance on candles[0..t] equal those on the whole series,
 *   and the swings they are built from are exactly the swings confirmed by t (swing j confirmed at
 *   j + swingBars).
 * - Probabilities: level probabilities equal a reference count that uses, at each historical
 *   candle, only the swings confirmed by then; the whole analysis (hit rates, baselines, edges,
 *   level probabilities) at seeded t on candles[0..t] equals the analysis at t given the whole series.
 */

const COINS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'DOGEUSDT'];
const TIMEFRAMES: TaTimeframe[] = ['1d', '1h', '5m'];
/** Fewest times each detector must fire in the tested data. */
const MIN_FIRES = 20;
/** Random column cut points per series, by timeframe (a recompute costs O(t)). */
const COLUMN_CUTS: Record<TaTimeframe, number> = { '1d': 24, '1h': 6, '5m': 3 };
/** Indices inside indicator warm-ups, always cut at. */
const WARMUP_CUTS = [0, 1, 2, 3, 13, 14, 15, 19, 20, 25, 26, 33, 34, 49, 50, 119, 120, 199, 200, 201];
/**
 * Stride of the level and swing check by timeframe: 1 = every candle t. findLevels scans 300
 * candles per t, so the long intraday series are checked at every 4th / 16th t.
 */
const LEVEL_STRIDE: Record<TaTimeframe, number> = { '1d': 1, '1h': 4, '5m': 16 };
/** Seeded t per series for the whole-analysis comparison. */
const ANALYSIS_SAMPLES: Record<TaTimeframe, number> = { '1d': 6, '1h': 3, '5m': 2 };


/** `count` distinct seeded indices in [lo, hi), sorted. */
function seededPoints(lo: number, hi: number, count: number, seed: number): number[] {
  const r = mulberry32(seed);
  const out = new Set<number>();
  while (out.size < Math.min(count, hi - lo)) out.add(lo + Math.floor(r() * (hi - lo)));
  return [...out].sort((a, b) => a - b);
}

/** A catalogue entry by label; throws when the label does not exist (never falls back). */
function detectorNamed(label: string): SignalDefinition {
  const d = SIGNALS_BY_LABEL.get(label);
  if (!d) throw new Error(`no catalogue detector labelled ${label}`);
  return d;
}

interface Series {
  name: string;
  tf: TaTimeframe;
  candles: Candles;
  whole: SignalColumns;
}

const cache = new Map<string, Series>();
function series(coin: string, tf: TaTimeframe): Series {
  const name = `${coin}-${tf}`;
  let s = cache.get(name);
  if (!s) {
    const candles = loadCandles(name);
    s = { name, tf, candles, whole: computeSignalColumns(candles) };
    cache.set(name, s);
  }
  return s;
}
const ALL = () => TIMEFRAMES.flatMap((tf) => COINS.map((c) => series(c, tf)));

const columnKeys = (c: SignalColumns) => Object.keys(c).filter((k) => (c as unknown as Record<string, unknown>)[k] instanceof Float64Array);

/** One place where an output at t differs between candles[0..t] and the whole series. */
interface Violation {
  series: string;
  label: string;
  t: number;
  prefix: unknown;
  whole: unknown;
}

/**
 * The detector proof: for every t of `s`, each of `defs` on the columns of candles[0..t] against
 * the same detector at t on the whole series. Adds whole-series fire counts to `fires`. With
 * `firstPerDetector`, a detector stops being checked after its first violation.
 */
function detectorViolations(s: Series, defs: readonly SignalDefinition[], fires?: Map<string, number>, firstPerDetector = false): Violation[] {
  const out: Violation[] = [];
  const done = new Set<string>();
  for (let t = 0; t < s.whole.n; t++) {
    const prefix = sliceSignalColumns(s.whole, t + 1);
    for (const d of defs) {
      if (firstPerDetector && done.has(d.label)) continue;
      const w = d.detect(s.whole, t);
      const p = d.detect(prefix, t);
      if (w && fires) fires.set(d.label, (fires.get(d.label) ?? 0) + 1);
      if (w !== p) {
        out.push({ series: s.name, label: d.label, t, prefix: p, whole: w });
        done.add(d.label);
      }
    }
    if (firstPerDetector && done.size === defs.length) break;
  }
  return out;
}

/** Columns shifted one candle into the future: index i holds what the input holds at i + 1. */
function shiftOneCandle(x: SignalColumns): SignalColumns {
  const out: Record<string, unknown> = { n: Math.max(0, x.n - 1) };
  for (const [k, v] of Object.entries(x)) if (v instanceof Float64Array) out[k] = v.subarray(1);
  return out as unknown as SignalColumns;
}

/** A detector mutated to read candle t+1 (its whole input shifted by one candle). */
function readingNextCandle(d: SignalDefinition): SignalDefinition {
  return { ...d, detect: (x, i) => d.detect(shiftOneCandle(x), i) };
}

const describeViolations = (v: Violation[]) => v.slice(0, 10).map((x) => `${x.series} t=${x.t} ${x.label}: ${String(x.prefix)} on candles[0..t] vs ${String(x.whole)} on the whole series`).join('\n');

describe('no detector, level or probability reads a candle after t', () => {
  const fires = new Map<string, number>();
  let candlesChecked = 0;

  for (const tf of TIMEFRAMES) {
    for (const coin of COINS) {
      it(`${coin}-${tf}: every detector at every candle t gives the same answer on candles[0..t] as on the whole series`, () => {
        const s = series(coin, tf);
        const v = detectorViolations(s, SIGNAL_CATALOGUE, fires);
        candlesChecked += s.whole.n;
        expect(v, describeViolations(v)).toEqual([]);
      }, 120_000);
    }
  }

  it(`every detector fired at least ${MIN_FIRES} times in the tested candles (so the proof is not vacuous)`, () => {
    expect(candlesChecked, 'the per-series detector proofs ran first').toBe(ALL().reduce((a, s) => a + s.whole.n, 0));
    const rare = SIGNAL_CATALOGUE.filter((d) => (fires.get(d.label) ?? 0) < MIN_FIRES).map((d) => `${d.label} (${fires.get(d.label) ?? 0})`);
    expect(rare, `detectors that fired fewer than ${MIN_FIRES} times: ${rare.join(', ')}`).toEqual([]);
    const sorted = [...fires.entries()].sort((a, b) => a[1] - b[1]);
    console.info(`lookahead proof: ${candlesChecked} candles in ${ALL().length} series; rarest detectors: ${sorted.slice(0, 8).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  });

  it('mutation check: every detector made to read candle t+1 is caught by the proof', () => {
    const caught = new Set<string>();
    for (const s of ALL()) {
      const rest = SIGNAL_CATALOGUE.filter((d) => !caught.has(d.label)).map(readingNextCandle);
      if (!rest.length) break;
      for (const v of detectorViolations(s, rest, undefined, true)) caught.add(v.label);
    }
    const missed = SIGNAL_CATALOGUE.filter((d) => !caught.has(d.label)).map((d) => d.label);
    expect(missed, `one-candle lookahead not caught in: ${missed.join(', ')}`).toEqual([]);
    console.info(`lookahead mutation check: ${caught.size}/${SIGNAL_CATALOGUE.length} detectors reading candle t+1 caught`);
  }, 120_000);

  it('the mutation wrapper really reads the next candle', () => {
    const s = series('BTCUSDT', '1d');
    const d = detectorNamed('price_gap_up');
    const m = readingNextCandle(d);
    for (let t = 0; t + 1 < s.whole.n; t++) expect(m.detect(s.whole, t)).toBe(d.detect(s.whole, t + 1));
  });

  it('a label missing from the catalogue throws instead of falling back', () => {
    expect(() => detectorNamed('macd_histogram_falling')).toThrow(/no catalogue detector/);
    expect(detectorNamed('macd_histogram_decreasing').label).toBe('macd_histogram_decreasing');
  });

  let seed = 15;
  for (const tf of TIMEFRAMES) {
    for (const coin of COINS) {
      const s0 = seed++;
      it(`${coin}-${tf}: indicator columns recomputed on candles[0..t] equal the whole series at every index ≤ t`, () => {
        const s = series(coin, tf);
        const n = s.whole.n;
        const keys = columnKeys(s.whole);
        const cuts = [...new Set([...WARMUP_CUTS.filter((t) => t < n), ...seededPoints(202, n, COLUMN_CUTS[tf], s0), n - 1])];
        for (const t of cuts) {
          const cut = computeSignalColumns(sliceCandles(s.candles, 0, t + 1));
          for (const k of keys) {
            const a = (cut as unknown as Record<string, Float64Array>)[k];
            const b = (s.whole as unknown as Record<string, Float64Array>)[k];
            for (let j = 0; j <= t; j++) {
              if (!Object.is(a[j], b[j])) expect.fail(`${s.name} cut t=${t} column ${k}[${j}]: ${a[j]} on candles[0..t] vs ${b[j]} on the whole series`);
            }
          }
          // detectors on the freshly computed prefix too (not only on the prefix view)
          for (const d of SIGNAL_CATALOGUE) expect(d.detect(cut, t), `${s.name} t=${t} detector ${d.label} on recomputed columns`).toBe(d.detect(s.whole, t));
        }
      }, 120_000);

      it(`${coin}-${tf}: levels at ${LEVEL_STRIDE[tf] === 1 ? 'every candle t' : `every ${LEVEL_STRIDE[tf]}th candle t`} use only swings confirmed by t and equal those on candles[0..t]`, () => {
        const s = series(coin, tf);
        const { lookback, swingBars: k } = LEVEL_DEFAULTS;
        const all = findSwings(s.whole, 0, s.whole.n - 1, k);
        // swings by confirmation time: a swing at j needs the k candles after it, so it is known at j + k
        let lo = 0;
        let hi = 0;
        for (let t = 0; t < s.whole.n; t += LEVEL_STRIDE[tf]) {
          const from = Math.max(0, t - lookback + 1);
          while (hi < all.length && all[hi].index + k <= t) hi++;
          while (lo < hi && all[lo].index < from) lo++;
          const used = findSwings(s.whole, from, t, k);
          const confirmed = all.slice(lo, hi).filter((w) => w.index >= from);
          if (used.length !== confirmed.length || used.some((w, q) => w.index !== confirmed[q].index || w.kind !== confirmed[q].kind)) {
            expect.fail(`${s.name} t=${t}: swings used ${JSON.stringify(used.map((w) => w.index))} vs confirmed by t ${JSON.stringify(confirmed.map((w) => w.index))}`);
          }
          const a = findLevels(sliceSignalColumns(s.whole, t + 1), t);
          const b = findLevels(s.whole, t);
          if (JSON.stringify(a) !== JSON.stringify(b)) expect.fail(`${s.name} t=${t} levels: ${JSON.stringify(a)} on candles[0..t] vs ${JSON.stringify(b)}`);
        }
      }, 120_000);

      it(`${coin}-${tf}: the whole analysis at seeded t on candles[0..t] equals the analysis at t given the whole series`, () => {
        const s = series(coin, tf);
        for (const t of seededPoints(2, s.whole.n, ANALYSIS_SAMPLES[tf], s0 * 7)) {
          const viaPrefix = analyze(sliceCandles(s.candles, 0, t + 1), { timeframe: tf, symbol: coin });
          expect(analyzeColumns(s.whole, s.whole, t, { timeframe: tf, symbol: coin }), `${s.name} t=${t} analysis`).toEqual(viaPrefix);
        }
      }, 120_000);
    }
  }

  it('level probabilities count, at each past candle, only the swings confirmed by then', () => {
    const s = series('ETHUSDT', '1d');
    const horizon = SIGNAL_HORIZON_CANDLES['1d'];
    const { lookback, swingBars: k } = LEVEL_DEFAULTS;
    const all = findSwings(s.whole, 0, s.whole.n - 1, k);
    for (const t of seededPoints(400, s.whole.n, 5, 99)) {
      const h = sliceSignalColumns(s.whole, t + 1);
      for (const [rAtr, sAtr] of [[0.7, 1.5], [2.5, 0.2], [6, 4]] as const) {
        // reference: the nearest swing above / below close[j] among swings in the lookback whose confirmation time index + k ≤ j
        let rn = 0, rTouch = 0, rBreak = 0, sn = 0, sTouch = 0, sBreak = 0;
        for (let j = 0; j + horizon <= t; j++) {
          const atr = s.whole.atr14[j];
          if (!(atr > 0)) continue;
          const c = s.whole.close[j];
          let above = Infinity;
          let below = -Infinity;
          for (const w of all) if (w.index >= j - lookback + 1 && w.index + k <= j) {
            if (w.price > c && w.price < above) above = w.price;
            if (w.price < c && w.price > below) below = w.price;
          }
          let maxHigh = -Infinity, maxClose = -Infinity, minLow = Infinity, minClose = Infinity;
          for (let q = j + 1; q <= j + horizon; q++) {
            maxHigh = Math.max(maxHigh, s.whole.high[q]); maxClose = Math.max(maxClose, s.whole.close[q]);
            minLow = Math.min(minLow, s.whole.low[q]); minClose = Math.min(minClose, s.whole.close[q]);
          }
          if (above !== Infinity && distanceBucket((above - c) / atr) === distanceBucket(rAtr)) {
            rn++; if (maxHigh >= above) rTouch++; if (maxClose > above) rBreak++;
          }
          if (below !== -Infinity && distanceBucket((c - below) / atr) === distanceBucket(sAtr)) {
            sn++; if (minLow <= below) sTouch++; if (minClose < below) sBreak++;
          }
        }
        const got = measureLevelProbabilities(h, horizon, rAtr, sAtr);
        const at = `${s.name} t=${t} distances ${rAtr}/${sAtr} ATR`;
        expect([got.resistance!.touch.n, Math.round(got.resistance!.touch.p * rn), Math.round(got.resistance!.breakthrough.p * rn)], `${at} resistance`).toEqual([rn, rTouch, rBreak]);
        expect([got.support!.touch.n, Math.round(got.support!.touch.p * sn), Math.round(got.support!.breakthrough.p * sn)], `${at} support`).toEqual([sn, sTouch, sBreak]);
      }
    }
  });

  it('hit rates and baselines measured on candles[0..t] count only outcomes closed by t', () => {
    const s = series('BTCUSDT', '1h');
    const horizon = SIGNAL_HORIZON_CANDLES['1h'];
    const t = 15_000;
    const cut = sliceSignalColumns(s.whole, t + 1);
    // independent count of the baseline: pairs (j, j + horizon) with j + horizon ≤ t
    let n = 0, up = 0, down = 0;
    for (let j = 0; j + horizon <= t; j++) {
      n++;
      if (s.whole.close[j + horizon] > s.whole.close[j]) up++;
      else if (s.whole.close[j + horizon] < s.whole.close[j]) down++;
    }
    const b = measureBaseline(cut, horizon);
    expect([b.n, b.up, b.down]).toEqual([n, up, down]);
    // the measurement functions take the history they are given: on the whole series they see later outcomes …
    const d = detectorNamed('macd_histogram_decreasing');
    let hn = 0;
    for (let j = 0; j + horizon <= t; j++) if (d.detect(s.whole, j)) hn++;
    expect(measureSignalHitRate(cut, d, horizon).n).toBe(hn);
    expect(measureSignalHitRate(s.whole, d, horizon).n).toBeGreaterThan(hn);
    expect(measureLevelProbabilities(s.whole, horizon, 1, 1).resistance!.touch.n).toBeGreaterThan(measureLevelProbabilities(cut, horizon, 1, 1).resistance!.touch.n);
    // … which is why analyzeColumns cuts the history at the analysed candle (asserted per series above).
    expect(analyzeColumns(s.whole, s.whole, t, { timeframe: '1h', symbol: 'BTC' }).current.candle_open_time).toBe(s.candles.openTime[t]);
  });
});
