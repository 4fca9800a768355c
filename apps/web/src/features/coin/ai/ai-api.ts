import { useQuery } from '@tanstack/react-query';
import type { CoinRef, Lang } from '@coinlens/contracts';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** Query key of a coin's AI content for the signed-in user (or visitor) and language. */
export const aggregateKey = (id: CoinRef, lang: string, userId: number | null) => ['ai', 'aggregate', id, lang, userId] as const;

/** `GET /api/crypto/{id}/aggregate?lang` (`id`: CoinRef): highlights, K-line insights, the strategy when generated. */
export function useAggregate(id: CoinRef, lang: Lang) {
  const { userId } = useSession();
  return useQuery({
    queryKey: aggregateKey(id, lang, userId),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    queryFn: ({ signal }) => api('getAggregate', { params: { id }, query: { lang } }, { signal }),
  });
}

/** `POST /api/crypto/{id}/strategy`: uses one strategy_per_day unit the first time per candle. */
export function generateStrategy(id: CoinRef, lang: Lang) {
  return api('generateStrategy', { params: { id }, body: { lang } }, { retries: 0 });
}

/** `GET /api/crypto/{id}/analysis?lang` (Pro; VIP_REQUIRED otherwise). */
export function fetchFullAnalysis(id: CoinRef, lang: Lang) {
  return api('getFullAnalysis', { params: { id }, query: { lang } }, { retries: 0 });
}

/** The caller's paper plans of a coin (lab permission). */
export function usePaperPlans(id: CoinRef, enabled: boolean) {
  return useQuery({
    queryKey: ['lab', 'plans', id],
    enabled,
    refetchInterval: 30_000,
    queryFn: ({ signal }) => api('getPaperPlans', { params: { coinId: id } }, { signal }),
  });
}

/** Freezes the current short-term strategy into a paper plan (`POST /api/lab/{coinId}/plans`). */
export function createPaperPlan(id: CoinRef, lang: Lang) {
  return api('createPaperPlan', { params: { coinId: id }, body: { lang } }, { retries: 0 });
}
