/**
 * The one retry policy of the web client: only idempotent requests are retried, and only after a
 * failure that another attempt may cure.
 *
 * - The API client (lib/api) repeats a GET answered 500 (up to 3 times, 1 s × attempt apart).
 * - react-query re-runs a query whose request was cancelled by a navigation while a mounted
 *   component still needs it ({@link queryRetry}), and, where a query opts in with
 *   {@link retryTransient}, one that failed with a 5xx or a network error.
 * - Never retried: any 4xx (the same request gets the same answer), and any POST/PUT/PATCH/DELETE
 *   (mutations: binding an invitation code twice, paying twice...).
 *
 * Errors are recognised by shape (`status`, `name`) so this module has no dependency on lib/api.
 */

/** Methods that may be repeated without changing anything on the server (RFC 9110 §9.2.2, less PUT/DELETE, which the app never repeats). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True for GET/HEAD/OPTIONS (case-insensitive). */
export function isIdempotent(method: string | undefined): boolean {
  return IDEMPOTENT.has((method ?? 'GET').toUpperCase());
}

/** True for a cancelled request (navigation or caller abort): `ApiCancelledError` or a DOM `AbortError`. */
export function isCancelledError(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'ApiCancelledError' || name === 'AbortError';
}

/**
 * True for a failure another attempt may cure: an HTTP status ≥ 500 or a network error (the API
 * client's `ApiError` with code `NETWORK`, status 0). False for every 4xx and for anything else.
 */
export function isTransientError(err: unknown): boolean {
  const e = err as { status?: unknown; code?: unknown } | null;
  if (!e || typeof e.status !== 'number') return false;
  return e.status >= 500 || (e.status === 0 && e.code === 'NETWORK');
}

/**
 * True for the server shedding load (503 `SERVICE_UNAVAILABLE` with `details.retry_after_s`: a
 * server still warming up or briefly overloaded asks the client to come back shortly).
 */
export function isShedError(err: unknown): boolean {
  const e = err as { status?: unknown; code?: unknown; details?: { retry_after_s?: unknown } } | null;
  return !!e && e.status === 503 && e.code === 'SERVICE_UNAVAILABLE' && typeof e.details?.retry_after_s === 'number';
}

/** Most retries of a query the server shed; each waits the server's retry-after (see {@link queryRetryDelay}). */
export const SHED_QUERY_RETRIES = 4;

/**
 * Default `retry` of every query: re-fetch after a cancellation (at most 2 times) or after the
 * server shed the request (at most {@link SHED_QUERY_RETRIES} times); nothing else.
 */
export function queryRetry(failureCount: number, error: unknown): boolean {
  return (isCancelledError(error) && failureCount < 2) || (isShedError(error) && failureCount < SHED_QUERY_RETRIES);
}

/** Default `retryDelay` of every query (ms): the server's retry-after for a shed request (1–5 s), else at once. */
export function queryRetryDelay(_failureCount: number, error: unknown): number {
  if (!isShedError(error)) return 0;
  const s = (error as { details: { retry_after_s: number } }).details.retry_after_s;
  return Math.min(Math.max(s, 1), 5) * 1000;
}

/**
 * `retry` for a query that should survive a transient failure: cancellations as {@link queryRetry},
 * plus up to `max` retries after a 5xx or a network error; never after a 4xx.
 */
export function retryTransient(max: number): (failureCount: number, error: unknown) => boolean {
  return (failureCount, error) => queryRetry(failureCount, error) || (isTransientError(error) && failureCount < max);
}

/** Waits until the browser reports a connection again (at once when it already does). */
function whenOnline(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * A code chunk's `import()` that survives a dropped connection: a failed load is tried again after
 * the browser is back online, or after `delaysMs[i]` when it never went offline (a deploy that
 * replaced the chunk, a flaky proxy). After the last attempt the error goes to the route's error
 * element (app/RouteError). Only chunk loads use this: they are idempotent GETs of static files.
 *
 * @param load the dynamic import, e.g. `() => import('./SideColumn')`
 * @param delaysMs pause before each further attempt while online (ms); its length is the number of retries
 * @returns the module, or rejects with the last attempt's error
 */
export function retryImport<T>(load: () => Promise<T>, delaysMs: readonly number[] = [500, 2_000]): Promise<T> {
  const attempt = (i: number): Promise<T> =>
    load().catch(async (err: unknown) => {
      if (i >= delaysMs.length) throw err;
      if (typeof navigator !== 'undefined' && navigator.onLine === false) await whenOnline();
      else await new Promise((r) => setTimeout(r, delaysMs[i]));
      return attempt(i + 1);
    });
  return attempt(0);
}
