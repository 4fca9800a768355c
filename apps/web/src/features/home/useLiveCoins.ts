import { useMemo } from 'react';
import type { Coin } from '@coinlens/contracts';
import { livePriceOf, useLivePricesVersion } from '../../lib/live-prices';

/** Coins merged with the latest live prices from the market stream, sorted by CMC rank. */
export function useLiveCoins(coins: Coin[] | undefined): Coin[] {
  const version = useLivePricesVersion();
  return useMemo(() => {
    if (!coins) return [];
    const merged = coins.map((c) => {
      const live = livePriceOf(c.symbol) ?? livePriceOf(c.tradingPair);
      return live ? { ...c, lastPrice: live.lastPrice ?? c.lastPrice, priceChangePercent: live.priceChangePercent ?? c.priceChangePercent } : c;
    });
    return merged.sort((a, b) => (a.cmc_rank ?? 1e9) - (b.cmc_rank ?? 1e9) || a.symbol.localeCompare(b.symbol));
    // `version` changes whenever a live price changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [coins, version]);
}
