import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ChainsEnv } from '../providers/chain/config';
import { expandNewsFeeds } from '../providers/news/rss/default-feeds';
import { parseAllowList } from './outbound';

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
 * Every environment variable the server reads, parsed once at start. A wrong value
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
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(8),
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
  /** Fee per side, percent of the traded value, applied when scoring strategies and the buy-and-hold comparison (0.1 = 0.1 %). */
  STRATEGY_FEE_PCT: z.coerce.number().min(0).max(5).default(0.1),
  /** Fair use: expensive reads (signal lists, track record, pattern stats, feed lists) per client IP, route and minute; 0 = no limit. */
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
  /** Fair use: requests that can start a model call, per signed-in user (visitors: per IP), route and minute; 0 = no limit. */
  RATE_LIMIT_MODEL_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(20),
  /** Fair use: analytics events (`POST /collect_event`) per client IP and minute; 0 = no limit. */
  RATE_LIMIT_EVENTS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  /** Verification-code checks (registration, password reset, e-mail binding) per client IP and 10 minutes; 0 = no limit. Each code still dies after 5 wrong tries. */
  RATE_LIMIT_CODE_CHECKS_PER_10_MINUTES: z.coerce.number().int().min(0).max(1_000_000).default(20),
  /** Code mails (registration, resend, password reset, e-mail binding) sent for one client IP in an hour, whatever the addresses; 0 = no limit. */
  RATE_LIMIT_CODE_MAILS_PER_IP_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(20),
  /** Code mails the whole deployment sends in an hour, whatever the IPs and addresses (shared through Redis); 0 = no limit. */
  RATE_LIMIT_CODE_MAILS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(500),
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
  /** Seconds between reads of the exchange's listing (`exchangeInfo`) in live mode; 0 = only at start. */
  BINANCE_LISTING_REFRESH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Request weight per minute this process may spend on Binance REST (Binance allows 6000 per IP). */
  BINANCE_WEIGHT_PER_MINUTE: z.coerce.number().int().min(10).max(6000).default(3000),
  /** Analysis worker threads of the signals pipeline (default: live mode one per CPU core, at most 4; replay 1). */
  ANALYSIS_THREADS: z.coerce.number().int().min(1).max(16).optional(),
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
  /**
   * Telegram bot: the Login Widget (the token checks the widget's hash, the name renders it) and the
   * Telegram alert channel (the bot links chats on `/start <token>` and sends alerts; docs/decisions/085).
   */
  TELEGRAM_BOT_TOKEN: z.string().regex(/^\d+:[\w-]+$/, 'must look like 123456:ABC-def').optional(),
  TELEGRAM_BOT_NAME: z.string().regex(/^\w{3,64}$/).optional(),
  /** Bot API server (`<root>/bot<token>/<method>`); tests and a self-hosted telegram-bot-api server change it. */
  TELEGRAM_API_ROOT: z.string().url().default('https://api.telegram.org'),
  /** `false` keeps the bot for sign-in only: no Telegram alerts, no update polling (the bot's webhook, if any, is left alone). */
  TELEGRAM_ALERTS: bool.default(true),
  /** Seconds one `getUpdates` long poll of the worker waits for updates (0 = short polling). */
  TELEGRAM_POLL_TIMEOUT_S: z.coerce.number().int().min(0).max(50).default(25),
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
  /** Longest seconds between two polls of a feed (a quiet one; a feed that publishes often is polled sooner), and CryptoCompare's poll interval. */
  NEWS_POLL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(45),
  /** Shortest seconds between two polls of a feed that publishes often (capped at NEWS_POLL_SECONDS). */
  NEWS_POLL_MIN_SECONDS: z.coerce.number().int().min(5).max(86_400).default(15),
  /** Public base URL WebSub hubs reach this deployment at (`https://coinlens.example`): feeds naming a hub are subscribed, pushes land on `/api/feeds/websub/…`. Off when absent. */
  NEWS_WEBSUB_CALLBACK_URL: z.string().url().optional(),
  /** Milliseconds between news job passes (analysis, impact, release); 0 turns the jobs off. */
  NEWS_JOB_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /** Milliseconds between polls of the alert delivery outbox by a worker (new alerts wake it at once); 0 = only on wake-ups. */
  ALERTS_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** Web Push VAPID key pair (`npx web-push generate-vapid-keys`): public key, base64url of the 65-byte uncompressed P-256 point. Push is off without it. */
  VAPID_PUBLIC_KEY: z.string().trim().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'must be the base64url public key printed by `npx web-push generate-vapid-keys` (87 characters, starting with B)').optional(),
  /** The private half (base64url of the 32-byte P-256 scalar); never sent to a client nor logged. */
  VAPID_PRIVATE_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{43}=?$/, 'must be the base64url private key printed by `npx web-push generate-vapid-keys` (43 characters)').optional(),
  /** Contact of the VAPID JWT (`sub`): `mailto:` address or `https:` URL; default `mailto:` + SUPPORT_EMAIL. */
  VAPID_SUBJECT: z.string().trim().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL').optional(),
  /** Days a delivered or failed outbox row (with its attempts) and an old notification are kept; older ones are pruned by the workers (decision 084). */
  ALERTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Lease (ms) of a claimed outbox row: a worker killed mid-delivery leaves rows that another sends once it expires. The webhook timeout is the lesser of 10 s and half of it. */
  ALERTS_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /**
   * Internal destinations the operator allows for user-supplied URLs (webhooks, Web Push), which are
   * otherwise refused: comma-separated host names, IP addresses and CIDR ranges (`hooks.lan,10.0.0.0/8`). Unset: none.
   */
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .trim()
    .optional()
    .superRefine((v, ctx) => {
      const bad = parseAllowList(v).invalid;
      if (bad.length) ctx.addIssue({ code: 'custom', message: `not a host name, IP address or CIDR range: ${bad.join(', ')}` });
    }),
});

export type Env = z.infer<typeof EnvSchema>;
/** The name of a variable of {@link EnvSchema}. */
export type EnvName = keyof typeof EnvSchema.shape;

/**
 * Rules between variables, checked at start once every variable parsed: a configuration that
 * would half-enable a feature fails with a message naming the variables, instead of the feature
 * silently staying off. Listed in docs/OPERATIONS.md by `npm run docs:env`.
 */
export const ENV_RULES: readonly { vars: EnvName[]; rule: string; holds: (env: Env) => boolean }[] = [
  { vars: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'], rule: 'Google sign-in needs both `GOOGLE_CLIENT_ID` and `GOOGLE_CLIENT_SECRET` (or neither)', holds: (e) => !!e.GOOGLE_CLIENT_ID === !!e.GOOGLE_CLIENT_SECRET },
  { vars: ['X_CLIENT_SECRET', 'X_CLIENT_ID'], rule: '`X_CLIENT_SECRET` needs `X_CLIENT_ID` (a public X client has an id and no secret)', holds: (e) => !e.X_CLIENT_SECRET || !!e.X_CLIENT_ID },
  { vars: ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_BOT_NAME'], rule: 'The Telegram bot (sign-in and alerts) needs both `TELEGRAM_BOT_TOKEN` and `TELEGRAM_BOT_NAME` (or neither)', holds: (e) => !!e.TELEGRAM_BOT_TOKEN === !!e.TELEGRAM_BOT_NAME },
  { vars: ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'], rule: 'Web Push needs both `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` (or neither), of one key pair', holds: (e) => (!e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY) || (!!e.VAPID_PUBLIC_KEY && !!e.VAPID_PRIVATE_KEY && vapidPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY)) },
  { vars: ['VAPID_SUBJECT', 'VAPID_PUBLIC_KEY'], rule: '`VAPID_SUBJECT` needs the VAPID keys', holds: (e) => !e.VAPID_SUBJECT || !!e.VAPID_PUBLIC_KEY },
  { vars: ['LLM_MODEL', 'LLM_API_KEY', 'LLM_BASE_URL'], rule: '`LLM_MODEL` and `LLM_API_KEY` need `LLM_BASE_URL` (without it the built-in analyst writes)', holds: (e) => (!e.LLM_MODEL && !e.LLM_API_KEY) || !!e.LLM_BASE_URL },
];

/**
 * True when `publicKey` (base64url, uncompressed P-256 point) is the public half of `privateKey`
 * (base64url, 32-byte scalar): derived with node:crypto's ECDH. False for malformed keys.
 */
export function vapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

/** Thrown by `parseEnv` with every invalid variable listed. */
export class EnvError extends Error {}

/**
 * Parses `source` (default process.env), then checks {@link ENV_RULES}; throws EnvError listing
 * every problem (`  NAME: message` per line). Empty values count as unset.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const r = EnvSchema.safeParse(cleaned);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const broken = ENV_RULES.filter((x) => !x.holds(r.data));
  if (broken.length) throw new EnvError(`Invalid environment:\n${broken.map((x) => `  ${x.vars.join(', ')}: ${x.rule.replaceAll('`', '')}`).join('\n')}`);
  return r.data;
}

/** Absolute data dir. */
export function dataDirOf(env: Env): string {
  return path.resolve(env.DATA_DIR);
}

/** A section of docs/OPERATIONS.md that holds a table of variables. */
export type EnvSection = (typeof ENV_SECTIONS)[number];
/** The sections of docs/OPERATIONS.md with a variable table, in document order. */
export const ENV_SECTIONS = ['Core', 'Database', 'Market data and the replay clock', 'News', 'Accounts and mail', 'Pub/sub, rate limits, jobs', 'Fair use: rate limits and the read gate', 'AI', 'Analytics (self-hosted)', 'Membership and payments', 'Web Push', 'Outbound requests'] as const;

/** One row of a variable table in docs/OPERATIONS.md: the variables it covers, the default as shown (markdown) and what they mean. */
export interface EnvDoc {
  section: EnvSection;
  vars: EnvName[];
  /** Markdown: a backticked literal (checked against the schema by scripts/docs-env.test.ts unless it holds a `<placeholder>`) or a phrase; `—` when unset by default. */
  default: string;
  meaning: string;
}

/**
 * The documentation of every variable of {@link EnvSchema}: `npm run docs:env` writes the tables of
 * docs/OPERATIONS.md from it (between `<!-- env-table: SECTION -->` markers), and a test fails when
 * the file is stale or a variable has no row.
 */
export const ENV_DOCS: EnvDoc[] = [
  { section: 'Core', vars: ['PORT'], default: '`8080`', meaning: 'HTTP port' },
  { section: 'Core', vars: ['HOST'], default: '`127.0.0.1`', meaning: 'bind address (`0.0.0.0` to expose)' },
  { section: 'Core', vars: ['DATA_DIR'], default: '`./.data`', meaning: 'all state of the embedded default: PGlite database (`pglite/`, owned by one process at a time through `pglite.lock`: a second server on the same directory is refused; the running server answers `npm run db:backup` on the owner-only socket `pglite.backup.sock`), backups written by `npm run db:backup` unless given a file (`backups/`), mail outbox (`outbox/`), generated secrets, candle column cache (`cache/candles/`, safe to delete)' },
  { section: 'Core', vars: ['NODE_ENV'], default: '`production`', meaning: '`development` / `production` / `test`' },
  { section: 'Core', vars: ['LOG_LEVEL'], default: '`info`', meaning: '`fatal` … `trace`, or `silent`. At `info`, `debug` and `trace` each request and answer is logged; above `info` nothing is logged per request and Fastify runs without a logger of its own (decision 094). Secrets never reach the log: authorization/cookie headers, `Set-Cookie`, fields named password, token, code, signature…, and the values of secret query parameters in logged URLs (`token`, `access_token`, `code`, `state`, `nonce`, `signature`, `message`, `hash`, `password`, `key`, `registration_id`…) are written as `[REDACTED]` (`apps/server/src/platform/log.ts`)' },
  { section: 'Core', vars: ['ROLES'], default: '`web,worker`', meaning: 'what this process runs: `web` (API + SPA) and/or `worker` (ingestion, signal scoring, jobs)' },
  { section: 'Core', vars: ['PUBLIC_ORIGIN'], default: '—', meaning: 'public URL of the deployment, e.g. `https://coinlens.example`: links in mails, the SIWE (EIP-4361) domain and URI, OAuth redirect URIs. **Required for MetaMask, Google and X sign-in anywhere but localhost**: without it they work only when the browser\'s `Host` is `localhost`, `127.0.0.1` or `[::1]`, and answer 403 `PUBLIC_ORIGIN_REQUIRED` for any other host (so a phishing domain pointed at the server cannot obtain a valid sign-in). The server warns at start when `HOST` is not a loopback address and `PUBLIC_ORIGIN` is unset' },
  { section: 'Core', vars: ['TRUST_PROXY'], default: '— (trust none)', meaning: 'which reverse proxies may set `X-Forwarded-For`/`-Proto`/`-Host`. Unset, `false` or `0`: none — the client IP (rate limits) is the TCP peer and the headers are ignored. A hop count, e.g. `1` (one proxy in front, such as nginx or a cloud load balancer): the address that proxy appended is the client. A comma list of IP addresses / CIDR blocks, e.g. `10.0.0.0/8,127.0.0.1`: proxies at those addresses are trusted. Never set it without a proxy that overwrites or appends these headers, or any client can choose its IP' },
  { section: 'Core', vars: ['SUPPORT_EMAIL'], default: '`support@coinlens.example`', meaning: 'shown in the contact dialog' },
  { section: 'Core', vars: ['WEB_DIST_DIR'], default: 'the repository\'s `apps/web/dist`', meaning: 'the built web app to serve; its first-content renderer (the home and coin pages rendered on the server) is read from the folder beside it named `<dir>-ssr` (`npm run build` writes both)' },
  { section: 'Core', vars: ['SHIPPED_DATA_DIR'], default: 'the repository\'s `data/`', meaning: 'the shipped demo data set' },
  { section: 'Core', vars: ['SKIP_IMPORT'], default: '`false`', meaning: 'skip the shipped-data import check at start' },
  { section: 'Database', vars: ['DATABASE_URL'], default: '—', meaning: 'PostgreSQL connection string; without it PGlite runs embedded in `DATA_DIR/pglite`' },
  { section: 'Database', vars: ['DATABASE_POOL_SIZE'], default: '`10`', meaning: 'connections per process' },
  { section: 'Database', vars: ['PGLITE_SHARED_BUFFERS_MB'], default: '`8`', meaning: 'shared buffers of the embedded PGlite database, in MB (Postgres\' own default, 128, is most of an idle server\'s memory; the OS page cache keeps the data files warm anyway)' },
  { section: 'Market data and the replay clock', vars: ['MARKET_SOURCE'], default: '`replay`', meaning: '`replay`: shipped Binance candles on the replay clock; `binance`: Binance public REST + WebSocket' },
  { section: 'Market data and the replay clock', vars: ['REPLAY_START'], default: '`2025-05-16T00:00:00Z`', meaning: 'where the replay clock starts' },
  { section: 'Market data and the replay clock', vars: ['REPLAY_SPEED'], default: '`1`', meaning: 'replay speed (60 = one minute per second; 0 = frozen)' },
  { section: 'Market data and the replay clock', vars: ['BINANCE_REST_URL', 'BINANCE_WS_URL'], default: '`https://api.binance.com`, `wss://stream.binance.com:9443`', meaning: 'Binance spot REST and WebSocket base URLs (the local stand-in: `docs/live-market.md`)' },
  { section: 'Market data and the replay clock', vars: ['BINANCE_LISTING_REFRESH_SECONDS', 'BINANCE_WEIGHT_PER_MINUTE', 'ANALYSIS_THREADS'], default: '`300`; `3000`; live: CPU cores (≤ 4), replay: `1`', meaning: 'live mode: seconds between reads of the exchange\'s listing (`0` = at start only); REST request weight per minute (Binance allows 6000 per IP; 429/418 hold every request for `Retry-After`); analysis worker threads' },
  { section: 'News', vars: ['NEWS_FEEDS'], default: '—', meaning: 'comma list of RSS 2.0 / Atom feed URLs to ingest, e.g. `https://www.coindesk.com/arc/outboundfeeds/rss/,https://cointelegraph.com/rss,https://decrypt.co/feed`' },
  { section: 'News', vars: ['CRYPTOCOMPARE_API_KEY'], default: '—', meaning: 'key of the CryptoCompare news API (`/data/v2/news/?lang=EN`); the provider is off without it' },
  { section: 'News', vars: ['CRYPTOCOMPARE_BASE_URL'], default: '`https://min-api.cryptocompare.com`', meaning: 'base URL of that API' },
  { section: 'News', vars: ['NEWS_POLL_MIN_SECONDS', 'NEWS_POLL_SECONDS'], default: '`15`, `45`', meaning: 'bounds of each feed\'s own poll interval in seconds (a quarter of its median gap between items; `Cache-Control: max-age` and `Retry-After` respected; conditional GETs), and CryptoCompare\'s interval (the second); see `docs/news-latency.md`' },
  { section: 'News', vars: ['NEWS_WEBSUB_CALLBACK_URL'], default: '—', meaning: 'public base URL WebSub hubs can reach (e.g. `https://coinlens.example`): feeds that name a hub are subscribed and their pushes (signed, `X-Hub-Signature`) arrive on `/api/feeds/websub/<key>`; off when absent' },
  { section: 'News', vars: ['NEWS_JOB_INTERVAL_MS'], default: '`5000`', meaning: 'milliseconds between passes of the news jobs (analysis, impact, release to `/api/stream/feeds`); `0` turns them off' },
  { section: 'News', vars: ['ALERTS_POLL_MS'], default: '`1000`', meaning: 'milliseconds between polls of the alert delivery outbox (`alert_deliveries`) by each worker; a new alert wakes the dispatcher at once, the poll picks up retries (exponential backoff) and deliveries left by a process that died. `0` = only on wake-ups. Alerts run in worker processes (`ROLES` with `worker`): in-app notifications and signed webhooks always, e-mail through `SMTP_URL` or the outbox' },
  { section: 'News', vars: ['ALERTS_RETENTION_DAYS'], default: '`30`', meaning: 'days a delivered or failed alert delivery (with its attempts, the delivery log) and a notification are kept. Older rows are deleted by the workers in batches of 500 once an hour (one process at a time, under an advisory lock); each user keeps their newest 100 notifications whatever their age, pending deliveries are never pruned, and the events that guard a one-shot trigger (a price level, a strategy target or invalidation) stay while their rule exists (decision 084)' },
  { section: 'News', vars: ['ALERTS_LEASE_MS'], default: '`60000`', meaning: 'milliseconds a worker holds a claimed delivery: when a worker dies mid-delivery (`kill -9`), another sends the delivery again with the same `webhook-id` once the lease expired. A webhook request times out after the lesser of 10 s and half the lease' },
  { section: 'Accounts and mail', vars: ['JWT_SECRET'], default: '—', meaning: 'HS256 key of access tokens (at least 32 characters). Without it a random 256-bit key is generated once and stored in the `app_secrets` table, so every process sharing the database uses the same key' },
  { section: 'Accounts and mail', vars: ['SESSION_TTL_HOURS'], default: '`720`', meaning: 'lifetime of a sign-in session (30 days); logout and password resets revoke sessions at once' },
  { section: 'Accounts and mail', vars: ['REGISTRATION_ENABLED'], default: '`true`', meaning: '`false` closes e-mail registration ("Registration is currently unavailable")' },
  { section: 'Accounts and mail', vars: ['LAB_EMAILS'], default: '—', meaning: 'comma list of verified e-mail addresses whose accounts get the `lab` permission: the coin page then shows the trading-agent preview (paper plans replayed on the market clock) instead of "coming soon". Permissions stored on the user (`users.permissions`) also count' },
  { section: 'Web Push', vars: ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'], default: '— (Web Push off)', meaning: 'the VAPID key pair of Web Push alerts, base64url, as printed by `npx web-push generate-vapid-keys`; both or neither, and of one pair (checked at start). Without them the push channel is off and the Alerts page says it is not set up on this server. The public key is served to browsers (`GET /api/alerts/push/config`, the `applicationServerKey`); the private key signs the VAPID JWT of every push request and is never sent to a client nor logged. Changing the pair ends every browser subscription (push services refuse the new key with 403/410): users enable push again' },
  { section: 'Web Push', vars: ['VAPID_SUBJECT'], default: '`mailto:` + `SUPPORT_EMAIL`', meaning: 'the contact in the VAPID JWT (`sub`) that push services use to reach the operator: a `mailto:` address or an `https:` URL (Apple\'s service refuses `localhost` subjects)' },
  { section: 'Outbound requests', vars: ['OUTBOUND_ALLOW_HOSTS'], default: '— (none)', meaning: 'internal destinations that user-supplied URLs (alert webhooks, Web Push endpoints) may reach despite the outbound guard: a comma-separated list of host names (`hooks.lan`: any address they resolve to), IP addresses (`192.168.1.20`, `fd00::5`) and CIDR ranges (`10.0.0.0/8`). For self-hosters whose webhook receivers live on their LAN. Unset, every loopback, private, link-local, CGNAT, unique-local, multicast and reserved address is refused, in any notation. A wrong entry stops the process at start' },
  { section: 'Accounts and mail', vars: ['SMTP_URL'], default: '—', meaning: 'SMTP server for mail, e.g. `smtps://user:pass@smtp.example:465` or `smtp://127.0.0.1:25`. Without it every mail is written as an RFC 822 `.eml` file to `DATA_DIR/outbox/` and one log line (without the code) names it, so sign-up works offline' },
  { section: 'Accounts and mail', vars: ['MAIL_FROM'], default: '`Coinlens <no-reply@coinlens.example>`', meaning: 'sender of account mails' },
  { section: 'Accounts and mail', vars: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'], default: '—', meaning: 'Google sign-in (OAuth 2.0 authorization code with PKCE); both or neither (checked at start), the button shows when both are set. Register both redirect URIs `PUBLIC_ORIGIN/en-US/auth/google/callback` and `PUBLIC_ORIGIN/zh-CN/auth/google/callback`' },
  { section: 'Accounts and mail', vars: ['GOOGLE_AUTH_URL', 'GOOGLE_TOKEN_URL', 'GOOGLE_USERINFO_URL'], default: 'Google\'s endpoints', meaning: 'overridable (tests point them at a local server)' },
  { section: 'Accounts and mail', vars: ['X_CLIENT_ID', 'X_CLIENT_SECRET'], default: '—', meaning: 'X sign-in (OAuth 2.0 with PKCE; the secret for confidential clients). Redirect URIs `PUBLIC_ORIGIN/{en-US,zh-CN}/auth/x/callback`' },
  { section: 'Accounts and mail', vars: ['X_AUTH_URL', 'X_TOKEN_URL', 'X_USERINFO_URL'], default: 'X\'s endpoints', meaning: 'overridable' },
  { section: 'Accounts and mail', vars: ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_BOT_NAME'], default: '—', meaning: 'the bot from @BotFather (`/newbot`): the Telegram Login Widget (the token checks the widget\'s hash, Telegram\'s documented algorithm; data older than 10 minutes is refused; the bot name renders the widget; set the bot\'s domain with `/setdomain`) and the Telegram alert channel (users link a chat through `https://t.me/<bot name>?start=<token>`; alerts are sent with `sendMessage`). Without them the channel is off and the Alerts page says so' },
  { section: 'Accounts and mail', vars: ['TELEGRAM_API_ROOT'], default: '`https://api.telegram.org`', meaning: 'Bot API server of the Telegram alert channel (methods at `<root>/bot<token>/<method>`): a self-hosted `telegram-bot-api` server, or a local stand-in in tests. With `TELEGRAM_BOT_TOKEN` and `TELEGRAM_BOT_NAME` set, alerts can go to Telegram: the worker holding the lock long-polls `getUpdates` for `/start <token>` (docs/decisions/085-telegram-alerts.md)' },
  { section: 'Accounts and mail', vars: ['TELEGRAM_ALERTS'], default: '`true`', meaning: '`false` keeps the bot for sign-in only: the Telegram alert channel is off (reason `disabled`) and no worker polls `getUpdates` or removes the bot\'s webhook — for a bot that another program already serves' },
  { section: 'Accounts and mail', vars: ['TELEGRAM_POLL_TIMEOUT_S'], default: '`25`', meaning: 'seconds one `getUpdates` long poll waits for updates (`0` = short polling every 2 s)' },
  { section: 'Accounts and mail', vars: ['SIWE_CHAIN_ID'], default: '`1`', meaning: 'chain id written into and required from MetaMask sign-in messages (EIP-4361)' },
  { section: 'Pub/sub, rate limits, jobs', vars: ['REDIS_URL'], default: '—', meaning: 'Redis for pub/sub fan-out of live events to every process, shared rate limits and job locks; in-process without it' },
  { section: 'Pub/sub, rate limits, jobs', vars: ['REDIS_PREFIX'], default: '`coinlens:<deployment id>:`', meaning: 'prefix of every Redis key and pub/sub channel (live events, rate-limit counters `…rl:…`). The default\'s deployment id is generated once and stored in the database (`app_secrets`, name `deployment_id`), so every process on one database shares it and two deployments sharing a Redis (each with its own database) are kept apart without configuration. Set it (letters, digits, `_ : . -`) to choose the name, e.g. `coinlens:prod:`; processes of one deployment must use the same value' },
  { section: 'Core', vars: ['STRATEGY_FEE_PCT'], default: '`0.1`', meaning: 'fee per side in percent used when scoring stored strategies and the buy-and-hold comparison (strategy track record)' },
  { section: 'Fair use: rate limits and the read gate', vars: ['RATE_LIMIT_READS_PER_MINUTE'], default: '`120`', meaning: 'expensive reads per client IP and route: `/api/crypto/ta/{all,hot,following}`, `/api/crypto/with_signals`, `/api/crypto/latest_accuracy`, `/api/crypto/{id}/ta/{timeframe}`, `/api/signals/track-record`, `/api/signals/pattern-stats`, `/api/signals/calibration`, `/api/strategies/record`, `/api/feeds/latest`, `/api/feeds/hot_top5`, `/api/feeds/{id}`, `/api/feeds/sotd`, `/api/crypto/{id}/aggregate`' },
  { section: 'Fair use: rate limits and the read gate', vars: ['RATE_LIMIT_MODEL_PER_MINUTE'], default: '`20`', meaning: 'requests that can start a model call, per signed-in user (visitors: per IP) and route: `/api/feeds/sotd/refresh`, `/api/feeds/stream/sotd/refresh`, `POST /api/crypto/{id}/strategy`, `/api/crypto/{id}/analysis`, `POST /api/chat/{coinId}/messages`, `POST /api/lab/{coinId}/plans` (on top of the daily quotas)' },
  { section: 'Fair use: rate limits and the read gate', vars: ['RATE_LIMIT_EVENTS_PER_MINUTE'], default: '`60`', meaning: 'analytics events (`POST /collect_event`) per client IP' },
  { section: 'Fair use: rate limits and the read gate', vars: ['RATE_LIMIT_CODE_CHECKS_PER_10_MINUTES'], default: '`20`', meaning: 'verification-code checks per client IP and route in 10 minutes: `POST /api/auth/verify-register-code`, `/api/auth/verify-reset-password-code`, `/api/auth/reset-password`, `/api/auth/verify-bind-email-code` (each code also dies after 5 wrong tries)' },
  { section: 'Fair use: rate limits and the read gate', vars: ['RATE_LIMIT_CODE_MAILS_PER_IP_PER_HOUR'], default: '`20`', meaning: 'code mails (registration, resend, password reset, e-mail binding) sent for one client IP in an hour, to any addresses: one IP cannot flood many mailboxes. Only mails actually sent count (a request refused by the 60 s resend countdown does not); besides, each address receives at most 10 code mails an hour whatever the IP' },
  { section: 'Fair use: rate limits and the read gate', vars: ['RATE_LIMIT_CODE_MAILS_PER_HOUR'], default: '`500`', meaning: 'code mails the whole deployment sends in an hour (every process, through Redis when `REDIS_URL` is set): the ceiling of a flood from many IPs, which protects the mail server\'s reputation and quota. Past it, every code request answers `429 RATE_LIMITED` until the hour is over; raise it for a large sign-up day' },
  { section: 'Fair use: rate limits and the read gate', vars: ['HEAVY_READ_CONCURRENCY'], default: '1 on PGlite, half of `DATABASE_POOL_SIZE` on PostgreSQL', meaning: 'expensive reads (the signal and feed lists, track record, pattern stats, coin TA) running at once in a process' },
  { section: 'Fair use: rate limits and the read gate', vars: ['HEAVY_READ_QUEUE'], default: '`32`', meaning: 'expensive reads allowed to wait for a slot; any more are refused at once with `503 SERVICE_UNAVAILABLE` (`retry-after: 1`)' },
  { section: 'Fair use: rate limits and the read gate', vars: ['HEAVY_READ_MAX_WAIT_MS'], default: '`5000`', meaning: 'longest wait for a slot before a queued read is refused with 503' },
  { section: 'AI', vars: ['LLM_BASE_URL'], default: '—', meaning: 'any OpenAI-compatible Chat Completions server, including its version path: `https://api.openai.com/v1`, `https://api.deepseek.com/v1`, `http://127.0.0.1:11434/v1` (Ollama), vLLM, llama.cpp. With it, the model writes the assistant\'s answers, news interpretations and the story of the day, and rewrites the coin page prose (numbers stay the rules\'; answers with ungrounded numbers are discarded, see decision 030). Without it the built-in analyst writes every text from structured facts and says it is the built-in analyst' },
  { section: 'AI', vars: ['LLM_MODEL'], default: '—', meaning: 'model name, e.g. `gpt-4o-mini`, `deepseek-chat`, `qwen2.5:7b`' },
  { section: 'AI', vars: ['LLM_API_KEY'], default: '—', meaning: 'bearer key, when the server needs one (never logged)' },
  { section: 'Analytics (self-hosted)', vars: ['ANALYTICS_HOST'], default: '—', meaning: 'the host name (e.g. `coinlens.example`) on which the web app sends page views and events to `POST /collect_event`; pages served on any other host send nothing. Unset: analytics off, and the server stores no event (it answers `{ok: true}` and drops it)' },
  { section: 'Membership and payments', vars: ['CHAINS'], default: '—', meaning: 'JSON object of payment networks keyed by network. Built-in keys `ethereum`, `bsc`, `polygon`, `arbitrum`, `base` know their chain id and the real USDT/USDC contracts and decimals, so they need only `rpc_url` and `merchant`: `{"polygon":{"rpc_url":"https://polygon-rpc.example","merchant":"0xYourAddress"}}`. A custom key needs `name`, `chain_id` and `tokens` (`[{"symbol":"USDT","contract":"0x…","decimals":6}]`); `tokens` on a built-in key replaces its list; `explorer_url` and `native_currency` are optional. A network takes payments only with both `rpc_url` and `merchant`; with none, the pricing page says payments are not configured and `POST /api/payment/create` answers 503 `PAYMENTS_NOT_CONFIGURED`' },
  { section: 'Membership and payments', vars: ['CONFIRMATIONS'], default: '`3`', meaning: 'blocks (the transaction\'s included) before a payment is credited' },
  { section: 'Membership and payments', vars: ['INVITATION_MAX_USES'], default: '`20`', meaning: 'trials one invitation code can give (a code\'s own `max_uses` in `invitation_codes` overrides it); then the code is `inactive` and binding it answers 409 `INVITE_CODE_USED`. `0` = no limit. Trials also need a verified e-mail address and are given once per address ever (docs/decisions/040-invitation-trials.md)' },
  { section: 'Membership and payments', vars: ['PAYMENT_ORDER_TTL_MINUTES'], default: '`30`', meaning: 'how long an order waits for its transaction hash. A transaction that is found on chain before the order expires keeps being verified while it gathers confirmations; a hash the node still does not know when the order expires leaves the order `expired`' },
];
