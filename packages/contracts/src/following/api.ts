import { BEARER, endpoint } from '../api/endpoint';
import { ROUTES } from '../api/routes';
import { ErrorResponse } from '../common/envelope';
import { FollowResponse, FollowingParams, GetFollowingResponse } from './endpoints';

const tags = ['watchlist'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

/** Watchlist endpoints (SPEC §7 Crypto): list, follow, unfollow — signed in; `{id}` is a CoinRef. */
export const followingApi = {
  getFollowing: endpoint(ROUTES.getFollowing, { tags, summary: 'Followed coins, newest first', security: BEARER, response: { 200: GetFollowingResponse, ...errors } }),
  followCoin: endpoint(ROUTES.followCoin, { tags, summary: 'Follow a coin (idempotent)', security: BEARER, params: FollowingParams, response: { 200: FollowResponse, ...errors } }),
  unfollowCoin: endpoint(ROUTES.unfollowCoin, { tags, summary: 'Unfollow a coin (idempotent)', security: BEARER, params: FollowingParams, response: { 200: FollowResponse, ...errors } }),
};
