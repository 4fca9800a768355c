import { useQuery } from '@tanstack/react-query';
import type { CoinRef, Timeframe } from '@coinlens/contracts';
import { api } from './api-client';

/** All coins with last price and 24 h change (`GET /api/crypto/all`). */
export function useAllCoins() {
  return useQuery({
    queryKey: ['crypto', 'all'],
    queryFn: ({ signal }) => api('getAllCoins', {}, { signal }),
    refetchInterval: 60_000,
  });
}

/** Total market cap summary (`GET /api/crypto/market_cap`). */
export function useMarketCap() {
  return useQuery({
    queryKey: ['crypto', 'market_cap'],
    queryFn: ({ signal }) => api('getMarketCap', {}, { signal }),
    refetchInterval: 5 * 60_000,
  });
}

/** Fear & Greed index (`GET /api/crypto/fear_greed`). */
export function useFearGreed() {
  return useQuery({
    queryKey: ['crypto', 'fear_greed'],
    queryFn: ({ signal }) => api('getFearGreed', {}, { signal }),
    refetchInterval: 5 * 60_000,
  });
}

/** Coin detail by a coin reference, CoinRef: slug, numeric id or symbol (`GET /api/crypto/{coin}/detail`). */
export function useCoinDetail(coin: CoinRef | undefined) {
  return useQuery({
    queryKey: ['crypto', 'detail', coin],
    queryFn: ({ signal }) => api('getCoinDetail', { params: { coin: coin ?? '' } }, { signal }),
    enabled: !!coin,
    refetchInterval: 60_000,
  });
}

/** Closed candles + forming candle of a coin (CoinRef) (`GET /api/crypto/cmc_historical?coin`). */
export function useCandles(coin: string | null | undefined, timeframe: Timeframe, limit = 500) {
  return useQuery({
    queryKey: ['crypto', 'candles', coin, timeframe, limit],
    queryFn: ({ signal }) => api('getCmcHistorical', { query: { coin: coin ?? undefined, timeframe, limit } }, { signal }),
    enabled: coin != null,
    staleTime: 0,
    gcTime: 60_000,
  });
}
