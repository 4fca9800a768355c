import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ChainsEnv } from '../providers/chain/config';
import { expandNewsFeeds } from '../providers/news/rss/default-feeds';

/** Repository root (the folder with `data/` and `apps/`). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** An IP address or CIDR block (`10.0.0.0/8`, `2001:db8::/32`), as proxy-addr (Fastify's trustProxy) reads them. */
function isIpOrCidr(s: string): boolean {
  const [addr, bits, ...rest] = s.split('/');
  const family = net.isIP(addr);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: which proxies may set `X-Forwarded-For` (Fastify's `trustProxy`). Absent, `false`
 * or `0`: none (the client is the TCP peer). A hop count (`1`): trust that many proxies in front.
 * A comma list of IPs / CIDR blocks: trust exactly those peers. `true` (trust anyone) is refused.
 */
export const TrustProxyEnv = z
  .string()
  .transform((s, ctx): false | number | string[] => {
    const v = s.trim().toLowerCase();
    if (v === 'false' || v === 'no' || v === 'off' || v === '0') return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 32) ctx.addIssue({ code: 'custom', message: 'a hop count must be between 0 and 32' });
      return hops;
    }
    const list = s.split(',').map((x) => x.trim()).filter(Boolean);
    const bad = list.filter((x) => !isIpOrCidr(x));
    if (!list.length || bad.length) {
      ctx.addIssue({ code: 'custom', message: `must be a hop count (e.g. 1) or a comma list of IP addresses / CIDR blocks (bad: ${bad.join(', ') || s})` });
      return false;
    }
    return list;
  });

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every environment variable the server reads, parsed once at start (DESIGN.md §7). A wrong value
 * stops the process with every problem listed. Each variable is documented in docs/OPERATIONS.md.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** All state of the embedded default lives here (PGlite data, outbox, caches). */
  DATA_DIR: z.string().min(1).default('./.data'),
  /** Comma list of roles this process runs: web (HTTP API + SPA) and worker (jobs). */
  ROLES: z
    .string()
    .default('web,worker')
    .transform((s) => s.split(',').map((r) => r.trim()).filter(Boolean))
    .pipe(z.array(z.enum(['web', 'worker'])).min(1)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Proxies trusted to set X-Forwarded-For/-Proto/-Host (see {@link TrustProxyEnv}); none by default. */
  TRUST_PROXY: TrustProxyEnv.optional(),
  /** PostgreSQL connection string; PGlite in DATA_DIR/pglite when absent. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Shared buffers (MB) of the embedded database (PGlite); Postgres' own default is 128. */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  /** Redis for pub/sub fan-out, shared rate limits and job locks; in-process when absent. */
  REDIS_URL: z.string().url().optional(),
  /**
   * Prefix of every Redis key and pub/sub channel of this deployment, e.g. `coinlens:prod:`. Default:
   * `coinlens:<id>:` where `<id>` is a random deployment id stored in the database, so two deployments
   * sharing one Redis never see each other's events or rate-limit counters.
   */
  REDIS_PREFIX: z.string().min(1).max(100).regex(/^[\w:.-]+$/, 'letters, digits and _ : . - only').optional(),
  /** `replay` (shipped candles on the replay clock) or `binance` (public REST + WebSocket). */
  MARKET_SOURCE: z.enum(['replay', 'binance']).default('replay'),
  REPLAY_START: z
    .string()
    .default('2025-05-16T00:00:00Z')
    .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date-time')
    .transform((s) => Date.parse(s)),
  /** Fair use: expensive reads (signal lists, track record, pattern stats, feed lists) per client IP, route and minute; 0 = no limit. */
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
  /** Fair use: requests that can start a model call, per signed-in user (visitors: per IP), route and minute; 0 = no limit. */
  RATE_LIMIT_MODEL_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(20),
  /** Fair use: analytics events (`POST /collect_event`) per client IP and minute; 0 = no limit. */
  RATE_LIMIT_EVENTS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  /** Expensive database reads running at once in this process (default: 1 on PGlite, half the pool on PostgreSQL). */
  HEAVY_READ_CONCURRENCY: z.coerce.number().int().min(1).max(200).optional(),
  /** Expensive reads allowed to wait for a slot; beyond that they are shed at once with 503 SERVICE_UNAVAILABLE. */
  HEAVY_READ_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  /** Longest wait for a slot in milliseconds before a queued read is shed with 503 SERVICE_UNAVAILABLE. */
  HEAVY_READ_MAX_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(5000),
  /** Replay clock speed: 1 = real time, 60 = one minute per second, 0 = frozen. */
  REPLAY_SPEED: z.coerce.number().min(0).max(100_000).default(1),
  BINANCE_REST_URL: z.string().url().default('https://api.binance.com'),
  BINANCE_WS_URL: z.string().url().default('wss://stream.binance.com:9443'),
  /** The folder with the shipped data set (default: the repo's data/). */
  SHIPPED_DATA_DIR: z.string().optional(),
  /** Folder of the built web app; served when present. */
  WEB_DIST_DIR: z.string().optional(),
  /** Public origin of this deployment, e.g. https://coinlens.example (links in mails, SIWE domain). */
  PUBLIC_ORIGIN: z.string().url().optional(),
  SUPPORT_EMAIL: z.string().email().default('support@coinlens.example'),
  /** Host name (e.g. coinlens.example) on which the web app sends analytics; never sent elsewhere. Unset: off. */
  ANALYTICS_HOST: z.string().min(1).optional(),
  /** HS256 key of access tokens (≥ 32 characters); generated once and kept in the database when absent. */
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * Comma list of e-mail addresses whose accounts get the `lab` permission (early features such as
   * the trading-agent preview), in addition to what is stored on the user. Compared case-insensitively.
   */
  LAB_EMAILS: z
    .string()
    .optional()
    .transform((s) => (s ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().email())),
  /** Lifetime of a sign-in session in hours (default 30 days). */
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(720),
  /** `false` turns e-mail registration off ("Registration is currently unavailable"). */
  REGISTRATION_ENABLED: bool.default(true),
  /** SMTP server for mail, e.g. smtps://user:pass@smtp.example:465; mails go to DATA_DIR/outbox when absent. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Coinlens <no-reply@coinlens.example>'),
  /** Google sign-in (OAuth 2.0 + PKCE); shown only when both are set. Endpoints overridable for tests. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.string().url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  /** X (Twitter) sign-in (OAuth 2.0 + PKCE); shown only when the client id is set. */
  X_CLIENT_ID: z.string().min(1).optional(),
  X_CLIENT_SECRET: z.string().min(1).optional(),
  X_AUTH_URL: z.string().url().default('https://x.com/i/oauth2/authorize'),
  X_TOKEN_URL: z.string().url().default('https://api.x.com/2/oauth2/token'),
  X_USERINFO_URL: z.string().url().default('https://api.x.com/2/users/me'),
  /** Telegram Login Widget: the bot token checks the widget's hash; the bot name renders the widget. */
  TELEGRAM_BOT_TOKEN: z.string().regex(/^\d+:[\w-]+$/, 'must look like 123456:ABC-def').optional(),
  TELEGRAM_BOT_NAME: z.string().regex(/^\w{3,64}$/).optional(),
  /** Chain id written into and required from SIWE (EIP-4361) wallet sign-in messages. */
  SIWE_CHAIN_ID: z.coerce.number().int().positive().default(1),
  /** OpenAI-compatible model server, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1; the built-in analyst without it. */
  LLM_BASE_URL: z.string().url().optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  /** Payment networks (JSON object keyed by network: rpc_url, merchant, optional chain_id, name, tokens); payments are off without it. */
  CHAINS: ChainsEnv.optional(),
  /** Block confirmations before an on-chain payment is credited. */
  CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(3),
  /** Minutes a payment order waits for its transaction hash. */
  PAYMENT_ORDER_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** Trials one invitation code can give (a code's own `max_uses` overrides it); 0 = no limit. */
  INVITATION_MAX_USES: z.coerce.number().int().min(0).max(1_000_000).default(20),
  /** Skip the shipped-data import (for processes that know it is done). */
  SKIP_IMPORT: bool.default(false),
  /** Comma list of RSS 2.0 / Atom feed URLs to ingest (news); the word `default` stands for the built-in English + Chinese outlets; none when absent. */
  NEWS_FEEDS: z
    .string()
    .optional()
    .transform((s) => expandNewsFeeds((s ?? '').split(',').map((u) => u.trim()).filter(Boolean)))
    .pipe(z.array(z.string().url())),
  /** CryptoCompare news API key (`/data/v2/news/`); the provider is off when absent. */
  CRYPTOCOMPARE_API_KEY: z.string().min(1).optional(),
  CRYPTOCOMPARE_BASE_URL: z.string().url().default('https://min-api.cryptocompare.com'),
  /** Seconds between polls of the live news providers (RSS, CryptoCompare). */
  NEWS_POLL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** Milliseconds between news job passes (analysis, impact, release); 0 turns the jobs off. */
  NEWS_JOB_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
});

export type Env = z.infer<typeof EnvSchema>;

/** Thrown by `parseEnv` with every invalid variable listed. */
export class EnvError extends Error {}

/** Parses `source` (default process.env); throws EnvError listing every problem. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const r = EnvSchema.safeParse(cleaned);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return r.data;
}

/** Absolute data dir. */
export function dataDirOf(env: Env): string {
  return path.resolve(env.DATA_DIR);
}
