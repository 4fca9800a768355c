import { Webhook } from 'standardwebhooks';
import type { Mailer } from '../../providers/mail';
import type { AlertsRepository, DeliveryRow } from './alerts.repository';
import { httpPost, type WebhookPost } from './alerts.http';

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
  /** Transport of webhook POSTs; default {@link httpPost} (node:http keep-alive), or `fetch` when that option is given. */
  post?: WebhookPost;
}

/**
 * Sends the outbox (`alert_deliveries`): claims due pending rows with a lease, sends each — e-mail
 * through the mailer, webhooks as a POST signed per Standard Webhooks (`webhook-id` = the row's
 * message id, the same on every retry; `webhook-timestamp`; `webhook-signature` `v1,<HMAC-SHA256>`
 * by the `standardwebhooks` package with the endpoint's secret) — records the attempt and moves the
 * row to delivered, a later retry (exponential backoff) or failed. Runs in worker processes; any
 * number of dispatchers may run at once (disjoint claims).
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

  constructor(private readonly o: DispatcherOptions) {
    this.log = o.log ?? (() => undefined);
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
    const targets = await this.o.repo.endpointTargets([...new Set(due.filter((r) => r.endpoint_id != null).map((r) => r.endpoint_id!))]);
    const results = await Promise.all(due.map((d) => this.deliver({ ...d, url: d.endpoint_id != null ? targets.get(d.endpoint_id)?.url ?? null : null, secret: d.endpoint_id != null ? targets.get(d.endpoint_id)?.secret ?? null : null })));
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
      const sent: Promise<void> = Promise.all(batch.map((d) => this.deliver(d))).then((results) => this.o.repo.recordAttempts(results, this.now()));
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
  private async deliver(d: DeliveryRow & { url: string | null; secret: string | null }): Promise<{ id: number; attempt: number; ok: boolean; statusCode: number | null; error: string | null; durationMs: number; nextAt: number | null }> {
    const attempt = d.attempts + 1;
    const t0 = performance.now();
    let r: { ok: boolean; statusCode: number | null; error: string | null };
    try {
      r = d.channel === 'email' ? await this.sendMail(d) : await this.sendWebhook(d);
    } catch (e) {
      r = { ok: false, statusCode: null, error: e instanceof Error ? e.message.slice(0, 300) : String(e).slice(0, 300) };
    }
    const durationMs = performance.now() - t0;
    const max = this.o.maxAttempts ?? MAX_ATTEMPTS;
    const nextAt = r.ok || attempt >= max ? null : this.now() + backoffMs(attempt, this.o.baseBackoffMs);
    return { id: d.id, attempt, ...r, durationMs, nextAt };
  }

  private async sendMail(d: DeliveryRow): Promise<{ ok: boolean; statusCode: number | null; error: string | null }> {
    const p = d.payload as { to: string; subject: string; text: string; html: string };
    await this.o.mailer.send({ to: p.to, subject: p.subject, text: p.text, html: p.html }, `alert ${d.message_id}`);
    return { ok: true, statusCode: null, error: null };
  }

  private async sendWebhook(d: DeliveryRow & { url: string | null; secret: string | null }): Promise<{ ok: boolean; statusCode: number | null; error: string | null }> {
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
    const res = await (this.o.post ?? (this.o.fetch ? fetchPost(this.o.fetch) : httpPost))(d.url, headers, body, this.o.timeoutMs ?? 10_000);
    const ok = res.status >= 200 && res.status < 300;
    return ok ? { ok: true, statusCode: res.status, error: null } : { ok: false, statusCode: res.status, error: `HTTP ${res.status}` };
  }
}

/** A {@link WebhookPost} over a `fetch` implementation (redirects not followed, body read and dropped). */
function fetchPost(f: typeof fetch): WebhookPost {
  return async (url, headers, body, timeoutMs) => {
    const res = await f(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer().catch(() => undefined);
    return { status: res.status };
  };
}
