import { describe, expect, it } from 'vitest';
import { scoreImportance, type ImportanceInput } from './score-importance.js';
import { bestSourceTier, sourceTier } from './source-tiers.js';

const base: ImportanceInput = { clusterSize: 1, sourceCount: 1, sourceTier: 2, coins: [{ symbol: 'SOL', cmcRank: 6 }], ageMs: 0, sentimentStrength: 0.5, topics: ['market'] };

describe('source tiers', () => {
  it('ranks newsrooms above rewrite sites and press releases', () => {
    expect(sourceTier('CoinDesk')).toBe(1);
    expect(sourceTier('cointelegraph')).toBe(1);
    expect(sourceTier('The Block')).toBe(1);
    expect(sourceTier('Reuters')).toBe(1);
    expect(sourceTier('Cryptonews')).toBe(2);
    expect(sourceTier('COINOTAG')).toBe(3);
    expect(sourceTier('GlobeNewswire')).toBe(3);
    expect(sourceTier('Unknown Blog')).toBe(3);
    expect(bestSourceTier(['COINOTAG', 'Decrypt'])).toBe(1);
    expect(bestSourceTier([])).toBe(3);
  });
});

describe('scoreImportance', () => {
  it('is monotone in cluster size, source count and tier', () => {
    let prev = -1;
    for (let n = 1; n <= 30; n++) {
      const r = scoreImportance({ ...base, clusterSize: n, sourceCount: Math.min(n, 10) });
      expect(r.impact).toBeGreaterThanOrEqual(prev);
      prev = r.impact;
    }
    expect(scoreImportance({ ...base, sourceTier: 1 }).impact).toBeGreaterThan(scoreImportance({ ...base, sourceTier: 3 }).impact);
  });

  it('heat decays with age (half-life 12 h) and stays in 0..100', () => {
    const fresh = scoreImportance(base);
    const old = scoreImportance({ ...base, ageMs: 12 * 3600_000 });
    expect(old.heat).toBe(Math.round(fresh.impact / 2));
    let prev = 101;
    for (let h = 0; h <= 96; h += 6) {
      const r = scoreImportance({ ...base, clusterSize: 50, sourceCount: 20, sourceTier: 1, sentimentStrength: 1, topics: ['etf'], coins: [{ symbol: 'BTC', cmcRank: 1 }], ageMs: h * 3600_000 });
      expect(r.heat).toBeLessThanOrEqual(prev);
      expect(r.heat).toBeGreaterThanOrEqual(0);
      expect(r.heat).toBeLessThanOrEqual(100);
      prev = r.heat;
    }
  });

  it('assigns levels', () => {
    expect(scoreImportance({ clusterSize: 12, sourceCount: 8, sourceTier: 1, coins: [{ symbol: 'BTC', cmcRank: 1 }], ageMs: 0, sentimentStrength: 0.8, topics: ['etf'] }).level).toBe('most_important');
    expect(scoreImportance({ clusterSize: 3, sourceCount: 3, sourceTier: 1, coins: [{ symbol: 'ETH', cmcRank: 2 }], ageMs: 0, sentimentStrength: 0.3, topics: ['market'] }).level).toBe('important');
    expect(scoreImportance({ ...base, sourceTier: 3 }).level).toBe('less_important');
    expect(scoreImportance({ ...base, sourceTier: 3, topics: ['sponsored'] }).level).toBe('general');
  });

  it('tolerates bad numbers', () => {
    const r = scoreImportance({ clusterSize: NaN, sourceCount: 0, sourceTier: 9, coins: [], ageMs: -5, sentimentStrength: NaN });
    expect(Number.isFinite(r.heat)).toBe(true);
    expect(r.level).toBeDefined();
  });
});
