import { useMemo } from 'react';
import type { Coin } from '@coinlens/contracts';
import { type LivePrice, livePriceOf, useLivePricesVersion } from '../../lib/live-prices';

/** The merged coin of each (coin, live price) pair, so a coin whose price did not move keeps its object. */
const mergedOf = new WeakMap<Coin, { live: LivePrice; merged: Coin }>();

/**
 * Coins merged with the latest live prices from the market stream, sorted by CMC rank (the home
 * page's trending card: it ranks coins by their live change, so it follows every tick). A coin
 * whose live price did not change since the last tick is the same object as before (the store
 * gives a new entry only to a changed price), so memoised rows skip it: a tick re-renders the
 * rows whose price moved, not the whole table.
 */
export function useLiveCoins(coins: Coin[] | undefined): Coin[] {
  const version = useLivePricesVersion();
  return useMemo(() => {
    if (!coins) return [];
    const merged = coins.map((c) => {
      const live = livePriceOf(c.symbol) ?? livePriceOf(c.tradingPair);
      if (!live) return c;
      const cached = mergedOf.get(c);
      if (cached && cached.live === live) return cached.merged;
      const next = { ...c, lastPrice: live.lastPrice ?? c.lastPrice, priceChangePercent: live.priceChangePercent ?? c.priceChangePercent };
      mergedOf.set(c, { live, merged: next });
      return next;
    });
    return merged.sort((a, b) => (a.cmc_rank ?? 1e9) - (b.cmc_rank ?? 1e9) || a.symbol.localeCompare(b.symbol));
    // `version` changes whenever a live price changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [coins, version]);
}
