import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoinRef, Following } from '@coinlens/contracts';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export const FOLLOWING_KEY = ['crypto', 'following'] as const;

/** The signed-in user's watchlist (`GET /api/crypto/crypto_following`); disabled when signed out. */
export function useFollowing() {
  const { token } = useSession();
  return useQuery({
    queryKey: FOLLOWING_KEY,
    enabled: !!token,
    queryFn: ({ signal }) => api('getFollowing', {}, { signal }),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
}

/** Follow / unfollow; the watchlist reloads afterwards. */
export function useFollowMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ coin, follow }: { coin: CoinRef; follow: boolean }) => api(follow ? 'followCoin' : 'unfollowCoin', { params: { coin } }, { navigationScoped: false }),
    onSettled: () => qc.invalidateQueries({ queryKey: FOLLOWING_KEY }),
  });
}

/** 24 h gainers/losers statistics of a watchlist. */
export function watchlistStats(items: Following[]): { gainers: number; losers: number; unchanged: number; best: Following | null; worst: Following | null } {
  let gainers = 0;
  let losers = 0;
  let unchanged = 0;
  let best: Following | null = null;
  let worst: Following | null = null;
  for (const f of items) {
    const p = f.cryptocurrency.priceChangePercent;
    if (p == null || p === 0) unchanged++;
    else if (p > 0) gainers++;
    else losers++;
    if (p != null && (best == null || p > (best.cryptocurrency.priceChangePercent ?? -Infinity))) best = f;
    if (p != null && (worst == null || p < (worst.cryptocurrency.priceChangePercent ?? Infinity))) worst = f;
  }
  return { gainers, losers, unchanged, best, worst };
}
