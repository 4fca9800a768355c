import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '@coinlens/db';

/** A row of `push_subscriptions` (times in ms, wall time). */
export interface PushSubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: number;
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * SQL of Web Push subscriptions (`push_subscriptions`). Removing a subscription first detaches the
 * outbox rows that name it (`alert_deliveries.push_subscription_id` → null; the foreign key would
 * cascade and erase their delivery log): a still pending one then fails as "subscription gone".
 */
export class PushSubscriptionsRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /**
   * Stores the subscription of `endpoint` for `userId`: new, or its keys and user agent refreshed.
   * An endpoint that belonged to another user (another account signed in on that browser) is
   * removed first, so no pending alert of that user reaches this browser.
   */
  async upsert(userId: number, s: { endpoint: string; p256dh: string; auth: string; userAgent: string | null }, now: number): Promise<PushSubscriptionRow> {
    return this.h.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const [old] = rowsOf<{ id: number; user_id: number }>(await tx.execute(sql`select id, user_id from push_subscriptions where endpoint = ${s.endpoint} for update`));
      if (old && Number(old.user_id) !== userId) await this.detachAndDelete(tx, Number(old.id));
      const [row] = rowsOf<PushSubscriptionRow>(
        await tx.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, user_agent, created_at)
          values (${userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth}, ${s.userAgent}, ${now})
          on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth, user_agent = coalesce(excluded.user_agent, push_subscriptions.user_agent)
          returning *`),
      );
      return row;
    }) as Promise<PushSubscriptionRow>;
  }

  /** Subscriptions of a user, oldest first. */
  async list(userId: number): Promise<PushSubscriptionRow[]> {
    return this.h.query<PushSubscriptionRow>(sql`select * from push_subscriptions where user_id = ${userId} order by id`);
  }

  /** Subscription ids per user, in one query (the evaluator writes one push delivery per id). */
  async idsOf(userIds: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (!userIds.length) return out;
    const rows = await this.h.query<{ id: number; user_id: number }>(sql`select id, user_id from push_subscriptions where user_id in (${sql.join(userIds.map((i) => sql`${i}`), sql`, `)}) order by id`);
    for (const r of rows) out.set(Number(r.user_id), [...(out.get(Number(r.user_id)) ?? []), Number(r.id)]);
    return out;
  }

  /** Subscriptions by id (endpoint and keys), for the dispatcher. */
  async byIds(ids: number[]): Promise<Map<number, PushSubscriptionRow>> {
    if (!ids.length) return new Map();
    const rows = await this.h.query<PushSubscriptionRow>(sql`select * from push_subscriptions where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    return new Map(rows.map((r) => [Number(r.id), r]));
  }

  /** Removes a subscription of `userId` by id or endpoint; false when the user has none such. */
  async remove(userId: number, by: { id: number } | { endpoint: string }): Promise<boolean> {
    return this.h.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const where = 'id' in by ? sql`id = ${by.id}` : sql`endpoint = ${by.endpoint}`;
      const [row] = rowsOf<{ id: number }>(await tx.execute(sql`select id from push_subscriptions where ${where} and user_id = ${userId} for update`));
      if (!row) return false;
      await this.detachAndDelete(tx, Number(row.id));
      return true;
    }) as Promise<boolean>;
  }

  /** Removes a subscription the push service said is gone (404/410). */
  async removeGone(id: number): Promise<void> {
    await this.h.db.transaction(async (t) => this.detachAndDelete(t as unknown as Database, id));
  }

  private async detachAndDelete(tx: Database, id: number): Promise<void> {
    await tx.execute(sql`update alert_deliveries set push_subscription_id = null where push_subscription_id = ${id}`);
    await tx.execute(sql`delete from push_subscriptions where id = ${id}`);
  }
}
