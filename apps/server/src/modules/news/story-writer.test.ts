import { describe, expect, it } from 'vitest';
import { BuiltinInterpreter, storyCoverage, storyTitle, type InterpretFacts, type StoryFacts } from './interpreter';

const lead = (over: Partial<InterpretFacts> = {}): InterpretFacts => ({
  id: 'a',
  title: 'Bitcoin ETFs log $500M of inflows',
  summary: 'Spot funds took in money for a fifth day.',
  source: 'CoinDesk',
  publishedAt: Date.parse('2025-05-16T00:01:00Z'),
  sentiment: 'bullish',
  strength: 0.8,
  coins: [{ symbol: 'BTC', name: 'Bitcoin', trend: 'bullish' }],
  importance: 'important',
  clusterSize: 3,
  clusterSources: ['CoinDesk', 'The Block', 'Decrypt'],
  eventType: null,
  lang: 'en',
  ...over,
});
const facts = (over: Partial<StoryFacts> = {}): StoryFacts => ({
  day: '2025-05-16',
  now: Date.parse('2025-05-16T00:02:00Z'),
  from: Date.parse('2025-05-16T00:00:00Z'),
  reportsToday: 3,
  lead: lead(),
  reports: [],
  ...over,
});

describe('story of the day, built-in writer', () => {
  it('says how much of the day it covers', () => {
    expect(storyCoverage(facts(), 'en-US')).toBe('So far today (2025-05-16 00:00–00:02 UTC), 3 reports were released');
    expect(storyCoverage(facts({ reportsToday: 1 }), 'zh-CN')).toBe('今日截至目前（2025-05-16 00:00–00:02 UTC）共发布 1 条新闻');
    const last24h = facts({ from: Date.parse('2025-05-15T00:02:00Z'), reportsToday: 40 });
    expect(storyCoverage(last24h, 'en-US')).toBe('Nothing was released today (2025-05-16) yet, so this covers the last 24 hours (2025-05-15 00:02 – 2025-05-16 00:02 UTC), 40 reports');
  });

  it('writes a zh-CN story in Chinese: its own title, the English headline quoted as English', async () => {
    const s = await new BuiltinInterpreter().writeStory(facts(), 'zh-CN', () => undefined);
    expect(s.title).toBe('比特币（BTC）：今日头号事件，3 家来源报道，整体看涨');
    expect(s.content).toContain('英文原标题：“Bitcoin ETFs log $500M of inflows”');
    expect(s.content).toContain('英文导语：Spot funds took in money for a fifth day.');
    expect(s.content.startsWith('今日截至目前（2025-05-16 00:00–00:02 UTC）')).toBe(true);
  });

  it('uses a model translation or a Chinese headline as the zh-CN title, and a Chinese headline is not the English title', () => {
    expect(storyTitle(lead({ titleZh: '比特币 ETF 净流入 5 亿美元' }), 'zh-CN')).toBe('比特币 ETF 净流入 5 亿美元');
    const zhLead = lead({ title: '比特币现货 ETF 昨日净流入 2.6 亿美元', lang: 'zh' });
    expect(storyTitle(zhLead, 'zh-CN')).toBe('比特币现货 ETF 昨日净流入 2.6 亿美元');
    expect(storyTitle(zhLead, 'en-US')).toBe('BTC: the day\'s biggest event, reported by 3 sources, bullish overall');
  });

  it('leaves out a lead that only repeats the headline', async () => {
    const s = await new BuiltinInterpreter().writeStory(facts({ lead: lead({ summary: 'Bitcoin ETFs log $500M of inflows.' }) }), 'en-US', () => undefined);
    expect(s.content).not.toContain('Lead:');
    expect(s.title).toBe('Bitcoin ETFs log $500M of inflows');
  });
});
