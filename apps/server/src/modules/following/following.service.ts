import type { CoinRef, Following } from '@coinlens/contracts';
import type { MarketService } from '../market/market.service';
import type { FollowingRepository } from './following.repository';

/** The watchlist: which coins a user follows (wall time). */
export class FollowingService {
  private readonly repo: FollowingRepository;

  constructor(private readonly deps: { repo: FollowingRepository; market: MarketService; now?: () => number }) {
    this.repo = deps.repo;
  }

  /** Coin ids the user follows, newest first (for signals, search and news personalisation). */
  async followedCoinIds(userId: number): Promise<number[]> {
    return (await this.repo.followed(userId)).map((r) => r.coinId);
  }

  /** The user's followed coins with live prices, newest first. */
  async list(userId: number): Promise<Following[]> {
    const rows = await this.repo.followed(userId);
    const coins = await this.deps.market.listAll();
    const byId = new Map(coins.map((c) => [c.id, c]));
    return rows.flatMap((r) => {
      const c = byId.get(r.coinId);
      return c ? [{ id: r.coinId, cryptocurrency: c, created_date: new Date(r.createdAt).toISOString() }] : [];
    });
  }

  /** Follows a coin (id, slug or symbol); idempotent. Throws COIN_NOT_FOUND. */
  async follow(userId: number, coin: CoinRef): Promise<number> {
    const row = this.deps.market.resolve(coin);
    await this.repo.follow(userId, row.id, (this.deps.now ?? Date.now)());
    return row.id;
  }

  /** Unfollows a coin; idempotent. Throws COIN_NOT_FOUND for an unknown coin. */
  async unfollow(userId: number, coin: CoinRef): Promise<number> {
    const row = this.deps.market.resolve(coin);
    await this.repo.unfollow(userId, row.id);
    return row.id;
  }
}
