import { useQueries } from '@tanstack/react-query';
import type { Coin } from '@coinlens/contracts';
import { api, type ApiResult } from './api-client';
import { hasMarketData } from '../components/NoMarketData';

type CmcPrice = ApiResult<'getCmcPrice'>;

/**
 * Fallback price source: coins without a price (or a zero price) are looked up once more
 * through `GET /api/crypto/cmc_price?cmc_id`. Not retried; failures leave the price empty. Only
 * coins the API says have market data (`market_data` replay/live) are asked about: a coin with
 * `none` has no price anywhere, and asking would only fail.
 */
export function useFallbackPrices(coins: Coin[]): Coin[] {
  const missing = coins.filter((c) => (c.lastPrice == null || c.lastPrice === 0) && c.cmc_id != null && hasMarketData(c));
  const results = useQueries({
    queries: missing.map((c) => ({
      queryKey: ['crypto', 'cmc_price', c.cmc_id],
      queryFn: ({ signal }: { signal: AbortSignal }) => api('getCmcPrice', { query: { cmc_id: c.cmc_id } }, { signal, retries: 0 }),
      staleTime: 60_000,
      retry: false,
    })),
  });
  if (missing.length === 0) return coins;
  const byId = new Map<number, CmcPrice>();
  results.forEach((r) => r.data && byId.set(r.data.cmc_id, r.data));
  return coins.map((c) => {
    const f = c.cmc_id != null ? byId.get(c.cmc_id) : undefined;
    return f && f.price ? { ...c, lastPrice: f.price, priceChangePercent: f.percent_change_24h ?? c.priceChangePercent } : c;
  });
}
