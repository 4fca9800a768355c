import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { clearSession, saveSession } from '../../lib/session';
import FollowingPage from './FollowingPage';

initI18nForTests('en-US');

const coin = (symbol: string, name: string, lastPrice: number, priceChangePercent: number) => ({
  id: symbol.length, name, symbol, slug: name.toLowerCase(), logo: '', cmc_id: null, cmc_rank: 1, tags: [], lastPrice, priceChangePercent,
  volume24h: 1, tradingPair: `${symbol}USDT`, timeframes: ['1h'], market_data: 'replay', circulating_supply: null, supply_as_of: null,
});

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

function renderPage() {
  saveSession({ access_token: 'tok', user: { id: 3, name: 'trader' } });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const result = url.includes('crypto_following')
      ? [
          { id: 1, created_date: '2025-05-16T00:00:00.000Z', cryptocurrency: coin('BTC', 'Bitcoin', 103905.5, 1.2) },
          { id: 2, created_date: '2025-05-16T00:00:00.000Z', cryptocurrency: coin('PEPE', 'Pepe', 0.0000139, -3.1) },
        ]
      : [];
    return new Response(JSON.stringify({ result }), { status: 200 });
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/en-US/following']}>
        <Routes>
          <Route path="/:lang/following" element={<FollowingPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('watchlist page', () => {
  it('says "Watchlist" once, pads its content and writes prices in dollars (subscript zeros for PEPE)', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('watchlist-row');
    expect(screen.getAllByText('Watchlist')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Watchlist');
    expect(screen.getByTestId('watchlist-body').className).toMatch(/\bpx-3\b/);
    expect(within(rows[0]).getByText('$103,905.50')).toBeInTheDocument();
    expect(within(rows[1]).getByText('$0.0₄1390')).toBeInTheDocument();
  });
});
