/**
 * Self-hosted analytics client: page views of the flagged routes and custom events,
 * sent to `POST /collect_event` only when the page runs on the configured host (`/api/config`
 * `analytics_host`). Visitor id: cookie, 10 years; session id: cookie, 30 minutes sliding; cookie
 * max-age is capped at one year by browsers' rules of this app, so the visitor cookie is
 * refreshed on every visit. `utm_*` parameters are sent with the page view, then removed from the URL.
 */
import type { ApiInput } from '@coinlens/contracts/api/endpoints';
import { ROUTES } from '@coinlens/contracts/api/routes';
export const VISITOR_COOKIE = 'cl_vid';
export const SESSION_COOKIE = 'cl_sid';
export const VISITOR_MAX_AGE_S = 10 * 365 * 86_400;
export const SESSION_MAX_AGE_S = 30 * 60;
/** Cookie max age capped at one year. */
export const COOKIE_MAX_AGE_CAP_S = 365 * 86_400;

/** The value of cookie `name` in `jar` (a `document.cookie` string), or null. */
function readCookie(name: string, jar: string = document.cookie): string | null {
  const m = new RegExp(`(?:^|; )${name}=([^;]*)`).exec(jar);
  return m ? decodeURIComponent(m[1]) : null;
}
function writeCookie(name: string, value: string, maxAgeS: number) {
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.min(maxAgeS, COOKIE_MAX_AGE_CAP_S)}; Path=/; SameSite=Lax`;
}
function randomId(): string {
  return (crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`).replace(/[^\w-]/g, '');
}

/**
 * How long a read id is trusted before the cookie is read (and its expiry extended) again, ms.
 * Every API request sends both ids; reading and writing `document.cookie` on each one cost ~5 ms
 * per request on a throttled phone (~150 ms of main thread on a coin page load). A minute is far
 * below both lifetimes (30 min sliding session, 1 year visitor).
 */
export const COOKIE_REFRESH_MS = 60_000;
const idCache = new Map<string, { value: string; at: number }>();

/** The two id cookies and their lifetimes (s). */
const ID_COOKIES: ReadonlyArray<readonly [name: string, maxAgeS: number]> = [
  [VISITOR_COOKIE, VISITOR_MAX_AGE_S],
  [SESSION_COOKIE, SESSION_MAX_AGE_S],
];

/**
 * The id in cookie `name` (one of {@link ID_COOKIES}; made when missing), its expiry extended; the
 * cookies are read at most once per {@link COOKIE_REFRESH_MS}, both ids with one read of
 * `document.cookie`: each read is a synchronous call to the browser's cookie store, and at a page's
 * start, with its first requests in flight, two reads took ~11 ms in one trace.
 */
function cookieId(name: string): string {
  const now = Date.now();
  const hit = idCache.get(name);
  if (hit && now - hit.at < COOKIE_REFRESH_MS && now >= hit.at) return hit.value;
  const jar = document.cookie;
  for (const [n, maxAgeS] of ID_COOKIES) {
    const v = readCookie(n, jar) ?? randomId();
    writeCookie(n, v, maxAgeS);
    idCache.set(n, { value: v, at: now });
  }
  return idCache.get(name)!.value;
}

/** Drops the in-memory copies of the ids: the next use reads (or re-creates) the cookies. */
export function forgetCookieIds(): void {
  idCache.clear();
}

/** The visitor id (created once; a login identity change makes a new one). */
export function visitorId(): string {
  return cookieId(VISITOR_COOKIE);
}

/** Starts a new visitor id (called when the signed-in identity changes). */
export function renewVisitorId(): string {
  const v = randomId();
  writeCookie(VISITOR_COOKIE, v, VISITOR_MAX_AGE_S);
  idCache.set(VISITOR_COOKIE, { value: v, at: Date.now() });
  return v;
}

/** The 30-minute session id, extended on use (at most once a minute). */
export function sessionId(): string {
  return cookieId(SESSION_COOKIE);
}

/** Splits `utm_*` parameters off a query string: `{utm: {source: 'x'}, rest: '?a=1'}`. */
export function extractUtm(search: string): { utm: Record<string, string>; rest: string } {
  const q = new URLSearchParams(search);
  const utm: Record<string, string> = {};
  for (const [k, v] of [...q.entries()]) {
    if (k.startsWith('utm_')) {
      utm[k.slice(4)] = v;
      q.delete(k);
    }
  }
  const rest = q.toString();
  return { utm, rest: rest ? `?${rest}` : '' };
}

/** Whether analytics may be sent from this page. */
export function analyticsEnabled(host: string | null | undefined, location: { hostname: string } = window.location): boolean {
  return !!host && location.hostname === host;
}

/** Sends one event (`POST /collect_event`, body typed by the contract; fire-and-forget, failures are ignored). */
export async function sendEvent(body: ApiInput<'collectEvent'>['body']): Promise<void> {
  try {
    await fetch(ROUTES.collectEvent.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-visitor-id': visitorId(), 'x-session-id': sessionId() },
      body: JSON.stringify(body),
      keepalive: true,
    });
  } catch {}
}
