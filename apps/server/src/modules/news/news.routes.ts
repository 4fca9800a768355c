import type { FastifyInstance, FastifyReply } from 'fastify';
import { SOTD_STREAM, type NewsFilter, type SentimentAccuracy } from '@coinlens/contracts';
import { feedsApi as api } from '@coinlens/contracts/feeds/api';
import { openSse, type SseStream } from '../../platform/sse';
import { sendJsonNow } from '../../platform/read-models';
import type { PubSub } from '../../platform/pubsub';
import { AppError } from '../../platform/errors';
import { currentUser, optionalUser, type AuthUser } from '../../platform/auth';
import { LIMITS } from '../../platform/rate-limit';
import { assertEntitled, isEntitled, requireEntitlement } from '../billing/entitlements';
import { heavyRead } from '../../platform/read-gate';
import { route } from '../../platform/route';
import { FEEDS_CHANNEL } from './news.pipeline';
import { sentimentAccuracy } from './nlp';
import type { NewsPresenter } from './news.presenter';
import type { NewsReads } from './news.reads';
import type { WebSub } from '../../providers/news/rss/websub';
import type { RssNewsProvider } from '../../providers/news/rss/rss-provider';
import type { RawNewsItem } from '../../providers/news/types';

/** The WebSub parts the callback routes need: the subscriber, the RSS provider (parses a pushed document as its feed) and where pushed items are stored. */
export interface NewsPush {
  websub: WebSub;
  rss: RssNewsProvider;
  ingest: (items: RawNewsItem[]) => Promise<number>;
}

/** Largest pushed document accepted (bytes). */
const WEBSUB_BODY_LIMIT = 2 * 1024 * 1024;

/** Feed lists: fair-use reads (RATE_LIMIT_READS_PER_MINUTE per IP and route), run through the read gate. */
const read = { rateLimit: LIMITS.read };
/** Story refreshes can start a model call: RATE_LIMIT_MODEL_PER_MINUTE per user (visitors: per IP) and route. */
const modelCall = { rateLimit: LIMITS.modelCall };

/** Callers whose forced story rewrite may use the model: Pro members and lab users. */
const privileged = (user: AuthUser | null | undefined) => !!user && (isEntitled('news.story_rewrite', user.isPro) || user.permissions.includes('lab'));

/**
 * Feeds endpoints and the live news stream. `force_update=true` and refreshes
 * without `auto` rewrite the story only when NewsReads.claimForcedRewrite grants it (with a model:
 * Pro members and lab users, once per 5 minutes); otherwise they behave as automatic refreshes.
 */
export async function newsRoutes(app: FastifyInstance, deps: { news: NewsReads; presenter: NewsPresenter; pubsub: PubSub; followedCoinIds: (userId: number) => Promise<number[]>; push?: NewsPush | null }) {
  const { news, pubsub } = deps;

  /** The caller's saved filter as SQL conditions; UNAUTHORIZED for visitors, VIP_REQUIRED for free users. */
  const personalWhere = async (req: { user: AuthUser | null }) => {
    assertEntitled(req.user, 'news.personalised_filter');
    const saved = await news.savedFilter(req.user.id);
    if (!saved) return [];
    const followed = saved.followed_coins ? news.symbolsOf(await deps.followedCoinIds(req.user.id)) : [];
    return news.personalWhere(saved, followed);
  };

  route(
    app,
    api.getLatestFeeds,
    { config: read, preHandler: optionalUser },
    (req, reply) => {
      if (req.query.personal === 'true') {
        return personalWhere(req).then(async (extra) => ({ result: await heavyRead(req, () => news.latest({ ...req.query, coin: req.query.cryptocurrency_id, extra })) }));
      }
      // without the personal filter every caller gets the same page: served from the read model,
      // within this call when the process holds it (not async: sendJsonNow)
      return sendJsonNow(reply, deps.presenter.latestBody({ ...req.query, coin: req.query.cryptocurrency_id }));
    },
  );

  route(app, api.getNewsFilter, { preHandler: requireEntitlement('news.personalised_filter') }, async (req) => ({ result: await news.savedFilter(currentUser(req).id) }));

  route(app, api.putNewsFilter, { preHandler: requireEntitlement('news.personalised_filter') }, async (req) => {
    const filter: NewsFilter = req.body;
    await news.saveFilter(currentUser(req).id, filter);
    return { result: filter };
  });

  route(app, api.getHotTop5, { config: read }, async (req) => ({
    result: await heavyRead(req, () => news.hotTop5(req.query.lang)),
  }));

  route(
    app,
    api.getSotd,
    { config: read, preHandler: optionalUser },
    async (req) => ({
      result: await news.storyOfTheDay(req.query.lang, req.query.force_update && news.claimForcedRewrite(req.query.lang, privileged(req.user))),
    }),
  );

  route(app, api.refreshSotd, { config: modelCall, preHandler: optionalUser }, async (req) => ({
    result: await news.refreshStory(req.query.lang, req.query.auto || !news.claimForcedRewrite(req.query.lang, privileged(req.user))),
  }));

  /** Streamed refresh; format documented with SOTD_STREAM in packages/contracts/src/feeds/story-of-the-day.ts. */
  route(app, api.streamSotdRefresh, { config: modelCall, preHandler: optionalUser }, async (req, reply) => {
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

  route(app, api.getSentimentAccuracy, { config: read }, async () => ({ result: sentimentAccuracyBody() }));

  route(app, api.getSourceDelays, { config: read }, async () => ({ result: await news.sourceDelays() }));

  // WebSub callbacks, in a scope of their own: the XML body parsers (raw bytes, for the signature) apply to them only.
  await app.register(async (scope) => {
    for (const type of ['application/atom+xml', 'application/rss+xml', 'application/xml', 'text/xml']) {
      scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: WEBSUB_BODY_LIMIT }, (_req, body, done) => done(null, body));
    }
    route(scope, api.verifyWebSub, { config: read }, async (req, reply) => {
      if (!deps.push) throw new AppError('NOT_FOUND', 'WebSub is not enabled');
      const v = deps.push.websub.verify(req.params.key, req.query);
      if (v.status !== 200) throw new AppError('NOT_FOUND', 'Unknown subscription');
      return (reply as unknown as FastifyReply).code(200).type('text/plain; charset=utf-8').send(v.body);
    });
    route(scope, api.receiveWebSub, { config: read, bodyLimit: WEBSUB_BODY_LIMIT }, async (req, reply) => {
      if (!deps.push) throw new AppError('NOT_FOUND', 'WebSub is not enabled');
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
      const accepted = deps.push.websub.acceptPush(req.params.key, body, req.headers['x-hub-signature']);
      // An unsigned or mis-signed delivery is ignored but still acknowledged (WebSub §8: the hub must not learn which signatures fail).
      if (accepted) {
        try {
          const items = deps.push.rss.itemsOfPush(accepted.feed, body.toString('utf8'));
          await deps.push.ingest(items);
        } catch (e) {
          req.log.warn({ err: e }, 'websub delivery not stored');
        }
      }
      return (reply as unknown as FastifyReply).code(202).send();
    });
  });

  route(app, api.getFeed, { config: read }, async (req) => ({
    result: await news.get(req.params.id, req.query.lang),
  }));

  /** Live news: `event: feeds` whenever the clock releases analysed items (fan-out via pub/sub). */
  route(app, api.streamFeeds, {}, async (req, reply) => {
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

/**
 * The shipped classifier's measured figures (@coinlens/nlp sentimentAccuracy, written by
 * `sentiment:eval -- write=1`) as GET /api/feeds/sentiment-accuracy serves them.
 */
export function sentimentAccuracyBody(): SentimentAccuracy {
  const f = sentimentAccuracy();
  return { by: 'builtin', model: f.model_sha256.slice(0, 12), sets: f.sets };
}
