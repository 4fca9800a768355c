import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SignInResult } from '@coinlens/contracts';
import { ApiError, isCancelled, setTokenSource, setUnauthorizedHandler } from './api';
import { api } from './api-client';
import { LOCALE_STORAGE_KEY, toStoredLocale, toUrlLang } from './locale';
import { showToast } from './toast';

/**
 * Client session. Local storage keys:
 *  - `token`: the bearer access token (the API client sends it)
 *  - `user_id`, `user_name`: stored on every sign-in path
 *  - `last_user_id`: the previous user id, recorded on logout
 *  - `isCookieAccepted`: 'Yes' | 'No' (state held by the client)
 * Logout clears them, resets every react-query cache and goes to login after 500 ms; a forced
 * logout (a 401 on a guarded call) shows an "Unauthorized" toast, waits 2.5 s and goes to login
 * with `?redirect=` the page the user was on.
 */

export const TOKEN_KEY = 'token';
export const USER_ID_KEY = 'user_id';
export const USER_NAME_KEY = 'user_name';
export const LAST_USER_ID_KEY = 'last_user_id';
export const COOKIE_CONSENT_KEY = 'isCookieAccepted';
/** Delay before going to login after a logout. */
export const LOGOUT_REDIRECT_MS = 500;
/** Delay before going to login after a forced logout. */
export const FORCED_LOGOUT_REDIRECT_MS = 2500;

export interface SessionState {
  token: string | null;
  userId: number | null;
  userName: string | null;
}

const listeners = new Set<() => void>();
let snapshot: SessionState = read();

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function safeSet(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage unavailable (private mode): the session lives in memory only */
  }
}

function read(): SessionState {
  const id = safeGet(USER_ID_KEY);
  return { token: safeGet(TOKEN_KEY), userId: id && /^\d+$/.test(id) ? Number(id) : null, userName: safeGet(USER_NAME_KEY) };
}

function emit(): void {
  snapshot = read();
  for (const l of listeners) l();
}

/**
 * The stored bearer token, read from storage at each call (the one place the web reads it: the API
 * client asks here for every request, the route guard and the signed-in checks use it too).
 */
export function getToken(): string | null {
  return safeGet(TOKEN_KEY);
}

/** True when a login token is stored (read now, not from the last snapshot). */
export function hasToken(): boolean {
  return !!getToken();
}

setTokenSource(getToken);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === TOKEN_KEY || e.key === USER_ID_KEY || e.key === USER_NAME_KEY) emit();
  });
}

/** Subscribes to session changes (this tab and others). */
export function subscribeSession(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Current session snapshot. */
export function getSession(): SessionState {
  return snapshot;
}

/** Signed out: the session of a server render, and of the app's render that hydrates it. */
const SIGNED_OUT: SessionState = { token: null, userId: null, userName: null };
const signedOut = () => SIGNED_OUT;

/**
 * The session, re-rendering on change. Signed out while the app hydrates markup the server rendered
 * (React then renders again with the stored session).
 */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, signedOut);
}

/** Stores what a sign-in answered (token, user id, user name). */
export function saveSession(result: Pick<SignInResult, 'access_token' | 'user'>): void {
  safeSet(TOKEN_KEY, result.access_token);
  safeSet(USER_ID_KEY, String(result.user.id));
  safeSet(USER_NAME_KEY, result.user.name);
  emit();
}

/** Updates the stored display name (after a profile change). */
export function saveUserName(name: string): void {
  safeSet(USER_NAME_KEY, name);
  emit();
}

/** Removes token and user data, remembering the old user id. */
export function clearSession(): void {
  const old = safeGet(USER_ID_KEY);
  if (old) safeSet(LAST_USER_ID_KEY, old);
  safeSet(TOKEN_KEY, null);
  safeSet(USER_ID_KEY, null);
  safeSet(USER_NAME_KEY, null);
  emit();
}

/** Cookie consent stored on this device ('Yes' = accepted). */
export function getCookieConsent(): boolean {
  return safeGet(COOKIE_CONSENT_KEY) === 'Yes';
}

/** Window event dispatched when the cookie consent is stored on this device (the banner closes on it). */
export const COOKIE_CONSENT_EVENT = 'coinlens:cookie-consent';

/**
 * Stores the cookie consent on this device ('Yes') and tells the banner: called by the banner's
 * Accept and when the signed-in account already accepted (at registration, or on another device).
 */
export function storeCookieConsent(): void {
  safeSet(COOKIE_CONSENT_KEY, 'Yes');
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(COOKIE_CONSENT_EVENT));
}

/** The stored locale as `en_US`/`zh_CN`, or null. */
export function storedLocale(): 'en_US' | 'zh_CN' | null {
  const l = toUrlLang(safeGet(LOCALE_STORAGE_KEY));
  return l ? (toStoredLocale(l) as 'en_US' | 'zh_CN') : null;
}

// ---- logout ---------------------------------------------------------------------------------------

function currentLang(): string {
  const seg = window.location.pathname.split('/')[1];
  return toUrlLang(seg) ?? 'en-US';
}

/**
 * Logs out: revokes the session on the server (best effort), clears the stored session, resets every
 * store (react-query cache) and goes to login after 500 ms. `go` navigates (router navigate).
 */
export async function logout(queryClient: QueryClient, go: (path: string) => void): Promise<void> {
  const token = getSession().token;
  if (token) await api('logout', {}, { navigationScoped: false, retries: 0 }).catch(() => undefined);
  clearSession();
  queryClient.clear();
  setTimeout(() => go(`/${currentLang()}/login`), LOGOUT_REDIRECT_MS);
}

let forcing = false;
/**
 * Forced logout (session expired): "Unauthorized" toast, clears the session and stores, then after
 * 2.5 s goes to login with `?redirect=` the current page. Ignored on the login page and while one
 * is already under way.
 */
export function forcedLogout(queryClient: QueryClient | null, go: (path: string) => void = (p) => window.location.assign(p)): void {
  const path = window.location.pathname;
  if (forcing || /\/login$/.test(path)) return;
  forcing = true;
  showToast({ kind: 'error', messageKey: 'auth:menu.unauthorized', id: 'unauthorized' });
  clearSession();
  queryClient?.clear();
  const back = path + window.location.search;
  setTimeout(() => {
    forcing = false;
    go(`/${currentLang()}/login?redirect=${encodeURIComponent(back)}`);
  }, FORCED_LOGOUT_REDIRECT_MS);
}

/**
 * Installs the API client's 401 handler: a 401 on a signed-in call to a guarded URL (profile, chat,
 * following) forces a logout. Returns the uninstall function.
 */
export function installUnauthorizedHandler(queryClient: QueryClient, go: (path: string) => void): () => void {
  return setUnauthorizedHandler((url) => {
    if (!getSession().token) return;
    if (!/\/api\/(users\/profile|chat|crypto\/crypto_following)/.test(url)) return;
    forcedLogout(queryClient, go);
  });
}

// ---- the signed-in user -------------------------------------------------------------------------

export const ME_QUERY_KEY = ['users', 'me'] as const;

/**
 * The signed-in user (`GET /api/users/profile/me`) while a token is stored. A 401 clears the session.
 * On load it syncs the stored locale (when it differs from the account's language) and the stored
 * cookie consent (when the server has none) to the server, and the account's cookie consent to this
 * device (when the device has none).
 */
export function useMe() {
  const { token, userId } = useSession();
  const qc = useQueryClient();
  const synced = useRef<number | null>(null);
  const q = useQuery({
    queryKey: [...ME_QUERY_KEY, userId],
    enabled: !!token,
    staleTime: 60_000,
    // a request cancelled under way (e.g. by a remount) is fetched again; server errors are not retried
    retry: (count, err) => isCancelled(err) && count < 3,
    queryFn: async ({ signal }) => {
      try {
        return await api('getMe', {}, { signal, navigationScoped: false });
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) clearSession();
        throw e;
      }
    },
  });
  const me = q.data;
  useEffect(() => {
    if (!me || synced.current === me.id) return;
    synced.current = me.id;
    const locale = storedLocale();
    if (locale && locale !== me.language) {
      void api('updateUser', { params: { id: me.id }, body: { language: locale } }, { navigationScoped: false }).catch(() => undefined);
    }
    // The account accepted cookies (at registration or on another device): this device has its answer.
    if (me.cookie_accepted && !getCookieConsent()) storeCookieConsent();
    if (!me.cookie_accepted && getCookieConsent()) {
      void api('acceptCookies', { params: { id: me.id } }, { navigationScoped: false })
        .then(() => qc.invalidateQueries({ queryKey: ME_QUERY_KEY }))
        .catch(() => undefined);
    }
  }, [me, qc]);
  return { me: token ? (me ?? null) : null, loading: !!token && q.isLoading, loaded: !token || q.isFetched, error: q.error, refetch: q.refetch };
}

/** YYYY-MM-DD of an ISO date (membership dates), in UTC. */
export function ymd(iso: string | null | undefined): string | null {
  if (!iso) return null;
  return iso.slice(0, 10);
}
