import { useQuery } from '@tanstack/react-query';
import type { CoinRef, Lang } from '@coinlens/contracts';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** Query key of a coin's AI content for the signed-in user (or visitor) and language. */
export const aggregateKey = (coin: CoinRef, lang: string, userId: number | null) => ['ai', 'aggregate', coin, lang, userId] as const;

/** `GET /api/crypto/{coin}/aggregate?lang`: highlights, K-line insights, the strategy when generated. */
export function useAggregate(coin: CoinRef, lang: Lang) {
  const { userId } = useSession();
  return useQuery({
    queryKey: aggregateKey(coin, lang, userId),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    queryFn: ({ signal }) => api('getAggregate', { params: { coin }, query: { lang } }, { signal }),
  });
}

/** `POST /api/crypto/{coin}/strategy`: uses one strategy_per_day unit the first time per candle. */
export function generateStrategy(coin: CoinRef, lang: Lang) {
  return api('generateStrategy', { params: { coin }, body: { lang } }, { retries: 0 });
}

/** `GET /api/crypto/{coin}/analysis?lang` (Pro; VIP_REQUIRED otherwise). */
export function fetchFullAnalysis(coin: CoinRef, lang: Lang) {
  return api('getFullAnalysis', { params: { coin }, query: { lang } }, { retries: 0 });
}

/** The caller's paper plans of a coin (lab permission). */
export function usePaperPlans(coin: CoinRef, enabled: boolean) {
  return useQuery({
    queryKey: ['lab', 'plans', coin],
    enabled,
    refetchInterval: 30_000,
    queryFn: ({ signal }) => api('getPaperPlans', { params: { coin } }, { signal }),
  });
}

/** Freezes the current short-term strategy into a paper plan (`POST /api/lab/{coin}/plans`). */
export function createPaperPlan(coin: CoinRef, lang: Lang) {
  return api('createPaperPlan', { params: { coin }, body: { lang } }, { retries: 0 });
}
