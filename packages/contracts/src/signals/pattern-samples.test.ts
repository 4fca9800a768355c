import { describe, expect, it } from 'vitest';
import { applyHolm, edgeStat, roundEdge, roundPct, roundPValue, roundRate } from './edge-stats';
import { EMPTY_SAMPLE, patternSample } from './pattern-samples';

describe('patternSample', () => {
  const all = edgeStat(30, 50, 0.4, 1000);
  const inS = edgeStat(20, 30, 0.4, 600);
  const outS = edgeStat(10, 20, 0.4, 400);

  it('reads the row\'s own sample when the answer holds both', () => {
    const answer = { samples: { in_sample: 30, out_of_sample: 20 } };
    const row = { all, in_sample: inS, out_of_sample: outS };
    expect(patternSample(answer, row, 'all')).toBe(all);
    expect(patternSample(answer, row, 'in_sample')).toBe(inS);
    expect(patternSample(answer, row, 'out_of_sample')).toBe(outS);
  });

  it('one sample only: that sample is `all`, the other is empty', () => {
    const backfillOnly = { samples: { in_sample: 50, out_of_sample: 0 } };
    expect(patternSample(backfillOnly, { all }, 'in_sample')).toBe(all);
    expect(patternSample(backfillOnly, { all }, 'out_of_sample')).toEqual(EMPTY_SAMPLE);
    expect(EMPTY_SAMPLE).toMatchObject({ n: 0, hit_rate: null, ci95_pp: null, verdict: 'none' });
    const liveOnly = { samples: { in_sample: 0, out_of_sample: 50 } };
    expect(patternSample(liveOnly, { all }, 'out_of_sample')).toBe(all);
    expect(patternSample(liveOnly, { all }, 'in_sample').n).toBe(0);
  });
});

describe('served precision', () => {
  it('rates to 4 decimals, pp to 2, p-values to 4 significant digits (a tiny p stays > 0)', () => {
    expect(roundRate(0.4106448311156602)).toBe(0.4106);
    expect(roundRate(null)).toBeNull();
    expect(roundPct(-1.7588241702424026)).toBe(-1.76);
    expect(roundPValue(0.7224983253108703)).toBe(0.7225);
    expect(roundPValue(3.456789e-12)).toBe(3.457e-12);
    expect(roundPValue(1)).toBe(1);
  });

  it('roundEdge keeps counts and the verdict of the unrounded figures', () => {
    const [e] = applyHolm([edgeStat(2006, 4885, 0.4133543727965427, 28224), edgeStat(10, 40, 0.5, 900)]);
    const r = roundEdge(e);
    expect(r).toMatchObject({ hits: 2006, n: 4885, hit_rate: 0.4106, baseline: { p: 0.4134, n: 28224 }, verdict: e.verdict });
    expect(r.edge_pp).toBe(Math.round(e.edge_pp! * 100) / 100);
    expect(JSON.stringify(r).length).toBeLessThan(JSON.stringify(e).length - 60);
  });
});
