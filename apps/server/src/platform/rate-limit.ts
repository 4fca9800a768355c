import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from './errors';

/**
 * Rate limits (@fastify/rate-limit), shared by every process through Redis when `REDIS_URL` is set,
 * in process otherwise. Not global: a route opts in with `config: { rateLimit: LIMITS.login }`.
 * Exceeding answers 429 RATE_LIMITED with `details.retry_after_s` and a `retry-after` header.
 */
export async function installRateLimit(app: FastifyInstance, opts: { redisUrl?: string }): Promise<() => Promise<void>> {
  let redis: import('ioredis').Redis | undefined;
  if (opts.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 3, connectTimeout: 2000, lazyConnect: false });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'coinlens-rl-',
    skipOnError: false,
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', `Rate limit exceeded, retry in ${ctx.after}`, { details: { retry_after_s: Math.max(1, Math.ceil(ctx.ttl / 1000)) } }),
  });
  return async () => {
    if (redis) await redis.quit().catch(() => undefined);
  };
}

/** Client IP plus a normalised e-mail from the body or query when present (per-account limits). */
function ipAndEmail(req: FastifyRequest): string {
  const email = (req.body as { email?: unknown } | undefined)?.email ?? (req.query as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `${req.ip}|${email.trim().toLowerCase()}` : req.ip;
}

/** Per-route limits of the accounts endpoints (per client IP; per IP and e-mail where one is given). */
export const LIMITS = {
  /** Password sign-in: 10 per minute per IP and e-mail. */
  login: { max: 10, timeWindow: 60_000, keyGenerator: ipAndEmail, hook: 'preHandler' as const },
  /** Anything that mails a code: 5 per 10 minutes per IP and e-mail. */
  sendCode: { max: 5, timeWindow: 600_000, keyGenerator: ipAndEmail, hook: 'preHandler' as const },
  /** Code checks: 20 per 10 minutes per IP (each code also dies after 5 wrong tries). */
  verifyCode: { max: 20, timeWindow: 600_000 },
  /** SIWE nonces: 20 per minute per IP. */
  nonce: { max: 20, timeWindow: 60_000 },
  /** Other sign-in calls (wallet, OAuth, Telegram): 30 per minute per IP. */
  signIn: { max: 30, timeWindow: 60_000 },
} as const;
