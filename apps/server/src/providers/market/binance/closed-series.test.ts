import { describe, expect, it } from 'vitest';
import { ClosedSeries } from './closed-series';

const c = (time: number, close = time / 10) => ({ time, open: close - 1, high: close + 2, low: close - 3, close, volume: time * 2 });

describe('ClosedSeries', () => {
  it('keeps the latest capacity candles, oldest first, with every field', () => {
    const s = ClosedSeries.of([c(100), c(200), c(300), c(400)], 3);
    expect(s.length).toBe(3);
    expect(s.latest(10)).toEqual([c(200), c(300), c(400)]);
    s.push(c(500));
    expect(s.latest(10)).toEqual([c(300), c(400), c(500)]);
    expect(s.lastTime).toBe(500);
  });

  it('replaces the latest candle at the same open time and ignores older ones', () => {
    const s = ClosedSeries.of([c(100), c(200)], 5);
    s.push(c(200, 99));
    s.push(c(50));
    expect(s.latest(5)).toEqual([c(100), c(200, 99)]);
  });

  it('reads the latest `limit` candles closed by `until`', () => {
    const s = ClosedSeries.of([c(0), c(60), c(120), c(180)], 10);
    expect(s.latest(2)).toEqual([c(120), c(180)]);
    // a candle opened at 120 closes at 180: in; the one opened at 180 closes at 240: out
    expect(s.latest(2, 180, 60)).toEqual([c(60), c(120)]);
    expect(s.latest(0)).toEqual([]);
    expect(new ClosedSeries(4).latest(3)).toEqual([]);
    expect(new ClosedSeries(4).lastTime).toBe(-Infinity);
  });

  it('gives the candles of latest() as columns of their own', () => {
    const s = ClosedSeries.of([c(0), c(60), c(120), c(180)], 10);
    for (const [limit, until] of [[2, Infinity], [2, 180], [10, Infinity], [0, Infinity], [3, 0]]) {
      const cols = s.columns(limit, until, 60);
      expect(Array.from(cols.openTime, (time, i) => ({ time, open: cols.open[i], high: cols.high[i], low: cols.low[i], close: cols.close[i], volume: cols.volume[i] }))).toEqual(s.latest(limit, until, 60));
    }
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new ClosedSeries(0)).toThrow(RangeError);
  });
});
