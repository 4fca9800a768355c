import { useQuery } from '@tanstack/react-query';
import type { CoinAggregate, FullAnalysis, GeneratedStrategy, PaperPlan } from '@coinlens/contracts';
import { get, request } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/** Query key of a coin's AI content for the signed-in user (or visitor) and language. */
export const aggregateKey = (id: string, lang: string, userId: number | null) => ['ai', 'aggregate', id, lang, userId] as const;

/** `GET /api/crypto/{id}/aggregate?lang`: highlights, K-line insights, the strategy when generated. */
export function useAggregate(id: string, lang: string) {
  const { userId } = useSession();
  return useQuery({
    queryKey: aggregateKey(id, lang, userId),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    queryFn: ({ signal }) => get<CoinAggregate>(`/crypto/${encodeURIComponent(id)}/aggregate`, { lang }, { signal }),
  });
}

/** `POST /api/crypto/{id}/strategy`: uses one strategy_per_day unit the first time per candle. */
export function generateStrategy(id: string, lang: string): Promise<GeneratedStrategy> {
  return request<GeneratedStrategy>(`/crypto/${encodeURIComponent(id)}/strategy`, { method: 'POST', body: { lang }, retries: 0 });
}

/** `GET /api/crypto/{id}/analysis?lang` (Pro; VIP_REQUIRED otherwise). */
export function fetchFullAnalysis(id: string, lang: string): Promise<FullAnalysis> {
  return get<FullAnalysis>(`/crypto/${encodeURIComponent(id)}/analysis`, { lang }, { retries: 0 });
}

/** The caller's paper plans of a coin (lab permission). */
export function usePaperPlans(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['lab', 'plans', id],
    enabled,
    refetchInterval: 30_000,
    queryFn: ({ signal }) => get<PaperPlan[]>(`/lab/${encodeURIComponent(id)}/plans`, undefined, { signal }),
  });
}

export function createPaperPlan(id: string, lang: string): Promise<PaperPlan> {
  return request<PaperPlan>(`/lab/${encodeURIComponent(id)}/plans`, { method: 'POST', body: { lang }, retries: 0 });
}
