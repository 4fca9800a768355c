import { describe, expect, it } from 'vitest';
import { watchlistStats } from './queries';

const f = (symbol: string, p: number | null) => ({ id: 1, created_date: '', cryptocurrency: { symbol, priceChangePercent: p } }) as any;

describe('watchlist statistics', () => {
  it('counts 24h gainers and losers and finds the extremes', () => {
    const s = watchlistStats([f('BTC', 1.2), f('ETH', -3), f('SOL', 0), f('DOGE', 5), f('SHIB', null)]);
    expect(s).toMatchObject({ gainers: 2, losers: 1, unchanged: 2 });
    expect(s.best!.cryptocurrency.symbol).toBe('DOGE');
    expect(s.worst!.cryptocurrency.symbol).toBe('ETH');
  });
  it('handles an empty list', () => {
    expect(watchlistStats([])).toMatchObject({ gainers: 0, losers: 0, best: null, worst: null });
  });
});
