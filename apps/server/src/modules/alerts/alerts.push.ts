import webpush from 'web-push';
import type { Env } from '../../platform/env';
import { OutboundDeniedError, outboundErrorText, strictOutbound, type Outbound } from '../../platform/outbound';
import { langSegment, pick, type AlertMessage } from './alerts.messages';

/** The VAPID identity of this server (env VAPID_*); null when Web Push is off. The private key stays on the server. */
export interface VapidConfig {
  /** base64url, 65-byte uncompressed P-256 point: the browsers' `applicationServerKey`. */
  publicKey: string;
  /** base64url, 32 bytes. Never logged, never sent. */
  privateKey: string;
  /** `mailto:` or `https:` contact of the VAPID JWT. */
  subject: string;
}

/** The VAPID configuration of `env`, or null without keys (env.ts checks both-or-none and the pair). */
export function vapidConfigOf(env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'SUPPORT_EMAIL'>): VapidConfig | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY.replace(/=+$/, ''), privateKey: env.VAPID_PRIVATE_KEY.replace(/=+$/, ''), subject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}` };
}

/** What the service worker shows (apps/web/public/sw.js): `showNotification(title, {body, tag, data: {url}})`. */
export interface PushNotification {
  title: string;
  /** The price and market-time line, then the trigger's record when it has one. */
  body: string;
  /** Absolute link of the page (origin + language + path). */
  url: string;
  /** `coinlens-alert-<event id>`: a delivery sent twice (at-least-once) replaces its notification instead of showing twice. */
  tag: string;
}

/** An outbox row's payload of channel `push`: the notification and the Web Push options it is sent with. */
export interface PushPayload {
  notification: PushNotification;
  /** Seconds the push service keeps an undelivered message (RFC 8030 TTL). */
  ttl: number;
  /** RFC 8030 urgency: `high` for price and strategy levels, `normal` for signals and news. */
  urgency: 'high' | 'normal';
}

/** Largest push message body (bytes of JSON) we send: the aes128gcm record must stay under the 4,096 bytes push services accept. */
export const MAX_PUSH_BYTES = 3072;
/** TTL of alert pushes (s): a day; an alert older than that is in the notification centre anyway. */
export const PUSH_TTL_SECONDS = 86_400;

/**
 * The push notification of an alert in the user's language (from the message builder of
 * alerts.messages.ts: title = the trigger, body = price and market time, then the record), with
 * its link and tag; JSON at most {@link MAX_PUSH_BYTES} bytes (the body is shortened with `…`).
 */
export function alertPushPayload(m: AlertMessage, eventId: number, lang: string, origin: string): PushPayload {
  const n: PushNotification = {
    title: pick(m.title, lang),
    body: [pick(m.body, lang), ...(m.record ? [pick(m.record, lang)] : [])].join('\n'),
    url: `${origin}/${langSegment(lang)}${m.path}`,
    tag: `coinlens-alert-${eventId}`,
  };
  const size = () => Buffer.byteLength(JSON.stringify(n));
  if (size() > MAX_PUSH_BYTES) n.title = [...n.title].slice(0, 200).join('');
  while (size() > MAX_PUSH_BYTES && n.body.length) n.body = [...n.body].slice(0, Math.max(0, [...n.body].length - Math.max(16, size() - MAX_PUSH_BYTES))).join('').replace(/…?$/, '…');
  return { notification: n, ttl: PUSH_TTL_SECONDS, urgency: m.kind === 'signal' || m.kind === 'news' ? 'normal' : 'high' };
}

/** A stored browser subscription as web-push takes it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Outcome of one push: `ok` (2xx), `gone` (404/410: the subscription no longer exists and must be
 * deleted), `retry` (429, 5xx, network error or timeout: back off and send again) or `fail` (other
 * 4xx, e.g. 400 malformed, 403 key mismatch, 413 too large: sending again cannot help).
 */
export interface PushResult {
  outcome: 'ok' | 'gone' | 'retry' | 'fail';
  statusCode: number | null;
  error: string | null;
}

/**
 * Sends Web Push messages with the `web-push` library: the payload is encrypted with aes128gcm
 * (RFC 8291) for the subscription's keys and POSTed over https to its endpoint with the VAPID
 * `Authorization: vapid t=<ES256 JWT>, k=<public key>` header (RFC 8292), `TTL` and `Urgency`.
 * The request goes through the guarded outbound client (`outbound`, default the strict one): its
 * https pool connects only to checked addresses, an IP-literal endpoint is checked before sending,
 * and a refused endpoint fails for good (`destination not allowed`). Redirects are not followed
 * (web-push issues one request; a 3xx answer is a `fail`). Network errors are reported by kind
 * only (`connection failed`, `timeout`…), never with the address. Never throws: failures come
 * back as a {@link PushResult}.
 */
export class PushSender {
  private readonly outbound: Outbound;

  constructor(
    private readonly vapid: VapidConfig,
    private readonly o: { timeoutMs?: number; outbound?: Outbound } = {},
  ) {
    this.outbound = o.outbound ?? strictOutbound();
  }

  async send(target: PushTarget, p: PushPayload): Promise<PushResult> {
    try {
      if (this.outbound.precheck(target.endpoint).url.protocol !== 'https:') throw new OutboundDeniedError('scheme');
      const r = await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(p.notification), {
        TTL: p.ttl,
        urgency: p.urgency,
        vapidDetails: { subject: this.vapid.subject, publicKey: this.vapid.publicKey, privateKey: this.vapid.privateKey },
        timeout: this.o.timeoutMs ?? 10_000,
        agent: this.outbound.agents['https:'],
      });
      return { outcome: 'ok', statusCode: r.statusCode, error: null };
    } catch (e) {
      if (e instanceof webpush.WebPushError) {
        const s = e.statusCode;
        const outcome = s === 404 || s === 410 ? 'gone' : s === 429 || s >= 500 ? 'retry' : 'fail';
        return { outcome, statusCode: s, error: outcome === 'gone' ? `HTTP ${s}: subscription gone` : `HTTP ${s}` };
      }
      return { outcome: e instanceof OutboundDeniedError ? 'fail' : 'retry', statusCode: null, error: outboundErrorText(e) };
    }
  }
}

/** Origin of a push endpoint (`https://fcm.googleapis.com`), the only part of it worth logging. */
export function pushServiceOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '?';
  }
}
