import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root (the folder with `data/` and `apps/`). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

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
  /** PostgreSQL connection string; PGlite in DATA_DIR/pglite when absent. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Redis for pub/sub fan-out, shared rate limits and job locks; in-process when absent. */
  REDIS_URL: z.string().url().optional(),
  /** `replay` (shipped candles on the replay clock) or `binance` (public REST + WebSocket). */
  MARKET_SOURCE: z.enum(['replay', 'binance']).default('replay'),
  REPLAY_START: z
    .string()
    .default('2025-05-16T00:00:00Z')
    .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date-time')
    .transform((s) => Date.parse(s)),
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
  /** Skip the shipped-data import (for processes that know it is done). */
  SKIP_IMPORT: bool.default(false),
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
