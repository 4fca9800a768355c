import { describe, expect, it } from 'vitest';
import { eventStudyText } from './builtin-writer';
import type { NewsFact } from './facts';

const fact = (study: NewsFact['event_study']): NewsFact => ({
  id: 'n1',
  title: 'Spot bitcoin ETFs log $500M inflows',
  link: 'https://news.example/1',
  source: 'Example',
  published_at: Date.parse('2025-05-16T10:00:00Z'),
  trend: 'bullish',
  event_type: study?.event_type ?? null,
  event_study: study,
});

describe('eventStudyText', () => {
  it('cites mean move, 95 % interval and n per horizon of the event type, in both languages', () => {
    const f = fact({
      symbol: 'BTC',
      event_type: 'etf_flows',
      basis: 'event_type',
      sentiment: 'bullish',
      moves: [
        { horizon: '1h', avg_change_pct: 0.42, ci95: [-0.11, 0.95], n: 31 },
        { horizon: '24h', avg_change_pct: -0.3, ci95: null, n: 1 },
      ],
    });
    expect(eventStudyText(f, 'BTC', 'en-US')).toBe('After earlier ETF / fund flows news, BTC moved on average +0.4% at +1h (95 % CI -0.1% … +0.9%, n = 31) and -0.3% at +24h (n = 1).');
    expect(eventStudyText(f, 'BTC', 'zh-CN')).toBe('此前同类（ETF／资金流向）新闻发布后，BTC +1 小时平均 +0.4%（95% 置信区间 -0.1% … +0.9%，样本 31），+24 小时平均 -0.3%（样本 1）。');
  });
  it('names the sentiment when the item has no event type, and says nothing without a study', () => {
    const f = fact({ symbol: 'ETH', event_type: null, basis: 'sentiment', sentiment: 'bearish', moves: [{ horizon: '1h', avg_change_pct: -1.25, ci95: [-2, -0.5], n: 12 }] });
    expect(eventStudyText(f, 'ETH', 'en-US')).toBe('After earlier bearish news, ETH moved on average -1.3% at +1h (95 % CI -2.0% … -0.5%, n = 12).');
    expect(eventStudyText(fact(null), 'BTC', 'en-US')).toBe('');
  });
});
