import { describe, expect, it } from 'vitest';
import { evaluatePlan } from './lab.service';

const T = Date.parse('2025-05-16T12:00:00Z');
const M5 = 300_000;
const c = (i: number, o: number, h: number, l: number, cl: number) => ({ time: T + i * M5, open: o, high: h, low: l, close: cl, volume: 1 });
const long = { bias: 'long', entryLow: 100, entryHigh: 101, target: 110, invalidation: 98, horizonHours: 2, createdAt: T };

describe('paper plan replay', () => {
  it('waits, fills at the zone top, then hits the target; P&L from the fill', () => {
    const candles = [c(0, 105, 106, 103, 104), c(1, 104, 104, 100.5, 101), c(2, 101, 111, 100.8, 109)];
    expect(evaluatePlan(long, candles.slice(0, 1), T + M5).status).toBe('waiting');
    const r = evaluatePlan(long, candles, T + 3 * M5);
    expect(r).toMatchObject({ status: 'target_hit', entry_price: 101, entry_time: T + M5, exit_price: 110, pnl_pct: 8.91, candles_checked: 3 });
  });
  it('never looks at candles not closed at now', () => {
    const candles = [c(0, 101, 101, 100.5, 100.8), c(1, 100.8, 112, 100.8, 111)];
    expect(evaluatePlan(long, candles, T + M5 + M5 - 1)).toMatchObject({ status: 'open', candles_checked: 1, pnl_pct: -0.2 });
  });
  it('counts the invalidation first when one candle touches both', () => {
    expect(evaluatePlan(long, [c(0, 101, 111, 97, 100)], T + M5)).toMatchObject({ status: 'invalidated', exit_price: 98, pnl_pct: -2.97 });
  });
  it('expires unfilled past the horizon, and mirrors for shorts', () => {
    expect(evaluatePlan(long, [c(0, 105, 106, 104, 105), c(24, 105, 106, 104, 105)], T + 25 * M5).status).toBe('expired');
    const short = { ...long, bias: 'short', entryLow: 109, entryHigh: 110, target: 100, invalidation: 112 };
    expect(evaluatePlan(short, [c(0, 108, 109.5, 107, 109), c(1, 109, 109.2, 99, 100)], T + 2 * M5)).toMatchObject({ status: 'target_hit', entry_price: 109, pnl_pct: 8.26 });
  });
});
