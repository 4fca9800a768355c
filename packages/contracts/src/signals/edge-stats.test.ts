import { describe, expect, it } from 'vitest';
import { applyHolm, edgeStat, formatEdge, holmAdjust, newcombeInterval, studentTCritical, studentTTwoSidedP, twoProportionPValue, wilsonInterval } from './edge-stats';

describe('edge statistics (published reference values)', () => {
  it('Wilson score interval: 81/263 → 0.2553..0.3662 (Newcombe 1998a, table I)', () => {
    const w = wilsonInterval(81, 263)!;
    expect(w.lo).toBeCloseTo(0.2553, 4);
    expect(w.hi).toBeCloseTo(0.3662, 4);
    expect(wilsonInterval(0, 10)!.lo).toBe(0);
    expect(wilsonInterval(0, 0)).toBeNull();
  });

  it("Newcombe hybrid score difference: 56/70 − 48/80 → 0.0524..0.3339 (Newcombe 1998b, method 10)", () => {
    const d = newcombeInterval(56, 70, 48, 80)!;
    expect(d.lo).toBeCloseTo(0.0524, 4);
    expect(d.hi).toBeCloseTo(0.3339, 4);
  });

  it('two-proportion z-test: 56/70 vs 48/80 → z = 2.650, p = 0.00805 (R prop.test, correct = FALSE)', () => {
    expect(twoProportionPValue(56, 70, 48, 80)).toBeCloseTo(0.008045, 5);
    expect(twoProportionPValue(5, 10, 5, 10)).toBeCloseTo(1, 6);
    expect(twoProportionPValue(1, 0, 1, 10)).toBe(1);
  });

  it('Holm adjustment equals R p.adjust(method = "holm")', () => {
    // p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02
    const a = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((v, i) => expect(a[i]).toBeCloseTo(v, 10));
    expect(holmAdjust([0.5, 0.9])).toEqual([1, 1]);
  });

  it('verdicts: an edge needs the Holm-adjusted p below 0.05 and an interval excluding 0', () => {
    const strong = edgeStat(56, 70, 0.6, 80);
    expect(strong.verdict).toBe('edge');
    expect(strong.edge_pp).toBeCloseTo(20, 6);
    // the same edge among 10 tests no longer survives Holm
    const family = applyHolm([strong, ...Array.from({ length: 9 }, () => edgeStat(5, 10, 0.5, 100))]);
    expect(family[0].p_adjusted).toBeCloseTo(strong.p_value * 10, 6);
    expect(family[0].verdict).toBe('none');
    expect(edgeStat(20, 100, 0.5, 1000).verdict).toBe('worse');
    expect(edgeStat(0, 0, 0.5, 1000).verdict).toBe('none');
  });

  it('one wording in both languages', () => {
    expect(formatEdge(edgeStat(300, 749, 0.48, 20000), 'en-US')).toMatch(/^hit rate 40 %, baseline 48 %, n = 749; worse than baseline −7\.9 pp \(95 % CI −11\.5 to −4\.3\)$/);
    expect(formatEdge(edgeStat(51, 100, 0.5, 1000), 'en-US', 'short')).toMatch(/^no measurable edge \(\+1\.0 pp, 95 % CI /);
    expect(formatEdge(edgeStat(51, 100, 0.5, 1000), 'zh-CN', 'short')).toMatch(/^无可测量的优势（\+1\.0 个百分点，95% 置信区间 /);
    expect(formatEdge(edgeStat(0, 0, null, 0), 'en-US', 'short')).toBe('no measurable edge');
  });
});

describe('Student t', () => {
  it('matches the tables: two-sided 5 % critical values and p-values', () => {
    expect(studentTCritical(1)).toBeCloseTo(12.7062, 4);
    expect(studentTCritical(2)).toBeCloseTo(4.3027, 4);
    expect(studentTCritical(9)).toBeCloseTo(2.2622, 4);
    expect(studentTCritical(1e7)).toBeCloseTo(1.96, 3);
    expect(studentTTwoSidedP(2.228139, 10)).toBeCloseTo(0.05, 6);
    expect(studentTTwoSidedP(0, 5)).toBe(1);
    expect(studentTTwoSidedP(-2.228139, 10)).toBeCloseTo(0.05, 6);
    expect(() => studentTTwoSidedP(1, 0)).toThrow(RangeError);
  });
});
