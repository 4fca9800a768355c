import { describe, expect, it } from 'vitest';
import type { Candle } from '@coinlens/contracts';
import { afterFees, scorePlan } from './strategy-score';

const T0 = 1_700_000_000_000 - (1_700_000_000_000 % 300_000);
const c = (i: number, open: number, high: number, low: number, close: number): Candle => ({ time: T0 + i * 300_000, open, high, low, close, volume: 1 });
const plan = { bias: 'long', entryLow: 98, entryHigh: 100, target: 110, invalidation: 95, horizonHours: 1, createdAt: T0 };

describe('afterFees', () => {
  it('pays the fee on entry and on exit', () => {
    expect(afterFees(0, 0.1)).toBeCloseTo(-0.1999, 4);
    expect(afterFees(10, 0)).toBeCloseTo(10, 12);
    expect(afterFees(10, 0.1)).toBeCloseTo((1.1 * 0.999 * 0.999 - 1) * 100, 12);
  });
});

describe('scorePlan', () => {
  it('target before invalidation: return after fees, holding from the first open to the last close', () => {
    const s = scorePlan(plan, [c(0, 102, 103, 100, 101), c(1, 101, 111, 100, 109), c(2, 109, 109, 90, 92)])!;
    expect(s.status).toBe('target_hit');
    expect(s.entered && s.targetFirst).toBe(true);
    expect(s.returnPct).toBeCloseTo(afterFees(10, 0.1), 10);
    expect(s.holdPct).toBeCloseTo(afterFees((92 / 102 - 1) * 100, 0.1), 10);
  });
  it('invalidation first; a custom fee', () => {
    const s = scorePlan(plan, [c(0, 100, 101, 94, 96), c(1, 96, 120, 96, 119)], 0.2)!;
    expect(s).toMatchObject({ status: 'invalidated', entered: true, targetFirst: false });
    expect(s.returnPct).toBeCloseTo(afterFees(-5, 0.2), 10);
  });
  it('entered, neither level reached: closed at the horizon (candles after it are ignored)', () => {
    const candles = Array.from({ length: 12 }, (_, i) => c(i, 100, 101, 99, 100 + i * 0.1));
    candles.push(c(12, 100, 200, 1, 150));
    const s = scorePlan(plan, candles)!;
    expect(s.status).toBe('horizon');
    expect(s.returnPct).toBeCloseTo(afterFees(((100 + 11 * 0.1) / 100 - 1) * 100, 0.1), 10);
  });
  it('never entered: no trade, no fee, hold still measured; short mirrors long', () => {
    const s = scorePlan(plan, [c(0, 105, 106, 104, 105), c(1, 105, 107, 103, 106)])!;
    expect(s).toMatchObject({ status: 'not_entered', entered: false, returnPct: 0 });
    expect(s.holdPct).toBeCloseTo(afterFees((106 / 105 - 1) * 100, 0.1), 10);
    const short = scorePlan({ ...plan, bias: 'short', entryLow: 100, entryHigh: 102, target: 90, invalidation: 105 }, [c(0, 99, 101, 98, 99), c(1, 99, 99, 89, 90)])!;
    expect(short.status).toBe('target_hit');
    expect(short.returnPct).toBeCloseTo(afterFees(10, 0.1), 10);
    expect(scorePlan(plan, [])).toBeNull();
  });

  it('scores on 1h candles for a coin shipped without 5m candles (a candle counts when it closed within the horizon)', () => {
    const h = (i: number, open: number, high: number, low: number, close: number): Candle => ({ time: T0 + i * 3_600_000, open, high, low, close, volume: 1 });
    const day = { ...plan, horizonHours: 3 };
    const hourly = [h(0, 102, 103, 100, 101), h(1, 101, 104, 100, 103), h(2, 103, 112, 102, 111)];
    expect(scorePlan(day, hourly, 0.1, 3_600_000)!).toMatchObject({ status: 'target_hit', entered: true });
    // a 1h candle that would close after the horizon is left out
    expect(scorePlan({ ...day, horizonHours: 2.5 }, hourly, 0.1, 3_600_000)!.status).toBe('horizon');
  });
});
