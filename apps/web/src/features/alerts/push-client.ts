/**
 * The browser side of Web Push: feature detection, the state of this browser, and
 * subscribing with the server's VAPID public key through the service worker (public/sw.js).
 * Loaded lazily (the Alerts page's push panel and the alert dialog import it on demand), so none of
 * it is in any page's first-load JavaScript.
 */

/**
 * What this browser can do about push: `enabled` (subscribed; `endpoint` is its push endpoint),
 * `off` (can subscribe), `blocked` (notifications denied in the browser's site settings),
 * `ios_install` (iPhone/iPad Safari: push only in the app added to the Home Screen),
 * `unsupported` (no service worker / Push API / Notification API, or not a secure context).
 */
export type PushState = { kind: 'enabled'; endpoint: string } | { kind: 'off' } | { kind: 'blocked' } | { kind: 'ios_install' } | { kind: 'unsupported' };

/** The subscription as the server takes it (`PushSubscription.toJSON()`): https endpoint, base64url keys. */
export interface PushSubscriptionBody {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** Thrown by {@link enablePush} when the user (or the browser) refuses notifications. */
export class PushPermissionError extends Error {}

const SW_URL = '/sw.js';

/** True when the Push API can work here: service worker, PushManager, Notification, secure context. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function isIosBrowserTab(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  return ios && !standalone;
}

async function registration(register: boolean): Promise<ServiceWorkerRegistration | null> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  if (reg || !register) return reg ?? null;
  await navigator.serviceWorker.register(SW_URL);
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription, or null (none, or push unsupported). Never throws. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  try {
    return (await (await registration(false))?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

/** The state of this browser (see {@link PushState}). Never throws. */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return { kind: typeof navigator !== 'undefined' && isIosBrowserTab() ? 'ios_install' : 'unsupported' };
  if (Notification.permission === 'denied') return { kind: 'blocked' };
  const sub = await currentSubscription();
  return sub && Notification.permission === 'granted' ? { kind: 'enabled', endpoint: sub.endpoint } : { kind: 'off' };
}

/** base64url (VAPID public key) → bytes, for `applicationServerKey`. */
export function base64UrlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

/**
 * Asks for notification permission (must run in a click), registers the service worker if needed
 * and subscribes with the server's key `publicKey` (base64url); an existing subscription made with
 * another key (the server's VAPID pair changed) is replaced. Returns the subscription JSON to send
 * to the server. Throws {@link PushPermissionError} when permission is refused, or the browser's
 * error when its push service cannot be reached.
 */
export async function enablePush(publicKey: string): Promise<PushSubscriptionBody> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  const reg = (await registration(true))!;
  const key = base64UrlToBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON();
  return { endpoint: json.endpoint!, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys!.p256dh, auth: json.keys!.auth } };
}

/** Unsubscribes this browser; returns the endpoint it had (to tell the server), or null. */
export async function disablePush(): Promise<string | null> {
  const sub = await currentSubscription();
  if (!sub) return null;
  const endpoint = sub.endpoint;
  await sub.unsubscribe().catch(() => false);
  return endpoint;
}

/** A short device name from a user agent: browser and system, e.g. `Chrome · Android`; `null` when unknown. */
export function deviceLabel(ua: string | null | undefined): string | null {
  if (!ua) return null;
  const browser = /Edg\//.test(ua) ? 'Edge' : /OPR\/|Opera/.test(ua) ? 'Opera' : /Firefox\//.test(ua) ? 'Firefox' : /SamsungBrowser/.test(ua) ? 'Samsung Internet' : /Chrome\/|CriOS/.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : null;
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad|iPod/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /CrOS/.test(ua) ? 'ChromeOS' : /Linux/.test(ua) ? 'Linux' : null;
  const parts = [browser, os].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
