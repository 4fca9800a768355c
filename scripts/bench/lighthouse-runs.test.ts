import { describe, expect, it } from 'vitest';
import { markSeconds, medianOf, runFigures, slowHostNote } from './lighthouse-runs.mjs';

const lhr = (score: number, tbt: number) => ({
  categories: { performance: { score } },
  audits: {
    'largest-contentful-paint': { numericValue: 1000 },
    'first-contentful-paint': { numericValue: 900 },
    'total-blocking-time': { numericValue: tbt },
    'cumulative-layout-shift': { numericValue: 0 },
    'network-requests': { details: { items: [{ resourceType: 'Script', transferSize: 2048 }, { resourceType: 'Document', transferSize: 1024 }] } },
  },
  environment: { benchmarkIndex: 2400 },
});
// what Lighthouse returns when the trace lost the navigation: no score, no metric values
const failed = { runtimeError: { code: 'NO_NAVSTART' }, categories: { performance: { score: null } }, audits: { 'total-blocking-time': {} } };

describe('Lighthouse runs of bench:web', () => {
  it('reads one run: score 0-100, seconds, ms and KB on the wire', () => {
    expect(runFigures(lhr(0.91, 389))).toEqual({ score: 91, lcp: 1, fcp: 0.9, tbt: 389, cls: 0, js: 2, total: 3, index: 2400 });
  });

  it('leaves a failed run out of the median instead of counting it as a score of 0', () => {
    const runs = [lhr(0.86, 565), lhr(0.92, 349), lhr(0.92, 331), lhr(0.91, 389), failed].map(runFigures);
    expect(runs[4]).toBeNull();
    // four completed runs: the upper median
    expect(medianOf(runs, 'score')).toBe(92);
    expect(medianOf(runs, 'tbt')).toBe(389);
    expect(medianOf<{ score: number }>([null, null], 'score')).toBeNaN();
  });

  it("says when the host is slower than the one Lighthouse's 4× slowdown is meant for", () => {
    expect(slowHostNote(1587)).toBeNull();
    expect(slowHostNote(2400)).toBeNull();
    expect(slowHostNote(1330)).toMatch(/benchmark index 1330 is a low-end desktop/);
    expect(slowHostNote(900)).toMatch(/phone-class/);
    for (const x of [Number.NaN, 0, Number.POSITIVE_INFINITY]) expect(slowHostNote(x)).toBeNull();
  });

  it('reads the first-content mark of a run in seconds, null when absent or failed', () => {
    const withMarks = { ...lhr(0.9, 100), audits: { ...lhr(0.9, 100).audits, 'user-timings': { details: { items: [{ name: 'coinlens:prices', timingType: 'Mark', startTime: 1234.5 }, { name: 'other', timingType: 'Measure', startTime: 1, duration: 2 }] } } } };
    expect(markSeconds(withMarks, 'coinlens:prices')).toBeCloseTo(1.2345);
    expect(markSeconds(withMarks, 'coinlens:chart')).toBeNull();
    expect(markSeconds(failed, 'coinlens:prices')).toBeNull();
  });
});
