import { BEARER, endpoint, GET, POST, PUT } from '../api/endpoint';
import { ErrorResponse } from '../common/envelope';
import { FeedIdParams, GetFeedQuery, GetFeedResponse, GetHotTop5Query, GetHotTop5Response } from './get-feed';
import { GetLatestFeedsQuery, GetLatestFeedsResponse } from './get-latest-feeds';
import { GetNewsFilterResponse, PutNewsFilterBody, PutNewsFilterResponse } from './news-filter';
import { GetSourceDelaysResponse, WebSubParams, WebSubVerifyQuery } from './source-delays';
import { GetSentimentAccuracyResponse } from './sentiment-accuracy';
import { GetSotdQuery, GetSotdResponse, RefreshSotdQuery, RefreshSotdResponse, SotdStreamQuery } from './story-of-the-day';

const tags = ['feeds'];
const errors = { 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };
const authErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

/** Feeds endpoints and the live news stream. */
export const feedsApi = {
  getLatestFeeds: endpoint(GET('/api/feeds/latest'), {
    tags,
    summary: "Latest released news, one per event, paged (10 by default); personal=true applies the Pro user's saved filter",
    querystring: GetLatestFeedsQuery,
    response: { 200: GetLatestFeedsResponse, ...errors, ...authErrors },
  }),
  getNewsFilter: endpoint(GET('/api/feeds/filter'), { tags, summary: "The Pro user's saved news filter (null when none)", security: BEARER, response: { 200: GetNewsFilterResponse, ...authErrors } }),
  putNewsFilter: endpoint(PUT('/api/feeds/filter'), { tags, summary: "Save the Pro user's news filter", security: BEARER, body: PutNewsFilterBody, response: { 200: PutNewsFilterResponse, ...authErrors } }),
  getHotTop5: endpoint(GET('/api/feeds/hot_top5'), { tags, summary: 'The five hottest events of the last 24 hours', querystring: GetHotTop5Query, response: { 200: GetHotTop5Response, ...errors } }),
  getSotd: endpoint(GET('/api/feeds/sotd'), {
    tags,
    summary: 'Story of the day (the biggest event of the clock day); force_update=true rewrites it (with a model: Pro members and lab users, once per 5 minutes; ignored otherwise)',
    querystring: GetSotdQuery,
    response: { 200: GetSotdResponse, ...errors },
  }),
  refreshSotd: endpoint(GET('/api/feeds/sotd/refresh'), { tags, summary: 'Start refreshing the story of the day', querystring: RefreshSotdQuery, response: { 200: RefreshSotdResponse, ...errors } }),
  /** Streamed refresh; format documented with SOTD_STREAM in story-of-the-day.ts. */
  streamSotdRefresh: endpoint(GET('/api/feeds/stream/sotd/refresh'), {
    tags,
    summary: 'Streamed story-of-the-day refresh (server-sent events: <think>…</think>, [DONE])',
    querystring: SotdStreamQuery,
    response: { ...errors },
  }),
  getSentimentAccuracy: endpoint(GET('/api/feeds/sentiment-accuracy'), {
    tags,
    summary: "How often the built-in classifier labels a headline's sentiment as an evaluation set's reference labels do, on headlines it never trained on (per set: n, accuracy with its 95 % interval, the majority label's share)",
    response: { 200: GetSentimentAccuracyResponse, ...errors },
  }),
  getSourceDelays: endpoint(GET('/api/feeds/sources/delays'), { tags, summary: 'Measured delay per live news source (first seen after publication, processed after first seen), last 24 hours', response: { 200: GetSourceDelaysResponse, ...errors } }),
  /** WebSub callback: a hub's intent verification (the challenge echoed as text/plain). */
  verifyWebSub: endpoint(GET('/api/feeds/websub/:key'), { tags, summary: 'WebSub intent verification (answers hub.challenge)', params: WebSubParams, querystring: WebSubVerifyQuery, response: { ...errors } }),
  /** WebSub callback: a hub's content delivery (RSS/Atom body signed with X-Hub-Signature). */
  receiveWebSub: endpoint(POST('/api/feeds/websub/:key'), { tags, summary: 'WebSub content delivery (signed RSS or Atom document)', params: WebSubParams, response: { ...errors } }),
  getFeed: endpoint(GET('/api/feeds/:id'), { tags, summary: 'One feed with interpretation, impact and cluster', params: FeedIdParams, querystring: GetFeedQuery, response: { 200: GetFeedResponse, ...errors } }),
  /** Live news: `event: feeds` whenever the clock releases analysed items. */
  streamFeeds: endpoint(GET('/api/stream/feeds'), { tags, summary: 'Released news as server-sent events (event: feeds)', response: { ...errors } }),
};
