import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { NewsRecord, NewsRecordRow, RecordRoots } from '@coinlens/contracts';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { NewsRecordView } from './NewsRecordView';
import { RecordRoot } from './RecordRoot';

initI18nForTests('en-US');

const row = (key: string, n: number, over: Partial<NewsRecordRow['edge']> = {}): NewsRecordRow => ({
  key,
  bullish: n - 2,
  bearish: 2,
  edge: { hits: Math.round(n * 0.55), n, n_eff: Math.round(n / 3), hit_rate: 0.55, baseline: { p: 0.52, n: 28_787 }, edge_pp: 3, ci95_pp: { lo: -9.5, hi: 15.2 }, p_value: 0.6, p_adjusted: 1, verdict: 'none', ...over },
  ic: { value: 0.041, ci95: { lo: -0.12, hi: 0.2 } },
  mean_signed_move_pct: 0.31,
});

const record: NewsRecord = {
  as_of: Date.parse('2025-05-16T00:30:00Z'),
  from: Date.parse('2025-05-02T05:00:00Z'),
  to: Date.parse('2025-05-15T07:00:00Z'),
  scored: { '1h': 1200, '24h': 1234 },
  pending: { '1h': 1, '24h': 35 },
  coins: 18,
  tables: [
    { dimension: 'all', horizon: '24h', rows: [row('all', 1234)] },
    { dimension: 'source', horizon: '24h', rows: [row('Cointelegraph', 800), row('CoinDesk', 434)] },
    { dimension: 'event_type', horizon: '24h', rows: [row('etf_flows', 1000), row('other', 234)] },
    { dimension: 'lang', horizon: '24h', rows: [row('en', 1234)] },
  ],
};

const roots: RecordRoots = {
  algorithm: 'sha256', canonical_form: 'RFC 8785', genesis: '0'.repeat(64),
  head: { seq: 101_382, kind: 'news_mark', ref: 'cc:1', stated_at: 0, appended_at: 0, prev_hash: 'a'.repeat(64), hash: 'b'.repeat(64) },
  days: [{ day: '2025-05-16', entries: 101_382, last_seq: 101_382, root: 'b'.repeat(64), last_appended_at: 0 }],
};

async function renderAt(lang: 'en-US' | 'zh-CN', data: NewsRecord | null = record) {
  await act(() => i18next.changeLanguage(lang));
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, refetchInterval: false } } });
  if (data) client.setQueryData(['feeds', 'record'], data);
  client.setQueryData(['record', 'roots'], roots);
  return render(
    <QueryClientProvider client={client}>
      <NewsRecordView />
      <RecordRoot />
    </QueryClientProvider>,
  );
}

describe('NewsRecordView and RecordRoot', () => {
  it('en-US: denominators, episodes, base rate, corrected edge, IC and the root with its entry count', async () => {
    await renderAt('en-US');
    const summary = screen.getByTestId('news-record-summary');
    expect(summary.textContent).toContain('1,234 marks scored at +24 hours (411 independent episodes; 1,232 bullish, 2 bearish) on 18 coins');
    expect(summary.textContent).toContain('Hit rate 55.0% against a base rate of 52.0% (28,787 windows)');
    expect(summary.textContent).toContain('35 more waiting for their horizon');
    expect(within(summary).getByTestId('edge-text').getAttribute('data-verdict')).toBe('none');
    const table = screen.getByTestId('news-record-table');
    expect(within(table).getAllByTestId('news-record-row').map((r) => r.firstChild!.textContent)).toEqual(['Cointelegraph', 'CoinDesk']);
    expect(within(table).getAllByTestId('news-record-ic')[0].textContent).toBe('+0.041 (95% CI −0.120 to +0.200)');
    expect(screen.getByTestId('record-root-hash').textContent).toBe('b'.repeat(64));
    expect(screen.getByTestId('record-root').textContent).toContain('Root of 2025-05-16 (UTC), covering entries 1–101,382:');
  });

  it('zh-CN, and the empty state with the marks still pending', async () => {
    await renderAt('zh-CN', { ...record, tables: record.tables.map((t) => ({ ...t, rows: [] })), from: null, to: null, scored: { '1h': 0, '24h': 0 } });
    expect(screen.getByTestId('news-record-empty').textContent).toContain('尚无新闻标记走过其时长');
    expect(screen.getByTestId('news-record-empty').textContent).toContain('还有 35 个标记在等待市场时钟走过其时长');
    expect(screen.getByText('防篡改记录')).toBeTruthy();
  });
});
