import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../../app/query-client';
import { initI18nForTests } from '../../../app/i18n-test-utils';
import { CoinTechnicalAnalysis } from './CoinTechnicalAnalysis';

initI18nForTests('en-US');

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderWith(coin: Parameters<typeof CoinTechnicalAnalysis>[0]['coin']) {
  // requests stay pending: what is asked, and when, is what is checked
  const fetchMock = vi.fn((_url: string | URL | Request) => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/en-US/crypto/bitcoin']}>
        <CoinTechnicalAnalysis coin={coin} timeframe="1h" onTimeframe={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return () => fetchMock.mock.calls.map(([u]) => String(u instanceof Request ? u.url : u));
}

describe("coin page's technical analysis", () => {
  it("asks for its analysis at once, of the page's timeframe (the chart's), from the page's coin, without the list of all coins", async () => {
    // It looked its coin up in GET /api/crypto/all first: one more request and a round trip before
    // the analysis was asked for.
    const urls = renderWith({ slug: 'bitcoin', symbol: 'BTC', timeframes: ['5m', '1h', '1d'], lastPrice: 105_000 });
    await waitFor(() => expect(urls().some((u) => u.includes('/api/crypto/bitcoin/ta/1h'))).toBe(true));
    expect(urls().filter((u) => u.includes('/api/crypto/all'))).toEqual([]);
    expect(screen.getByTestId('coin-ta')).toHaveAttribute('data-state', 'loading');
  });

  it('offers only the coin’s analysed timeframes, and asks nothing of a coin without any', async () => {
    const urls = renderWith({ slug: 'tether', symbol: 'USDT', timeframes: [], lastPrice: 1 });
    expect(await screen.findByText('No analysis for this coin')).toBeInTheDocument();
    expect(urls()).toEqual([]);
  });
});
