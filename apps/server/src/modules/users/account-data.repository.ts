import { eq, inArray, sql } from 'drizzle-orm';
import {
  analyticsEvents, chatMessages, coinFollowing, invitationBindings, invitationCodes, newsFilters, oauthStates, paperPlans, paymentOrders, profiles, sessions,
  socialLogins, strategyGenerations, subscriptions, trialRedemptions, usageCounters, users, verificationCodes, type DatabaseHandle,
} from '@coinlens/db';

type Row = Record<string, unknown>;

/**
 * Everything stored about one account, for the data export and for account deletion (the privacy
 * policy's retention rules, see {@link AccountDataRepository.erase}).
 */
export class AccountDataRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /**
   * Every row held about `userId`, by kind. The password hash and the digests of one-time codes
   * are left out (secrets, not data about the person). Null when the account does not exist.
   */
  async exportOf(userId: number): Promise<{ account: Row; data: Record<string, Row[]> } | null> {
    const db = this.h.db;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) return null;
    const { passwordHash, ...account } = user;
    const [profile, identities, sessionRows, watchlist, chat, strategies, plans, orders, subs, usage, ownCode, bindings, trials, filters, events] = await Promise.all([
      db.select().from(profiles).where(eq(profiles.userId, userId)),
      db.select().from(socialLogins).where(eq(socialLogins.userId, userId)),
      db.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.userId, userId)),
      db.select().from(coinFollowing).where(eq(coinFollowing.userId, userId)),
      db.select().from(chatMessages).where(eq(chatMessages.userId, userId)),
      db.select().from(strategyGenerations).where(eq(strategyGenerations.userId, userId)),
      db.select().from(paperPlans).where(eq(paperPlans.userId, userId)),
      db.select().from(paymentOrders).where(eq(paymentOrders.userId, userId)),
      db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
      db.select().from(usageCounters).where(eq(usageCounters.userId, userId)),
      db.select().from(invitationCodes).where(eq(invitationCodes.userId, userId)),
      db.select().from(invitationBindings).where(eq(invitationBindings.inviteeId, userId)),
      db.select({ code: trialRedemptions.code, createdAt: trialRedemptions.createdAt }).from(trialRedemptions).where(eq(trialRedemptions.userId, userId)),
      db.select().from(newsFilters).where(eq(newsFilters.userId, String(userId))),
      db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, userId)),
    ]);
    return {
      account: { ...account, has_password: passwordHash != null },
      data: {
        profile, linked_identities: identities, sessions: sessionRows, watchlist, chat_messages: chat, strategy_generations: strategies, paper_plans: plans,
        payment_orders: orders, subscriptions: subs, usage_counters: usage, invitation_code: ownCode, invitation_bindings: bindings, invitation_trials: trials,
        news_filter: filters, analytics_events: events,
      },
    };
  }

  /**
   * Deletes the account `userId` in one transaction, as the privacy policy says: profile,
   * sessions, linked identities, watchlist, chat messages, strategy generations, paper plans,
   * usage counters, invitation code and bindings, invitation trials, news filter and pending
   * one-time codes are deleted; analytics events lose their user id. Membership payment orders and
   * their subscriptions are payment records and are kept: if there are any, the account row stays
   * as an anonymous shell (no e-mail, name `deleted-<id>`, no password, no permissions) that they
   * point to; otherwise the row is deleted too. Returns the number of payment orders kept.
   */
  async erase(userId: number): Promise<number> {
    return this.h.db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(paymentOrders).where(eq(paymentOrders.userId, userId));
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (user?.email) await tx.delete(verificationCodes).where(eq(verificationCodes.email, user.email));
      for (const [table, col] of [
        [profiles, profiles.userId], [sessions, sessions.userId], [socialLogins, socialLogins.userId], [coinFollowing, coinFollowing.userId],
        [chatMessages, chatMessages.userId], [strategyGenerations, strategyGenerations.userId], [paperPlans, paperPlans.userId], [usageCounters, usageCounters.userId],
        [invitationCodes, invitationCodes.userId], [invitationBindings, invitationBindings.inviteeId], [trialRedemptions, trialRedemptions.userId],
        [verificationCodes, verificationCodes.userId], [oauthStates, oauthStates.userId],
      ] as const)
        await tx.delete(table).where(eq(col, userId));
      await tx.delete(newsFilters).where(eq(newsFilters.userId, String(userId)));
      await tx.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, userId));
      if (n > 0) {
        await tx
          .update(users)
          .set({ username: `deleted-${userId}`, email: null, emailVerified: false, passwordHash: null, permissions: [], walletOnly: false, cookieAccepted: false, agreementAcceptedAt: null, timezone: 'UTC' })
          .where(eq(users.id, userId));
      } else {
        await tx.delete(users).where(inArray(users.id, [userId]));
      }
      return n;
    });
  }
}
