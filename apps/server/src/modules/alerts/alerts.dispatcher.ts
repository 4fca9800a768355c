import { Webhook } from 'standardwebhooks';
import { GrammyError, type Api } from 'grammy';
import type { Mailer } from '../../providers/mail';
import type { AlertsRepository, ClaimedDelivery, DeliveryRow } from './alerts.repository';
import { OutboundDeniedError, outboundErrorText, strictOutbound, type Outbound, type OutboundPost } from '../../platform/outbound';
import { pushServiceOf, type PushPayload, type PushSender } from './alerts.push';
import type { PushSubscriptionRow, PushSubscriptionsRepository } from './alerts.push.repository';
import { grammySignal } from './alerts.telegram-bot';

/** What one send says: the result to log, and optionally when to retry (Telegram's `retry_after`) or that retrying is pointless. */
interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** Retry after this many ms instead of the backoff (HTTP 429 `retry_after`). */
  retryAfterMs?: number;
  /** Give up now (the recipient refused for good: Telegram 400/403, the link removed). */
  permanent?: boolean;
}


/** Attempts before a delivery is given up (`failed`). */
export const MAX_ATTEMPTS = 8;
/** First retry delay (ms); doubled per attempt (5 s, 10 s, 20 s … capped at {@link MAX_BACKOFF_MS}). */
export const BASE_BACKOFF_MS = 5_000;
export const MAX_BACKOFF_MS = 3_600_000;

/** Delay (ms) before attempt `attempt + 1` after `attempt` failed: exponential, capped. */
export function backoffMs(attempt: number, base = BASE_BACKOFF_MS): number {
  return Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, attempt - 1));
}

/** Options of the {@link AlertDispatcher}. */
export interface DispatcherOptions {
  repo: AlertsRepository;
  mailer: Mailer;
  /** Poll interval (ms) when idle; 0 = no timer (tests call `runOnce`). */
  pollMs?: number;
  /** Lease (ms) of a claimed delivery: a dispatcher killed mid-delivery is replaced once it expires. */
  leaseMs?: number;
  /** Timeout (ms) of one webhook request. */
  timeoutMs?: number;
  /** Base of the exponential backoff (ms). */
  baseBackoffMs?: number;
  maxAttempts?: number;
  /** Deliveries claimed at once (default 100). */
  batch?: number;
  /** Claimed batches sent at the same time (default 4). */
  parallelBatches?: number;
  now?: () => number;
  log?: (m: string) => void;
  /** fetch used for webhooks when given (tests may hold a request to simulate a crash). */
  fetch?: typeof fetch;
  /**
   * The guarded outbound client (internal destinations refused, the operator's allow list); default
   * the strict one. Its `post` (node:http keep-alive pools) sends webhooks unless `post` or `fetch` is given.
   */
  outbound?: Outbound;
  /** Transport of webhook POSTs (tests); the URL is checked by `outbound` first all the same. */
  post?: OutboundPost;
  /** The Telegram Bot API client (grammY, with the configured API root); null when no bot is configured. */
  telegram?: Api | null;
  /** Web Push (VAPID keys set): the sender and the subscriptions; a `push` row fails without it. */
  push?: { sender: PushSender; subscriptions: PushSubscriptionsRepository } | null;
}

/**
 * Sends the outbox (`alert_deliveries`): claims due pending rows with a lease, sends each — e-mail
 * through the mailer, webhooks as a POST signed per Standard Webhooks (`webhook-id` = the row's
 * message id, the same on every retry; `webhook-timestamp`; `webhook-signature` `v1,<HMAC-SHA256>`
 * by the `standardwebhooks` package with the endpoint's secret), Web Push through the `web-push`
 * library (a 404/410 from the push service deletes the subscription and fails the row, "subscription
 * gone"; 429/5xx and network errors are retried; other 4xx fail at once) — records the attempt and
 * moves the row to delivered, a later retry (exponential backoff) or failed. Telegram deliveries are a
 * `sendMessage` (HTML) to the chat the user links at send time: 429 is retried after the answer's
 * `parameters.retry_after`, 403 (the user blocked the bot) and 400 fail at once, and a 403 removes
 * the link. Runs in worker processes; any number of dispatchers may run at once (disjoint claims).
 */
export class AlertDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;
  private started = false;
  private readonly log: (m: string) => void;
  /** Batches handed over by {@link sendClaimed}, waiting; how many are being sent; their promises (for `stop`). */
  private handed: DeliveryRow[][] = [];
  private handing = 0;
  private readonly handoffs = new Set<Promise<void>>();

  private readonly outbound: Outbound;

  constructor(private readonly o: DispatcherOptions) {
    this.log = o.log ?? (() => undefined);
    this.outbound = o.outbound ?? strictOutbound();
  }

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  /** Starts polling every `pollMs`. */
  start(): void {
    this.stopped = false;
    this.started = true;
    const poll = this.o.pollMs ?? 1000;
    if (poll > 0 && !this.timer) {
      this.timer = setInterval(() => this.wake(), poll);
      this.timer.unref();
    }
  }

  /** Runs a pass now (or right after the running one); a no-op until {@link start} (tests drive `runOnce`). */
  wake(): void {
    if (this.stopped || !this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runOnce()
      .catch((e) => {
        this.log(`alerts dispatcher: ${e instanceof Error ? e.message : String(e)}`);
        return 0;
      })
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Stops polling and waits for the pass and the handed-over batches in progress (batches still waiting stay leased: a later pass sends them). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.handed = [];
    await Promise.all([this.running, ...this.handoffs]);
  }

  /** Whether {@link sendClaimed} takes deliveries now (started, not stopping). */
  get accepting(): boolean {
    return this.started && !this.stopped;
  }

  /**
   * Sends deliveries this process has just written already claimed (AlertsRepository.fireMany with
   * `claim`, after its commit), without claiming them again: in batches of `batch`, at most
   * `parallelBatches` at once, attempts recorded per batch as in a pass. A row whose lease would run
   * out before its request could time out is left to a later pass (which claims it once the lease
   * has expired). Never throws: a failure is logged, and the rows stay pending for a later pass.
   */
  sendClaimed(rows: DeliveryRow[]): void {
    if (!this.accepting) return;
    const size = this.o.batch ?? 100;
    for (let i = 0; i < rows.length; i += size) this.handed.push(rows.slice(i, i + size));
    this.pump();
  }

  private pump(): void {
    const max = Math.max(1, this.o.parallelBatches ?? 4);
    while (!this.stopped && this.handing < max && this.handed.length) {
      const rows = this.handed.shift()!;
      this.handing++;
      const p: Promise<void> = this.sendHanded(rows)
        .catch((e) => this.log(`alerts dispatcher: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => {
          this.handing--;
          this.handoffs.delete(p);
          this.pump();
        });
      this.handoffs.add(p);
    }
  }

  private async sendHanded(rows: DeliveryRow[]): Promise<void> {
    const timeout = this.o.timeoutMs ?? 10_000;
    const due = rows.filter((r) => (r.claimed_until ?? 0) - this.now() > timeout);
    if (!due.length) return;
    // what the claim query joins: the endpoint's url and secret, the user's linked Telegram chat
    const [targets, chats] = await Promise.all([
      this.o.repo.endpointTargets([...new Set(due.filter((r) => r.endpoint_id != null).map((r) => r.endpoint_id!))]),
      this.o.repo.telegramLinksOf([...new Set(due.filter((r) => r.channel === 'telegram').map((r) => r.user_id))]),
    ]);
    const claimed: ClaimedDelivery[] = due.map((d) => ({
      ...d,
      url: d.endpoint_id != null ? (targets.get(d.endpoint_id)?.url ?? null) : null,
      secret: d.endpoint_id != null ? (targets.get(d.endpoint_id)?.secret ?? null) : null,
      chat_id: d.channel === 'telegram' ? (chats.get(d.user_id)?.chat_id ?? null) : null,
    }));
    await this.sendBatch(claimed);
  }

  /** Sends a claimed batch (push subscriptions looked up once for the batch) and records its attempts. */
  private async sendBatch(batch: ClaimedDelivery[]): Promise<void> {
    const pushIds = batch.filter((d) => d.channel === 'push' && d.push_subscription_id != null).map((d) => Number(d.push_subscription_id));
    const subs = pushIds.length && this.o.push ? await this.o.push.subscriptions.byIds([...new Set(pushIds)]) : new Map<number, PushSubscriptionRow>();
    const results = await Promise.all(batch.map((d) => this.deliver(d, subs)));
    await this.o.repo.recordAttempts(results, this.now());
  }

  /**
   * Claims and sends due deliveries until none is due; returns how many attempts were made. Up to
   * `parallelBatches` claimed batches are in flight at once: the next batch is claimed while the
   * previous ones are still being sent, so a burst is not sent one batch after the other (each
   * batch's attempts are recorded as soon as all its requests have answered or timed out).
   */
  async runOnce(): Promise<number> {
    let n = 0;
    let failure: unknown = null;
    const inFlight = new Set<Promise<void>>();
    const max = Math.max(1, this.o.parallelBatches ?? 4);
    for (;;) {
      const batch = await this.o.repo.claim(this.now(), this.o.leaseMs ?? 60_000, this.o.batch ?? 100);
      if (!batch.length) break;
      n += batch.length;
      const sent: Promise<void> = this.sendBatch(batch);
      inFlight.add(sent);
      sent.then(
        () => inFlight.delete(sent),
        (e) => {
          inFlight.delete(sent);
          failure ??= e;
        },
      );
      if (inFlight.size >= max) await Promise.race(inFlight).catch(() => undefined);
      if (failure || this.stopped) break;
    }
    await Promise.allSettled([...inFlight]);
    if (failure) throw failure;
    return n;
  }

  /** Sends one delivery and says what to record (the attempt, and when to retry unless given up). */
  private async deliver(d: ClaimedDelivery, subs: Map<number, PushSubscriptionRow>): Promise<{ id: number; attempt: number; ok: boolean; statusCode: number | null; error: string | null; durationMs: number; nextAt: number | null }> {
    const attempt = d.attempts + 1;
    const t0 = performance.now();
    let r: SendResult;
    try {
      r = d.channel === 'email' ? await this.sendMail(d) : d.channel === 'telegram' ? await this.sendTelegram(d) : d.channel === 'push' ? await this.sendPush(d, attempt, subs) : await this.sendWebhook(d);
    } catch (e) {
      // Webhook failures are logged by kind only: a library's message names the address and port it
      // tried, which would let a user map what listens on the server's network.
      const error = d.channel === 'webhook' ? outboundErrorText(e) : e instanceof Error ? e.message.slice(0, 300) : String(e).slice(0, 300);
      // An internal destination stays refused: given up at once rather than retried.
      const denied = e instanceof OutboundDeniedError;
      if (denied) this.log(`alerts: ${d.channel} ${d.message_id} to endpoint ${d.endpoint_id ?? '-'}: destination not allowed, given up`);
      r = { ok: false, statusCode: null, error, permanent: denied };
    }
    const durationMs = performance.now() - t0;
    const max = this.o.maxAttempts ?? MAX_ATTEMPTS;
    const nextAt = r.ok || r.permanent || attempt >= max ? null : this.now() + (r.retryAfterMs ?? backoffMs(attempt, this.o.baseBackoffMs));
    return { id: d.id, attempt, ok: r.ok, statusCode: r.statusCode, error: r.error, durationMs, nextAt };
  }

  /**
   * `sendMessage` of the stored HTML text to the user's linked chat. Logs Telegram's error code as
   * the status (429, 403, 400…) with its description; a network failure has no status.
   */
  private async sendTelegram(d: ClaimedDelivery): Promise<SendResult> {
    if (!this.o.telegram) return { ok: false, statusCode: null, error: 'Telegram is not configured', permanent: true };
    if (!d.chat_id) return { ok: false, statusCode: null, error: 'no linked Telegram chat', permanent: true };
    const text = String((d.payload as { text?: unknown }).text ?? '');
    try {
      await this.o.telegram.sendMessage(d.chat_id, text, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } }, grammySignal(AbortSignal.timeout(this.o.timeoutMs ?? 10_000)));
      return { ok: true, statusCode: 200, error: null };
    } catch (e) {
      if (!(e instanceof GrammyError)) throw e;
      const error = `${e.error_code} ${e.description}`.slice(0, 300);
      if (e.error_code === 429) return { ok: false, statusCode: 429, error, retryAfterMs: Math.max(1, e.parameters.retry_after ?? 1) * 1000 };
      if (e.error_code === 403) {
        await this.o.repo.unlinkTelegram(d.user_id, d.chat_id);
        this.log(`alerts: telegram chat of user ${d.user_id} refused the bot (403): unlinked`);
        return { ok: false, statusCode: 403, error, permanent: true };
      }
      return { ok: false, statusCode: e.error_code, error, permanent: e.error_code === 400 };
    }
  }

  /**
   * One Web Push attempt (logged with the push service's origin and the subscription id, never the
   * full endpoint). A removed subscription or a 404/410 answer gives up ("subscription gone") and
   * deletes the subscription; 429/5xx/network errors retry; other 4xx give up.
   */
  private async sendPush(d: DeliveryRow, attempt: number, subs: Map<number, PushSubscriptionRow>): Promise<SendResult> {
    const sub = d.push_subscription_id != null ? subs.get(Number(d.push_subscription_id)) : undefined;
    if (!sub) return { ok: false, statusCode: null, error: 'subscription gone', permanent: true };
    if (!this.o.push) return { ok: false, statusCode: null, error: 'web push not configured', permanent: true };
    const r = await this.o.push.sender.send({ endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth }, d.payload as unknown as PushPayload);
    const where = `push ${d.message_id} to subscription ${sub.id} at ${pushServiceOf(sub.endpoint)}, attempt ${attempt}`;
    if (r.outcome === 'ok') {
      this.log(`alerts: ${where}: delivered (HTTP ${r.statusCode})`);
      return { ok: true, statusCode: r.statusCode, error: null };
    }
    this.log(`alerts: ${where}: ${r.outcome} (${r.error})`);
    if (r.outcome === 'gone') await this.o.push.subscriptions.removeGone(Number(sub.id));
    return { ok: false, statusCode: r.statusCode, error: r.error, permanent: r.outcome === 'gone' || r.outcome === 'fail' };
  }

  private async sendMail(d: DeliveryRow): Promise<SendResult> {
    const p = d.payload as { to: string; subject: string; text: string; html: string };
    await this.o.mailer.send({ to: p.to, subject: p.subject, text: p.text, html: p.html }, `alert ${d.message_id}`);
    return { ok: true, statusCode: null, error: null };
  }

  private async sendWebhook(d: ClaimedDelivery): Promise<SendResult> {
    if (!d.url || !d.secret) return { ok: false, statusCode: null, error: 'endpoint removed' };
    const body = JSON.stringify(d.payload);
    const ts = new Date(this.now());
    const signature = new Webhook(d.secret).sign(d.message_id, ts, body);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Coinlens-Webhooks/1',
      'webhook-id': d.message_id,
      'webhook-timestamp': String(Math.floor(ts.getTime() / 1000)),
      'webhook-signature': signature,
    };
    this.outbound.precheck(d.url);
    const res = await (this.o.post ?? (this.o.fetch ? fetchPost(this.o.fetch) : this.outbound.post))(d.url, headers, body, this.o.timeoutMs ?? 10_000);
    const ok = res.status >= 200 && res.status < 300;
    return ok ? { ok: true, statusCode: res.status, error: null } : { ok: false, statusCode: res.status, error: `HTTP ${res.status}` };
  }
}

/** An {@link OutboundPost} over a `fetch` implementation (redirects not followed, body read and dropped). */
function fetchPost(f: typeof fetch): OutboundPost {
  return async (url, headers, body, timeoutMs) => {
    const res = await f(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer().catch(() => undefined);
    return { status: res.status };
  };
}
