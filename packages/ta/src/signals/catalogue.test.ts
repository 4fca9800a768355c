import { describe, expect, it, vi } from 'vitest';
import { loadCandles } from '../../test/fixtures';
import { SIGNAL_CATALOGUE, SIGNALS_BY_LABEL, detectSignalsAt } from './catalogue';
import { computeSignalColumns, type SignalColumns } from './columns';

// Real-candle oracle runs can take seconds on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

const N = 260;
const L = N - 1;

/** A quiet market: every column constant, nothing fires. */
function base(): SignalColumns {
  const f = (v: number) => new Float64Array(N).fill(v);
  return {
    n: N, openTime: Float64Array.from({ length: N }, (_, i) => i * 3_600_000),
    open: f(100), high: f(100.5), low: f(99.5), close: f(100), volume: f(1000),
    sma20: f(100), sma50: f(100), sma200: f(100), ema12: f(100), ema20: f(100), ema26: f(100), ema50: f(100), ema200: f(100),
    macd: f(0), macdSignal: f(0), macdHist: f(0), rsi14: f(50), stochK: f(50), stochD: f(50), stochRsiK: f(50), stochRsiD: f(50),
    bbUpper: f(102), bbMiddle: f(100), bbLower: f(98), atr14: f(1), obv: f(0), adx14: f(20), cci20: f(0), mfi14: f(50), willr14: f(-50), sar: f(99),
    cdlHammer: f(0), cdlEngulfing: f(0), cdlDoji: f(0), cdlShootingStar: f(0), cdlMorningStar: f(0), cdlEveningStar: f(0),
    volSma20: f(1000),
  };
}

type Mut = (x: SignalColumns) => void;
const candle = (x: SignalColumns, i: number, o: number, h: number, l: number, c: number) => {
  x.open[i] = o; x.high[i] = h; x.low[i] = l; x.close[i] = c;
};
const range = (a: Float64Array, from: number, to: number, v: number) => { for (let k = from; k <= to; k++) a[k] = v; };

/** For each label: a series that fires at L, and a near miss that must not fire. */
const CASES: Record<string, { fire: Mut; miss: Mut }> = {
  golden_cross: { fire: (x) => { x.sma50[L - 1] = 99.9; x.sma50[L] = 100.1; }, miss: (x) => { x.sma50[L - 1] = 99.9; x.sma50[L] = 100; } },
  death_cross: { fire: (x) => { x.sma50[L - 1] = 100.1; x.sma50[L] = 99.9; }, miss: (x) => { x.sma50[L - 1] = 100.1; x.sma50[L] = 100; } },
  ema_golden_cross: { fire: (x) => { x.ema50[L - 1] = 99.9; x.ema50[L] = 100.1; }, miss: (x) => { x.ema50[L - 1] = 100.1; x.ema50[L] = 100.2; } },
  ema_death_cross: { fire: (x) => { x.ema50[L - 1] = 100.1; x.ema50[L] = 99.9; }, miss: (x) => { x.ema50[L - 1] = 99.9; x.ema50[L] = 99.8; } },
  macd_golden_cross: { fire: (x) => { x.macd[L - 1] = -0.1; x.macd[L] = 0.1; }, miss: (x) => { x.macd[L - 1] = -0.1; x.macd[L] = 0; } },
  macd_death_cross: { fire: (x) => { x.macd[L - 1] = 0.1; x.macd[L] = -0.1; }, miss: (x) => { x.macd[L - 1] = 0.1; x.macd[L] = 0; } },
  volume_price_confirmation_bullish: { fire: (x) => { x.close[L] = 101; range(x.volume, L - 4, L, 1200); }, miss: (x) => { x.close[L] = 101; range(x.volume, L - 4, L, 1190); } },
  volume_price_confirmation_bearish: { fire: (x) => { x.close[L] = 99; range(x.volume, L - 4, L, 1200); }, miss: (x) => { x.close[L] = 100; range(x.volume, L - 4, L, 1500); } },
  volume_price_divergence_bearish: { fire: (x) => { x.close[L] = 101; range(x.volume, L - 4, L, 800); }, miss: (x) => { x.close[L] = 101; range(x.volume, L - 4, L, 810); } },
  volume_price_divergence_bullish: { fire: (x) => { x.close[L] = 99; range(x.volume, L - 4, L, 800); }, miss: (x) => { x.close[L] = 99; } },
  volume_breakout: { fire: (x) => { x.close[L] = 101; x.volume[L] = 2000; }, miss: (x) => { x.close[L] = 101; x.volume[L] = 1999; } },
  volume_breakdown: { fire: (x) => { x.close[L] = 99; x.volume[L] = 2000; }, miss: (x) => { x.close[L] = 99.5; x.volume[L] = 5000; } },
  rsi_overbought: { fire: (x) => { x.rsi14[L] = 70.01; }, miss: (x) => { x.rsi14[L] = 70; } },
  rsi_oversold: { fire: (x) => { x.rsi14[L] = 29.99; }, miss: (x) => { x.rsi14[L] = 30; } },
  stoch_overbought: { fire: (x) => { x.stochK[L] = 81; x.stochD[L] = 81; }, miss: (x) => { x.stochK[L] = 81; x.stochD[L] = 80; } },
  stoch_oversold: { fire: (x) => { x.stochK[L] = 19; x.stochD[L] = 19; }, miss: (x) => { x.stochK[L] = 19; x.stochD[L] = 20; } },
  // fires when a run of rises/falls reaches two candles, not again while the run goes on
  macd_histogram_increasing: { fire: (x) => { x.macdHist[L - 1] = 0.1; x.macdHist[L] = 0.2; }, miss: (x) => { x.macdHist[L - 2] = 0.05; x.macdHist[L - 1] = 0.1; x.macdHist[L] = 0.2; } },
  macd_histogram_decreasing: { fire: (x) => { x.macdHist[L - 1] = -0.1; x.macdHist[L] = -0.2; }, miss: (x) => { x.macdHist[L - 2] = -0.05; x.macdHist[L - 1] = -0.1; x.macdHist[L] = -0.2; } },
  bollinger_squeeze: {
    fire: (x) => { x.bbUpper[L] = 101.9; x.bbLower[L] = 98.1; },
    miss: (x) => { x.bbUpper[L] = 101.9; x.bbLower[L] = 98.1; x.bbUpper[L - 50] = 101.8; x.bbLower[L - 50] = 98.2; },
  },
  bollinger_expansion: { fire: (x) => { x.bbUpper[L] = 104; x.bbLower[L] = 96; }, miss: (x) => { x.bbUpper[L] = 102.9; x.bbLower[L] = 97.1; } },
  bollinger_upper_breakout: { fire: (x) => { x.close[L] = 102.5; x.high[L] = 102.6; }, miss: (x) => { x.close[L] = 102; x.high[L] = 102.1; } },
  bollinger_lower_breakdown: { fire: (x) => { x.close[L] = 97.5; x.low[L] = 97.4; }, miss: (x) => { x.close[L] = 98; x.low[L] = 97.9; } },
  bollinger_upper_bounce: { fire: (x) => { x.high[L - 1] = 102; candle(x, L, 100, 100.2, 99.4, 99.5); }, miss: (x) => { x.high[L - 1] = 101.9; candle(x, L, 100, 100.2, 99.4, 99.5); } },
  bollinger_lower_bounce: { fire: (x) => { x.low[L - 1] = 98; candle(x, L, 100, 100.6, 99.8, 100.5); }, miss: (x) => { x.low[L - 1] = 98.1; candle(x, L, 100, 100.6, 99.8, 100.5); } },
  channel_breakout_up: { fire: (x) => { x.close[L] = 101; x.high[L] = 101; }, miss: (x) => { x.close[L] = 101; x.high[L] = 101; x.high[L - 1] = 100.7; x.close[L - 1] = 100.6; } },
  channel_breakout_down: { fire: (x) => { x.close[L] = 99; x.low[L] = 99; }, miss: (x) => { x.close[L] = 99; x.low[L] = 99; x.low[L - 1] = 99.3; x.close[L - 1] = 99.4; } },
  fibonacci_retracement_bounce: {
    fire: (x) => { x.low[L - 80] = 90; x.high[L - 20] = 110; candle(x, L, 99.8, 100.4, 99.9, 100.3); },
    miss: (x) => { x.low[L - 80] = 90; x.high[L - 20] = 110; candle(x, L, 99.8, 100.4, 99.7, 100.3); },
  },
  fibonacci_retracement_rejection: {
    fire: (x) => { x.high[L - 80] = 110; x.low[L - 20] = 90; candle(x, L, 99.9, 100.1, 99.5, 99.6); },
    miss: (x) => { x.high[L - 80] = 110; x.low[L - 20] = 90; candle(x, L, 99.9, 100.3, 99.5, 99.6); },
  },
  hammer: { fire: (x) => { x.cdlHammer[L] = 100; }, miss: (x) => { x.cdlHammer[L - 1] = 100; } },
  bullish_engulfing: { fire: (x) => { x.cdlEngulfing[L] = 80; }, miss: (x) => { x.cdlEngulfing[L] = -80; } },
  bearish_engulfing: { fire: (x) => { x.cdlEngulfing[L] = -100; }, miss: (x) => { x.cdlEngulfing[L] = 100; } },
  doji: { fire: (x) => { x.cdlDoji[L] = 100; }, miss: (x) => { x.cdlDoji[L] = NaN; } },
  shooting_star: { fire: (x) => { x.cdlShootingStar[L] = -100; }, miss: (x) => { x.cdlShootingStar[L - 1] = -100; } },
  morning_star: { fire: (x) => { x.cdlMorningStar[L] = 100; }, miss: (x) => { x.cdlEveningStar[L] = -100; } },
  evening_star: { fire: (x) => { x.cdlEveningStar[L] = -100; }, miss: (x) => { x.cdlMorningStar[L] = 100; } },
  flash_crash: { fire: (x) => { candle(x, L, 100, 100.2, 95, 98); }, miss: (x) => { candle(x, L, 100, 100.2, 96.1, 98); } },
  liquidity_dryup: { fire: (x) => { range(x.volume, L - 2, L, 299); }, miss: (x) => { range(x.volume, L - 2, L, 299); x.volume[L - 1] = 300; } },
  panic_sell: { fire: (x) => { candle(x, L, 100, 100.1, 97.4, 97.5); x.volume[L] = 3000; }, miss: (x) => { candle(x, L, 100, 100.1, 97.4, 97.5); x.volume[L] = 2999; } },
  panic_buy: { fire: (x) => { candle(x, L, 100, 102.6, 99.9, 102.5); x.volume[L] = 3000; }, miss: (x) => { candle(x, L, 100, 102.5, 99.9, 102.4); x.volume[L] = 3000; } },
  high_volatility: { fire: (x) => { x.atr14[L] = 1.6; }, miss: (x) => { x.atr14[L] = 1.4; } },
  volume_spike: { fire: (x) => { x.volume[L] = 3000; }, miss: (x) => { x.volume[L] = 2999; } },
  extreme_uptrend: {
    fire: (x) => { x.adx14[L] = 40; x.close[L] = 101; x.ema20[L] = 100.5; },
    miss: (x) => { x.adx14[L] = 39.9; x.close[L] = 101; x.ema20[L] = 100.5; },
  },
  extreme_downtrend: {
    fire: (x) => { x.adx14[L] = 45; x.close[L] = 99; x.ema20[L] = 99.5; },
    miss: (x) => { x.adx14[L] = 45; x.close[L] = 99.6; x.ema20[L] = 99.5; },
  },
  price_gap_up: { fire: (x) => { candle(x, L, 100.8, 101.2, 100.6, 101); }, miss: (x) => { candle(x, L, 100.8, 101.2, 100.5, 101); } },
  price_gap_down: { fire: (x) => { candle(x, L, 99.2, 99.4, 98.8, 99); }, miss: (x) => { candle(x, L, 99.2, 99.5, 98.8, 99); } },
  oversold: { fire: (x) => { x.rsi14[L] = 25; x.willr14[L] = -85; x.close[L] = 97.5; }, miss: (x) => { x.rsi14[L] = 25; x.willr14[L] = -80; x.close[L] = 97.5; } },
  overbought: { fire: (x) => { x.rsi14[L] = 75; x.willr14[L] = -15; x.close[L] = 102.5; }, miss: (x) => { x.rsi14[L] = 70; x.willr14[L] = -15; x.close[L] = 102.5; } },
  range_breakout_up: { fire: (x) => { x.close[L] = 100.6; }, miss: (x) => { x.high[L - 10] = 104; x.close[L] = 104.5; } },
  range_breakout_down: { fire: (x) => { x.close[L] = 99.4; }, miss: (x) => { x.low[L - 10] = 95.5; x.close[L] = 95; } },
  momentum_exhaustion_top: {
    fire: (x) => { x.close[L] = 101; x.rsi14[L - 10] = 70; x.rsi14[L] = 65; x.macdHist[L - 1] = 0.1; x.macdHist[L] = 0.05; },
    miss: (x) => { x.close[L] = 101; x.rsi14[L - 10] = 70; x.rsi14[L] = 65.1; x.macdHist[L - 1] = 0.1; x.macdHist[L] = 0.05; },
  },
  momentum_exhaustion_bottom: {
    fire: (x) => { x.close[L] = 99; x.rsi14[L - 10] = 30; x.rsi14[L] = 35; x.macdHist[L - 1] = -0.1; x.macdHist[L] = -0.05; },
    miss: (x) => { x.close[L] = 99; x.rsi14[L - 10] = 30; x.rsi14[L] = 34.9; x.macdHist[L - 1] = -0.1; x.macdHist[L] = -0.05; },
  },
  pump: { fire: (x) => { x.close[L] = 104; x.volume[L] = 2000; }, miss: (x) => { x.close[L] = 103.9; x.volume[L] = 2000; } },
  dump: { fire: (x) => { x.close[L] = 96; x.volume[L] = 2000; }, miss: (x) => { x.close[L] = 96.1; x.volume[L] = 2000; } },
};

describe('signal catalogue', () => {
  it('has unique snake_case labels, bilingual texts, a direction and a rule for every entry', () => {
    expect(SIGNAL_CATALOGUE.length).toBeGreaterThanOrEqual(45);
    expect(SIGNALS_BY_LABEL.size).toBe(SIGNAL_CATALOGUE.length);
    for (const s of SIGNAL_CATALOGUE) {
      expect(s.label).toMatch(/^[a-z][a-z0-9_]*$/);
      for (const t of [s.name, s.description]) {
        expect(t.en.length).toBeGreaterThan(2);
        expect(t.zh).toMatch(/[\u4e00-\u9fff]/);
      }
      expect(['bullish', 'bearish', 'neutral']).toContain(s.direction);
      expect(s.rule.length).toBeGreaterThan(5);
    }
  });

  it('has a constructed test case for every detector', () => {
    expect(Object.keys(CASES).sort()).toEqual(SIGNAL_CATALOGUE.map((s) => s.label).sort());
  });

  it('a quiet market fires nothing', () => {
    expect(detectSignalsAt(base(), L).map((s) => s.label)).toEqual([]);
  });

  for (const s of SIGNAL_CATALOGUE) {
    it(`${s.label}: fires on its constructed series, not on the near miss`, () => {
      const c = CASES[s.label];
      const yes = base();
      c.fire(yes);
      expect(s.detect(yes, L)).toBe(true);
      expect(detectSignalsAt(yes, L).map((d) => d.label)).toContain(s.label);
      const no = base();
      c.miss(no);
      expect(s.detect(no, L)).toBe(false);
    });
  }

  it('never fires on undefined inputs and rejects out-of-range indices', () => {
    const c = loadCandles('BTCUSDT-1d', 30);
    const x = computeSignalColumns(c);
    for (let i = 0; i < 14; i++) {
      expect(detectSignalsAt(x, i).filter((s) => s.category !== 'candlestick' && !['price_gap_up', 'price_gap_down'].includes(s.label))).toEqual([]);
    }
    expect(() => detectSignalsAt(x, 30)).toThrow(RangeError);
    expect(() => detectSignalsAt(x, -1)).toThrow(RangeError);
  });

  it('runs on real candles at every index (historical use)', () => {
    const x = computeSignalColumns(loadCandles('ETHUSDT-1h', 3000));
    const counts = new Map<string, number>();
    for (let i = 0; i < x.n; i++) for (const s of detectSignalsAt(x, i)) counts.set(s.label, (counts.get(s.label) ?? 0) + 1);
    // Frequent signals must occur on 3000 real candles; rare ones may not.
    for (const l of ['rsi_overbought', 'rsi_oversold', 'macd_golden_cross', 'macd_death_cross', 'doji', 'bullish_engulfing', 'bollinger_upper_breakout', 'channel_breakout_up', 'volume_spike']) {
      expect(counts.get(l) ?? 0, l).toBeGreaterThan(0);
    }
  });
});
