import { describe, expect, it } from 'vitest';
import { edgeStat, formatEdge } from '@coinlens/contracts';
import { eventStudyText, probWord, signalList } from './builtin-writer';
import type { NewsFact, TimeframeFacts } from './facts';

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

const sig = (hits: number, n: number, base: number) => {
  const edge = edgeStat(hits, n, base, 20_000, 129);
  return { label: 'macd_hist_falling', name: { en: 'MACD histogram falling', zh: 'MACD 柱线下降' }, direction: 'bearish', hit_rate: { p: hits / n, n }, edge, record: { en: formatEdge(edge, 'en-US'), zh: formatEdge(edge, 'zh-CN') } };
};

describe('signal facts quote the baseline and the edge, never a bare hit rate', () => {
  it('a signal that does no better than its baseline says "no measurable edge"', () => {
    const tf = { timeframe: '5m', signals: [sig(300, 749, 0.41)] } as unknown as TimeframeFacts;
    const [en] = signalList(tf, 'en-US');
    expect(en).toMatch(/^MACD histogram falling \(5m, bearish, hit rate 40 %, baseline 41 %, n = 749; no measurable edge \(−0\.9 pp, 95 % CI −\d+\.\d to \+\d+\.\d\)\)$/);
    const [zh] = signalList(tf, 'zh-CN');
    expect(zh).toContain('基准 41 %');
    expect(zh).toContain('无可测量的优势');
  });

  it('a clearly worse signal is called worse than its baseline with the interval', () => {
    const tf = { timeframe: '5m', signals: [sig(300, 749, 0.6)] } as unknown as TimeframeFacts;
    expect(signalList(tf, 'en-US')[0]).toMatch(/worse than baseline −19\.9 pp \(95 % CI −\d+\.\d to −\d+\.\d\)/);
  });
});

describe('the analyst words a stated probability as the calibration log supports it', () => {
  const cal = (no_skill: boolean, source: 'live' | 'backfill') => ({
    p: 0.98, n: 1538, wording: 'very_likely',
    calibration: { status: 'calibrated' as const, stated_lo: 0.9, stated_hi: 1, observed: 0.94, observed_lo: 0.9, observed_hi: 0.97, n: 800, n_eff: 40, source, skill: { value: 0.01, lo: -0.03, hi: 0.06, base_rate: 0.93, n: 2000, n_eff: 55 }, no_skill },
  });
  it('says "no skill over the base rate (x % … anyway)" instead of "very likely" when the skill interval reaches 0, in both languages', () => {
    expect(probWord(cal(true, 'live'), 'touch', 'en-US')).toBe('no skill over the base rate (93% of levels are touched anyway)');
    expect(probWord(cal(true, 'live'), 'breakthrough', 'zh-CN')).toBe('相对基准率无预测能力（93% 的价位本来就会被突破）');
  });
  it('keeps the calibrated label with skill, and says "from backfill" while it rests on in-sample forecasts', () => {
    expect(probWord(cal(false, 'live'), 'touch', 'en-US')).toBe('very likely');
    expect(probWord(cal(false, 'backfill'), 'touch', 'en-US')).toBe('very likely (from backfill)');
    expect(probWord(cal(false, 'backfill'), 'touch', 'zh-CN')).toMatch(/（来自回填）$/);
  });
});
