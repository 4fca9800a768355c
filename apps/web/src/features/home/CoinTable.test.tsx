import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Coin } from '@coinlens/contracts';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { applyTick } from '../../lib/live-prices';
import { CoinTable } from './CoinTable';

initI18nForTests('en-US');

/** Renders of a row: each row (desktop and phone) asks for the coin-name helper once per render. */
let rowRenders = 0;
vi.mock('../../lib/coin-name', () => ({
  useCoinName: () => {
    rowRenders++;
    return (c: { name: string }) => c.name;
  },
}));
vi.mock('../watchlist', () => ({ FollowButton: () => null }));

const coin = (id: number, symbol: string, lastPrice: number): Coin =>
  ({ id, symbol, name: symbol, slug: symbol.toLowerCase(), tradingPair: `${symbol}USDT`, cmc_rank: id, cmc_id: id, logo: null, lastPrice, priceChangePercent: 1, volume24h: 1e9, market_data: 'replay' }) as unknown as Coin;

describe('the home coin table on market ticks', () => {
  it('updates the price cells of the coins that moved without rendering the rows again', async () => {
    const coins = [coin(1, 'BTC', 103_000), coin(2, 'ETH', 2_500), coin(3, 'XRP', 2.39)];
    render(
      <MemoryRouter initialEntries={['/en-US/home']}>
        <CoinTable coins={coins} />
      </MemoryRouter>,
    );
    await act(async () => {});
    const before = rowRenders;
    expect(before).toBeGreaterThan(0);
    // every coin moves, as on each tick of the replay: the rows (logo, name, links) stay as they are
    await act(async () => applyTick([
      { symbol: 'BTC', lastPrice: 103_456.78, priceChangePercent: 1.5 },
      { symbol: 'ETH', lastPrice: 2_552.98, priceChangePercent: -2.4 },
      { symbol: 'XRPUSDT', lastPrice: 2.41, priceChangePercent: 0.5 },
    ]));
    const prices = screen.getAllByTestId('coin-price').map((el) => el.textContent);
    expect(prices).toContain('$103,456.78');
    expect(prices).toContain('$2,552.98');
    expect(prices).toContain('$2.41');
    expect(rowRenders).toBe(before);
  });
});
