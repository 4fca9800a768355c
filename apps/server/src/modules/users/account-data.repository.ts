import type { AccountExport } from '@coinlens/contracts';
import { and, asc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import {
  alertDeliveries, alertDeliveryAttempts, alertEvents, alertRules, analyticsEvents, chatMessages, coinFollowing, invitationBindings, invitationCodes, newsFilters,
  oauthStates, paperPlans, paymentOrders, profiles, pushSubscriptions, savedScreens, sessions, socialLogins, strategyGenerations, subscriptions, telegramLinks,
  telegramLinkTokens, trialRedemptions, usageCounters, users, verificationCodes, webhookEndpoints, type DatabaseHandle,
} from '@coinlens/db';

type Row = Record<string, unknown>;

/** The origin (scheme, host, port) of a push service endpoint URL; the path is the subscription's capability and is left out. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

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
  async exportOf(userId: number): Promise<{ account: Row; data: AccountExport['data'] } | null> {
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
    const screens = await db.select().from(savedScreens).where(eq(savedScreens.userId, userId)).orderBy(asc(savedScreens.id));
    const alerts = await this.alertsExportOf(userId);
    return {
      account: { ...account, has_password: passwordHash != null },
      data: {
        profile, linked_identities: identities, sessions: sessionRows, watchlist, chat_messages: chat, strategy_generations: strategies, paper_plans: plans,
        payment_orders: orders, subscriptions: subs, usage_counters: usage, invitation_code: ownCode, invitation_bindings: bindings, invitation_trials: trials,
        news_filter: filters, analytics_events: events, saved_screens: screens, ...alerts,
      },
    };
  }

  /**
   * The alerts data of `userId` for the export: rules, webhook endpoints (without their signing
   * secrets), the Telegram link, push subscriptions (the push service's origin and the browser's
   * user agent; not the endpoint path or the keys, which are credentials), alert events (the
   * notifications), deliveries (with their payload) and the delivery attempts.
   */
  private async alertsExportOf(userId: number): Promise<Record<'alert_rules' | 'webhook_endpoints' | 'telegram_link' | 'push_subscriptions' | 'alert_notifications' | 'alert_deliveries' | 'alert_delivery_attempts', Row[]>> {
    const db = this.h.db;
    const [rules, endpoints, telegram, push, notifications, deliveries, attempts] = await Promise.all([
      db.select().from(alertRules).where(eq(alertRules.userId, userId)).orderBy(asc(alertRules.id)),
      db
        .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, description: webhookEndpoints.description, active: webhookEndpoints.active, createdAt: webhookEndpoints.createdAt })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(asc(webhookEndpoints.id)),
      db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId)),
      db
        .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, userAgent: pushSubscriptions.userAgent, createdAt: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.id)),
      db.select().from(alertEvents).where(eq(alertEvents.userId, userId)).orderBy(asc(alertEvents.id)),
      db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, userId)).orderBy(asc(alertDeliveries.id)),
      db
        .select({ id: alertDeliveryAttempts.id, deliveryId: alertDeliveryAttempts.deliveryId, attempt: alertDeliveryAttempts.attempt, at: alertDeliveryAttempts.at, ok: alertDeliveryAttempts.ok, statusCode: alertDeliveryAttempts.statusCode, error: alertDeliveryAttempts.error, durationMs: alertDeliveryAttempts.durationMs })
        .from(alertDeliveryAttempts)
        .innerJoin(alertDeliveries, eq(alertDeliveries.id, alertDeliveryAttempts.deliveryId))
        .where(eq(alertDeliveries.userId, userId))
        .orderBy(asc(alertDeliveryAttempts.id)),
    ]);
    return {
      alert_rules: rules,
      webhook_endpoints: endpoints,
      telegram_link: telegram,
      push_subscriptions: push.map(({ endpoint, ...p }) => ({ ...p, pushService: originOf(endpoint) })),
      alert_notifications: notifications,
      alert_deliveries: deliveries,
      alert_delivery_attempts: attempts,
    };
  }

  /**
   * Deletes the account `userId` in one transaction, as the privacy policy says: profile,
   * sessions, linked identities, watchlist, chat messages, strategy generations, paper plans,
   * usage counters, invitation code and bindings (as invitee and as inviter), news filter, saved screens, pending
   * one-time codes and OAuth states, and everything of alerts — rules, alert events (the
   * notifications), deliveries with their attempts (pending ones too, so nothing is sent
   * afterwards), webhook endpoints with their secrets, the Telegram link and link tokens, push
   * subscriptions — are deleted; analytics events and invitation trial records (the SHA-256 of the
   * address, kept so a mailbox gets one trial ever) lose their user id. Membership payment orders and
   * the subscriptions bought with them are payment records and are kept: if there are any, the
   * account row stays as an anonymous shell (no e-mail, name `deleted-<id>`, no password, no
   * permissions) that they point to, and subscriptions without a kept order (invitation trials) are
   * deleted; otherwise the row is deleted too. Returns the number of payment orders kept.
   */
  async erase(userId: number): Promise<number> {
    return this.h.db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(paymentOrders).where(eq(paymentOrders.userId, userId));
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (user?.email) await tx.delete(verificationCodes).where(eq(verificationCodes.email, user.email));
      // Deliveries first (their attempts cascade), then what they point to. They are locked in id
      // order first, the order in which a dispatcher recording attempts locks them.
      await tx.execute(sql`select id from alert_deliveries where user_id = ${userId} order by id for update`);
      for (const [table, col] of [
        [alertDeliveries, alertDeliveries.userId], [alertEvents, alertEvents.userId], [alertRules, alertRules.userId], [savedScreens, savedScreens.userId], [webhookEndpoints, webhookEndpoints.userId],
        [pushSubscriptions, pushSubscriptions.userId], [telegramLinks, telegramLinks.userId], [telegramLinkTokens, telegramLinkTokens.userId],
        [profiles, profiles.userId], [sessions, sessions.userId], [socialLogins, socialLogins.userId], [coinFollowing, coinFollowing.userId],
        [chatMessages, chatMessages.userId], [strategyGenerations, strategyGenerations.userId], [paperPlans, paperPlans.userId], [usageCounters, usageCounters.userId],
        [invitationCodes, invitationCodes.userId], [invitationBindings, invitationBindings.inviteeId], [invitationBindings, invitationBindings.inviterId],
        [verificationCodes, verificationCodes.userId], [oauthStates, oauthStates.userId],
      ] as const)
        await tx.delete(table).where(eq(col, userId));
      await tx.delete(newsFilters).where(eq(newsFilters.userId, String(userId)));
      await tx.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, userId));
      // A trial is given once per mailbox ever: its record (the address's hash, no user) outlives the account.
      await tx.update(trialRedemptions).set({ userId: null }).where(eq(trialRedemptions.userId, userId));
      if (n > 0) {
        const kept = tx.select({ id: paymentOrders.id }).from(paymentOrders).where(eq(paymentOrders.userId, userId));
        await tx.delete(subscriptions).where(and(eq(subscriptions.userId, userId), or(isNull(subscriptions.orderId), notInArray(subscriptions.orderId, kept))));
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
