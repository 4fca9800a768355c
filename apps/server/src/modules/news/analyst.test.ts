import { describe, expect, it } from 'vitest';
import { readItem, type AnalysisInput, type AnalystCoin } from './analyst';

const COINS: AnalystCoin[] = [
  { symbol: 'BTC', name: 'Bitcoin', cmcRank: 1 },
  { symbol: 'ETH', name: 'Ethereum', cmcRank: 2 },
  { symbol: 'SOL', name: 'Solana', cmcRank: 5 },
];
const item = (title: string, over: Partial<AnalysisInput> = {}): AnalysisInput => ({ id: 'x', title, summary: '', source: 'CoinDesk', publishedAt: 0, lang: 'en', coins: [], labels: {}, ...over });

describe('readItem', () => {
  it('gives each coin of a multi-coin headline its own direction, and the event type', () => {
    const r = readItem(item('Bitcoin Clinches Fifth Consecutive Net Institutional Inflow, Solana Fund Dips'), COINS);
    expect(r.coinTrends).toEqual([
      { symbol: 'BTC', trend: 'bullish' },
      { symbol: 'SOL', trend: 'bearish' },
    ]);
    expect(r.topic).toBe('etf_flows');
  });

  it('reads Chinese headlines (no longer neutral by language)', () => {
    const r = readItem(item('某交易所遭黑客攻击，被盗 1 亿美元以太坊', { lang: 'zh' }), COINS);
    expect(r.sentiment).toBe('bearish');
    expect(r.coinTrends).toEqual([{ symbol: 'ETH', trend: 'bearish' }]);
    expect(r.topic).toBe('hack');
  });

  it('coins tagged only by the origin or the lead take the headline label', () => {
    const r = readItem(item('Spot ETFs record $500M of inflows', { coins: ['BTC'], summary: 'Ethereum funds also gained.' }), COINS);
    expect(r.coinTrends.map((c) => c.trend)).toEqual([r.sentiment, r.sentiment]);
    expect(r.coinTrends.map((c) => c.symbol)).toEqual(['BTC', 'ETH']);
  });
});
