import { describe, expect, it } from 'vitest';
import { baseRate, newsRecordTables, spearman, spearmanInterval, type ScoredMark } from './news-record.stats';

const H = 3_600_000;

describe('news record statistics', () => {
  it('base rate: the share of every window of the horizon that moved up / down, within the period, skipping gaps', () => {
    const openTime = [0, 1, 2, 3, 4, 5, 7, 8].map((k) => k * H);
    const close = [10, 11, 10, 10, 12, 11, 13, 12];
    // Windows of one candle starting at closes 1h..6h: 10→11 up, 11→10 down, 10→10 flat, 10→12 up, 12→11 down; 11 (5h) → 13 (7h) spans a gap.
    expect(baseRate(openTime, close, H, H, H, 6 * H)).toEqual({ up: 2 / 5, down: 2 / 5, n: 5 });
    // Two-candle windows starting at closes 2h and 3h: 11→10 down, 10→12 up.
    expect(baseRate(openTime, close, H, 2 * H, 2 * H, 3 * H)).toEqual({ up: 0.5, down: 0.5, n: 2 });
    expect(baseRate(openTime, close, H, H, 100 * H, 200 * H)).toBeNull();
  });

  it('spearman uses average ranks for ties and matches a hand computation', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1);
    expect(spearman([1, 2, 3, 4], [40, 30, 20, 10])).toBeCloseTo(-1);
    // signs (ties) vs moves: ranks x = [1.5,1.5,3.5,3.5], y = [1,3,2,4] → r = 2 / √(4·5) = 0.4472
    expect(spearman([-1, -1, 1, 1], [-2, 0.5, 0.1, 3])).toBeCloseTo(2 / Math.sqrt(20), 6);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(spearman([1, 2], [1, 2])).toBeNull();
  });

  it('the IC interval widens as episodes fall and needs 4 of them', () => {
    const many = spearmanInterval(0.2, 400)!;
    const few = spearmanInterval(0.2, 20)!;
    expect(many.lo).toBeGreaterThan(0.1);
    expect(few.hi - few.lo).toBeGreaterThan(many.hi - many.lo);
    expect(few.lo).toBeLessThan(0);
    expect(spearmanInterval(0.2, 3)).toBeNull();
  });

  it('scores marks against the coin base rate, counts overlapping marks as one episode, and groups per source / event type / language', () => {
    const marks: ScoredMark[] = [];
    // 40 well separated bullish BTC marks, 30 of them followed by a rise; base rate of rising 0.5.
    for (let k = 0; k < 40; k++) marks.push({ symbol: 'BTC', trend: 'bullish', publishedAt: k * 10 * H, changePct: k % 4 === 0 ? -1 : 1, source: k % 2 ? 'CoinDesk' : 'The Block', lang: k % 5 ? 'en' : 'zh', eventType: k % 2 ? 'etf_flows' : null });
    // A burst of 5 ETH bearish marks within one hour: one episode.
    for (let k = 0; k < 5; k++) marks.push({ symbol: 'ETH', trend: 'bearish', publishedAt: k * 10 * 60_000, changePct: -0.5, source: 'CoinDesk', lang: 'en', eventType: 'hack' });
    const base = (s: string) => (s === 'BTC' ? { up: 0.5, down: 0.45, n: 1000 } : s === 'ETH' ? { up: 0.48, down: 0.5, n: 900 } : null);
    const tables = newsRecordTables([...marks, { ...marks[0], symbol: 'DOGE' }], '1h', base);
    expect(tables.map((t) => t.dimension)).toEqual(['all', 'source', 'event_type', 'lang']);
    const all = tables[0].rows[0];
    expect(all).toMatchObject({ key: 'all', bullish: 40, bearish: 5 });
    expect(all.edge).toMatchObject({ n: 45, hits: 35, n_eff: 41, baseline: { n: 1900 } });
    // Weighted baseline: (40 · 0.5 + 5 · 0.5) / 45 = 0.5; edge 35/45 − 0.5.
    expect(all.edge.edge_pp).toBeCloseTo((35 / 45 - 0.5) * 100, 1);
    expect(all.edge.ci95_pp!.lo).toBeLessThan(all.edge.edge_pp!);
    expect(all.edge.verdict).toBe('edge');
    expect(all.ic.value).not.toBeNull();
    const sources = tables[1].rows;
    expect(sources.map((r) => r.key)).toEqual(['CoinDesk', 'The Block']);
    expect(sources[0].edge.n).toBe(25);
    expect(tables[2].rows.map((r) => r.key).sort()).toEqual(['etf_flows', 'hack', 'other']);
    const hack = tables[2].rows.find((r) => r.key === 'hack')!;
    expect(hack.edge).toMatchObject({ n: 5, n_eff: 1, ci95_pp: null, verdict: 'none' });
    expect(hack.ic).toEqual({ value: null, ci95: null });
    expect(tables[3].rows.map((r) => r.key)).toEqual(['en', 'zh']);
  });
});
