import { describe, expect, it } from 'vitest';
import { binOf, brierSummary, calibrateWording, reliabilityBins, wilsonInterval } from './calibration';

describe('reliabilityBins', () => {
  it('groups by decile with n, mean stated and observed frequency; 1.0 lands in the last bin', () => {
    const bins = reliabilityBins([
      { p: 0.05, outcome: false },
      { p: 0.15, outcome: true },
      { p: 0.12, outcome: false },
      { p: 0.95, outcome: true },
      { p: 1, outcome: true },
      { p: 0.9, outcome: false },
    ]);
    expect(bins).toHaveLength(10);
    expect(bins[0]).toMatchObject({ lo: 0, hi: 0.1, n: 1, observed: 0 });
    expect(bins[1].n).toBe(2);
    expect(bins[1].stated).toBeCloseTo(0.135, 10);
    expect(bins[1].observed).toBeCloseTo(0.5, 10);
    expect(bins[5]).toMatchObject({ n: 0, stated: null, observed: null });
    expect(bins[9].n).toBe(3);
    expect(bins[9].observed).toBeCloseTo(2 / 3, 10);
    expect(binOf(0.1)).toBe(1);
    expect(binOf(0.0999)).toBe(0);
  });
});

describe('brierSummary', () => {
  it('computes the Brier score, the base rate and the skill against the base-rate forecast', () => {
    // p: 0.8,0.8,0.2,0.2 ; outcomes 1,0,0,0 → BS = (0.04+0.64+0.04+0.04)/4 = 0.19; base 0.25 → ref 0.1875
    const s = brierSummary([
      { p: 0.8, outcome: true },
      { p: 0.8, outcome: false },
      { p: 0.2, outcome: false },
      { p: 0.2, outcome: false },
    ]);
    expect(s.n).toBe(4);
    expect(s.brier).toBeCloseTo(0.19, 12);
    expect(s.base_rate).toBe(0.25);
    expect(s.brier_ref).toBeCloseTo(0.1875, 12);
    expect(s.skill).toBeCloseTo(1 - 0.19 / 0.1875, 12);
  });
  it('a perfect forecaster has skill 1; forecasting the base rate has skill 0; no skill when every outcome is the same', () => {
    expect(brierSummary([{ p: 1, outcome: true }, { p: 0, outcome: false }]).skill).toBe(1);
    expect(brierSummary([{ p: 0.5, outcome: true }, { p: 0.5, outcome: false }]).skill).toBeCloseTo(0, 12);
    expect(brierSummary([{ p: 0.9, outcome: true }]).skill).toBeNull();
    expect(brierSummary([])).toEqual({ n: 0, brier: null, base_rate: null, brier_ref: null, skill: null });
  });
});

describe('calibrateWording', () => {
  it('gives each verbal label its observed frequency with a 95 % Wilson interval', () => {
    const xs = [
      ...Array.from({ length: 8 }, () => ({ p: 0.9, outcome: true, wording: 'very_likely' as const })),
      ...Array.from({ length: 2 }, () => ({ p: 0.9, outcome: false, wording: 'very_likely' as const })),
    ];
    const r = calibrateWording(xs);
    const vl = r.find((x) => x.wording === 'very_likely')!;
    expect(vl).toMatchObject({ n: 10, observed: 0.8, stated_lo: 0.8, stated_hi: 1 });
    // Wilson 95 % for 8/10: 0.4902 .. 0.9433
    expect(vl.observed_lo).toBeCloseTo(0.4902, 3);
    expect(vl.observed_hi).toBeCloseTo(0.9433, 3);
    expect(r.find((x) => x.wording === 'unlikely')).toMatchObject({ n: 0, observed: null });
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});
