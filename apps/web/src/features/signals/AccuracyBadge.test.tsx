import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { LatestAccuracy } from '@coinlens/contracts';
import { edgeStat } from '@coinlens/contracts/signals/edge-stats';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { LatestAccuracyPanel } from './AccuracyBadge';

initI18nForTests('en-US');

const tf = (timeframe: '5m' | '1h' | '1d', hits: number, total: number, base: number, baseN: number) => ({
  timeframe, hits, total, pending: 0, accuracy: total ? hits / total : null, horizon_candles: 1, edge: edgeStat(hits, total, total ? base : null, total ? baseN : 0, 4),
});

/** 58 % of 1,234 vs a 52 % base rate on 20,000 candles: a measurable edge; 1h: none; 1d: no signals. */
const data: LatestAccuracy = {
  accuracy: 716 / 1234, hits: 716, total: 1234, pending: 3, since: 0, until: 1,
  edge: edgeStat(716, 1234, 0.52, 20_000, 4),
  by_timeframe: [tf('5m', 600, 1000, 0.52, 16_000), tf('1h', 116, 234, 0.5, 4_000), tf('1d', 0, 0, 0, 0)],
};

async function renderAt(lang: 'en-US' | 'zh-CN', d: LatestAccuracy = data) {
  await act(() => i18next.changeLanguage(lang));
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, refetchInterval: false } } });
  client.setQueryData(['signals', 'latest_accuracy', ''], d);
  client.setQueryData(['signals', 'patterns', {}], { since: 0, until: 1, items: [] });
  return render(<QueryClientProvider client={client}><LatestAccuracyPanel /></QueryClientProvider>);
}

describe('LatestAccuracyPanel: hit rate beside its base rate', () => {
  it('en-US: hit rate with n, base rate, edge with its 95 % interval; per timeframe the base rate and verdict', async () => {
    await renderAt('en-US');
    const line = screen.getByTestId('accuracy-vs-base');
    expect(line.textContent).toMatch(/^Hit rate 58 % \(n = 1,234\) vs base rate 52 % → edge \+6\.0 pp \(95 % CI \+\d\.\d to \+\d\.\d\)$/);
    expect(line.dataset.verdict).toBe('edge');
    const rows = screen.getAllByTestId('timeframe-edge');
    expect(rows).toHaveLength(2); // 1d has no scored signal: no base rate shown
    expect(rows[0].textContent).toContain('base rate 52 %');
    expect(within(rows[1]).getByText(/^no measurable edge/)).toBeTruthy();
  });

  it('zh-CN: the same figures in Chinese, "无可测量的优势" when there is none', async () => {
    await renderAt('zh-CN');
    const line = screen.getByTestId('accuracy-vs-base');
    expect(line.textContent).toMatch(/^命中率 58 %（样本 1,234）对比基准 52 % → 优势 \+6\.0 个百分点（95% 置信区间 \+\d\.\d 至 \+\d\.\d）$/);
    const rows = screen.getAllByTestId('timeframe-edge');
    expect(rows[0].textContent).toContain('基准 52 %');
    expect(within(rows[1]).getByText(/^无可测量的优势/)).toBeTruthy();
  });

  it('shows the effective n (episodes) beside n when overlapping signals were grouped', async () => {
    const grouped = { ...data, edge: { ...data.edge, n_eff: 42 } };
    await renderAt('en-US', grouped);
    expect(screen.getByTestId('accuracy-vs-base').textContent).toMatch(/^Hit rate 58 % \(n = 1,234 in 42 episodes\) vs base rate 52 %/);
    await renderAt('zh-CN', grouped);
    expect(screen.getAllByTestId('accuracy-vs-base').at(-1)!.textContent).toMatch(/^命中率 58 %（样本 1,234，42 个独立片段）对比基准 52 %/);
  });

  it('says why a timeframe has no scored signal instead of "— (0/0)"', async () => {
    await renderAt('en-US');
    const empty = screen.getByTestId('timeframe-unscored');
    expect(empty.textContent).toBe('1M: none scored yet — a 1M signal is scored 30 days after it fires, so none of the last 7 days can be');
    expect(document.body.textContent).not.toContain('(0/0)');
    await renderAt('zh-CN');
    expect(screen.getAllByTestId('timeframe-unscored').at(-1)!.textContent).toContain('1M 信号在触发 30 天后才评分');
  });
});
