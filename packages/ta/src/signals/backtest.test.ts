import { describe, expect, it } from 'vitest';
import { loadCandles } from '../../test/fixtures';
import { runBacktest, simulateTrades, tradeReturn, tradeStats, type BacktestCandles } from './backtest';
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
