import { describe, expect, it } from 'vitest';
import { interpretNews, type InterpretInput } from './interpret-news.js';

const input: InterpretInput = {
  title: 'BlackRock’s Bitcoin ETF posts $356M inflows, longest inflow streak in 2025',
  source: 'Cointelegraph',
  coins: [{ symbol: 'BTC', trend: 'uptrend' }],
  cluster: { size: 3, sources: ['Cointelegraph', 'CoinDesk'] },
  impact: { coin: 'BTC', n: 42, move5m: 0.12, move1h: 0.4567, move24h: -1.2 },
};

/** Every number in the text must come from the input (title excluded: it is not restated). */
function numbersIn(text: string): string[] {
  return text.match(/\d+(?:\.\d+)?/g) ?? [];
}

describe('interpretNews', () => {
  it('restates the facts in English and says it is the built-in analyst', () => {
    const r = interpretNews(input, 'en-US');
    expect(r.labelledAs).toBe('builtin');
    expect(r.text).toContain("Built-in analyst's reading");
    expect(r.text).toContain('BTC');
    expect(r.text).toContain('bullish');
    expect(r.text).toContain('inflows'); // rule basis
    expect(r.text).toContain('3 reports from 2 sources');
    expect(r.text).toContain('+0.12% in 5 minutes, +0.46% in 1 hour and -1.20% in 24 hours');
    expect(r.text).toContain('42 similar news items');
    expect(numbersIn(r.text).sort()).toEqual(['0.12', '0.46', '1', '1.20', '2', '24', '3', '42', '5'].sort());
  });

  it('writes Simplified Chinese with the same facts', () => {
    const r = interpretNews(input, 'zh-CN');
    expect(r.text).toMatch(/^内置分析师解读/);
    expect(r.text).toContain('看涨');
    expect(r.text).toContain('共有 2 个来源的 3 篇报道');
    expect(r.text).toContain('5 分钟 +0.12%，1 小时 +0.46%，24 小时 -1.20%');
    expect(r.text).toContain('上升趋势');
    expect(r.text).not.toMatch(/[\u4e00-\u9fff]*[們這個為說]/); // no Traditional forms
  });

  it('says when a single source reports and when no impact history exists', () => {
    const r = interpretNews({ title: 'Hackers drain $2.1M from DeFi protocol on BNB Chain', source: 'COINOTAG', coins: [{ symbol: 'BNB' }], cluster: { size: 1, sources: ['COINOTAG'] } }, 'en-US');
    expect(r.text).toContain('Only one source');
    expect(r.text).not.toContain('Historically');
    expect(r.sentiment.label).toBe('bearish');
    expect(numbersIn(r.text)).toEqual([]);
    const zh = interpretNews({ title: 'x', source: 'S', coins: [], cluster: { size: 1, sources: ['S'] } }, 'zh-CN');
    expect(zh.text).toContain('仅有 1 个来源');
    expect(zh.text).toContain('未识别到具体币种');
  });

  it('uses a given sentiment and skips missing moves; marks small samples', () => {
    const r = interpretNews({ ...input, sentiment: { label: 'neutral', scores: { bearish: 0, bullish: 0, neutral: 1 } }, impact: { coin: 'BTC', n: 4, move1h: 0.5 } }, 'en-US');
    expect(r.text).toContain('reads it as neutral');
    expect(r.text).toContain('+0.50% in 1 hour (small sample)');
    expect(r.text).not.toContain('5 minutes');
  });

  it('is deterministic', () => {
    expect(interpretNews(input, 'en-US')).toEqual(interpretNews(input, 'en-US'));
  });
});
