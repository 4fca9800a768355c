import { and, desc, eq } from 'drizzle-orm';
import { coinFollowing, type DatabaseHandle } from '@coinlens/db';
import type { Following } from '@coinlens/contracts';
import type { MarketService } from '../market/market.service';

/** The watchlist: which coins a user follows (wall time). */
export class FollowingService {
  constructor(private readonly deps: { db: DatabaseHandle; market: MarketService; now?: () => number }) {}

  /** Coin ids the user follows, newest first (for signals, search and news personalisation). */
  async followedCoinIds(userId: number): Promise<number[]> {
    const rows = await this.deps.db.db.select({ coinId: coinFollowing.coinId }).from(coinFollowing).where(eq(coinFollowing.userId, userId)).orderBy(desc(coinFollowing.createdAt));
    return rows.map((r) => r.coinId);
  }

  /** The user's followed coins with live prices, newest first. */
  async list(userId: number): Promise<Following[]> {
    const rows = await this.deps.db.db.select().from(coinFollowing).where(eq(coinFollowing.userId, userId)).orderBy(desc(coinFollowing.createdAt));
    const coins = await this.deps.market.listAll();
    const byId = new Map(coins.map((c) => [c.id, c]));
    return rows.flatMap((r) => {
      const c = byId.get(r.coinId);
      return c ? [{ id: r.coinId, cryptocurrency: c, created_date: new Date(r.createdAt).toISOString() }] : [];
    });
  }

  /** Follows a coin (id, slug or symbol); idempotent. Throws COIN_NOT_FOUND. */
  async follow(userId: number, idOrSlug: string): Promise<number> {
    const coin = this.deps.market.resolve(idOrSlug);
    await this.deps.db.db.insert(coinFollowing).values({ userId, coinId: coin.id, createdAt: (this.deps.now ?? Date.now)() }).onConflictDoNothing();
    return coin.id;
  }

  /** Unfollows a coin; idempotent. Throws COIN_NOT_FOUND for an unknown coin. */
  async unfollow(userId: number, idOrSlug: string): Promise<number> {
    const coin = this.deps.market.resolve(idOrSlug);
    await this.deps.db.db.delete(coinFollowing).where(and(eq(coinFollowing.userId, userId), eq(coinFollowing.coinId, coin.id)));
    return coin.id;
  }
}
