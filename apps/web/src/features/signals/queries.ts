import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { LabelledTaResult, LatestAccuracy, PatternStats, SignalsPage, TaTimeframe, TrackRecord } from '@coinlens/contracts';
import { MAX_PAGE_OFFSET } from '@coinlens/contracts/common/limits';
import { get } from '../../lib/api';
import { retryTransient } from '../../lib/retry';

/** Signals page size (SPEC §9). */
export const SIGNALS_PAGE_SIZE = 5;

export type SignalsListKind = 'all' | 'hot' | 'following';

/** Paged Signal items (`GET /api/crypto/ta/{all|hot|following}`), loaded 5 at a time while hasNext. */
export function useSignalsList(kind: SignalsListKind, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['signals', 'list', kind],
    queryFn: ({ pageParam, signal }) => get<SignalsPage>(`/crypto/ta/${kind}`, { offset: pageParam, limit: SIGNALS_PAGE_SIZE }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasNext && pages.length * SIGNALS_PAGE_SIZE <= MAX_PAGE_OFFSET ? pages.length * SIGNALS_PAGE_SIZE : undefined),
    enabled,
    retry: retryTransient(1),
    refetchInterval: 5 * 60_000,
  });
}

/** Accuracy of the last 7 days (`GET /api/crypto/latest_accuracy?coin`), of every coin or of one. */
export function useLatestAccuracy(coin?: string) {
  return useQuery({
    queryKey: ['signals', 'latest_accuracy', coin ?? ''],
    queryFn: ({ signal }) => get<LatestAccuracy>('/crypto/latest_accuracy', { coin }, { signal }),
    refetchInterval: 5 * 60_000,
  });
}

/** Analysis of a coin on a timeframe (`GET /api/crypto/{id}/ta/{timeframe}`). */
export function useCoinTa(id: string | number | undefined, timeframe: TaTimeframe | undefined, initial?: { data: LabelledTaResult; at: number }) {
  return useQuery({
    queryKey: ['signals', 'ta', String(id), timeframe],
    queryFn: ({ signal }) => get<LabelledTaResult>(`/crypto/${encodeURIComponent(String(id))}/ta/${timeframe}`, undefined, { signal }),
    enabled: id !== undefined && !!timeframe,
    initialData: initial?.data,
    initialDataUpdatedAt: initial?.at,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

export interface TrackRecordFilter {
  coin?: string;
  timeframe?: TaTimeframe;
  label?: string;
  status?: 'hit' | 'miss' | 'pending' | 'scored';
}

/** Logged signals with outcomes (`GET /api/signals/track-record`), paged by `pageSize`. */
export function useTrackRecord(filter: TrackRecordFilter, pageSize = 20) {
  return useInfiniteQuery({
    queryKey: ['signals', 'track', filter, pageSize],
    queryFn: ({ pageParam, signal }) => get<TrackRecord>('/signals/track-record', { ...filter, offset: pageParam, limit: pageSize }, { signal }),
    initialPageParam: 0,
    // the server refuses offsets past MAX_PAGE_OFFSET: the list ends there (narrow the filter for older signals)
    getNextPageParam: (last, pages) => (last.hasNext && pages.length * pageSize <= MAX_PAGE_OFFSET ? pages.length * pageSize : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: 5 * 60_000,
  });
}

/** Per-pattern hit rate beside its baseline (`GET /api/signals/pattern-stats`). */
export function usePatternStats(filter: { coin?: string; timeframe?: TaTimeframe }) {
  return useQuery({
    queryKey: ['signals', 'patterns', filter],
    queryFn: ({ signal }) => get<PatternStats>('/signals/pattern-stats', filter, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Price points of a coin for the sparkline (`GET /api/crypto/detail/chart`). */
export function useSparkline(cmcId: number | null, range: '1D' | '7D' | '1M') {
  return useQuery({
    queryKey: ['signals', 'spark', cmcId, range],
    queryFn: ({ signal }) => get<{ points: { time: number; price: number }[] }>('/crypto/detail/chart', { cmc_id: cmcId, range }, { signal }),
    enabled: cmcId != null,
    staleTime: 5 * 60_000,
  });
}
