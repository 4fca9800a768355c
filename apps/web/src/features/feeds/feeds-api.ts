import { useEffect } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoinRef, FeedFilter, FeedHeat, NewsFilter } from '@coinlens/contracts';
import { MAX_PAGE_OFFSET } from '@coinlens/contracts/common/limits';
import { SOTD_STREAM } from '@coinlens/contracts/feeds/sotd-stream';
import { api, apiUrl } from '../../lib/api-client';
import { retryTransient } from '../../lib/retry';
import { parseSseJson } from '../../lib/sse';

/** Feed list page size. */
export const FEED_PAGE_SIZE = 10;

/** Filters of a feed list; a change starts the list again at offset 0 (a new query key). */
export interface FeedListFilters {
  filter: FeedFilter;
  heat: FeedHeat;
  /** Coin (CoinRef: slug, id or symbol), or null for every coin. */
  coin: CoinRef | null;
  personal?: boolean;
}

/** `GET /api/feeds/latest`, paged by 10; `hasNextPage` while the server reports more. */
export function useLatestFeeds(lang: string, f: FeedListFilters) {
  return useInfiniteQuery({
    queryKey: ['feeds', 'latest', lang, f.filter, f.heat, f.coin, !!f.personal],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api(
        'getLatestFeeds',
        { query: { limit: FEED_PAGE_SIZE, offset: pageParam, filter: f.filter, heat: f.heat, lang, cryptocurrency_id: f.coin ?? undefined, personal: f.personal ? 'true' : undefined } },
        { signal },
      ),
    getNextPageParam: (last) => (last.hasNext && last.list.length === last.limit && last.offset + last.limit <= MAX_PAGE_OFFSET ? last.offset + last.limit : undefined),
    staleTime: 30_000,
  });
}

/** `GET /api/feeds/hot_top5`. */
export function useHotTop5(lang: string) {
  return useQuery({ queryKey: ['feeds', 'hot_top5', lang], queryFn: ({ signal }) => api('getHotTop5', { query: { lang } }, { signal }), refetchInterval: 60_000 });
}

/** `GET /api/feeds/sources/delays`: the measured delay per live source (refreshed every minute). */
export function useSourceDelays() {
  return useQuery({ queryKey: ['feeds', 'source_delays'], queryFn: ({ signal }) => api('getSourceDelays', {}, { signal }), refetchInterval: 60_000, staleTime: 30_000 });
}

/** `GET /api/feeds/sentiment-accuracy`: the classifier's measured figures (fixed per shipped model). */
export function useSentimentAccuracy() {
  return useQuery({ queryKey: ['feeds', 'sentiment_accuracy'], queryFn: ({ signal }) => api('getSentimentAccuracy', {}, { signal }), staleTime: Infinity });
}

/** `GET /api/feeds/{id}`. */
export function useFeed(id: string | undefined, lang: string) {
  return useQuery({
    queryKey: ['feeds', 'detail', id, lang],
    queryFn: ({ signal }) => api('getFeed', { params: { id: id ?? '' }, query: { lang } }, { signal }),
    enabled: !!id,
    retry: retryTransient(2),
  });
}

/** `GET /api/feeds/sotd`. */
export function useStoryOfTheDay(lang: string) {
  return useQuery({ queryKey: ['feeds', 'sotd', lang], queryFn: ({ signal }) => api('getSotd', { query: { lang } }, { signal }), refetchInterval: 10 * 60_000 });
}

/**
 * Streamed story refresh (`GET /api/feeds/stream/sotd/refresh`, format in the contract): calls
 * `onThinking` with the text between `<think>` and `</think>`, `onDone` at `[DONE]`, `onError` on
 * an `error` event or a broken stream. No reconnect (max attempts 0). Returns a closer.
 */
export function streamStoryRefresh(lang: string, auto: boolean, cb: { onThinking: (line: string) => void; onDone: () => void; onError: (code: string) => void }): () => void {
  const es = new EventSource(apiUrl('streamSotdRefresh', { query: { lang, auto: auto ? 'true' : 'false' } }));
  let thinking = false;
  let finished = false;
  es.onmessage = (e) => {
    const line = String(e.data);
    if (line === SOTD_STREAM.thinkStart) thinking = true;
    else if (line === SOTD_STREAM.thinkEnd) thinking = false;
    else if (line === SOTD_STREAM.done) {
      finished = true;
      es.close();
      cb.onDone();
    } else if (thinking) cb.onThinking(line);
  };
  es.addEventListener('error', (e) => {
    if (finished) return;
    finished = true;
    const body = parseSseJson<{ code?: unknown }>(String((e as MessageEvent).data ?? '{}'));
    const code = typeof body?.code === 'string' ? body.code : 'INTERNAL';
    es.close();
    cb.onError(code);
  });
  return () => {
    finished = true;
    es.close();
  };
}

/** Live news (`GET /api/stream/feeds`): on each release, the first pages of every list reload. */
export function useFeedsStream(onRelease?: () => void) {
  const qc = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const es = new EventSource(apiUrl('streamFeeds'));
    es.addEventListener('feeds', () => {
      void qc.invalidateQueries({ queryKey: ['feeds', 'latest'] });
      void qc.invalidateQueries({ queryKey: ['feeds', 'hot_top5'] });
      onRelease?.();
    });
    return () => es.close();
  }, [qc, onRelease]);
}

/** The signed-in Pro user's saved news filter (`GET /api/feeds/filter`). */
export function useNewsFilter(enabled: boolean) {
  return useQuery({ queryKey: ['feeds', 'filter'], queryFn: ({ signal }) => api('getNewsFilter', {}, { signal }), enabled, retry: false });
}

/** Saves the news filter (`PUT /api/feeds/filter`). */
export function saveNewsFilter(filter: NewsFilter) {
  return api('putNewsFilter', { body: filter }, { navigationScoped: false });
}
