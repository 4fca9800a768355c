import { and, desc, eq, sql } from 'drizzle-orm';
import { paymentOrders, subscriptions, usageCounters, users, type Database, type DatabaseHandle } from '@coinlens/db';

/** One row of `payment_orders` (packages/db schema/billing.ts); amounts in the token's base units as decimal strings. */
export type OrderRow = typeof paymentOrders.$inferSelect;
/** A transaction handle of drizzle (`db.transaction((tx) => …)`), for statements that must commit together. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The SQL of membership: daily usage counters (`usage_counters`), membership windows (the
 * `subscription_*` columns of `users`) and their history (`subscriptions`), and payment orders
 * (`payment_orders`). Times are ms since epoch (wall time); days are UTC `YYYY-MM-DD`. Methods that
 * take a `tx` run inside the caller's transaction (default: the handle, autocommit).
 */
export class BillingRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /** Runs `fn` in one transaction (committed when it resolves, rolled back when it throws). */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.h.db.transaction(fn);
  }

  // ---- usage counters -----------------------------------------------------------------------------

  /** Units of `kind` used by `userId` on UTC `day` (0 when none). */
  async usedOn(userId: number, kind: string, day: string): Promise<number> {
    const [row] = await this.h.db
      .select({ used: usageCounters.used })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.kind, kind), eq(usageCounters.day, day)));
    return row?.used ?? 0;
  }

  /**
   * Adds one unit of `kind` on `day` unless `limit` units are used, as one statement (INSERT … ON
   * CONFLICT DO UPDATE … WHERE used < limit), so concurrent calls never pass the limit. Returns the
   * units used after the increment, or null when the limit was reached (or is 0).
   */
  async incrementUsage(tx: Database | Tx | undefined, userId: number, kind: string, day: string, limit: number): Promise<number | null> {
    if (limit <= 0) return null;
    const r = (await (tx ?? this.h.db).execute(sql`
      insert into usage_counters (user_id, kind, day, used) values (${userId}, ${kind}, ${day}, 1)
      on conflict (user_id, kind, day) do update set used = usage_counters.used + 1
      where usage_counters.used < ${limit}
      returning used`)) as unknown as { rows: { used: number }[] };
    return r.rows.length ? Number(r.rows[0].used) : null;
  }

  /** Gives back one unit of `kind` on `day` (never below 0). */
  async decrementUsage(tx: Database | Tx | undefined, userId: number, kind: string, day: string): Promise<void> {
    await (tx ?? this.h.db).execute(sql`update usage_counters set used = used - 1 where user_id = ${userId} and kind = ${kind} and day = ${day} and used > 0`);
  }

  // ---- membership -----------------------------------------------------------------------------------

  /** The membership columns of `userId` (null when the user does not exist). */
  async membership(userId: number): Promise<{ start: number | null; end: number | null; usedInvitation: boolean } | null> {
    const [u] = await this.h.db
      .select({ start: users.subscriptionStartDate, end: users.subscriptionEndDate, used: users.isUsedInvitationCode })
      .from(users)
      .where(eq(users.id, userId));
    return u ? { start: u.start, end: u.end, usedInvitation: u.used } : null;
  }

  /** The newest `limit` grants of `userId`, newest first. */
  grants(userId: number, limit: number) {
    return this.h.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.id)).limit(limit);
  }

  /**
   * Adds `ms` to the membership of `userId` in one atomic UPDATE: a running membership (end after
   * `now`) is extended from its end and keeps its start; a lapsed or new one runs from `now`.
   * Returns the new window, or null when the user does not exist.
   */
  async extendMembership(tx: Tx, userId: number, now: number, ms: number): Promise<{ start: number; end: number } | null> {
    const r = (await tx.execute(sql`
      update users set
        subscription_start_date = case when subscription_end_date is not null and subscription_end_date > ${now} then coalesce(subscription_start_date, ${now}) else ${now} end,
        subscription_end_date = greatest(coalesce(subscription_end_date, 0), ${now}) + ${ms}
      where id = ${userId}
      returning subscription_start_date as start, subscription_end_date as "end"`)) as unknown as { rows: { start: unknown; end: unknown }[] };
    const row = r.rows[0];
    return row ? { start: Number(row.start), end: Number(row.end) } : null;
  }

  /** Appends a grant to the history. */
  async insertGrant(tx: Tx, row: typeof subscriptions.$inferInsert): Promise<void> {
    await tx.insert(subscriptions).values(row);
  }

  // ---- payment orders ---------------------------------------------------------------------------------

  /** Inserts an order and returns it. */
  async insertOrder(row: typeof paymentOrders.$inferInsert): Promise<OrderRow> {
    const [created] = await this.h.db.insert(paymentOrders).values(row).returning();
    return created;
  }

  /** Order `id` of `userId`, or null. */
  async order(userId: number, id: string): Promise<OrderRow | null> {
    const [row] = await this.h.db.select().from(paymentOrders).where(and(eq(paymentOrders.id, id), eq(paymentOrders.userId, userId)));
    return row ?? null;
  }

  /** Applies `patch` to order `id` if its status is one of `from`; the updated row, or null when the status had moved on. */
  async updateOrderIfStatus(id: string, patch: Partial<OrderRow>, from: readonly string[]): Promise<OrderRow | null> {
    const [updated] = await this.h.db
      .update(paymentOrders)
      .set(patch)
      .where(and(eq(paymentOrders.id, id), sql`${paymentOrders.status} in (${sql.join(from.map((s) => sql`${s}`), sql`, `)})`))
      .returning();
    return updated ?? null;
  }

  /** Whether transaction `txHash` (lower case) already paid an order on chain `chainId`. */
  async isTxCredited(chainId: number, txHash: string): Promise<boolean> {
    const [credited] = await this.h.db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.chainId, chainId), eq(paymentOrders.txHash, txHash), eq(paymentOrders.status, 'paid')))
      .limit(1);
    return !!credited;
  }

  /** Sets the transaction hash of pending order `id` if it has none; the updated row, or null when it had one or is no longer pending. */
  async attachTx(id: string, txHash: string, at: number): Promise<OrderRow | null> {
    const [updated] = await this.h.db
      .update(paymentOrders)
      .set({ txHash, txSubmittedAt: at })
      .where(and(eq(paymentOrders.id, id), sql`${paymentOrders.txHash} is null`, eq(paymentOrders.status, 'pending')))
      .returning();
    return updated ?? null;
  }

  /**
   * In one transaction: marks order `id` paid (when still pending or confirming) with `patch`, then
   * runs `then(tx)` (the membership grant). Nothing happens when another pass paid it first. A
   * second paid order of the same hash and chain fails on the unique index (23505) and rolls back.
   */
  async markPaid(id: string, patch: Pick<OrderRow, 'paidAt' | 'confirmations'>, then: (tx: Tx) => Promise<void>): Promise<void> {
    await this.h.db.transaction(async (tx) => {
      const [won] = await tx
        .update(paymentOrders)
        .set({ status: 'paid', failureReason: null, ...patch })
        .where(and(eq(paymentOrders.id, id), sql`${paymentOrders.status} in ('pending', 'confirming')`))
        .returning({ id: paymentOrders.id });
      if (won) await then(tx);
    });
  }
}
