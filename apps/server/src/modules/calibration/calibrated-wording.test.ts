import { describe, expect, it } from 'vitest';
import type { TaResult } from '@coinlens/contracts';
import { fitCalibrationScale, toProbability } from '@coinlens/ta';
import { labelWithScales } from './calibrated-wording';

const counts = (top: [number, number]) => [...Array.from({ length: 9 }, () => ({ n: 0, hits: 0 })), { n: top[0], hits: top[1] }];

/** A served analysis with only the fields the relabelling reads. */
const result = (p: number, n: number) =>
  ({
    current: { timeframe: '1h', candle_open_time: 0, candles_used: 1000 },
    touch_probability: toProbability(Math.round(p * n), n),
    breakthrough_probability: toProbability(Math.round(p * n), n),
    probabilities: { resistance: { touch: toProbability(Math.round(p * n), n), breakthrough: toProbability(Math.round(p * n), n) }, support: null },
  }) as unknown as TaResult;

describe('labelWithScales', () => {
  it('replaces the fixed label ("very likely" for 99 %) with what that stated range delivered ("likely" at 70 %)', () => {
    const r = result(0.99, 1538);
    expect(r.touch_probability.wording).toBe('very_likely');
    const scales = new Map([['1h:touch', fitCalibrationScale(counts([400, 280]))]]);
    const out = labelWithScales(r, scales);
    expect(out.touch_probability).toMatchObject({ p: r.touch_probability.p, n: 1538, wording: 'likely', calibration: { status: 'calibrated', stated_lo: 0.9, stated_hi: 1, n: 400, observed: 0.7 } });
    expect(out.probabilities.resistance!.touch.wording).toBe('likely');
    // no breakthrough scale: the fixed scale, said to be not yet calibrated
    expect(out.breakthrough_probability).toMatchObject({ wording: 'very_likely', calibration: { status: 'not_calibrated' } });
    expect(out.probabilities.support).toBeNull();
    // the stored analysis is not changed
    expect(r.touch_probability.wording).toBe('very_likely');
    expect('calibration' in r.touch_probability).toBe(false);
  });

  it('keeps the fixed scale while a kind and timeframe has too few resolved forecasts', () => {
    const out = labelWithScales(result(0.99, 1538), new Map([['1h:touch', fitCalibrationScale(counts([50, 10]))]]));
    expect(out.touch_probability).toMatchObject({ wording: 'very_likely', calibration: { status: 'not_calibrated' } });
  });
});
