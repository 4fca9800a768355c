import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { MarketOverview } from './MarketOverview';

initI18nForTests('en-US');

/** The shipped figures as the API sends them in live mode: the index ends months before today. */
vi.mock('../../lib/market-queries', () => ({
  useFearGreed: () => ({ status: 'success', isPending: false, isError: false, data: { value: 8, classification: 'Extreme Fear', date: '2026-02-24', history: [], credit: 'Crypto Fear & Greed Index by alternative.me' } }),
  useMarketCap: () => ({ status: 'success', isPending: false, isError: false, data: { total_market_cap: 4.26e12, total_market_cap_change_24h_pct: 2.76, btc_dominance: 57.76, btc_dominance_change_24h: 0, date: '2025-08-14', history: [], credit: 'x' } }),
}));

describe('the home overview cards', () => {
  it('says which day the Fear & Greed value is of, next to its source', () => {
    render(
      <MemoryRouter initialEntries={['/en-US/home']}>
        <MarketOverview coins={[]} coinsLoading={false} />
      </MemoryRouter>,
    );
    const card = screen.getByTestId('card-fear-greed');
    expect(card).toHaveTextContent('Extreme Fear');
    expect(card).toHaveTextContent('as of 24 Feb 2026 · by alternative.me');
  });
});
