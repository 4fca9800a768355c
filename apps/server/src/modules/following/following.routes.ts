import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, FollowResponse, FollowingParams, GetFollowingResponse, SearchCoinsResponse } from '@coinlens/contracts';
import { currentUser, requireUser } from '../../platform/auth';
import { requireEntitlement } from '../billing/entitlements';
import type { FollowingService } from './following.service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * Watchlist endpoints (SPEC §7 Crypto): list, follow, unfollow — signed in; and the followed coins
 * of the global search's empty query (SPEC §2: Pro only, `search.followed_coins`).
 */
export async function followingRoutes(app: FastifyInstance, deps: { following: FollowingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['watchlist'];
  r.get('/api/crypto/crypto_following', { preHandler: requireUser, schema: { tags, summary: 'Followed coins, newest first', response: { 200: GetFollowingResponse, ...errors } } }, async (req) => ({
    result: await deps.following.list(currentUser(req).id),
  }));
  r.post('/api/crypto/crypto_following/:id', { preHandler: requireUser, schema: { tags, summary: 'Follow a coin (idempotent)', params: FollowingParams, response: { 200: FollowResponse, ...errors } } }, async (req) => ({
    result: { following: true, cryptocurrency_id: await deps.following.follow(currentUser(req).id, req.params.id) },
  }));
  r.delete('/api/crypto/crypto_following/:id', { preHandler: requireUser, schema: { tags, summary: 'Unfollow a coin (idempotent)', params: FollowingParams, response: { 200: FollowResponse, ...errors } } }, async (req) => ({
    result: { following: false, cryptocurrency_id: await deps.following.unfollow(currentUser(req).id, req.params.id) },
  }));
  r.get(
    '/api/crypto/search/following',
    { preHandler: requireEntitlement('search.followed_coins'), schema: { tags, summary: 'Followed coins as search rows, newest follow first (Pro: search.followed_coins; 401 visitors, 403 VIP_REQUIRED free users)', response: { 200: SearchCoinsResponse, ...errors } } },
    async (req) => ({ result: (await deps.following.list(currentUser(req).id)).map((f) => f.cryptocurrency) }),
  );
}
