import { and, desc, eq } from 'drizzle-orm';
import { coinFollowing, type DatabaseHandle } from '@coinlens/db';

/** The SQL of the watchlist (`coin_following`: user, coin, followed at — ms since epoch, wall time). */
export class FollowingRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /** The (coin id, followed at) pairs of `userId`, newest follow first. */
  async followed(userId: number): Promise<{ coinId: number; createdAt: number }[]> {
    return this.h.db.select({ coinId: coinFollowing.coinId, createdAt: coinFollowing.createdAt }).from(coinFollowing).where(eq(coinFollowing.userId, userId)).orderBy(desc(coinFollowing.createdAt));
  }

  /** Follows `coinId` at `at`; nothing when already followed. */
  async follow(userId: number, coinId: number, at: number): Promise<void> {
    await this.h.db.insert(coinFollowing).values({ userId, coinId, createdAt: at }).onConflictDoNothing();
  }

  /** Unfollows `coinId`; nothing when not followed. */
  async unfollow(userId: number, coinId: number): Promise<void> {
    await this.h.db.delete(coinFollowing).where(and(eq(coinFollowing.userId, userId), eq(coinFollowing.coinId, coinId)));
  }
}
