/**
 * When to poll a news source next. Pure functions over a source's last answer, so the live
 * providers (RSS feeds, CryptoCompare) and their tests share one rule:
 *
 * - the pace follows how often the source publishes: a quarter of the median gap between its
 *   newest items (at most {@link RATE_SAMPLE} of them), bounded by `minMs` and `maxMs`; a source
 *   with fewer than two dated items is polled every `maxMs`;
 * - an answer's `Cache-Control: max-age` is respected (no poll before it expires), up to
 *   {@link MAX_AGE_CAP_MS};
 * - a failure backs off: the pace doubled per consecutive failure up to {@link MAX_BACKOFF_MS};
 *   a `Retry-After` (429, 503) is waited out, up to {@link MAX_RETRY_AFTER_MS};
 * - a source that pushes its items (an active WebSub subscription) is still polled, every
 *   {@link PUSHED_POLL_MS} at least, in case a push is lost.
 */

/** Bounds of the pace of one source, in ms. */
export interface PollBounds {
  /** Shortest time between two polls of a source that publishes often. */
  minMs: number;
  /** Longest time between two polls of a quiet source (and of a source without dated items). */
  maxMs: number;
}

/** Number of newest item dates the publishing rate is measured on. */
export const RATE_SAMPLE = 10;
/** Longest `max-age` honoured (ms): a publisher asking for more is polled after this anyway. */
export const MAX_AGE_CAP_MS = 300_000;
/** Longest back-off after consecutive failures (ms). */
export const MAX_BACKOFF_MS = 1_800_000;
/** Longest `Retry-After` honoured (ms). */
export const MAX_RETRY_AFTER_MS = 3_600_000;
/** Safety-net poll of a source whose items are pushed (ms). */
export const PUSHED_POLL_MS = 300_000;

/** What the last poll of a source gave. */
export interface PollOutcome {
  /** `fresh`: a new document (200); `unchanged`: 304 or the same bytes; `failed`: network error, timeout or an error status. */
  kind: 'fresh' | 'unchanged' | 'failed';
  /** Consecutive failures including this one (0 unless `failed`). */
  failures?: number;
  /** `max-age` of the answer in ms (null when absent). */
  maxAgeMs?: number | null;
  /** `Retry-After` of the answer in ms (null when absent). */
  retryAfterMs?: number | null;
  /** Whether the source's items are pushed to us (active WebSub subscription). */
  pushed?: boolean;
}

/**
 * The pace of a source from the publication times of its newest items (ms since epoch, any
 * order): a quarter of the median gap between consecutive items among the newest
 * {@link RATE_SAMPLE}, within `bounds`; `bounds.maxMs` with fewer than two dated items.
 */
export function paceOf(published: readonly number[], bounds: PollBounds): number {
  const newest = [...published].filter(Number.isFinite).sort((a, b) => b - a).slice(0, RATE_SAMPLE);
  if (newest.length < 2) return bounds.maxMs;
  const gaps = newest.slice(1).map((t, i) => newest[i] - t).sort((a, b) => a - b);
  const mid = gaps.length >> 1;
  const median = gaps.length % 2 ? gaps[mid] : (gaps[mid - 1] + gaps[mid]) / 2;
  return Math.min(bounds.maxMs, Math.max(bounds.minMs, median / 4));
}

/**
 * Milliseconds until the next poll of a source whose pace is `paceMs` (see {@link paceOf}), after
 * `outcome`. Always ≥ `bounds.minMs`.
 */
export function nextPollDelay(paceMs: number, outcome: PollOutcome, bounds: PollBounds): number {
  let delay = Math.min(bounds.maxMs, Math.max(bounds.minMs, paceMs));
  if (outcome.kind === 'failed') {
    delay = Math.min(MAX_BACKOFF_MS, delay * 2 ** Math.min(20, Math.max(1, outcome.failures ?? 1)));
    if (outcome.retryAfterMs != null && outcome.retryAfterMs > 0) delay = Math.max(delay, Math.min(MAX_RETRY_AFTER_MS, outcome.retryAfterMs));
    return delay;
  }
  if (outcome.maxAgeMs != null && outcome.maxAgeMs > 0) delay = Math.max(delay, Math.min(MAX_AGE_CAP_MS, outcome.maxAgeMs));
  if (outcome.pushed) delay = Math.max(delay, PUSHED_POLL_MS);
  return delay;
}

/** `max-age` (or `s-maxage` when larger is not given) of a `Cache-Control` header in ms; null when absent, `no-cache`/`no-store` → 0. */
export function maxAgeOf(cacheControl: string | string[] | undefined): number | null {
  const v = (Array.isArray(cacheControl) ? cacheControl.join(',') : cacheControl ?? '').toLowerCase();
  if (!v) return null;
  if (/\bno-(cache|store)\b/.test(v)) return 0;
  const m = /(?:^|[,\s])max-age\s*=\s*"?(\d+)/.exec(v);
  return m ? Number(m[1]) * 1000 : null;
}

/** A `Retry-After` header (seconds, or an HTTP date relative to `now`) in ms; null when absent or unreadable. */
export function retryAfterOf(value: string | string[] | undefined, now: number): number | null {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const t = Date.parse(v);
  return Number.isFinite(t) ? Math.max(0, t - now) : null;
}
