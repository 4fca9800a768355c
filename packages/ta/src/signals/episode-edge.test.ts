import { describe, expect, it } from 'vitest';
import { clusterEpisodes, correctedRecords, edgeInterval, EpisodeBuilder, episodeEdge, episodeEdgeRecord, normalCritical, type Episode } from './episode-edge';

describe('episodes', () => {
  it('cases within the horizon of the previous case of the same series share an episode', () => {
    const eps = clusterEpisodes(
      [
        { series: 'btc', t: 0, hit: true, baseP: 0.5 },
        { series: 'btc', t: 10, hit: false, baseP: 0.5 },
        { series: 'eth', t: 5, hit: true, baseP: 0.4 },
        { series: 'btc', t: 20, hit: true, baseP: 0.5 }, // chains onto t = 10
        { series: 'btc', t: 31, hit: true, baseP: 0.5 }, // 11 > 10 after t = 20: new episode
      ],
      10,
    );
    expect(eps).toEqual([
      { n: 3, hits: 2, baseSum: 1.5 },
      { n: 1, hits: 1, baseSum: 0.5 },
      { n: 1, hits: 1, baseSum: 0.4 },
    ]);
    const b = new EpisodeBuilder(10);
    for (const t of [0, 10, 20, 31]) b.add(t, true, 0.5);
    expect(b.episodes.map((e) => e.n)).toEqual([3, 1]);
  });
});

describe('cluster-robust edge', () => {
  it('uses the normal critical value of the same Φ as the p-values', () => {
    expect(normalCritical(0.05)).toBeCloseTo(1.959964, 5);
    expect(normalCritical(0.05 / 53)).toBeCloseTo(3.306, 2);
  });

  const ep = (n: number, hits: number, p = 0.5): Episode => ({ n, hits, baseSum: n * p });

  it('equals hit rate minus the case-weighted baseline, with effective n = episodes', () => {
    const e = episodeEdge([ep(10, 8, 0.5), ep(30, 12, 0.4)], 5000);
    expect(e.n).toBe(40);
    expect(e.nEff).toBe(2);
    expect(e.edge).toBeCloseTo(20 / 40 - (5 + 12) / 40, 12);
    expect(e.baseP).toBeCloseTo(17 / 40, 12);
    expect(e.df).toBe(1);
  });

  it('is wider for one long burst than for the same cases spread out', () => {
    const spread = episodeEdge(Array.from({ length: 100 }, (_, i) => ep(1, i % 5 < 3 ? 1 : 0)), 10_000);
    const bursts = episodeEdge(Array.from({ length: 10 }, (_, i) => ep(10, i % 5 < 3 ? 10 : 0)), 10_000);
    const w = (e: typeof spread) => { const ci = edgeInterval(e)!; return ci.hi - ci.lo; };
    expect(spread.edge).toBeCloseTo(bursts.edge!, 12);
    expect(w(bursts) / w(spread)).toBeGreaterThan(2.5);
    expect(bursts.pValue).toBeGreaterThan(spread.pValue);
  });

  it('gives no interval and no verdict with fewer than 2 episodes or no baseline', () => {
    expect(episodeEdgeRecord(episodeEdge([ep(500, 500)], 1000)).ci95_pp).toBeNull();
    expect(episodeEdgeRecord(episodeEdge([ep(500, 500)], 1000)).verdict).toBe('none');
    expect(episodeEdgeRecord(episodeEdge([ep(5, 5), ep(5, 5)], 0)).edge_pp).toBeNull();
    expect(episodeEdgeRecord(episodeEdge([], 1000)).hit_rate).toBeNull();
  });

  it('does not call a few episodes that all hit certain (the variance is taken at the null)', () => {
    const e = episodeEdge([ep(5, 5), ep(5, 5), ep(5, 5)], 1000);
    const ci = edgeInterval(e)!;
    expect(ci.hi - ci.lo).toBeGreaterThan(0.1);
    expect(e.pValue).toBeGreaterThan(0.05 / 53); // |T| ≤ √G = √3
    expect(episodeEdgeRecord(e, 53).verdict).toBe('none');
    expect(episodeEdgeRecord(e, 53).ci95_pp!.lo).toBeLessThanOrEqual(0);
  });

  it('shows the corrected interval: it excludes 0 exactly when the verdict is edge or worse', () => {
    const strong = episodeEdge(Array.from({ length: 60 }, (_, i) => ep(3, i % 10 < 8 ? 3 : 0)), 20_000);
    const weak = episodeEdge(Array.from({ length: 60 }, (_, i) => ep(3, i % 20 < 13 ? 3 : 0)), 20_000);
    const raw = edgeInterval(weak)!;
    expect(raw.lo).toBeGreaterThan(0); // the uncorrected 95 % interval excludes 0 …
    const [s, w] = correctedRecords([strong, weak, ...Array.from({ length: 8 }, () => episodeEdge([ep(2, 1), ep(2, 1), ep(2, 0)], 1000))]);
    expect(s.verdict).toBe('edge');
    expect(s.ci95_pp!.lo).toBeGreaterThan(0);
    expect(w.verdict).toBe('none'); // … but not after Holm over 10 rows, and the interval shown says so
    expect(w.ci95_pp!.lo).toBeLessThanOrEqual(0);
    expect(w.n_eff).toBe(60);
    const card = episodeEdgeRecord(weak, 53);
    expect(card.verdict).toBe('none');
    expect(card.ci95_pp!.lo).toBeLessThanOrEqual(0);
  });
});
