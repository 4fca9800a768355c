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

/** Default `retry` of every query: re-fetch after a cancellation (at most 2 times); nothing else. */
export function queryRetry(failureCount: number, error: unknown): boolean {
  return isCancelledError(error) && failureCount < 2;
}

/**
 * `retry` for a query that should survive a transient failure: cancellations as {@link queryRetry},
 * plus up to `max` retries after a 5xx or a network error; never after a 4xx.
 */
export function retryTransient(max: number): (failureCount: number, error: unknown) => boolean {
  return (failureCount, error) => queryRetry(failureCount, error) || (isTransientError(error) && failureCount < max);
}
