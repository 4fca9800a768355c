import { describe, expect, it } from 'vitest';
import { loadCandles } from '../../test/fixtures';
import { holmAdjust } from '@coinlens/contracts/signals/edge-stats';
import { bootstrapMeanReturn, liquidationPrice, runBacktest, simulateTrades, tradeReturn, tradeStats, type BacktestCandles } from './backtest';
import { computeSignalColumns, type SignalColumns } from './columns';

const H = 3_600_000;

/** Candles from [open, high, low, close] rows, ATR 1 everywhere, one hour apart. */
function candles(rows: [number, number, number, number][]): BacktestCandles {
  const col = (k: number) => Float64Array.from(rows, (r) => r[k]);
  return { openTime: Float64Array.from(rows, (_, i) => i * H), open: col(0), high: col(1), low: col(2), close: col(3), atr14: new Float64Array(rows.length).fill(1) };
}

describe('backtest: trades', () => {
  // index:        0                  1                  2                  3                  4                  5
  const x = candles([[100, 101, 99, 100], [102, 103, 101, 102], [102, 106, 101, 105], [105, 111, 104, 110], [110, 111, 95, 96], [96, 97, 90, 92]]);

  it('enters at the next open after the signal candle, exits at the close of signal + horizon, fees on both sides', () => {
    const { trades, skipped } = simulateTrades(x, [0], 'bullish', { horizon: 2, feePct: 0.1, stop: { kind: 'none' }, last: 5 });
    expect(skipped).toBe(0);
    expect(trades).toHaveLength(1);
    const t = trades[0];
    // the signal candle 0 closed at 100; the trade enters at candle 1's open (102), never at 100
    expect(t.entry_time).toBe(1 * H);
    expect(t.entry_price).toBe(102);
    expect(t.exit_time).toBe(2 * H);
    expect(t.exit_price).toBe(105);
    // (105·0.999 − 102·1.001) / 102 = (104.895 − 102.102) / 102 = 2.7382… %
    expect(t.return_pct).toBeCloseTo(((104.895 - 102.102) / 102) * 100, 10);
  });

  it('short: (entry·(1−f) − exit·(1+f)) / entry', () => {
    const { trades } = simulateTrades(x, [3], 'bearish', { horizon: 2, feePct: 0.1, stop: { kind: 'none' }, last: 5 });
    // enters at candle 4's open 110, exits at candle 5's close 92: (110·0.999 − 92·1.001) / 110
    expect(trades[0].return_pct).toBeCloseTo(((109.89 - 92.092) / 110) * 100, 10);
    expect(tradeReturn('bearish', 110, 92, 0)).toBeCloseTo(18 / 110, 12);
  });

  it('one position at a time: a signal while a trade is open is skipped, as is one whose horizon runs past the period', () => {
    const { trades, skipped } = simulateTrades(x, [0, 1, 2, 4], 'bullish', { horizon: 2, feePct: 0, stop: { kind: 'none' }, last: 5 });
    // 0 → held 1..2; 1 skipped (open, exit candle 2 ≥ 1); 2 → held 3..4 (2 is the exit candle of the first trade: still busy) → skipped
    expect(trades.map((t) => t.signal_time / H)).toEqual([0]);
    expect(skipped).toBe(3);
    const later = simulateTrades(x, [0, 3], 'bullish', { horizon: 2, feePct: 0, stop: { kind: 'none' }, last: 5 });
    expect(later.trades.map((t) => [t.entry_price, t.exit_price])).toEqual([[102, 105], [110, 92]]);
  });

  it('percent stop exits at the stop price; a gap through the stop exits at the open', () => {
    // long from candle 4's open (110), stop 5 % = 104.5; candle 4's low 95 reaches it → exit 104.5 on candle 4
    const a = simulateTrades(x, [3], 'bullish', { horizon: 2, feePct: 0, stop: { kind: 'pct', pct: 5 }, last: 5 });
    expect(a.trades[0]).toMatchObject({ exit_reason: 'stop', exit_price: 104.5, exit_time: 4 * H });
    expect(a.trades[0].return_pct).toBeCloseTo(-5, 10);
    // long from candle 3's open (105), stop 1.5 × ATR(1) = 103.5: candle 3 low 104 holds, candle 4 opens 110, low 95 → 103.5;
    const b = simulateTrades(x, [2], 'bullish', { horizon: 3, feePct: 0, stop: { kind: 'atr', multiple: 1.5 }, last: 5 });
    expect(b.trades[0]).toMatchObject({ exit_reason: 'stop', exit_price: 103.5, exit_time: 4 * H });
    // short from candle 1's open (102), stop 2 % = 104.04; candle 2 high 106 ≥ stop, opened at 102 < stop → 104.04;
    // a short from candle 4's open 110 with a 1 % stop (111.1) is not hit (highs 111, 97)
    const c = simulateTrades(x, [0], 'bearish', { horizon: 3, feePct: 0, stop: { kind: 'pct', pct: 2 }, last: 5 });
    expect(c.trades[0]).toMatchObject({ exit_reason: 'stop', exit_price: 104.04, exit_time: 2 * H });
    // gap: candle 2 opens at 90, below the 98 stop of a long from 100 → exits at 90, not 98
    const g = candles([[100, 100, 100, 100], [100, 101, 99.5, 100], [90, 91, 89, 90], [90, 90, 90, 90]]);
    const d = simulateTrades(g, [0], 'bullish', { horizon: 3, feePct: 0, stop: { kind: 'pct', pct: 2 }, last: 3 });
    expect(d.trades[0]).toMatchObject({ exit_reason: 'stop', exit_price: 90, exit_time: 2 * H });
  });

  it('a short loses at most its stake: liquidated where its return after fees is −100 %, also through a gap', () => {
    // short from candle 1's open 100; the price triples within the horizon
    const y = candles([[100, 100, 100, 100], [100, 120, 99, 118], [118, 190, 117, 185], [185, 320, 180, 300], [300, 310, 290, 305]]);
    const liq = liquidationPrice(100, 0.1);
    expect(tradeReturn('bearish', 100, liq, 0.1)).toBeCloseTo(-1, 12);
    const a = simulateTrades(y, [0], 'bearish', { horizon: 4, feePct: 0.1, stop: { kind: 'none' }, last: 4 });
    // candle 2's high 190 < 199.70…; candle 3's high 320 reaches it → exit there at −100 %, not at close[4] = 305 (−206 %)
    expect(liq).toBeCloseTo((100 * 1.999) / 1.001, 10);
    expect(a.trades[0]).toMatchObject({ exit_reason: 'liquidation', exit_time: 3 * H, exit_price: liq });
    expect(a.trades[0].return_pct).toBeCloseTo(-100, 10);
    // a gap beyond the liquidation price (candle 2 opens at 250) still loses exactly the stake
    const g = candles([[100, 100, 100, 100], [100, 105, 99, 104], [250, 260, 240, 255], [255, 256, 250, 250]]);
    const b = simulateTrades(g, [0], 'bearish', { horizon: 3, feePct: 0.1, stop: { kind: 'none' }, last: 3 });
    expect(b.trades[0]).toMatchObject({ exit_reason: 'liquidation', exit_time: 2 * H });
    expect(b.trades[0].return_pct).toBe(-100);
    // a stop below the liquidation price comes first; a stop above it never gets the chance
    const c = simulateTrades(y, [0], 'bearish', { horizon: 4, feePct: 0.1, stop: { kind: 'pct', pct: 50 }, last: 4 });
    expect(c.trades[0]).toMatchObject({ exit_reason: 'stop', exit_price: 150, exit_time: 2 * H });
    const d = simulateTrades(y, [0], 'bearish', { horizon: 4, feePct: 0.1, stop: { kind: 'pct', pct: 99.9 }, last: 4 });
    expect(d.trades[0]).toMatchObject({ exit_reason: 'liquidation', exit_time: 3 * H });
    // equity stops at zero: compounding −100 % and anything after gives 0, drawdown 100 %
    const st = tradeStats([10, -100, 50], 0, null);
    expect(st.total_return_pct).toBe(-100);
    expect(st.max_drawdown_pct).toBe(100);
  });

  it('stats: win rate, mean, compounded total, profit factor and max drawdown by hand', () => {
    const s = tradeStats([10, -20, 5, 10], 2, 3);
    expect(s.trades).toBe(4);
    expect(s.wins).toBe(3);
    expect(s.win_rate).toBe(0.75);
    expect(s.mean_return_pct).toBeCloseTo(1.25, 12);
    // equity 1.1 → 0.88 → 0.924 → 1.0164
    expect(s.total_return_pct).toBeCloseTo(1.64, 10);
    expect(s.profit_factor).toBeCloseTo(25 / 20, 12);
    // peak 1.1, trough 0.88 → 20 %
    expect(s.max_drawdown_pct).toBeCloseTo(20, 10);
    expect(s.skipped).toBe(2);
    expect(s.buy_hold_return_pct).toBe(3);
    const none = tradeStats([], 0, null);
    expect(none).toMatchObject({ trades: 0, win_rate: null, mean_return_pct: null, profit_factor: null, max_drawdown_pct: 0, total_return_pct: 0 });
    expect(tradeStats([1, 2], 0, null).profit_factor).toBeNull();
  });
});

describe('backtest: mean return interval with dependent trades', () => {
  it('is reproducible to the digit for a seed and different across seeds', () => {
    const r = Array.from({ length: 30 }, (_, k) => (Math.floor(k / 5) % 2 ? -2 : 3) + Math.sin(k));
    expect(bootstrapMeanReturn(r, 7)).toEqual(bootstrapMeanReturn(r, 7));
    expect(bootstrapMeanReturn(r, 7)!.se).not.toBe(bootstrapMeanReturn(r, 8)!.se);
    expect(bootstrapMeanReturn([1], 1)).toBeNull();
  });

  it('independent-looking trades: about mean ± t·s/√n, effective n = n', () => {
    // alternating returns: negatively correlated neighbours, so the block bootstrap is not wider than s/√n
    const r = Array.from({ length: 20 }, (_, k) => (k % 2 ? 3 : -1));
    const b = bootstrapMeanReturn(r, 1)!;
    const s = Math.sqrt(r.reduce((a, v) => a + (v - 1) ** 2, 0) / 19);
    expect(b.mean).toBe(1);
    expect(b.effectiveN).toBeCloseTo(20, 9);
    // t(0.975, 19) = 2.0930
    expect(b.high - b.mean).toBeCloseTo(2.093024 * (s / Math.sqrt(20)), 4);
  });

  it('trades in runs (regimes) count as fewer independent trades and get a wider interval', () => {
    // runs of 6 equal returns: neighbouring trades are strongly dependent
    const r = Array.from({ length: 36 }, (_, k) => (Math.floor(k / 6) % 2 ? -2 : 3));
    const b = bootstrapMeanReturn(r, 3)!;
    const s = Math.sqrt(r.reduce((a, v) => a + (v - 0.5) ** 2, 0) / 35);
    expect(b.effectiveN).toBeLessThan(18);
    expect(b.high - b.low).toBeGreaterThan(2 * 2.03 * (s / 6));
  });

  it('a handful of winning trades is no measurable edge (a percentile bootstrap would call it one)', () => {
    const b = bootstrapMeanReturn([21.9, 2.8, 40.9], 5)!;
    expect(b.low).toBeLessThan(0);
    expect(b.p).toBeGreaterThan(0.05);
    const st = tradeStats([21.9, 2.8, 40.9], 0, null, 5);
    expect(st.verdict).toBe('none');
    // a clear, long record does get a verdict
    const many = Array.from({ length: 60 }, (_, k) => 2 + Math.sin(k) * 1.5);
    expect(tradeStats(many, 0, null, 5).verdict).toBe('edge');
    expect(tradeStats(many.map((v) => -v), 0, null, 5).verdict).toBe('worse');
  });
});

describe('backtest: runBacktest', () => {
  /** A quiet series (nothing fires) where rsi_oversold fires exactly at the given candles. */
  function quiet(n: number, rsiLowAt: number[]): SignalColumns {
    const f = (v: number) => new Float64Array(n).fill(v);
    const x = {
      n, openTime: Float64Array.from({ length: n }, (_, i) => i * H),
      open: Float64Array.from({ length: n }, (_, i) => 100 + i), high: Float64Array.from({ length: n }, (_, i) => 101 + i),
      low: Float64Array.from({ length: n }, (_, i) => 99 + i), close: Float64Array.from({ length: n }, (_, i) => 100.5 + i), volume: f(1000),
      sma20: f(100), sma50: f(100), sma200: f(100), ema12: f(100), ema20: f(100), ema26: f(100), ema50: f(100), ema200: f(100),
      macd: f(0), macdSignal: f(0), macdHist: f(0), rsi14: f(50), stochK: f(50), stochD: f(50), stochRsiK: f(50), stochRsiD: f(50),
      bbUpper: f(1e9), bbMiddle: f(100), bbLower: f(0), atr14: f(1), obv: f(0), adx14: f(20), cci20: f(0), mfi14: f(50), willr14: f(-50), sar: f(99),
      cdlHammer: f(0), cdlEngulfing: f(0), cdlDoji: f(0), cdlShootingStar: f(0), cdlMorningStar: f(0), cdlEveningStar: f(0), volSma20: f(1000),
    } satisfies SignalColumns;
    for (const i of rsiLowAt) x.rsi14[i] = 20;
    return x;
  }

  it('trades the pattern, splits in/out of sample at 70 % and reports buy-and-hold', () => {
    const x = quiet(100, [10, 80]);
    const r = runBacktest(x, { timeframe: '1h', horizon: 5, feePct: 0, patterns: ['rsi_oversold'] });
    expect(r.candles).toBe(100);
    expect(r.split).toBe(70 * H);
    const p = r.patterns[0];
    expect(p.label).toBe('rsi_oversold');
    expect(p.all.trades).toBe(2);
    expect(p.in_sample.trades).toBe(1);
    expect(p.out_of_sample.trades).toBe(1);
    // signal 10: entry open[11] = 111, exit close[15] = 115.5
    expect(p.in_sample.mean_return_pct).toBeCloseTo((4.5 / 111) * 100, 10);
    // buy-and-hold of the period: open[0] = 100 → close[99] = 199.5
    expect(r.buy_hold.all).toBeCloseTo(99.5, 10);
    expect(r.buy_hold.in_sample).toBeCloseTo(69.5, 10);
    expect(p.equity[0]).toEqual({ t: 0, equity: 1 });
    expect(p.equity.at(-1)!.t).toBe(99 * H);
    expect(r.buy_hold_equity.at(-1)!.equity).toBeCloseTo(1.995, 10);
  });

  it('counts a trade in the part where it closes and says how many were signalled in the part before', () => {
    // split at candle 70; the signal at 66 (horizon 5) closes at candle 71, after the split
    const x = quiet(100, [10, 66, 80]);
    const r = runBacktest(x, { timeframe: '1h', horizon: 5, feePct: 0, patterns: ['rsi_oversold'] });
    const p = r.patterns[0];
    expect(p.in_sample).toMatchObject({ trades: 1, carried_over: 0 });
    expect(p.out_of_sample).toMatchObject({ trades: 2, carried_over: 1 });
  });

  it('gives no corrected interval to a part whose returns are all the same (nothing to test), so none excludes 0 beside "no measurable edge"', () => {
    const x = quiet(100, [10, 30, 50]);
    for (const k of ['open', 'high', 'low', 'close'] as const) x[k].fill(100);
    const r = runBacktest(x, { timeframe: '1h', horizon: 5, feePct: 0.1, patterns: ['rsi_oversold'] });
    const all = r.patterns[0].all;
    expect(all.trades).toBe(3);
    expect(all).toMatchObject({ p_value: 1, verdict: 'none', mean_ci_holm_low_pct: null, mean_ci_holm_high_pct: null });
    expect(all.mean_return_pct!).toBeLessThan(0);
  });

  it('Holm-adjusts the p-values of every pattern × part of the run together', () => {
    const x = computeSignalColumns(loadCandles('BTCUSDT-1d'));
    const r = runBacktest(x, { timeframe: '1d', patterns: ['rsi_oversold', 'rsi_overbought', 'macd_golden_cross', 'macd_death_cross'] });
    const parts = r.patterns.flatMap((p) => [p.all, p.in_sample, p.out_of_sample]);
    expect(r.holm_family).toBe(12);
    expect(parts.map((s) => s.p_adjusted)).toEqual(holmAdjust(parts.map((s) => s.p_value)));
    for (const s of parts) {
      expect(s.p_adjusted).toBeGreaterThanOrEqual(s.p_value);
      if (s.verdict !== 'none') expect(s.p_adjusted).toBeLessThanOrEqual(0.05);
      if (s.trades >= 2) expect(s.mean_ci_low_pct!).toBeLessThanOrEqual(s.mean_return_pct!);
      if (s.trades >= 2) expect(s.effective_n!).toBeLessThanOrEqual(s.trades);
    }
    // the same run again gives the same digits (seeded bootstrap)
    expect(runBacktest(x, { timeframe: '1d', patterns: ['rsi_oversold', 'rsi_overbought', 'macd_golden_cross', 'macd_death_cross'] })).toEqual(r);
  });

  it('shows one interval beside the verdict: the Holm-corrected one, which excludes 0 exactly when the verdict is edge / worse', () => {
    const x = computeSignalColumns(loadCandles('BTCUSDT-1h'));
    const r = runBacktest(x, { timeframe: '1h' });
    const parts = r.patterns.flatMap((p) => [p.all, p.in_sample, p.out_of_sample]).filter((s) => s.trades >= 2 && s.mean_ci_holm_low_pct !== null);
    let before = 0;
    for (const s of parts) {
      expect(s.mean_ci_holm_low_pct!).toBeLessThanOrEqual(Math.max(-100, s.mean_ci_low_pct!) + 1e-9);
      expect(s.mean_ci_holm_low_pct!).toBeGreaterThanOrEqual(-100);
      expect(s.mean_ci_holm_high_pct!).toBeGreaterThanOrEqual(s.mean_ci_high_pct! - 1e-9);
      const excludes = s.mean_ci_holm_low_pct! > 0 || s.mean_ci_holm_high_pct! < 0;
      expect(excludes).toBe(s.verdict !== 'none');
      if (Math.abs(s.p_adjusted - 0.05) > 1e-6) expect(excludes).toBe(s.p_adjusted <= 0.05);
      // the uncorrected 95 % interval would exclude 0 beside "no measurable edge"
      if (s.verdict === 'none' && (s.mean_ci_low_pct! > 0 || s.mean_ci_high_pct! < 0)) before++;
    }
    expect(before).toBeGreaterThan(0);
  });

  it('ETH 1d rsi_overbought (shorts through the 2020–21 rallies) never goes below −100 %', () => {
    const x = computeSignalColumns(loadCandles('ETHUSDT-1d'));
    const r = runBacktest(x, { timeframe: '1d', patterns: ['rsi_overbought'] });
    const p = r.patterns[0];
    for (const s of [p.all, p.in_sample, p.out_of_sample]) {
      expect(s.total_return_pct).toBeGreaterThanOrEqual(-100);
      expect(s.max_drawdown_pct).toBeLessThanOrEqual(100);
    }
    expect(Math.min(...p.equity.map((e) => e.equity))).toBeGreaterThanOrEqual(0);
  });

  it('respects from / to / split and rejects unknown or neutral patterns', () => {
    const x = quiet(100, [10, 50, 80]);
    const r = runBacktest(x, { timeframe: '1h', horizon: 5, patterns: ['rsi_oversold'], from: 40 * H, to: 84 * H, split: 60 * H });
    expect(r.candles).toBe(45);
    // 80 + 5 = 85 > 84: runs past the period → skipped
    expect(r.patterns[0].all).toMatchObject({ trades: 1, skipped: 1 });
    expect(r.patterns[0].in_sample.trades).toBe(1);
    expect(r.patterns[0].out_of_sample).toMatchObject({ trades: 0, skipped: 1 });
    expect(() => runBacktest(x, { timeframe: '1h', patterns: ['nope'] })).toThrow(RangeError);
    expect(() => runBacktest(x, { timeframe: '1h', patterns: ['doji'] })).toThrow(/neutral|unknown/);
    expect(() => runBacktest(x, { timeframe: '1h', horizon: 0 })).toThrow(RangeError);
    expect(runBacktest(x, { timeframe: '1h', from: 1000 * H }).candles).toBe(0);
  });

  it('on real candles: every directional pattern, no trade enters on its signal candle, figures are finite', () => {
    const x = computeSignalColumns(loadCandles('BTCUSDT-1d'));
    const r = runBacktest(x, { timeframe: '1d', stop: { kind: 'atr', multiple: 3 } });
    expect(r.horizon).toBe(30);
    expect(r.patterns.length).toBeGreaterThan(20);
    expect(r.patterns.every((p) => p.direction !== ('neutral' as string))).toBe(true);
    const traded = r.patterns.filter((p) => p.all.trades > 0);
    expect(traded.length).toBeGreaterThan(10);
    for (const p of traded) {
      expect(p.all.trades).toBe(p.in_sample.trades + p.out_of_sample.trades);
      expect(p.all.max_drawdown_pct).toBeGreaterThanOrEqual(0);
      expect(Number.isFinite(p.all.total_return_pct)).toBe(true);
      expect(p.equity.length).toBeLessThanOrEqual(400);
    }
  });
});
