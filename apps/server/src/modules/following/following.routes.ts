import type { FastifyInstance } from 'fastify';
import { followingApi as api } from '@coinlens/contracts/following/api';
import { currentUser, requireUser } from '../../platform/auth';
import { route } from '../../platform/route';
import { requireEntitlement } from '../billing/entitlements';
import type { FollowingService } from './following.service';

/**
 * Watchlist endpoints: list, follow, unfollow — signed in; and the followed coins
 * of the global search's empty query (Pro only, `search.followed_coins`).
 */
export async function followingRoutes(app: FastifyInstance, deps: { following: FollowingService }) {
  route(app, api.getFollowing, { preHandler: requireUser }, async (req) => ({ result: await deps.following.list(currentUser(req).id) }));
  route(app, api.followCoin, { preHandler: requireUser }, async (req) => ({
    result: { following: true, cryptocurrency_id: await deps.following.follow(currentUser(req).id, req.params.coin) },
  }));
  route(app, api.unfollowCoin, { preHandler: requireUser }, async (req) => ({
    result: { following: false, cryptocurrency_id: await deps.following.unfollow(currentUser(req).id, req.params.coin) },
  }));
  route(app, api.searchFollowing, { preHandler: requireEntitlement('search.followed_coins') }, async (req) => ({
    result: (await deps.following.list(currentUser(req).id)).map((f) => f.cryptocurrency),
  }));
}
