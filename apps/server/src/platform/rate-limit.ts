import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from './env';
import rateLimit from '@fastify/rate-limit';
import { AppError } from './errors';

/**
 * Rate limits (@fastify/rate-limit), shared by every process through Redis when `REDIS_URL` is set,
 * in process otherwise. Not global: a route opts in with `config: { rateLimit: LIMITS.login }`.
 * Exceeding answers 429 RATE_LIMITED with `details.retry_after_s` and a `retry-after` header.
 * Redis keys are `<prefix>rl:…` (`prefix` = the deployment's REDIS_PREFIX). The client IP is
 * `req.ip`, which follows X-Forwarded-For only from the proxies named by TRUST_PROXY.
 */
export async function installRateLimit(app: FastifyInstance, opts: { redisUrl?: string; prefix?: string; fairUse?: Partial<FairUseLimits> }): Promise<() => Promise<void>> {
  app.decorate('fairUse', { ...DEFAULT_FAIR_USE, ...opts.fairUse });
  // A fair-use budget of 0 at start turns that limit off: its routes get no rate-limit hooks at
  // all (a hook that only lets every request through still costs each cached read ~5–10 %).
  // Registered before the plugin, so the plugin's own onRoute hook sees `rateLimit: false`.
  app.addHook('onRoute', (route) => {
    const limit = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
    const kind = limit && typeof limit === 'object' ? budgetKinds.get(limit) : undefined;
    if (kind && app.fairUse[kind] <= 0) route.config = { ...(route.config as object), rateLimit: false } as typeof route.config;
  });
  let redis: import('ioredis').Redis | undefined;
  if (opts.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 3, connectTimeout: 2000, lazyConnect: false });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${opts.prefix ?? 'coinlens:'}rl:`,
    skipOnError: false,
    errorResponseBuilder: (_req, ctx) => rateLimited(ctx.ttl),
  });
  return async () => {
    if (redis) await redis.quit().catch(() => undefined);
  };
}

function rateLimited(ttlMs: number): AppError {
  const s = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError('RATE_LIMITED', `Rate limit exceeded, retry in ${s} s`, { details: { retry_after_s: s } });
}

/** The normalised e-mail of the body or query, when the request names one. */
function emailOf(req: FastifyRequest): string | null {
  const email = (req.body as { email?: unknown } | undefined)?.email ?? (req.query as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
}

/** Client IP plus a normalised e-mail from the body or query when present (per-account limits). */
function ipAndEmail(req: FastifyRequest): string {
  const email = emailOf(req);
  return email != null ? `${req.ip}|${email}` : req.ip;
}

/**
 * Per-minute budgets of the fair-use limits (per client and route; 0 turns that limit off), from
 * RATE_LIMIT_READS_PER_MINUTE, RATE_LIMIT_MODEL_PER_MINUTE and RATE_LIMIT_EVENTS_PER_MINUTE, the
 * 10-minute budget of code checks from RATE_LIMIT_CODE_CHECKS_PER_10_MINUTES, and the hourly budgets
 * of code mails from RATE_LIMIT_CODE_MAILS_PER_IP_PER_HOUR and RATE_LIMIT_CODE_MAILS_PER_HOUR.
 */
export interface FairUseLimits {
  /** Expensive reads (signal lists, track record, pattern stats, feed lists…) per IP and route. */
  readsPerMinute: number;
  /** Requests that can start a model call, per signed-in user (else IP) and route. */
  modelCallsPerMinute: number;
  /** Analytics events (`POST /collect_event`) per IP. */
  eventsPerMinute: number;
  /** Verification-code checks per IP and route in 10 minutes (not per minute: codes are guessable by volume). */
  codeChecksPer10Minutes: number;
  /** Code mails requested by one client IP in an hour, whatever the addresses (mail bombing from one IP). */
  codeMailsPerIpPerHour: number;
  /** Code mails of the whole deployment in an hour, whatever the IPs and addresses (the ceiling of a distributed flood). */
  codeMailsPerHour: number;
}

/** The documented defaults (docs/OPERATIONS.md). */
export const DEFAULT_FAIR_USE: FairUseLimits = { readsPerMinute: 120, modelCallsPerMinute: 20, eventsPerMinute: 60, codeChecksPer10Minutes: 20, codeMailsPerIpPerHour: 20, codeMailsPerHour: 500 };

/** The fair-use budgets of an environment. */
export function fairUseOf(env: Env): FairUseLimits {
  return { readsPerMinute: env.RATE_LIMIT_READS_PER_MINUTE, modelCallsPerMinute: env.RATE_LIMIT_MODEL_PER_MINUTE, eventsPerMinute: env.RATE_LIMIT_EVENTS_PER_MINUTE, codeChecksPer10Minutes: env.RATE_LIMIT_CODE_CHECKS_PER_10_MINUTES, codeMailsPerIpPerHour: env.RATE_LIMIT_CODE_MAILS_PER_IP_PER_HOUR, codeMailsPerHour: env.RATE_LIMIT_CODE_MAILS_PER_HOUR };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Fair-use budgets of this app (set by installRateLimit). */
    fairUse: FairUseLimits;
  }
}

/** The signed-in user's id when the route's preHandler resolved one, else the client IP. */
function userOrIp(req: FastifyRequest): string {
  const user = (req as { user?: { id: number } | null }).user;
  return user ? `user:${user.id}` : req.ip;
}

/** The fair-use budget each {@link budget} limit reads (by limit object). */
const budgetKinds = new WeakMap<object, keyof FairUseLimits>();

/**
 * A limit (per minute unless `timeWindow` says otherwise) whose budget is read from the app's
 * fair-use settings per request (so it can change at run time). 0 when the app is built: the
 * limit's routes get no rate-limit hooks; 0 set later: every request is let through.
 */
function budget(kind: keyof FairUseLimits, extra: { keyGenerator?: (req: FastifyRequest) => string; hook?: 'preHandler'; timeWindow?: number } = {}) {
  const limit = {
    timeWindow: 60_000,
    max: (req: FastifyRequest) => req.server.fairUse[kind],
    allowList: (req: FastifyRequest) => req.server.fairUse[kind] <= 0,
    ...extra,
  };
  budgetKinds.set(limit, kind);
  return limit;
}

/** Per-route limits (per client IP; per IP and e-mail where one is given; per user for model calls). */
export const LIMITS = {
  /** Expensive reads: RATE_LIMIT_READS_PER_MINUTE (default 120) per IP and route. */
  read: budget('readsPerMinute'),
  /** Anything that can start a model call: RATE_LIMIT_MODEL_PER_MINUTE (default 20) per user (visitors: per IP) and route. */
  modelCall: budget('modelCallsPerMinute', { keyGenerator: userOrIp, hook: 'preHandler' }),
  /** Analytics events: RATE_LIMIT_EVENTS_PER_MINUTE (default 60) per IP. */
  event: budget('eventsPerMinute'),
  /** Password sign-in: 10 per minute per IP and e-mail. */
  login: { max: 10, timeWindow: 60_000, keyGenerator: ipAndEmail, hook: 'preHandler' as const },
  /** Anything that mails a code: 5 requests per 10 minutes per IP and e-mail (the mails themselves are counted by {@link codeMailBudget}). */
  sendCode: { max: 5, timeWindow: 600_000, keyGenerator: ipAndEmail, hook: 'preHandler' as const },
  /** Code checks: RATE_LIMIT_CODE_CHECKS_PER_10_MINUTES (default 20) per 10 minutes per IP (each code also dies after 5 wrong tries). */
  verifyCode: budget('codeChecksPer10Minutes', { timeWindow: 600_000 }),
  /** SIWE nonces: 20 per minute per IP. */
  nonce: { max: 20, timeWindow: 60_000 },
  /** Other sign-in calls (wallet, OAuth, Telegram): 30 per minute per IP. */
  signIn: { max: 30, timeWindow: 60_000 },
  /** Webhook "send test" (a request to a user-chosen URL): 5 per minute per signed-in user, whatever the endpoint. */
  webhookTest: { max: 5, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => `webhook-test|${userOrIp(req)}`, hook: 'preHandler' as const },
} as const;

/**
 * Code e-mails to one address, whatever the client IP and whichever endpoint sends them
 * (registration, resend, password reset, e-mail binding): 10 per hour.
 */
export const PER_ADDRESS_MAIL_LIMIT = { max: 10, timeWindow: 3_600_000 } as const;

/** Spends one code mail to `email` from the budgets of `req`'s client; throws 429 RATE_LIMITED when a budget is used up. */
export type SpendCodeMail = (req: FastifyRequest, email: string) => Promise<void>;

/**
 * The budgets of code mails, spent only for a mail that is about to be sent (never for a refused
 * request, e.g. one inside the resend countdown, so nobody can use up another's budget with
 * requests that send nothing). Three counters, in Redis when configured, one hour each:
 * per client IP across addresses (`RATE_LIMIT_CODE_MAILS_PER_IP_PER_HOUR`, default 20), per
 * address across IPs ({@link PER_ADDRESS_MAIL_LIMIT}), and for the whole deployment
 * (`RATE_LIMIT_CODE_MAILS_PER_HOUR`, default 500); a budget of 0 is no limit. The requester's own
 * IP budget is spent first, so a client past it cannot use up an address's budget. The error
 * carries `details.retry_after_s`. Needs {@link installRateLimit} first.
 */
export function codeMailBudget(app: FastifyInstance): SpendCodeMail {
  const hour = 3_600_000;
  const perIp = app.createRateLimit({
    timeWindow: hour,
    max: (req: FastifyRequest) => req.server.fairUse.codeMailsPerIpPerHour,
    allowList: (req: FastifyRequest) => req.server.fairUse.codeMailsPerIpPerHour <= 0,
    keyGenerator: (req) => `mail-from|${req.ip}`,
  });
  const global = app.createRateLimit({
    timeWindow: hour,
    max: (req: FastifyRequest) => req.server.fairUse.codeMailsPerHour,
    allowList: (req: FastifyRequest) => req.server.fairUse.codeMailsPerHour <= 0,
    keyGenerator: () => 'mail-all',
  });
  // The address is an argument, not read from the request: bind-email and register name it in
  // different places, and the service has normalised it.
  const addressOf = new WeakMap<FastifyRequest, string>();
  const perAddress = app.createRateLimit({ ...PER_ADDRESS_MAIL_LIMIT, keyGenerator: (req) => `mail-to|${addressOf.get(req) ?? emailOf(req) ?? ''}` });
  return async (req, email) => {
    addressOf.set(req, email.trim().toLowerCase());
    for (const check of [perIp, perAddress, global]) {
      const r = await check(req);
      if (!r.isAllowed && r.isExceeded) throw rateLimited(r.ttl);
    }
  };
}
