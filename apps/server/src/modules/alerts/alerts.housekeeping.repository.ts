import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '@coinlens/db';

/** Advisory lock (transaction scope) of one prune batch: one process prunes at a time (clear of `LOCKS`). */
export const PRUNE_LOCK = 7_301_084;

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * The statements of the outbox housekeeping (alerts.housekeeping.ts). Each batch is one transaction
 * that first takes {@link PRUNE_LOCK} with `pg_try_advisory_xact_lock` (a second process finds it
 * taken: the batch returns null) and selects its rows `FOR UPDATE SKIP LOCKED`, so two processes
 * running at once never wait on each other nor delete a row twice.
 */
export class AlertsHousekeepingRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /** Runs `fn` in a transaction holding the prune lock; null when another process holds it. */
  private locked<T>(fn: (tx: Database) => Promise<T>): Promise<T | null> {
    return this.h.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const [l] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK}) as ok`));
      if (!l?.ok) return null;
      return fn(tx);
    }) as Promise<T | null>;
  }

  /**
   * Deletes one batch (at most `limit`) of delivered and failed deliveries created before `cutoff`
   * (ms), with their attempts; pending rows are never touched. `next_attempt_at` is never before
   * `created_at`, so `next_attempt_at < cutoff` selects old rows through the (status, next_attempt_at)
   * index. Null when another process holds the prune lock.
   */
  pruneDeliveries(cutoff: number, limit: number): Promise<{ deliveries: number; attempts: number } | null> {
    return this.locked(async (tx) => {
      const ids = rowsOf<{ id: number }>(
        await tx.execute(sql`select id from alert_deliveries where status in ('delivered', 'failed') and next_attempt_at < ${cutoff} and created_at < ${cutoff}
          order by id limit ${limit} for update skip locked`),
      ).map((r) => Number(r.id));
      if (!ids.length) return { deliveries: 0, attempts: 0 };
      const list = sql.join(ids.map((i) => sql`${i}::int`), sql`, `);
      const attempts = rowsOf(await tx.execute(sql`delete from alert_delivery_attempts where delivery_id in (${list}) returning id`)).length;
      const deliveries = rowsOf(await tx.execute(sql`delete from alert_deliveries where id in (${list}) returning id`)).length;
      return { deliveries, attempts };
    });
  }

  /**
   * Deletes one batch (at most `limit`) of `alert_events` created before `cutoff` (ms), except each
   * user's newest `keepPerUser`, events whose trigger key is in `permanentKeys`, and events that still
   * have a delivery row. Returns the rows deleted; null when another process holds the prune lock.
   */
  pruneEvents(cutoff: number, limit: number, keepPerUser: number, permanentKeys: readonly string[]): Promise<number | null> {
    return this.locked(async (tx) => {
      const keep = sql.join(permanentKeys.map((k) => sql`${k}`), sql`, `);
      const ids = rowsOf<{ id: number }>(
        await tx.execute(sql`select e.id from alert_events e
          where e.created_at < ${cutoff}
            and e.trigger_key not in (${keep})
            and e.id < coalesce((select k.id from alert_events k where k.user_id = e.user_id order by k.id desc offset ${keepPerUser - 1} limit 1), 0)
            and not exists (select 1 from alert_deliveries d where d.event_id = e.id)
          order by e.id limit ${limit} for update of e skip locked`),
      ).map((r) => Number(r.id));
      if (!ids.length) return 0;
      return rowsOf(await tx.execute(sql`delete from alert_events where id in (${sql.join(ids.map((i) => sql`${i}::int`), sql`, `)}) returning id`)).length;
    });
  }
}
