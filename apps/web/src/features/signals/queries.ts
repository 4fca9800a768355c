import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CoinRef, SignalTaResult, TaTimeframe } from '@coinlens/contracts';
import { MAX_PAGE_OFFSET } from '@coinlens/contracts/common/limits';
import { api, type ApiInput } from '../../lib/api-client';
import { retryTransient } from '../../lib/retry';

/** Signals page size: coins per page of the signals list. */
export const SIGNALS_PAGE_SIZE = 5;

export type SignalsListKind = 'all' | 'hot' | 'following';

const LIST = { all: 'getSignalsAll', hot: 'getSignalsHot', following: 'getSignalsFollowing' } as const;

/** Paged Signal items (`GET /api/crypto/ta/{all|hot|following}`), loaded 5 at a time while hasNext. */
export function useSignalsList(kind: SignalsListKind, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['signals', 'list', kind],
    queryFn: ({ pageParam, signal }) => api(LIST[kind], { query: { offset: pageParam, limit: SIGNALS_PAGE_SIZE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasNext && pages.length * SIGNALS_PAGE_SIZE <= MAX_PAGE_OFFSET ? pages.length * SIGNALS_PAGE_SIZE : undefined),
    enabled,
    retry: retryTransient(1),
    refetchInterval: 5 * 60_000,
  });
}

/** Accuracy of the last 7 days (`GET /api/crypto/latest_accuracy?coin`), of every coin or of one (CoinRef). */
export function useLatestAccuracy(coin?: CoinRef) {
  return useQuery({
    queryKey: ['signals', 'latest_accuracy', coin ?? ''],
    queryFn: ({ signal }) => api('getLatestAccuracy', { query: { coin } }, { signal }),
    refetchInterval: 5 * 60_000,
  });
}

/** Analysis of a coin (CoinRef) on a timeframe (`GET /api/crypto/{coin}/ta/{timeframe}`). */
export function useCoinTa(coin: CoinRef | number | undefined, timeframe: TaTimeframe | undefined) {
  return useQuery({
    queryKey: ['signals', 'ta', String(coin), timeframe],
    queryFn: ({ signal }) => api('getCoinTa', { params: { coin: String(coin), timeframe: timeframe ?? '1h' } } /* runs only when enabled, i.e. with a timeframe */, { signal }),
    enabled: coin !== undefined && !!timeframe,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

/**
 * The analysis a Signal card shows (`SignalTaResult`), seeded with the list's `initial` and kept
 * fresh from `GET /api/crypto/{coin}/ta/{timeframe}`. Its own cache key: the list's analyses lack
 * `indicators` and `probabilities`, so they must not stand in for the coin page's full one.
 */
export function useSignalCardTa(coin: CoinRef, timeframe: TaTimeframe, initial?: { data: SignalTaResult; at: number }) {
  return useQuery<SignalTaResult>({
    queryKey: ['signals', 'ta-card', coin, timeframe],
    queryFn: ({ signal }) => api('getCoinTa', { params: { coin, timeframe } }, { signal }),
    initialData: initial?.data,
    initialDataUpdatedAt: initial?.at,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

/** Filter of the track record (`coin` is a CoinRef). */
export type TrackRecordFilter = Pick<NonNullable<ApiInput<'getTrackRecord'>['query']>, 'coin' | 'timeframe' | 'label' | 'status'>;

/** Logged signals with outcomes (`GET /api/signals/track-record`), paged by `pageSize`. */
export function useTrackRecord(filter: TrackRecordFilter, pageSize = 20, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: ['signals', 'track', filter, pageSize],
    queryFn: ({ pageParam, signal }) => api('getTrackRecord', { query: { ...filter, offset: pageParam, limit: pageSize } }, { signal }),
    initialPageParam: 0,
    // the server refuses offsets past MAX_PAGE_OFFSET: the list ends there (narrow the filter for older signals)
    getNextPageParam: (last, pages) => (last.hasNext && pages.length * pageSize <= MAX_PAGE_OFFSET ? pages.length * pageSize : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: 5 * 60_000,
  });
}

/** Per-pattern hit rate beside its baseline (`GET /api/signals/pattern-stats`); no request while `enabled` is false. */
export function usePatternStats(filter: { coin?: CoinRef; timeframe?: TaTimeframe }, enabled = true) {
  return useQuery({
    queryKey: ['signals', 'patterns', filter],
    queryFn: ({ signal }) => api('getPatternStats', { query: filter }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/** Price points of a coin (CoinRef) for the sparkline (`GET /api/crypto/detail/chart?coin`). */
export function useSparkline(coin: CoinRef | null, range: '1D' | '7D' | '1M') {
  return useQuery({
    queryKey: ['signals', 'spark', coin, range],
    queryFn: ({ signal }) => api('getDetailChart', { query: { coin: coin ?? undefined, range } }, { signal }),
    enabled: coin != null,
    staleTime: 5 * 60_000,
  });
}
