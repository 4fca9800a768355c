import type { BillingRepository, Tx } from './billing.repository';

const DAY_MS = 86_400_000;

/** The membership window of a user (ms since epoch, wall time); isPro while `endDate` is in the future. */
export interface SubscriptionStatus {
  isPro: boolean;
  startDate: number | null;
  latestEndDate: number | null;
  isUsedInvitationCode: boolean;
}

/** What a grant adds to the history. */
export interface Grant {
  plan: string;
  source: 'payment' | 'invitation';
  days: number;
  network?: string;
  tokenType?: string;
  totalCost?: string;
  orderId?: string;
}

/**
 * Membership windows on the users table (`subscription_start_date`, `subscription_end_date`) plus
 * the history in `subscriptions`. Runs on wall time (`now`), never on the replay clock.
 */
export class SubscriptionService {
  private readonly repo: BillingRepository;

  constructor(
    repo: BillingRepository,
    public now: () => number = Date.now,
  ) {
    this.repo = repo;
  }

  /** Current status of `userId`; a missing user reads as free. */
  async status(userId: number): Promise<SubscriptionStatus> {
    const u = await this.repo.membership(userId);
    const now = this.now();
    return { isPro: u?.end != null && u.end > now, startDate: u?.start ?? null, latestEndDate: u?.end ?? null, isUsedInvitationCode: u?.usedInvitation ?? false };
  }

  /** Whether `userId` is a member right now. */
  async isPro(userId: number): Promise<boolean> {
    return (await this.status(userId)).isPro;
  }

  /** The history of grants, newest first. */
  async history(userId: number) {
    return this.repo.grants(userId, 50);
  }

  /**
   * Adds `grant.days` to the membership inside transaction `tx`: a renewal extends from the current
   * end date; a lapsed or new membership starts now. One atomic UPDATE, so concurrent grants add up.
   * Returns the new window.
   */
  async extendIn(tx: Tx, userId: number, grant: Grant): Promise<{ startDate: number; endDate: number; periodStart: number }> {
    const now = this.now();
    const ms = grant.days * DAY_MS;
    const row = await this.repo.extendMembership(tx, userId, now, ms);
    if (!row) throw new Error(`user ${userId} not found`);
    const endDate = row.end;
    const periodStart = endDate - ms;
    await this.repo.insertGrant(tx, {
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
    return { startDate: row.start, endDate, periodStart };
  }
}
