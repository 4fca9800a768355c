/**
 * Update check: at start-up and every 5 minutes, HEAD the main page (its Last-Modified)
 * and GET /version.json ({version, buildTime}), both with a cache-busting query. When either
 * differs from the stored record, the new value is stored and the page reloads after 1 s to the
 * same path with `rv` = now. A failed check is only logged.
 */
export const UPDATE_CHECK_INTERVAL_MS = 5 * 60_000;
export const RELOAD_AFTER_UPDATE_MS = 1000;
export const LAST_MODIFIED_KEY = 'app_last_modified';
export const VERSION_KEY = 'app_version';

/** The build record written by the web build to dist/version.json. */
export interface VersionRecord {
  version: string;
  buildTime: string;
}

/** Storage the checker uses (localStorage in the app). */
export interface KeyValue {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
}

/**
 * One check. Returns true when an update was detected (and stored). A first run only stores the
 * values. `fetchFn` is `fetch`.
 */
export async function checkForUpdate(fetchFn: typeof fetch, store: KeyValue, now: number = Date.now()): Promise<boolean> {
  let changed = false;
  // The two probes are independent: one failing (network, 5xx) does not skip the other.
  const head = await fetchFn(`/?_t=${now}`, { method: 'HEAD', cache: 'no-store' }).catch(() => null);
  const lm = head?.ok ? head.headers.get('last-modified') : null;
  if (lm) {
    const prev = store.getItem(LAST_MODIFIED_KEY);
    if (prev && prev !== lm) changed = true;
    store.setItem(LAST_MODIFIED_KEY, lm);
  }
  const res = await fetchFn(`/version.json?_t=${now}`, { cache: 'no-store' }).catch(() => null);
  if (res?.ok) {
    const v = (await res.json()) as VersionRecord;
    const rec = JSON.stringify({ version: v.version, buildTime: v.buildTime });
    const prev = store.getItem(VERSION_KEY);
    if (prev && prev !== rec) changed = true;
    store.setItem(VERSION_KEY, rec);
  }
  return changed;
}

/** The URL to reload to after an update: same path and query, `rv` set to now. */
export function reloadUrl(loc: { pathname: string; search: string; hash: string }, now: number = Date.now()): string {
  const q = new URLSearchParams(loc.search);
  q.set('rv', String(now));
  return `${loc.pathname}?${q.toString()}${loc.hash}`;
}
