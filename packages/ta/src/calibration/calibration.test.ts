import { describe, expect, it } from 'vitest';
import { binCounts, binOf, brierSummary, calibratedWordingOf, fitCalibrationScale, MIN_CALIBRATION_BLOCK, MIN_CALIBRATION_TOTAL, reliabilityBins, scaleRows, wilsonInterval } from './calibration';

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

describe('wilsonInterval', () => {
  it('gives the Wilson 95 % interval of 8/10 (0.4902 .. 0.9433) and none without trials', () => {
    const w = wilsonInterval(8, 10)!;
    expect(w.lo).toBeCloseTo(0.4902, 3);
    expect(w.hi).toBeCloseTo(0.9433, 3);
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('calibrated verbal scale', () => {
  const counts = (xs: [number, number][]) => xs.map(([n, hits]) => ({ n, hits }));

  it('labels each stated range by what it delivered: a stated 90–100 % that came true 70 % of the time is "likely"', () => {
    // stated deciles 0..9; the top decile is over-confident (70 % observed)
    const s = fitCalibrationScale(counts([[0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [50, 20], [100, 66], [400, 280]]));
    expect(s.status).toBe('calibrated');
    expect(s.n).toBe(550);
    expect(s.bins[9]).toMatchObject({ fitted: 0.7, wording: 'likely', block_lo: 0.9, block_hi: 1 });
    expect(s.bins[7].wording).toBe('uncertain'); // 40 % observed
    const w = calibratedWordingOf(s, 0.99, 1538);
    expect(w.wording).toBe('likely');
    expect(w.calibration).toMatchObject({ status: 'calibrated', stated_lo: 0.9, stated_hi: 1, n: 400, observed: 0.7 });
    expect(w.calibration.observed_lo!).toBeLessThan(0.7);
    expect(w.calibration.observed_hi!).toBeGreaterThan(0.7);
    // served with every probability: 4 decimals, not full doubles
    for (const x of [w.calibration.observed_lo!, w.calibration.observed_hi!]) expect(Math.round(x * 1e4) / 1e4).toBe(x);
  });

  it('pools adjacent deciles that violate monotonicity (isotonic fit) before labelling', () => {
    // decile 8 observed 90 %, decile 9 observed 70 %: pooled (90·40 + 70·60)/100 = 78 % → both "likely"
    const s = fitCalibrationScale(counts([[0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [40, 36], [60, 42]]));
    expect(s.bins[8]).toMatchObject({ block_lo: 0.8, block_hi: 1, block_n: 100, block_hits: 78, wording: 'likely' });
    expect(s.bins[9].fitted).toBeCloseTo(0.78, 10);
    const fitted = s.bins.filter((b) => b.fitted !== null).map((b) => b.fitted!);
    expect([...fitted].sort((a, b) => a - b)).toEqual(fitted);
  });

  it('says "not yet calibrated" and keeps the fixed scale with too few resolved forecasts, a thin range or a small sample', () => {
    const thin = fitCalibrationScale(counts([[10, 1], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [60, 59]]));
    expect(thin.status).toBe('not_calibrated');
    expect(calibratedWordingOf(thin, 0.95, 500)).toMatchObject({ wording: 'very_likely', calibration: { status: 'not_calibrated', n: 0 } });
    const s = fitCalibrationScale(counts([[10, 1], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [200, 190]]));
    expect(s.status).toBe('calibrated');
    expect(s.bins[0].wording).toBeNull(); // 10 < MIN_CALIBRATION_BLOCK
    expect(calibratedWordingOf(s, 0.05, 500).calibration.status).toBe('not_calibrated');
    expect(calibratedWordingOf(s, 0.95, 5)).toMatchObject({ wording: 'uncertain', calibration: { status: 'not_calibrated' } });
    expect(calibratedWordingOf(undefined, 0.3, 500).wording).toBe('unlikely');
    expect(MIN_CALIBRATION_BLOCK).toBeLessThan(MIN_CALIBRATION_TOTAL);
    expect(() => fitCalibrationScale([])).toThrow(RangeError);
  });

  it('tables each label with the stated range that earns it, the observed rate, its 95 % interval and n', () => {
    const xs = [
      ...Array.from({ length: 100 }, (_, i) => ({ p: 0.95, outcome: i < 70 })),
      ...Array.from({ length: 60 }, (_, i) => ({ p: 0.15, outcome: i < 6 })),
    ];
    const s = fitCalibrationScale(binCounts(xs));
    const rows = scaleRows(s);
    expect(rows.map((r) => r.wording)).toEqual(['very_unlikely', 'unlikely', 'uncertain', 'likely', 'very_likely']);
    expect(rows[0]).toMatchObject({ stated_lo: 0.1, stated_hi: 0.2, n: 60, observed: 0.1 });
    expect(rows[3]).toMatchObject({ stated_lo: 0.9, stated_hi: 1, n: 100, observed: 0.7 });
    expect(rows[4]).toMatchObject({ stated_lo: null, stated_hi: null, n: 0, observed: null });
    const w = wilsonInterval(70, 100)!;
    expect(rows[3].observed_lo).toBeCloseTo(w.lo, 12);
    // not calibrated: the fixed ranges with what followed them
    const fixed = scaleRows(fitCalibrationScale(binCounts(xs.slice(0, 50))));
    expect(fixed[4]).toMatchObject({ stated_lo: 0.8, stated_hi: 1, n: 50, observed: 1 });
  });
});
