import { describe, expect, it } from 'vitest';
import { aggregateUntil, lastIndexAtOrBefore, pricePath, type SeriesColumns } from './series';

const cols = (rows: number[][], tfMs: number): SeriesColumns => ({
  openTime: Float64Array.from(rows.map((r) => r[0])),
  open: Float64Array.from(rows.map((r) => r[1])),
  high: Float64Array.from(rows.map((r) => r[2])),
  low: Float64Array.from(rows.map((r) => r[3])),
  close: Float64Array.from(rows.map((r) => r[4])),
  volume: Float64Array.from(rows.map((r) => r[5])),
  tfMs,
});

describe('replay price path', () => {
  it('starts at the open, visits low then high for an up candle, ends at the close', () => {
    expect(pricePath(10, 12, 9, 11, 0).price).toBe(10);
    expect(pricePath(10, 12, 9, 11, 1 / 3).price).toBeCloseTo(9);
    expect(pricePath(10, 12, 9, 11, 2 / 3).price).toBeCloseTo(12);
    expect(pricePath(10, 12, 9, 11, 1).price).toBe(11);
  });
  it('visits the high first for a down candle and reports only extremes reached so far', () => {
    const p = pricePath(10, 12, 9, 9.5, 1 / 6);
    expect(p.price).toBeCloseTo(11);
    expect(p.high).toBeCloseTo(11);
    expect(p.low).toBe(10);
  });
});

describe('series helpers', () => {
  const s = cols([[0, 1, 2, 0.5, 1.5, 10], [5, 1.5, 3, 1, 2, 20], [10, 2, 2.5, 1.8, 2.2, 30]], 5);
  it('binary-searches the last open at or before t', () => {
    expect(lastIndexAtOrBefore(s.openTime, -1)).toBe(-1);
    expect(lastIndexAtOrBefore(s.openTime, 0)).toBe(0);
    expect(lastIndexAtOrBefore(s.openTime, 7)).toBe(1);
    expect(lastIndexAtOrBefore(s.openTime, 100)).toBe(2);
  });
  it('aggregates complete and partial finer candles', () => {
    const full = aggregateUntil(s, 0, 15)!;
    expect(full).toEqual({ time: 0, open: 1, high: 3, low: 0.5, close: 2.2, volume: 60 });
    const partial = aggregateUntil(s, 0, 12.5)!;
    expect(partial.volume).toBeCloseTo(45);
    expect(partial.close).toBeGreaterThan(1.8);
    expect(aggregateUntil(s, 20, 25)).toBeNull();
  });
});
