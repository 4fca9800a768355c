import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { pino, type DestinationStream } from 'pino';

/** Shown in the log instead of a secret. */
export const REDACTED = '[REDACTED]';

/**
 * Query parameters whose values are secrets or one-time credentials (compared case-insensitively):
 * session tokens, OAuth codes and states, one-time codes, SIWE signatures and messages, Telegram's
 * widget hash, reset tokens, registration ids, passwords and API keys.
 */
export const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'token', 'access_token', 'refresh_token', 'id_token', 'code', 'state', 'nonce', 'signature', 'sig', 'message',
  'hash', 'password', 'secret', 'client_secret', 'key', 'api_key', 'apikey', 'registration_id', 'code_verifier',
]);

/**
 * Pino `redact` paths of every log line: credentials in request/response headers and secret fields
 * of any logged object (one level deep). Values become `[REDACTED]`.
 */
export const LOG_REDACT: string[] = [
  'req.headers.authorization', 'req.headers["proxy-authorization"]', 'req.headers.cookie', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]',
  '*.password', '*.token', '*.access_token', '*.refresh_token', '*.signature', '*.code', '*.registration_id', '*.authorization', '*.cookie',
];

/**
 * `url` (path and query, as in `req.url`) with the value of every secret query parameter
 * ({@link SECRET_QUERY_PARAMS}) replaced by `[REDACTED]`; the rest of the URL is kept byte for byte.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hashAt = url.indexOf('#', q);
  const query = url.slice(q + 1, hashAt < 0 ? undefined : hashAt);
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return pair;
    let name = pair.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // keep the raw name
    }
    return SECRET_QUERY_PARAMS.has(name.trim().toLowerCase()) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/**
 * Fastify's request serializer with the URL redacted ({@link redactUrl}): method, url, host,
 * remote address and port, as Fastify logs by default; never headers or bodies.
 */
export function serializeRequest(req: FastifyRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/**
 * The pino options of the server: level, redaction of secret fields and headers, and the
 * redacting request serializer. `extra` (e.g. a test's `stream`) is merged in.
 */
export function loggerOptions(level: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { level, redact: { paths: LOG_REDACT, censor: REDACTED }, serializers: { req: serializeRequest }, ...extra };
}

/** The part of a pino logger the lazy request logger needs. */
interface PinoLike {
  child(bindings: Record<string, unknown>, opts?: Record<string, unknown>): PinoLike;
  isLevelEnabled(level: string): boolean;
  level: string;
  [method: string]: unknown;
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger (Fastify's `req.log`) that creates its pino child (with the request id
 * bound) only when a line is actually written at an enabled level. Fastify creates one child
 * logger per request; with redaction a pino child costs several microseconds, which at
 * `LOG_LEVEL=warn` (no per-request lines) is pure overhead on every answer. Lines, bindings and
 * redaction are exactly those of `parent.child(bindings, opts)`.
 */
export class LazyRequestLogger {
  private real: PinoLike | null = null;
  constructor(
    private readonly parent: PinoLike,
    private readonly childBindings: Record<string, unknown>,
    private readonly opts: Record<string, unknown>,
  ) {}

  private get logger(): PinoLike {
    return (this.real ??= this.parent.child(this.childBindings, this.opts));
  }

  get level(): string {
    return this.real ? this.real.level : this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return this.real ? this.real.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  child(bindings: Record<string, unknown>, opts?: Record<string, unknown>): PinoLike {
    return this.logger.child(bindings, opts);
  }

  bindings(): Record<string, unknown> {
    return (this.logger.bindings as () => Record<string, unknown>).call(this.logger);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  private write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    const l = this.logger;
    (l[level] as (...a: unknown[]) => void).apply(l, args);
  }
}

/** Fastify's `childLoggerFactory` creating {@link LazyRequestLogger}s. */
export function lazyChildLoggerFactory(logger: unknown, bindings: Record<string, unknown>, opts: Record<string, unknown>): LazyRequestLogger {
  return new LazyRequestLogger(logger as PinoLike, bindings, opts);
}

/** Levels at which Fastify writes its two lines per request ("incoming request", "request completed"). */
export const REQUEST_LINE_LEVELS: ReadonlySet<string> = new Set(['info', 'debug', 'trace']);

/**
 * The server's own pino logger, made from {@link loggerOptions} as Fastify makes its logger from
 * them (a `stream` option is the destination; Fastify's `res` and `err` serializers beside ours).
 * Used where the app is built without a Fastify logger (levels above info, see buildApp): Fastify
 * then skips its per-request timing and response listeners, while `app.log` and every `req.log`
 * (through {@link lazyChildLoggerFactory}) still write here, with the same redaction.
 */
export function createServerLogger(options: Record<string, unknown>): FastifyBaseLogger {
  const { stream, serializers, ...rest } = options as { stream?: DestinationStream; serializers?: Record<string, (v: never) => unknown> };
  return pino(
    { ...rest, serializers: { res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }), err: pino.stdSerializers.err, ...serializers } },
    stream,
  ) as unknown as FastifyBaseLogger;
}
