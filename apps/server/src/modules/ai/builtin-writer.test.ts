import { describe, expect, it } from 'vitest';
import { edgeStat, formatEdge } from '@coinlens/contracts';
import { signalList } from './builtin-writer';
import type { TimeframeFacts } from './facts';

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
