import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AlertNotification, AlertRule } from '@coinlens/contracts/alerts/rules';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { RuleRow } from './AlertsPage';
import { NotificationItem } from './NotificationBell';

initI18nForTests('en-US');

const wrap = (ui: React.ReactNode, lang = 'en-US') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/${lang}/alerts`]}>
        <Routes>
          <Route path="/:lang/alerts" element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const rule = (over: Partial<AlertRule>): AlertRule => ({
  id: 1,
  rule: { kind: 'price_cross', coin: 'bitcoin', level: 104000, direction: 'up', repeat: false },
  coin: { id: 1, slug: 'bitcoin', symbol: 'BTC', name: 'Bitcoin' },
  channels: [],
  active: false,
  created_at: '2025-05-15T00:00:00.000Z',
  updated_at: '2025-05-16T00:15:00.000Z',
  last_fired_at: '2025-05-16T00:15:00.000Z',
  ...over,
}) as AlertRule;

describe('alert rule state', () => {
  it('a fired one-shot price rule says when it fired and that Resume re-arms it, in both languages', async () => {
    const { unmount } = wrap(<RuleRow r={rule({})} onEdit={() => undefined} />);
    expect(screen.getByTestId('alert-fired-once')).toHaveTextContent('fired 16 May 2025 00:15 UTC (one-shot), resume to re-arm');
    expect(screen.queryByText(/paused/)).toBeNull();
    unmount();
    await act(() => i18next.changeLanguage('zh-CN'));
    try {
      wrap(<RuleRow r={rule({})} onEdit={() => undefined} />, 'zh-CN');
      expect(screen.getByTestId('alert-fired-once')).toHaveTextContent('已于 2025年5月16日 00:15 UTC 触发（一次性），恢复即可重新启用');
    } finally {
      await act(() => i18next.changeLanguage('en-US'));
    }
  });

  it('a rule paused by hand still says paused', () => {
    wrap(<RuleRow r={rule({ last_fired_at: null })} onEdit={() => undefined} />);
    expect(screen.queryByTestId('alert-fired-once')).toBeNull();
    expect(screen.getByText(/paused/)).toBeInTheDocument();
  });
});

describe('notification', () => {
  it('shows one clock: the market time of its body, no wall-clock "Sent" date beside a replayed time', () => {
    const n: AlertNotification = {
      id: 9, rule_id: 1, kind: 'price_cross', title: { en: 'BTC crossed above 104,000.00 USDT', zh: 'BTC 向上突破 104,000.00 USDT' },
      body: { en: 'Price 104,012.00 USDT at 16 May 2025 00:15 UTC (replay).', zh: '价格 104,012.00 USDT，时间 2025年5月16日 00:15 UTC（回放）。' },
      record: null, price: 104012, market_time: '2025-05-16T00:15:00.000Z', replay: true, path: '/crypto/bitcoin',
      created_at: '2026-11-29T09:00:00.000Z', read: false,
    } as AlertNotification;
    wrap(<NotificationItem n={n} lang="en-US" />);
    const item = screen.getByTestId('notification-item');
    expect(item).toHaveTextContent('16 May 2025 00:15 UTC (replay)');
    expect(item.textContent).not.toMatch(/2026|Sent/);
  });
});
