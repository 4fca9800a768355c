import { BEARER, endpoint } from '../api/endpoint';
import { ROUTES } from '../api/routes';
import { ErrorResponse } from '../common/envelope';
import { SearchCoinsResponse } from '../market/endpoints';
import { FollowResponse, FollowingParams, GetFollowingResponse } from './endpoints';

const tags = ['watchlist'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * Watchlist endpoints: list, follow, unfollow — signed in; `{id}` is a CoinRef; and the
 * followed coins of the global search's empty query (Pro only, `search.followed_coins`).
 */
export const followingApi = {
  getFollowing: endpoint(ROUTES.getFollowing, { tags, summary: 'Followed coins, newest first', security: BEARER, response: { 200: GetFollowingResponse, ...errors } }),
  followCoin: endpoint(ROUTES.followCoin, { tags, summary: 'Follow a coin (idempotent)', security: BEARER, params: FollowingParams, response: { 200: FollowResponse, ...errors } }),
  unfollowCoin: endpoint(ROUTES.unfollowCoin, { tags, summary: 'Unfollow a coin (idempotent)', security: BEARER, params: FollowingParams, response: { 200: FollowResponse, ...errors } }),
  searchFollowing: endpoint(ROUTES.searchFollowing, { tags, summary: 'Followed coins as search rows, newest follow first (Pro: search.followed_coins; 401 visitors, 403 VIP_REQUIRED free users)', security: BEARER, response: { 200: SearchCoinsResponse, ...errors } }),
};
