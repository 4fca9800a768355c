import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../app/query-client';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { clearSession, saveSession } from '../../lib/session';
import { CreateAlertDialog, type AlertDraft } from './CreateAlertDialog';

initI18nForTests('en-US');

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const strategy = {
  id: 7,
  coin: { id: 1, slug: 'bitcoin', symbol: 'BTC', name: 'Bitcoin' },
  author: 'builtin',
  term: 'short_term',
  timeframe: '1h',
  bias: 'short',
  entry_low: 100,
  entry_high: 101,
  target: 95,
  invalidation: 104,
  candle_open_time: '2025-05-16T00:00:00.000Z',
  created_at: '2025-05-16T01:00:00.000Z',
  due_at: '2025-05-23T01:00:00.000Z',
};

/** Renders the dialog with a fetch stub answering the channels, the user's strategies and the create call; returns the bodies POSTed. */
function renderDialog(draft: AlertDraft) {
  const posted: any[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (u.includes('/api/alerts/channels')) return json({ result: { channels: [] } });
      if (u.includes('/api/alerts/strategies')) return json({ result: { items: [strategy] } });
      if (u.includes('/api/alerts/rules') && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json({ result: { id: 1, rule: posted[0].rule, coin: null, channels: [], active: true, created_at: strategy.created_at, updated_at: strategy.created_at, last_fired_at: null } });
      }
      return json({ result: null });
    }),
  );
  saveSession({ access_token: 'tok', user: { id: 1, name: 'u' } } as any);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CreateAlertDialog open onClose={() => undefined} draft={draft} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return posted;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  await act(() => i18next.changeLanguage('en-US'));
});

describe('alert dialog: news and strategy rules', () => {
  it('creates a news rule on the coin with the minimum importance in the news pages wording and a direction', async () => {
    const posted = renderDialog({ coin: { slug: 'bitcoin', symbol: 'BTC', name: 'Bitcoin' } });
    fireEvent.click(screen.getByTestId('alert-kind-news'));
    const importance = screen.getByTestId('alert-importance') as HTMLSelectElement;
    expect([...importance.options].map((o) => o.text)).toEqual(['General', 'Less important', 'Important', 'Most important']);
    fireEvent.change(importance, { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('alert-news-direction'), { target: { value: 'bearish' } });
    fireEvent.click(screen.getByTestId('alert-save'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ rule: { kind: 'news', coin: 'bitcoin', min_importance: 4, direction: 'bearish' }, channels: [] });
  });

  it('creates a strategy rule on the prefilled strategy, and refuses one without a strategy in the page language', async () => {
    const posted = renderDialog({ coin: { slug: 'bitcoin', symbol: 'BTC', name: 'Bitcoin' }, kind: 'strategy', strategy: { id: 7 } });
    const select = (await screen.findByTestId('alert-strategy')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('7'));
    expect(select.selectedOptions[0].text).toMatch(/^BTC · Short term \(1h\) · Short · /);
    expect(screen.getByTestId('alert-strategy-levels')).toHaveTextContent('Entry 100.00–101.00 · target 95.00 · invalidation 104.00 USDT');
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('alert-save'));
    expect(await screen.findByText('Choose one of your strategies.')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toHaveLength(0);
    fireEvent.change(select, { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('alert-on-invalidation'));
    fireEvent.click(screen.getByTestId('alert-save'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].rule).toEqual({ kind: 'strategy', strategy_id: 7, on: 'invalidation' });
  });
});
