import { z } from 'zod';
import { ErrorResponse, resultOf } from '../common/envelope';
import { Coin, CoinRef } from '../market/coin';
import { BEARER, DELETE, endpoint, GET, POST } from '../api/endpoint';
import { SearchCoinsResponse } from '../market/api';

/** A followed coin ("wraps a coin"); `created_date` is ISO 8601 UTC. */
export const Following = z.object({ id: z.number().int(), cryptocurrency: Coin, created_date: z.string() });
export type Following = z.infer<typeof Following>;

// GET /api/crypto/crypto_following (signed in) — newest first
export const GetFollowingResponse = resultOf(z.array(Following));

// POST | DELETE /api/crypto/crypto_following/{coin} — {coin}: a CoinRef (slug, id or symbol)
export const FollowingParams = z.object({ coin: CoinRef });
export const FollowResponse = resultOf(z.object({ following: z.boolean(), cryptocurrency_id: z.number().int() }));

// ---- endpoint descriptors: method, path and the schemas above ----------------------------------

const tags = ['watchlist'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * Watchlist endpoints: list, follow, unfollow — signed in; `{coin}` is a CoinRef; and the
 * followed coins of the global search's empty query (Pro only, `search.followed_coins`).
 */
export const followingApi = {
  getFollowing: endpoint(GET('/api/crypto/crypto_following'), { tags, summary: 'Followed coins, newest first', security: BEARER, response: { 200: GetFollowingResponse, ...errors } }),
  followCoin: endpoint(POST('/api/crypto/crypto_following/:coin'), { tags, summary: 'Follow a coin (idempotent)', security: BEARER, params: FollowingParams, response: { 200: FollowResponse, ...errors } }),
  unfollowCoin: endpoint(DELETE('/api/crypto/crypto_following/:coin'), { tags, summary: 'Unfollow a coin (idempotent)', security: BEARER, params: FollowingParams, response: { 200: FollowResponse, ...errors } }),
  searchFollowing: endpoint(GET('/api/crypto/search/following'), { tags, summary: 'Followed coins as search rows, newest follow first (Pro: search.followed_coins; 401 visitors, 403 VIP_REQUIRED free users)', security: BEARER, response: { 200: SearchCoinsResponse, ...errors } }),
};
