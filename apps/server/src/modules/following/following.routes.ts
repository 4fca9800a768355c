import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, FollowResponse, FollowingParams, GetFollowingResponse } from '@coinlens/contracts';
import { currentUser, requireUser } from '../../platform/auth';
import type { FollowingService } from './following.service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

/** Watchlist endpoints (SPEC §7 Crypto): list, follow, unfollow — signed in. */
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
}
