import { desc, eq, sql } from 'drizzle-orm';
import { subscriptions, users, type Database, type DatabaseHandle } from '@coinlens/db';

const DAY_MS = 86_400_000;

/** The membership window of a user (ms since epoch, wall time); isPro while `endDate` is in the future. */
export interface SubscriptionStatus {
  isPro: boolean;
  startDate: number | null;
  latestEndDate: number | null;
  isUsedInvitationCode: boolean;
}

/** What a grant adds to the history (SPEC §3 Subscription). */
export interface Grant {
  plan: string;
  source: 'payment' | 'invitation';
  days: number;
  network?: string;
  tokenType?: string;
  totalCost?: string;
  orderId?: string;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Membership windows on the users table (`subscription_start_date`, `subscription_end_date`) plus
 * the history in `subscriptions`. Runs on wall time (`now`), never on the replay clock.
 */
export class SubscriptionService {
  constructor(
    private readonly db: DatabaseHandle,
    public now: () => number = Date.now,
  ) {}

  /** Current status of `userId`; a missing user reads as free. */
  async status(userId: number): Promise<SubscriptionStatus> {
    const [u] = await this.db.db
      .select({ start: users.subscriptionStartDate, end: users.subscriptionEndDate, used: users.isUsedInvitationCode })
      .from(users)
      .where(eq(users.id, userId));
    const now = this.now();
    return { isPro: u?.end != null && u.end > now, startDate: u?.start ?? null, latestEndDate: u?.end ?? null, isUsedInvitationCode: u?.used ?? false };
  }

  /** Whether `userId` is a member right now. */
  async isPro(userId: number): Promise<boolean> {
    return (await this.status(userId)).isPro;
  }

  /** The history of grants, newest first. */
  async history(userId: number) {
    return this.db.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.id)).limit(50);
  }

  /**
   * Adds `grant.days` to the membership inside transaction `tx`: a renewal extends from the current
   * end date; a lapsed or new membership starts now. One atomic UPDATE, so concurrent grants add up.
   * Returns the new window.
   */
  async extendIn(tx: Tx, userId: number, grant: Grant): Promise<{ startDate: number; endDate: number; periodStart: number }> {
    const now = this.now();
    const ms = grant.days * DAY_MS;
    const r = (await tx.execute(sql`
      update users set
        subscription_start_date = case when subscription_end_date is not null and subscription_end_date > ${now} then coalesce(subscription_start_date, ${now}) else ${now} end,
        subscription_end_date = greatest(coalesce(subscription_end_date, 0), ${now}) + ${ms}
      where id = ${userId}
      returning subscription_start_date as start, subscription_end_date as "end"`)) as unknown as { rows: { start: unknown; end: unknown }[] };
    const row = r.rows[0];
    if (!row) throw new Error(`user ${userId} not found`);
    const endDate = Number(row.end);
    const periodStart = endDate - ms;
    await tx.insert(subscriptions).values({
      userId,
      plan: grant.plan,
      source: grant.source,
      startDate: periodStart,
      endDate,
      network: grant.network ?? null,
      tokenType: grant.tokenType ?? null,
      totalCost: grant.totalCost ?? null,
      orderId: grant.orderId ?? null,
      createdAt: now,
    });
    return { startDate: Number(row.start), endDate, periodStart };
  }
}
