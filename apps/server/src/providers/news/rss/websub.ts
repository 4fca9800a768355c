import crypto from 'node:crypto';
import type { Outbound } from '../../../platform/outbound';

/**
 * WebSub (W3C Recommendation, formerly PubSubHubbub) subscriber for feeds that name a hub
 * (`<link rel="hub">`): the hub pushes new entries to our callback instead of waiting for the next
 * poll. Used only when a public callback base URL is configured (`NEWS_WEBSUB_CALLBACK_URL`): a
 * hub must be able to reach it.
 *
 * - Callback: `{base}/api/feeds/websub/{key}`, `key` = first 16 hex of SHA-256 of the topic URL.
 * - Secret per topic: HMAC-SHA256(deployment secret, topic) in hex, so every process of the
 *   deployment derives the same one without shared state; the hub signs each push with it
 *   (`X-Hub-Signature: sha256=…`, or sha1/sha384/sha512), and unsigned or mis-signed pushes are
 *   ignored.
 * - Intent verification: the hub's GET with `hub.mode`, `hub.topic`, `hub.challenge` is answered
 *   with the challenge when the topic is one we subscribed to (or a configured feed URL) and the
 *   key is that topic's; anything else is refused (404).
 * - Leases are renewed when 90 % of them has passed; a subscription not verified within
 *   {@link PENDING_MS} is asked again, with back-off.
 */
export interface WebSubOptions {
  /** Public base URL of this deployment (`https://coinlens.example`), without a trailing slash. */
  callbackBase: string;
  /** The deployment's WebSub secret (≥ 16 characters): topic secrets are derived from it. */
  secret: string;
  /** Guarded client the subscription requests go through. */
  outbound: Outbound;
  /** Lease asked for, in seconds (hubs may grant another). Default 10 days. */
  leaseSeconds?: number;
  /** Wall clock (ms); tests inject one. */
  now?: () => number;
  log?: (msg: string) => void;
}

/** A subscription request not verified within this many ms is asked again. */
export const PENDING_MS = 300_000;
const SIGNATURE_ALGS: Record<string, string> = { sha1: 'sha1', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512' };

interface Subscription {
  topic: string;
  hub: string;
  /** Configured feed URL the topic belongs to (the topic is the feed's `rel="self"` link or that URL). */
  feed: string;
  state: 'pending' | 'active' | 'denied';
  /** Wall ms: when the lease ends (active) or when to ask again (pending, denied). */
  until: number;
  /** Lease the hub granted, in ms (active only). */
  leaseMs: number;
  failures: number;
}

/** The answer to a hub's verification request: the status and, on 200, the challenge to echo as text. */
export interface WebSubVerification {
  status: 200 | 404;
  body: string;
}

/** Key of a topic in the callback path: first 16 hex of its SHA-256. */
export function webSubKeyOf(topic: string): string {
  return crypto.createHash('sha256').update(topic).digest('hex').slice(0, 16);
}

/**
 * Whether `header` (`X-Hub-Signature`: `sha256=<hex>`; sha1, sha384, sha512 accepted) is the
 * HMAC of `body` with `secret`, compared in constant time. False for a missing or malformed header.
 */
export function verifyHubSignature(secret: string, body: Buffer | string, header: string | string[] | undefined): boolean {
  const h = Array.isArray(header) ? header[0] : header;
  const m = /^(sha1|sha256|sha384|sha512)=([0-9a-f]+)$/i.exec(h?.trim() ?? '');
  if (!m) return false;
  const expected = crypto.createHmac(SIGNATURE_ALGS[m[1].toLowerCase()], secret).update(body).digest();
  const given = Buffer.from(m[2].toLowerCase(), 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The WebSub subscriber of a process: subscriptions it asked for, their verification, push signatures. */
export class WebSub {
  private readonly subs = new Map<string, Subscription>();
  private readonly now: () => number;
  private readonly leaseSeconds: number;
  /** Configured feed URLs, keyed by their topic key (for verification in a process that did not subscribe). */
  private readonly feeds = new Map<string, string>();

  constructor(private readonly o: WebSubOptions) {
    this.now = o.now ?? Date.now;
    this.leaseSeconds = o.leaseSeconds ?? 864_000;
  }

  /** Declares the configured feed URLs: each is accepted as a topic of its own key. */
  knowFeeds(feeds: readonly string[]): void {
    for (const f of feeds) this.feeds.set(webSubKeyOf(f), f);
  }

  /** Callback URL of a topic. */
  callbackOf(topic: string): string {
    return `${this.o.callbackBase.replace(/\/+$/, '')}/api/feeds/websub/${webSubKeyOf(topic)}`;
  }

  /** The secret the hub signs pushes of `topic` with (hex HMAC-SHA256 of the topic by the deployment secret). */
  secretOf(topic: string): string {
    return crypto.createHmac('sha256', this.o.secret).update(topic).digest('hex');
  }

  /** Whether `feed`'s items are pushed: its subscription was verified and the lease has not ended. */
  isActive(feed: string): boolean {
    const now = this.now();
    for (const s of this.subs.values()) if (s.feed === feed && s.state === 'active' && s.until > now) return true;
    return false;
  }

  /**
   * Subscribes to `topic` at `hub` for `feed` unless a subscription is active (lease < 90 % used)
   * or pending. The request is a form POST through the guarded client (202/204 accepted); a
   * refusal or failure is retried later with back-off. Never throws.
   */
  async ensure(feed: string, topic: string, hub: string): Promise<void> {
    const now = this.now();
    const key = webSubKeyOf(topic);
    const cur = this.subs.get(key);
    if (cur && cur.hub === hub && cur.until > now) {
      if (cur.state !== 'active') return;
      const renewAt = cur.until - cur.leaseMs / 10; // 10 % of the granted lease before its end
      if (now < renewAt) return;
    }
    const failures = cur?.failures ?? 0;
    const sub: Subscription = { topic, hub, feed, state: 'pending', until: now + PENDING_MS * 2 ** Math.min(6, failures), leaseMs: 0, failures: failures + 1 };
    if (cur?.state === 'active' && cur.until > now) sub.state = 'active'; // renewing: still pushed meanwhile
    if (sub.state === 'active') Object.assign(sub, { until: cur!.until, leaseMs: cur!.leaseMs });
    this.subs.set(key, sub);
    const form = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.topic': topic, 'hub.callback': this.callbackOf(topic), 'hub.secret': this.secretOf(topic), 'hub.lease_seconds': String(this.leaseSeconds) });
    try {
      const r = await this.o.outbound.post(hub, { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Coinlens/0.1' }, form.toString(), 10_000);
      if (r.status !== 202 && r.status !== 204) this.o.log?.(`websub: ${hub} answered ${r.status} to the subscription of ${topic}`);
    } catch (e) {
      this.o.log?.(`websub: subscribing to ${topic} at ${hub} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /**
   * Answers a hub's verification GET on the callback of `key` (query `hub.mode`, `hub.topic`,
   * `hub.challenge`, `hub.lease_seconds`): 200 with the challenge for `subscribe` of a topic we
   * want (marks it active for the lease), 200 with the challenge for `unsubscribe` of a topic we
   * no longer follow, 200 (empty) for a hub's `denied` notice; 404 otherwise.
   */
  verify(key: string, q: Record<string, string | undefined>): WebSubVerification {
    const mode = q['hub.mode'];
    const topic = q['hub.topic'] ?? '';
    const no: WebSubVerification = { status: 404, body: '' };
    if (!topic || webSubKeyOf(topic) !== key) return no;
    const sub = this.subs.get(key);
    const wanted = !!sub || this.feeds.get(key) === topic;
    if (mode === 'denied') {
      if (sub) this.subs.set(key, { ...sub, state: 'denied', until: this.now() + PENDING_MS * 2 ** Math.min(6, sub.failures) });
      return { status: 200, body: '' };
    }
    const challenge = q['hub.challenge'];
    if (!challenge) return no;
    if (mode === 'subscribe' && wanted) {
      const lease = Number(q['hub.lease_seconds']);
      const seconds = Number.isFinite(lease) && lease > 0 ? lease : this.leaseSeconds;
      if (sub) this.subs.set(key, { ...sub, state: 'active', until: this.now() + seconds * 1000, leaseMs: seconds * 1000, failures: 0 });
      return { status: 200, body: challenge };
    }
    if (mode === 'unsubscribe' && !wanted) return { status: 200, body: challenge };
    return no;
  }

  /**
   * The topic a push to the callback of `key` belongs to, when its signature is valid: the body
   * must carry `X-Hub-Signature` by the topic's secret. Null for an unknown key or a missing or
   * wrong signature (the push is then ignored).
   */
  acceptPush(key: string, body: Buffer, signature: string | string[] | undefined): { topic: string; feed: string } | null {
    const sub = this.subs.get(key);
    const topic = sub?.topic ?? this.feeds.get(key);
    if (!topic) return null;
    if (!verifyHubSignature(this.secretOf(topic), body, signature)) return null;
    return { topic, feed: sub?.feed ?? topic };
  }
}
