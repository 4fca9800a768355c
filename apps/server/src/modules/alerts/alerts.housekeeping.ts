import { PRUNE_LOCK, type AlertsHousekeepingRepository } from './alerts.housekeeping.repository';

export { PRUNE_LOCK };

/**
 * Trigger keys without a time or item in them: the event is the only record that the trigger fired
 * (a strategy's `strategy:target` / `strategy:invalidation`, and the one-shot price level `cross`
 * of events written before one-shot keys named their arming, see alerts.evaluator.ts), so it is
 * kept as long as its rule exists, whatever its age — pruning it would let the same trigger fire
 * again. Every other key names a candle time, an arming time or a news id.
 */
export const PERMANENT_TRIGGER_KEYS = ['cross', 'strategy:target', 'strategy:invalidation'] as const;

/** Notifications kept per user whatever their age: the largest page the notification centre asks for (`GetNotificationsQuery.limit` max). */
export const KEEP_NOTIFICATIONS_PER_USER = 100;

/** What one pass pruned: rows deleted per table, and how many batches ran. */
export interface PruneResult {
  deliveries: number;
  attempts: number;
  events: number;
  batches: number;
  /** True when another process held the prune lock (this pass did nothing more). */
  skipped: boolean;
}

/** Options of {@link AlertsHousekeeping}. */
export interface HousekeepingOptions {
  /** The prune statements (alerts.housekeeping.repository.ts). */
  repo: AlertsHousekeepingRepository;
  /** Rows older than this many days (wall time) are pruned (`ALERTS_RETENTION_DAYS`). */
  retentionDays: number;
  /** Rows per batch (one short transaction each); default 500. */
  batch?: number;
  /** Batches per table and pass (bounds one pass); default 40. */
  maxBatches?: number;
  /** Milliseconds between passes; default 1 h. The first pass runs `firstDelayMs` (default 60 s) after start. */
  intervalMs?: number;
  firstDelayMs?: number;
  now?: () => number;
  log?: (m: string) => void;
}

/**
 * Outbox housekeeping (decision 084, "Housekeeping"): prunes, in bounded batches, what is older than
 * the retention (wall time `created_at`, ms):
 *  1. delivered and failed rows of `alert_deliveries` with their attempts (the delivery log);
 *     pending rows are never touched, whatever their age;
 *  2. `alert_events` rows (the notification centre) except each user's newest
 *     {@link KEEP_NOTIFICATIONS_PER_USER}, events whose key is in {@link PERMANENT_TRIGGER_KEYS},
 *     and events that still have a delivery row (pending, or not yet pruned).
 * Each batch is one transaction of {@link AlertsHousekeepingRepository} that first takes
 * {@link PRUNE_LOCK} with `pg_try_advisory_xact_lock` (a second process finds it taken and skips its
 * pass) and selects its rows `FOR UPDATE SKIP LOCKED`, so two processes running it at once never
 * wait on each other nor delete a row twice. Runs in worker processes; never throws to its timer
 * (failures are logged).
 */
export class AlertsHousekeeping {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly log: (m: string) => void;

  constructor(private readonly o: HousekeepingOptions) {
    this.log = o.log ?? (() => undefined);
  }

  /** Starts the passes (first after `firstDelayMs`, then every `intervalMs`). */
  start(): void {
    if (this.timer) return;
    const tick = () => {
      if (this.running) return;
      this.running = this.runOnce()
        .then((r) => {
          if (r.deliveries || r.events) this.log(`alerts housekeeping: pruned ${r.deliveries} deliveries (${r.attempts} attempts) and ${r.events} events older than ${this.o.retentionDays} days`);
        })
        .catch((e) => this.log(`alerts housekeeping: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => (this.running = null));
    };
    this.timer = setTimeout(() => {
      tick();
      this.timer = setInterval(tick, this.o.intervalMs ?? 3_600_000);
      this.timer.unref();
    }, this.o.firstDelayMs ?? 60_000);
    this.timer.unref();
  }

  /** Stops the timer and waits for the pass in progress. */
  async stop(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      clearInterval(this.timer);
    }
    this.timer = null;
    await this.running;
  }

  /** Cut-off (ms, wall time): rows created before it are old enough to prune. */
  cutoff(): number {
    return (this.o.now ?? Date.now)() - this.o.retentionDays * 86_400_000;
  }

  /** One pass: deliveries (with attempts) first, then events, each in batches until none is left or `maxBatches` ran. */
  async runOnce(): Promise<PruneResult> {
    const out: PruneResult = { deliveries: 0, attempts: 0, events: 0, batches: 0, skipped: false };
    const cutoff = this.cutoff();
    const batch = this.o.batch ?? 500;
    const max = this.o.maxBatches ?? 40;
    for (let i = 0; i < max; i++) {
      const r = await this.pruneDeliveries(cutoff, batch);
      if (r == null) return { ...out, skipped: true };
      out.batches++;
      out.deliveries += r.deliveries;
      out.attempts += r.attempts;
      if (r.deliveries < batch) break;
    }
    for (let i = 0; i < max; i++) {
      const n = await this.pruneEvents(cutoff, batch);
      if (n == null) return { ...out, skipped: true };
      out.batches++;
      out.events += n;
      if (n < batch) break;
    }
    return out;
  }

  /** One batch of finished deliveries (with their attempts) created before `cutoff`; null when another process holds the lock. */
  private pruneDeliveries(cutoff: number, limit: number): Promise<{ deliveries: number; attempts: number } | null> {
    return this.o.repo.pruneDeliveries(cutoff, limit);
  }

  /** One batch of old events the notification centre no longer shows and no trigger needs (see the class). */
  private pruneEvents(cutoff: number, limit: number): Promise<number | null> {
    return this.o.repo.pruneEvents(cutoff, limit, KEEP_NOTIFICATIONS_PER_USER, PERMANENT_TRIGGER_KEYS);
  }
}
