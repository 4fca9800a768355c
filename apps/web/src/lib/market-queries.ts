import { useQuery } from '@tanstack/react-query';
import type { CandleSeries, Coin, CoinDetail, Timeframe } from '@coinlens/contracts';
import { get } from './api';

/** Total market cap summary (`GET /api/crypto/market_cap`). */
export interface MarketCapSummary {
  total_market_cap: number;
  total_market_cap_change_24h_pct: number | null;
  btc_dominance: number;
  date: string;
  history: Array<{ date: string; total_market_cap: number; btc_dominance: number }>;
  credit: string;
}

/** Fear & Greed index (`GET /api/crypto/fear_greed`). */
export interface FearGreed {
  value: number;
  classification: string;
  date: string;
  history: Array<{ date: string; value: number; classification: string }>;
  credit: string;
}

/** All coins with last price and 24 h change (`GET /api/crypto/all`). */
export function useAllCoins() {
  return useQuery({
    queryKey: ['crypto', 'all'],
    queryFn: ({ signal }) => get<Coin[]>('/crypto/all', undefined, { signal }),
    refetchInterval: 60_000,
  });
}

export function useMarketCap() {
  return useQuery({
    queryKey: ['crypto', 'market_cap'],
    queryFn: ({ signal }) => get<MarketCapSummary>('/crypto/market_cap', undefined, { signal }),
    refetchInterval: 5 * 60_000,
  });
}

export function useFearGreed() {
  return useQuery({
    queryKey: ['crypto', 'fear_greed'],
    queryFn: ({ signal }) => get<FearGreed>('/crypto/fear_greed', undefined, { signal }),
    refetchInterval: 5 * 60_000,
  });
}

/** Coin detail by slug or numeric id (`GET /api/crypto/{id}/detail?lang`). */
export function useCoinDetail(id: string | undefined, lang: string) {
  return useQuery({
    queryKey: ['crypto', 'detail', id, lang],
    queryFn: ({ signal }) => get<CoinDetail>(`/crypto/${encodeURIComponent(id ?? '')}/detail`, { lang }, { signal }),
    enabled: !!id,
    refetchInterval: 60_000,
  });
}

/** Closed candles + forming candle (`GET /api/crypto/cmc_historical`). */
export function useCandles(cmcId: number | null | undefined, timeframe: Timeframe, limit = 500) {
  return useQuery({
    queryKey: ['crypto', 'candles', cmcId, timeframe, limit],
    queryFn: ({ signal }) => get<CandleSeries>('/crypto/cmc_historical', { cmc_id: cmcId ?? undefined, timeframe, limit }, { signal }),
    enabled: cmcId != null,
    staleTime: 0,
    gcTime: 60_000,
  });
}
