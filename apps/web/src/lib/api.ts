import type { AppErrorCode } from '@coinlens/contracts';
import { sessionId, visitorId } from './analytics';
import { isIdempotent } from './retry';

/**
 * API transport, used by the typed client of lib/api-client.ts: base `/api`, JSON, unwraps `{result}`, turns
 * `{error:{code}}` into an {@link ApiError} carrying the catalogue code, sends the bearer token and
 * the analytics visitor and session ids (`x-visitor-id`, `x-session-id`), retries status 500 of a
 * GET up to 3 times with a delay of 1 s × attempt (never a POST; not for the price lookup; see
 * lib/retry), and cancels page requests on
 * navigation. A cancelled request rejects with {@link ApiCancelledError}, which callers ignore.
 */

export const API_BASE = '/api';

/** Server error with its catalogue code (`t(errorKey(err))` shows its translated message). */
export class ApiError extends Error {
  readonly code: AppErrorCode | 'NETWORK' | 'INTERNAL';
  readonly status: number;
  readonly fields?: Array<{ path: string; message: string }>;
  /** Extra facts of the error, e.g. `{ retry_after_s: 42 }`. */
  readonly details?: Record<string, unknown>;
  constructor(code: ApiError['code'], status: number, message: string, fields?: ApiError['fields'], details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
    this.details = details;
  }
}

/** A request aborted by navigation or by its caller; never shown to the user. */
export class ApiCancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'ApiCancelledError';
  }
}

/** True for errors that must pass silently (cancellation). */
export function isCancelled(err: unknown): boolean {
  return err instanceof ApiCancelledError || (err instanceof DOMException && err.name === 'AbortError');
}

/**
 * Fully qualified i18n key of an error's message: `errors:CODE` for API errors (every code of
 * `APP_ERRORS` has a translation in both languages, checked by scripts/i18n-check.mjs),
 * `errors:INTERNAL` otherwise. Works with any `t`, whatever its default namespace.
 */
export function errorKey(err: unknown): string {
  if (err instanceof ApiError) return `errors:${err.code}`;
  return 'errors:INTERNAL';
}

// ---- navigation-scoped cancellation -------------------------------------------------------------

let navController = new AbortController();

/** Aborts every in-flight page request (called on each navigation), then starts a new scope. */
export function cancelNavigationRequests(): void {
  navController.abort();
  navController = new AbortController();
}

// ---- request -------------------------------------------------------------------------------------

let onUnauthorized: ((url: string) => void) | null = null;

/**
 * Sets the handler called with the URL of any call answered 401 (lib/session installs the forced
 * logout). Returns a function removing it.
 */
export function setUnauthorizedHandler(fn: ((url: string) => void) | null): () => void {
  onUnauthorized = fn;
  return () => {
    if (onUnauthorized === fn) onUnauthorized = null;
  };
}

let tokenSource: () => string | null = () => null;

/**
 * Sets where the bearer token comes from (lib/session installs its reader when it loads, so the
 * token is read in one place). Returns a function restoring "no token".
 */
export function setTokenSource(fn: () => string | null): () => void {
  tokenSource = fn;
  return () => {
    if (tokenSource === fn) tokenSource = () => null;
  };
}

export interface RequestOptions {
  method?: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Retries on status 500 of an idempotent request (GET/HEAD; default 3; the price lookup passes 0). Never for POST/PUT/PATCH/DELETE. */
  retries?: number;
  /** Cancelled on navigation (default true); shell-level requests pass false. */
  navigationScoped?: boolean;
  /** Base delay between retries in ms (default 1000; attempt n waits n × base). */
  retryDelayMs?: number;
  fetchImpl?: typeof fetch;
}

/** Builds `/api/path?query` (null/undefined/'' query values dropped). */
export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  const url = p.startsWith(API_BASE + '/') ? p : API_BASE + p;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ApiCancelledError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiCancelledError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function combineSignals(signals: Array<AbortSignal | undefined>): AbortSignal {
  const list = signals.filter((s): s is AbortSignal => !!s);
  const controller = new AbortController();
  for (const s of list) {
    if (s.aborted) {
      controller.abort();
      break;
    }
    s.addEventListener('abort', () => controller.abort(), { once: true });
  }
  return controller.signal;
}

// ---- answers requested by public/boot.js before the app started ---------------------------------

/** An answer of public/boot.js's early requests: the HTTP status and the body text. */
interface PrefetchedAnswer {
  status: number;
  text: string;
}

/** How long an early answer may wait to be taken (ms); an older one is asked again. */
export const PREFETCH_MAX_AGE_MS = 60_000;

declare global {
  interface Window {
    /** Early GETs of public/boot.js by URL (`/api/...?query`), each taken once by {@link takePrefetched}. */
    __coinlensPrefetch?: Record<string, { at: number; answer: Promise<PrefetchedAnswer> } | undefined>;
  }
}

/**
 * The answer public/boot.js requested for `url` at the start of the page (the home page's coins,
 * the coin page's detail and candles), or undefined. Each is taken once: the next call asks the
 * server. boot.js sends the stored bearer token as this module would.
 */
export function takePrefetched(url: string, now = Date.now()): Promise<PrefetchedAnswer> | undefined {
  if (typeof window === 'undefined') return undefined;
  const entry = window.__coinlensPrefetch?.[url];
  if (!entry) return undefined;
  window.__coinlensPrefetch![url] = undefined;
  return now - entry.at <= PREFETCH_MAX_AGE_MS ? entry.answer : undefined;
}

/** Performs one API call and returns the unwrapped `result`. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    query,
    body,
    retries = 3,
    navigationScoped = true,
    retryDelayMs = 1000,
    fetchImpl = fetch,
  } = opts;
  const signal = combineSignals([opts.signal, navigationScoped ? navController.signal : undefined]);
  const url = buildUrl(path, query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = tokenSource();
  if (token) headers.Authorization = `Bearer ${token}`;
  // Self-hosted analytics ids on every call: visitor (10 years) and session (30 minutes).
  try {
    headers['x-visitor-id'] = visitorId();
    headers['x-session-id'] = sessionId();
  } catch {}

  for (let attempt = 0; ; attempt++) {
    if (signal.aborted) throw new ApiCancelledError();
    let res: Response;
    try {
      const early = attempt === 0 && method === 'GET' ? takePrefetched(url) : undefined;
      const answer = early && (await early.catch(() => undefined));
      if (signal.aborted) throw new ApiCancelledError();
      res = answer ? new Response(answer.text, { status: answer.status }) : await fetchImpl(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
    } catch (err) {
      if (signal.aborted || isCancelled(err)) throw new ApiCancelledError();
      throw new ApiError('NETWORK', 0, err instanceof Error ? err.message : 'network error');
    }
    if (res.status === 500 && attempt < retries && isIdempotent(method)) {
      await sleep(retryDelayMs * (attempt + 1), signal);
      continue;
    }
    let payload: unknown = null;
    const text = await res.text().catch(() => '');
    if (text) {
      try {
        payload = JSON.parse(text);
      } catch {
        payload = null;
      }
    }
    if (!res.ok) {
      if (res.status === 401) onUnauthorized?.(url);
      const e = (payload as { error?: { code?: string; message?: string; fields?: ApiError['fields']; details?: Record<string, unknown> } } | null)?.error;
      const code = (e?.code as AppErrorCode | undefined) ?? (res.status === 404 ? 'NOT_FOUND' : 'INTERNAL');
      throw new ApiError(code, res.status, e?.message ?? res.statusText, e?.fields, e?.details);
    }
    if (payload && typeof payload === 'object' && 'result' in payload) return (payload as { result: T }).result;
    return payload as T;
  }
}
