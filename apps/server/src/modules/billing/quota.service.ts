import type { Database } from '@coinlens/db';
import type { Usage, UsageKind } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import { dailyLimit } from './plans';
import type { SubscriptionService } from './subscription.service';
import type { BillingRepository } from './billing.repository';

/** The UTC day `YYYY-MM-DD` of `ms`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Next UTC midnight after `ms`, as ISO 8601. */
function nextUtcMidnight(ms: number): string {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();
}

const LIMIT_ERROR = { qa_per_day: 'CHAT_DAILY_LIMIT_EXCEEDED', strategy_per_day: 'STRATEGY_DAILY_LIMIT_EXCEEDED' } as const;

/**
 * Daily quotas (`qa_per_day`, `strategy_per_day`) per user and UTC day (wall time), limits from the
 * plans (Pro members get the `pro_monthly` limits). Other modules call
 * `ctx.quota.consumeQuota(userId, kind)` before doing the metered work.
 */
export class QuotaService {
  private readonly repo: BillingRepository;

  constructor(
    repo: BillingRepository,
    private readonly subs: SubscriptionService,
    public now: () => number = Date.now,
  ) {
    this.repo = repo;
  }

  /** `{limit, used, remaining, reset_at}` of today for `userId`; remaining = limit − used (≥ 0). */
  async usage(userId: number, kind: UsageKind): Promise<Usage> {
    const now = this.now();
    const limit = dailyLimit(await this.subs.isPro(userId), kind);
    const used = await this.repo.usedOn(userId, kind, utcDay(now));
    return { limit, used, remaining: Math.max(0, limit - used), reset_at: nextUtcMidnight(now) };
  }

  /** Today's limit of `kind` for `userId` (by plan: Pro members get the pro_monthly limits). */
  async limitOf(userId: number, kind: UsageKind): Promise<number> {
    return dailyLimit(await this.subs.isPro(userId), kind);
  }

  /**
   * Uses one unit of today's quota, atomically: a single INSERT … ON CONFLICT DO UPDATE … WHERE
   * used < limit, so concurrent calls never exceed the limit (on PGlite and PostgreSQL alike).
   * Returns the usage after the increment. Throws 429 CHAT_DAILY_LIMIT_EXCEEDED (qa_per_day) or
   * STRATEGY_DAILY_LIMIT_EXCEEDED (strategy_per_day) with details `{limit, used, remaining, reset_at}`.
   */
  async consumeQuota(userId: number, kind: UsageKind): Promise<Usage> {
    return this.consumeIn(undefined, userId, kind, await this.limitOf(userId, kind));
  }

  /**
   * {@link consumeQuota} as a statement of the caller's transaction `tx` (the unit is used only if
   * `tx` commits), with `limit` from {@link limitOf} read before the transaction: on PGlite a query
   * outside `tx` would wait for it to end. Same result and errors as consumeQuota.
   */
  async consumeIn(tx: Database | undefined, userId: number, kind: UsageKind, limit: number): Promise<Usage> {
    const now = this.now();
    const day = utcDay(now);
    const reset_at = nextUtcMidnight(now);
    const used = await this.repo.incrementUsage(tx, userId, kind, day, limit);
    if (used == null) {
      throw new AppError(LIMIT_ERROR[kind], `Daily limit of ${limit} reached`, { details: { limit, used: limit, remaining: 0, reset_at } });
    }
    return { limit, used, remaining: Math.max(0, limit - used), reset_at };
  }

  /**
   * Gives back one unit (when the metered work failed before producing anything): of the day whose
   * `usage` consumeQuota returned (so a failure after midnight credits the right day), else today.
   * `tx`: run inside the caller's transaction.
   */
  async releaseQuota(userId: number, kind: UsageKind, usage?: Pick<Usage, 'reset_at'>, tx?: Database): Promise<void> {
    const day = usage ? utcDay(Date.parse(usage.reset_at) - 86_400_000) : utcDay(this.now());
    await this.repo.decrementUsage(tx, userId, kind, day);
  }
}
