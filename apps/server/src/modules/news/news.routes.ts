import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponse, FeedIdParams, GetFeedQuery, GetFeedResponse, GetHotTop5Query, GetHotTop5Response, GetLatestFeedsQuery, GetLatestFeedsResponse,
  GetNewsFilterResponse, GetSotdQuery, GetSotdResponse, NewsFilter, PutNewsFilterBody, PutNewsFilterResponse, RefreshSotdQuery, RefreshSotdResponse,
  SOTD_STREAM, SotdStreamQuery,
} from '@coinlens/contracts';
import { openSse, type SseStream } from '../../platform/sse';
import { sendJson } from '../../platform/read-models';
import type { PubSub } from '../../platform/pubsub';
import { AppError } from '../../platform/errors';
import { currentUser, optionalUser, requireUser, type AuthUser } from '../../platform/auth';
import { LIMITS } from '../../platform/rate-limit';
import { heavyRead } from '../../platform/read-gate';
import { FEEDS_CHANNEL } from './news.pipeline';
import type { NewsReads } from './news.reads';

const errors = { 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };
/** Feed lists: fair-use reads (RATE_LIMIT_READS_PER_MINUTE per IP and route), run through the read gate. */
const read = { rateLimit: LIMITS.read };
/** Story refreshes can start a model call: RATE_LIMIT_MODEL_PER_MINUTE per user (visitors: per IP) and route. */
const modelCall = { rateLimit: LIMITS.modelCall };

/** Callers whose forced story rewrite may use the model: Pro members and lab users. */
const privileged = (user: AuthUser | null | undefined) => !!user && (user.isPro || user.permissions.includes('lab'));
const authErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

/**
 * Feeds endpoints (SPEC §7 Feeds) and the live news stream. `force_update=true` and refreshes
 * without `auto` rewrite the story only when NewsReads.claimForcedRewrite grants it (with a model:
 * Pro members and lab users, once per 5 minutes); otherwise they behave as automatic refreshes.
 */
export async function newsRoutes(app: FastifyInstance, deps: { news: NewsReads; pubsub: PubSub; followedCoinIds: (userId: number) => Promise<number[]> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { news, pubsub } = deps;
  const tags = ['feeds'];

  /** The caller's saved filter as SQL conditions; UNAUTHORIZED for visitors, VIP_REQUIRED for free users. */
  const personalWhere = async (req: { user: { id: number; isPro: boolean } | null }) => {
    if (!req.user) throw new AppError('UNAUTHORIZED', 'Sign-in required');
    if (!req.user.isPro) throw new AppError('VIP_REQUIRED', 'Personalised news filtering is a Pro feature');
    const saved = await news.savedFilter(req.user.id);
    if (!saved) return [];
    const followed = saved.followed_coins ? news.symbolsOf(await deps.followedCoinIds(req.user.id)) : [];
    return news.personalWhere(saved, followed);
  };

  r.get(
    '/api/feeds/latest',
    { config: read, preHandler: optionalUser, schema: { tags, summary: 'Latest released news, one per event, paged (10 by default); personal=true applies the Pro user\'s saved filter', querystring: GetLatestFeedsQuery, response: { 200: GetLatestFeedsResponse, ...errors, ...authErrors } } },
    async (req, reply) => {
      if (req.query.personal === 'true') {
        const extra = await personalWhere(req);
        return { result: await heavyRead(req, () => news.latest({ ...req.query, coin: req.query.cryptocurrency_id, extra })) };
      }
      // without the personal filter every caller gets the same page: served from the read model
      return sendJson(reply, await news.latestJson({ ...req.query, coin: req.query.cryptocurrency_id }));
    },
  );

  r.get('/api/feeds/filter', { preHandler: requireUser, schema: { tags, summary: 'The Pro user\'s saved news filter (null when none)', response: { 200: GetNewsFilterResponse, ...authErrors } } }, async (req) => {
    const user = currentUser(req);
    if (!user.isPro) throw new AppError('VIP_REQUIRED', 'Personalised news filtering is a Pro feature');
    return { result: await news.savedFilter(user.id) };
  });

  r.put('/api/feeds/filter', { preHandler: requireUser, schema: { tags, summary: 'Save the Pro user\'s news filter', body: PutNewsFilterBody, response: { 200: PutNewsFilterResponse, ...authErrors } } }, async (req) => {
    const user = currentUser(req);
    if (!user.isPro) throw new AppError('VIP_REQUIRED', 'Personalised news filtering is a Pro feature');
    const filter: NewsFilter = req.body;
    await news.saveFilter(user.id, filter);
    return { result: filter };
  });

  r.get('/api/feeds/hot_top5', { config: read, schema: { tags, summary: 'The five hottest events of the last 24 hours', querystring: GetHotTop5Query, response: { 200: GetHotTop5Response, ...errors } } }, async (req) => ({
    result: await heavyRead(req, () => news.hotTop5(req.query.lang)),
  }));

  r.get(
    '/api/feeds/sotd',
    {
      config: read,
      preHandler: optionalUser,
      schema: { tags, summary: 'Story of the day (the biggest event of the clock day); force_update=true rewrites it (with a model: Pro members and lab users, once per 5 minutes; ignored otherwise)', querystring: GetSotdQuery, response: { 200: GetSotdResponse, ...errors } },
    },
    async (req) => ({
      result: await news.storyOfTheDay(req.query.lang, req.query.force_update && news.claimForcedRewrite(req.query.lang, privileged(req.user))),
    }),
  );

  r.get('/api/feeds/sotd/refresh', { config: modelCall, preHandler: optionalUser, schema: { tags, summary: 'Start refreshing the story of the day', querystring: RefreshSotdQuery, response: { 200: RefreshSotdResponse, ...errors } } }, async (req) => ({
    result: await news.refreshStory(req.query.lang, req.query.auto || !news.claimForcedRewrite(req.query.lang, privileged(req.user))),
  }));

  /** Streamed refresh; format documented with SOTD_STREAM in packages/contracts/src/feeds/story-of-the-day.ts. */
  r.get('/api/feeds/stream/sotd/refresh', { config: modelCall, preHandler: optionalUser, schema: { tags, summary: 'Streamed story-of-the-day refresh (server-sent events: <think>…</think>, [DONE])', querystring: SotdStreamQuery, response: { ...errors } } }, async (req, reply) => {
    const lang = req.query.lang;
    const auto = req.query.auto || !news.claimForcedRewrite(lang, privileged(req.user));
    const sse = openSse(req, reply);
    sse.sendRaw(SOTD_STREAM.thinkStart);
    try {
      if (auto && !(await news.storyIsStale(lang))) sse.sendRaw(lang === 'zh-CN' ? '今日故事已是最新。' : 'The story of the day is up to date.');
      else await news.writeStory(lang, (line) => sse.sendRaw(line.replace(/[\r\n]+/g, ' ')));
      sse.sendRaw(SOTD_STREAM.thinkEnd);
      sse.sendRaw(SOTD_STREAM.done);
    } catch (e) {
      req.log.error({ err: e }, 'story of the day stream failed');
      sse.send('error', e instanceof AppError ? { code: e.code, message: e.message } : { code: 'INTERNAL', message: 'Something went wrong' });
    } finally {
      sse.close();
    }
  });

  r.get('/api/feeds/:id', { config: read, schema: { tags, summary: 'One feed with interpretation, impact and cluster', params: FeedIdParams, querystring: GetFeedQuery, response: { 200: GetFeedResponse, ...errors } } }, async (req) => ({
    result: await news.get(req.params.id, req.query.lang),
  }));

  /** Live news: `event: feeds` whenever the clock releases analysed items (fan-out via pub/sub). */
  r.get('/api/stream/feeds', { schema: { tags, summary: 'Released news as server-sent events (event: feeds)', response: { ...errors } } }, async (req, reply) => {
    // Subscribe first, so `: connected` means "subscribed" (with Redis the subscription takes a round trip).
    let sse: SseStream | null = null;
    const off = await pubsub.subscribe(FEEDS_CHANNEL, (m) => sse?.send('feeds', m));
    if (req.raw.destroyed || req.raw.socket?.destroyed) {
      // the client left while subscribing: nothing to stream, nothing left subscribed
      await off();
      reply.hijack();
      return;
    }
    sse = openSse(req, reply);
    sse.onClose(() => void off());
  });
}
