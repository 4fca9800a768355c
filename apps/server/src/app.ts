import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import fastifyStatic from '@fastify/static';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { AppContext } from './context';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './platform/errors';
import { installInputGuard } from './platform/input-guard';
import { contentSecurityPolicyHeader, installSecurityHeaders, swaggerUiCsp } from './platform/security-headers';
import { REPO_ROOT } from './platform/env';
import { createServerLogger, lazyChildLoggerFactory, loggerOptions, REQUEST_LINE_LEVELS } from './platform/log';
import { installOpenApi } from './platform/openapi';
import { createFirstContentPages, loadFirstContentRenderer } from './platform/first-content';
import { MarketPresenter } from './modules/market/market.presenter';
import { marketRoutes } from './modules/market/market.routes';
import { calibrationRoutes } from './modules/calibration/calibration.routes';
import { SignalsPresenter } from './modules/signals/signals.presenter';
import { recordRoutes } from './modules/record/record.routes';
import { signalsRoutes } from './modules/signals/signals.routes';
import { installAuth } from './platform/auth';
import { fairUseOf, installRateLimit } from './platform/rate-limit';
import { ReadGate, readGateOptions } from './platform/read-gate';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { NewsPresenter } from './modules/news/news.presenter';
import { newsRoutes } from './modules/news/news.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { invitationRoutes } from './modules/invitations/invitations.routes';
import { followingRoutes } from './modules/following/following.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { healthRoutes } from './modules/health/health.routes';
import { aiRoutes } from './modules/ai/ai.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { labRoutes } from './modules/ai/lab.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { screenerRoutes } from './modules/screener/screener.routes';
import { pushRoutes } from './modules/alerts/alerts.push.routes';

/**
 * Builds the HTTP application: API routes under /api, OpenAPI at /api/docs, icons under
 * /static/icons, and the built SPA (apps/web/dist) with an index.html fallback for client routes.
 */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean | Record<string, unknown> } = {}): Promise<FastifyInstance> {
  // Whatever logger is asked for, secrets in URLs, headers and logged objects are redacted (platform/log).
  const logger = opts.logger === true ? loggerOptions('info') : opts.logger ? loggerOptions(String(opts.logger.level ?? 'info'), opts.logger) : null;
  // Fastify logs each request and answer at `info`: above that level no request is logged, and the
  // app is built without a Fastify logger, which spares every answer Fastify's timing and response
  // listeners (~3 µs, a tenth of a small cached answer; decision 094). The app's own logger then
  // serves `app.log` and every `req.log`, so warnings and errors are written as before.
  const requestLines = logger !== null && REQUEST_LINE_LEVELS.has(String(logger.level));
  const serverLogger = logger && !requestLines ? createServerLogger(logger) : null;
  const trust = ctx.env.TRUST_PROXY ?? false;
  const app = Fastify({
    logger: requestLines ? (logger as FastifyServerOptions['logger']) : false,
    // A request's child logger is created only when it writes a line (none per request at warn).
    ...(logger
      ? {
          childLoggerFactory: (serverLogger
            ? (_parent: unknown, bindings: Record<string, unknown>, childOpts: Record<string, unknown>) => lazyChildLoggerFactory(serverLogger, bindings, childOpts)
            : lazyChildLoggerFactory) as unknown as FastifyServerOptions['childLoggerFactory'],
        }
      : {}),
    // (Through a LogController: Fastify 5.8+ deprecates the top-level `disableRequestLogging`.)
    logController: new LogController({ disableRequestLogging: !requestLines }),
    // X-Forwarded-* are believed only from the proxies named by TRUST_PROXY (none by default), so a
    // client cannot choose its own IP (rate limits) or Host.
    // A hop count N trusts the N nearest proxies (what proxy-addr does with a number).
    trustProxy: typeof trust === 'number' ? (_addr: string, hop: number) => hop < trust : trust,
    bodyLimit: 256 * 1024,
    // find-my-way's compiler mode: once every route is registered, each method's routing tree is
    // generated JavaScript instead of a tree walk per request (same matching; decision 091).
    routerOptions: { compile: true },
    // Plugin registration (OpenAPI UI, static files) can exceed Fastify's 10 s default on a busy machine.
    pluginTimeout: 120_000,
    // Errors raised before a route runs (bad percent-encoding, over-long path parameters, requests
    // Node's HTTP parser refuses) answer in the app's `{error: {code, message}}` format too.
    frameworkErrors,
    clientErrorHandler,
  });
  // Plugins' instances inherit `log` from this one (they are made from it later, by registration).
  if (serverLogger) app.log = serverLogger;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installInputGuard(app);
  await installSecurityHeaders(app, ctx.env);

  await installOpenApi(app);
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: swaggerUiCsp(ctx.env) });

  await app.register(fastifyStatic, {
    root: path.join(ctx.shippedDataDir, 'icons'),
    prefix: '/static/icons/',
    decorateReply: false,
    maxAge: '7d',
  });

  installAuth(app, ctx.accounts.sessions);
  const closeRateLimit = await installRateLimit(app, { redisUrl: ctx.env.REDIS_URL, prefix: ctx.redisPrefix, fairUse: fairUseOf(ctx.env) });
  const readGate = new ReadGate(readGateOptions(ctx.env, ctx.db));
  app.decorate('readGate', readGate);
  // Cached reads are served without the gate; computing one (a miss) takes a slot like any expensive read.
  ctx.readModels.setComputeGate((job) => readGate.run(job));
  app.addHook('onClose', closeRateLimit);

  // Presenters: the wire format (JSON bytes stored per version) of the shared reads.
  const marketPresenter = new MarketPresenter({ market: ctx.market, readModels: ctx.readModels });
  await marketRoutes(app, { market: ctx.market, presenter: marketPresenter, source: ctx.source });
  const signalsPresenter = new SignalsPresenter({ reads: ctx.signals, market: ctx.market, marketPresenter, clock: ctx.clock, readModels: ctx.readModels });
  await signalsRoutes(app, { signals: ctx.signals, presenter: signalsPresenter, followedCoinIds: (id) => ctx.following.followedCoinIds(id) });
  await calibrationRoutes(app, { calibration: ctx.calibration, market: ctx.market });
  await recordRoutes(app, { record: ctx.record, newsRecord: ctx.newsRecord });
  await authRoutes(app, { env: ctx.env, auth: ctx.accounts.auth, identity: ctx.accounts.identity, siwe: ctx.accounts.siwe, sessions: ctx.accounts.sessions, now: ctx.accounts.now });
  await usersRoutes(app, { env: ctx.env, users: ctx.accounts.users, accountData: ctx.accounts.accountData });
  await newsRoutes(app, { news: ctx.news, presenter: new NewsPresenter({ news: ctx.news, market: ctx.market, clock: ctx.clock, readModels: ctx.readModels }), pubsub: ctx.pubsub, followedCoinIds: (id) => ctx.following.followedCoinIds(id), push: ctx.newsPush ? { ...ctx.newsPush, ingest: (items) => ctx.newsPipeline.ingestPushed(items, 'rss') } : null });
  await billingRoutes(app, { env: ctx.env, payments: ctx.billing.payments, quota: ctx.billing.quota, subscriptions: ctx.billing.subscriptions });
  await invitationRoutes(app, { invitations: ctx.billing.invitations });
  await followingRoutes(app, { following: ctx.following });
  await healthRoutes(app, ctx);
  await aiRoutes(app, { ai: ctx.ai.service });
  await chatRoutes(app, { chat: ctx.ai.chat });
  await labRoutes(app, { lab: ctx.ai.lab });
  await alertsRoutes(app, { alerts: ctx.alerts.service, telegram: ctx.alerts.telegram, pubsub: ctx.pubsub });
  await pushRoutes(app, { push: ctx.alerts.push });
  await screenerRoutes(app, { screener: ctx.screener });
  await analyticsRoutes(app, { db: ctx.db, env: ctx.env, aiWriter: ctx.llm ? ctx.llm.model : 'builtin', marketSource: ctx.source.name });

  const dist = path.resolve(ctx.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps', 'web', 'dist'));
  const indexHtml = path.join(dist, 'index.html');
  const hasSpa = fs.existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      // Brotli/gzip files written at build time (vite.config.ts) are sent to clients that accept them.
      preCompressed: true,
      // Our own Cache-Control below; @fastify/send's (max-age=0) would overwrite it.
      cacheControl: false,
      setHeaders(res, file) {
        // Hashed build output never changes under its name; everything else is revalidated.
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
        if (/\.(js|css|html|json|svg|txt|webmanifest)(\.br|\.gz)?$/.test(file)) res.setHeader('vary', 'Accept-Encoding');
      },
    });
    app.get('/', (_req, reply) => sendIndex(reply));
  }
  // Unknown /api paths answer JSON; any other GET is a client route of the SPA (index.html), sent
  // like the other files: its build-time .br/.gz by Accept-Encoding (Vary), `no-cache`, ETag, and
  // Last-Modified = its build time, which the client's update check compares; a matching
  // If-Modified-Since or If-None-Match answers 304.
  const sendIndex = (reply: any) => reply.sendFile('index.html');
  // The home and coin pages with their first content in the HTML (platform/first-content.ts): sent
  // `no-cache` without a validator (their prices change), with index.html's Last-Modified for the
  // client's update check.
  const renderer = hasSpa ? await loadFirstContentRenderer(dist) : null;
  const firstContent = renderer ? createFirstContentPages({ app, renderer, indexHtml }) : null;
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    const isPage = hasSpa && (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/static/');
    if (isPage && !/\.[a-z0-9]{2,5}$/i.test(url)) {
      const page = firstContent && req.method === 'GET' ? await firstContent.send(url, req.headers['accept-encoding']) : null;
      if (!page) return sendIndex(reply);
      const built = fs.statSync(indexHtml, { throwIfNoEntry: false });
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
      if (built) reply.header('last-modified', built.mtime.toUTCString());
      if (page.encoding) reply.header('content-encoding', page.encoding);
      reply.header('content-security-policy', contentSecurityPolicyHeader(ctx.env, page.hashes));
      return reply.send(page.body);
    }
    return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No route ${req.method} ${url}` } });
  });
  return app;
}
