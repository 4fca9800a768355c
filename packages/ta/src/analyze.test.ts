import { describe, expect, it, vi } from 'vitest';
import { loadCandles } from '../test/fixtures';
import { analyze, PRICE_CHANGE_WINDOW, type TaResult } from './analyze';
import { classifyIntensity, classifyTrend } from './classify/classify';
import { findLevels, findSwings } from './levels/levels';
import { SIGNALS_BY_LABEL } from './signals/catalogue';
import { computeSignalColumns } from './signals/columns';
import { MIN_PROBABILITY_SAMPLE, distanceBucket, forwardExtreme, measureSignalHitRate, probabilityWording } from './signals/probability';
import { SIGNAL_HORIZON_CANDLES, scoreSignal } from './signals/scoring';
import { sliceCandles, type Candles } from './types';

// Real-candle oracle runs can take seconds on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

function checkShape(r: TaResult): void {
  expect(['uptrend', 'downtrend', 'sideways', 'reversal']).toContain(r.market.trend);
  expect(['weak', 'medium', 'strong', 'very_strong', 'extremely_strong']).toContain(r.market.intense);
  expect(['neutral', 'inflow', 'outflow']).toContain(r.market.cash_flow);
  expect(['low', 'medium', 'high']).toContain(r.market.volatility);
  expect(['bullish', 'bearish', 'neutral']).toContain(r.market.direction);
  for (const p of [r.touch_probability, r.breakthrough_probability, ...r.market.signals.map((s) => s.hit_rate)]) {
    expect(p.p).toBeGreaterThanOrEqual(0);
    expect(p.p).toBeLessThanOrEqual(1);
    expect(Number.isInteger(p.n)).toBe(true);
    expect(p.wording).toBe(probabilityWording(p.p, p.n));
  }
  for (let k = 1; k < r.resistance.length; k++) expect(r.resistance[k].distance_pct).toBeGreaterThanOrEqual(r.resistance[k - 1].distance_pct);
  for (let k = 1; k < r.support.length; k++) expect(r.support[k].distance_pct).toBeGreaterThanOrEqual(r.support[k - 1].distance_pct);
  for (const l of r.resistance) expect(l.price).toBeGreaterThan(r.last_price);
  for (const l of r.support) expect(l.price).toBeLessThan(r.last_price);
  expect(r.resistance_price).toBe(r.resistance[0]?.price ?? null);
  expect(r.support_price).toBe(r.support[0]?.price ?? null);
  expect(JSON.parse(JSON.stringify(r))).toEqual(r); // plain JSON: no NaN, no typed arrays
}

describe('analyze on real candles', () => {
  for (const [name, tf] of [['BTCUSDT-1h', '1h'], ['ETHUSDT-5m', '5m'], ['DOGEUSDT-1d', '1d'], ['SOLUSDT-1h', '1h']] as const) {
    it(`${name}: shape, classes, levels and measured probabilities`, () => {
      const c = loadCandles(name, 1000);
      const r = analyze(c, { timeframe: tf, symbol: name.replace('USDT', '').split('-')[0] });
      checkShape(r);
      expect(r.current).toEqual({ timeframe: tf, candle_open_time: c.openTime[999], candles_used: 1000 });
      expect(r.last_price).toBe(c.close[999]);
      const w = PRICE_CHANGE_WINDOW[tf];
      expect(r.price_change_window_candles).toBe(w);
      expect(r.price_change_percent).toBeCloseTo(((c.close[999] - c.close[999 - w]) / c.close[999 - w]) * 100, 10);
      expect(r.horizon_candles).toBe(SIGNAL_HORIZON_CANDLES[tf]);
      expect(r.indicators.rsi_14).not.toBeNull();
      expect(r.resistance.length + r.support.length).toBeGreaterThan(0);
      expect(r.touch_probability.n).toBeGreaterThan(0);
      // breakthrough requires a close beyond the level, so it can never be more frequent than a touch
      for (const side of [r.probabilities.resistance, r.probabilities.support]) {
        if (side) expect(side.breakthrough.p).toBeLessThanOrEqual(side.touch.p);
      }
    });
  }

  it('is deterministic and analyses historical points via slices', () => {
    const c = loadCandles('BTCUSDT-1h', 1500);
    expect(analyze(c, { timeframe: '1h', symbol: 'BTC' })).toEqual(analyze(c, { timeframe: '1h', symbol: 'BTC' }));
    const past = sliceCandles(c, 0, 1200);
    const r = analyze(past, { timeframe: '1h', symbol: 'BTC', history: past });
    expect(r.current.candle_open_time).toBe(c.openTime[1199]);
  });

  it('reports every fired signal with a hit rate measured in the same history', () => {
    const c = loadCandles('ETHUSDT-1h', 3000);
    const x = computeSignalColumns(c);
    // find a candle with at least one signal and analyse up to it
    let i = 2999;
    while (i > 1000 && SIGNALS_BY_LABEL.size && !['rsi_oversold', 'rsi_overbought', 'macd_golden_cross', 'macd_death_cross'].some((l) => SIGNALS_BY_LABEL.get(l)!.detect(x, i))) i--;
    const part = sliceCandles(c, 0, i + 1);
    const r = analyze(part, { timeframe: '1h', symbol: 'ETH' });
    expect(r.market.signals.length).toBeGreaterThan(0);
    const px = computeSignalColumns(part);
    for (const s of r.market.signals) {
      const def = SIGNALS_BY_LABEL.get(s.label)!;
      expect(s.hit_rate).toEqual(measureSignalHitRate(px, def, 168));
      // recount by hand
      let n = 0;
      let hits = 0;
      for (let j = 0; j + 168 < px.n; j++) {
        if (def.detect(px, j)) {
          n++;
          if (scoreSignal(def.direction, px.close[j], px.close[j + 168]).hit) hits++;
        }
      }
      expect(s.hit_rate.n).toBe(n);
      expect(s.hit_rate.p).toBe(n ? hits / n : 0);
    }
  });

  it('handles short inputs without throwing, and rejects empty ones', () => {
    const c = loadCandles('BTCUSDT-1d', 40);
    const r = analyze(c, { timeframe: '1d', symbol: 'BTC' });
    checkShape(r);
    expect(r.indicators.sma_200).toBeNull();
    const two = sliceCandles(c, 0, 2);
    checkShape(analyze(two, { timeframe: '1d', symbol: 'BTC' }));
    expect(() => analyze(sliceCandles(c, 0, 1), { timeframe: '1d', symbol: 'BTC' })).toThrow(RangeError);
  });
});

describe('probability helpers', () => {
  it('words probabilities by documented thresholds, uncertain below the minimum sample', () => {
    expect(probabilityWording(0.95, MIN_PROBABILITY_SAMPLE - 1)).toBe('uncertain');
    expect(probabilityWording(0.1, 100)).toBe('very_unlikely');
    expect(probabilityWording(0.3, 100)).toBe('unlikely');
    expect(probabilityWording(0.5, 100)).toBe('uncertain');
    expect(probabilityWording(0.7, 100)).toBe('likely');
    expect(probabilityWording(0.81, 100)).toBe('very_likely');
  });
  it('buckets distances in ATR units', () => {
    expect([0, 0.49, 0.5, 0.99, 1, 2.5, 4, 7].map(distanceBucket)).toEqual([0, 0, 1, 1, 2, 3, 4, 5]);
  });
  it('forwardExtreme equals a brute-force window max/min', () => {
    const src = Float64Array.from({ length: 200 }, (_, i) => Math.sin(i * 0.37) * 10 + (i % 7));
    for (const h of [1, 5, 24]) {
      const mx = forwardExtreme(src, h, true);
      const mn = forwardExtreme(src, h, false);
      for (let j = 0; j < 200; j++) {
        if (j + h >= 200) {
          expect(mx[j]).toBeNaN();
          continue;
        }
        expect(mx[j]).toBe(Math.max(...src.slice(j + 1, j + h + 1)));
        expect(mn[j]).toBe(Math.min(...src.slice(j + 1, j + h + 1)));
      }
    }
  });
});

function synthetic(closes: number[], spread = 0.5): Candles {
  const f = (a: number[]) => Float64Array.from(a);
  return {
    openTime: f(closes.map((_, i) => i * 3_600_000)),
    open: f(closes.map((c, i) => (i ? closes[i - 1] : c))),
    high: f(closes.map((c, i) => Math.max(c, i ? closes[i - 1] : c) + spread)),
    low: f(closes.map((c, i) => Math.min(c, i ? closes[i - 1] : c) - spread)),
    close: f(closes),
    volume: f(closes.map(() => 100)),
  };
}

describe('levels and classes on constructed series', () => {
  it('finds a resistance at repeated swing highs and a support at repeated swing lows', () => {
    // oscillate between 90 and 110 with period 20
    const closes = Array.from({ length: 400 }, (_, i) => 100 + 10 * Math.sin((2 * Math.PI * i) / 20));
    closes.push(100);
    const x = computeSignalColumns(synthetic(closes));
    const i = x.n - 1;
    const swings = findSwings(x, 0, i, 5);
    expect(swings.filter((s) => s.kind === 'high').length).toBeGreaterThan(10);
    const { resistance, support } = findLevels(x, i);
    expect(resistance[0].price).toBeGreaterThan(109);
    expect(resistance[0].price).toBeLessThan(111);
    expect(resistance[0].touches).toBeGreaterThan(5);
    expect(support[0].price).toBeGreaterThan(89);
    expect(support[0].price).toBeLessThan(91);
    // equal volumes: each swing weighs its recency factor (1 at i, 0.5 at the far end of the window)
    expect(resistance[0].strength).toBeGreaterThan(1 - 0.5 ** (resistance[0].touches / 2));
    expect(resistance[0].strength).toBeLessThan(1 - 0.5 ** resistance[0].touches + 1e-12);
  });

  it('classifies a steady climb as a strong uptrend and a steady fall as a downtrend', () => {
    const up = computeSignalColumns(synthetic(Array.from({ length: 300 }, (_, i) => 100 + i + (i % 3 === 0 ? -0.4 : 0))));
    expect(classifyTrend(up, 299).trend).toBe('uptrend');
    expect(['strong', 'very_strong', 'extremely_strong']).toContain(classifyIntensity(up, 299));
    const down = computeSignalColumns(synthetic(Array.from({ length: 300 }, (_, i) => 400 - i + (i % 3 === 0 ? 0.4 : 0))));
    expect(classifyTrend(down, 299).trend).toBe('downtrend');
    const r = analyze(synthetic(Array.from({ length: 300 }, (_, i) => 400 - i)), { timeframe: '1h', symbol: 'X' });
    expect(r.market.direction).toBe('bearish');
    expect(r.probability_target === 'support' || r.support.length === 0).toBe(true);
  });

  it('states level probabilities only beyond the typical move of the horizon, and reports the votes behind the direction', () => {
    const c = loadCandles('BTCUSDT-5m', 3000);
    let noisy = 0;
    let stated = 0;
    for (let end = 1200; end <= 3000; end += 150) {
      const r = analyze(sliceCandles(c, 0, end), { timeframe: '5m', symbol: 'BTC' });
      expect(r.typical_move!.n).toBeGreaterThan(0);
      for (const side of ['resistance', 'support'] as const) {
        const level = r[side][0];
        const p = r.probabilities[side];
        if (!level || !p) continue;
        expect(p.within_noise).toBe(level.distance_pct < r.typical_move!.pct);
        if (p.within_noise) noisy++;
        else stated++;
      }
      if (r.probability_target) expect(r.probability_within_noise).toBe(r.probabilities[r.probability_target]!.within_noise);
      const v = r.market.verdict!;
      expect(v.bullish).toBe(r.market.signals.filter((s) => s.direction === 'bullish').length);
      expect(v.bearish).toBe(r.market.signals.filter((s) => s.direction === 'bearish').length);
      expect(Math.sign(v.bullish - v.bearish + v.trend_vote)).toBe(r.market.direction === 'bullish' ? 1 : r.market.direction === 'bearish' ? -1 : 0);
      if (v.bullish > 0 && v.bearish > 0) expect(v.conflicting).toBe(true);
    }
    // a day of 5m candles moves more than most nearby levels lie away: most are within the noise
    expect(noisy).toBeGreaterThan(0);
    expect(noisy + stated).toBeGreaterThan(10);
  });

  it('classifies a flat market as sideways, weak, neutral cash flow', () => {
    const r = analyze(synthetic(Array.from({ length: 300 }, (_, i) => 100 + (i % 2 ? 0.1 : -0.1))), { timeframe: '1d', symbol: 'FLAT' });
    expect(r.market.trend).toBe('sideways');
    expect(r.market.cash_flow).toBe('neutral');
  });
});
