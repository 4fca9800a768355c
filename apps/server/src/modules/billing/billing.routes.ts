import type { FastifyInstance } from 'fastify';
import { billingApi as api } from '@coinlens/contracts/billing/api';
import { currentUser, requireUser } from '../../platform/auth';
import type { Env } from '../../platform/env';
import { route } from '../../platform/route';
import { originOf } from '../auth/auth.routes';
import { listPlans } from './plans';
import type { PaymentService } from './payment.service';
import type { QuotaService } from './quota.service';
import type { SubscriptionService } from './subscription.service';

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/**
 * Membership endpoints: plans, daily usage, subscription status,
 * payment orders with on-chain verification, wallet balances.
 */
export async function billingRoutes(app: FastifyInstance, deps: { env: Env; payments: PaymentService; quota: QuotaService; subscriptions: SubscriptionService }) {
  const { payments, quota, subscriptions } = deps;
  const signedIn = { preHandler: requireUser };

  route(app, api.getSubscriptionPlans, {}, async (req) => ({
    result: { plans: listPlans(req.query.lang), payments_enabled: payments.enabled, networks: payments.networks(), confirmations: payments.requiredConfirmations },
  }));

  route(app, api.getUsage, signedIn, async (req) => ({
    result: await quota.usage(currentUser(req).id, req.params.kind),
  }));

  route(app, api.getSubscription, signedIn, async (req) => {
    const id = currentUser(req).id;
    const [s, h] = await Promise.all([subscriptions.status(id), subscriptions.history(id)]);
    return {
      result: {
        isPro: s.isPro,
        subscription_start_date: iso(s.startDate),
        latestEndDate: iso(s.latestEndDate),
        history: h.map((x) => ({ plan: x.plan, source: x.source, start_date: iso(x.startDate)!, end_date: iso(x.endDate)!, network: x.network, token_type: x.tokenType, total_cost: x.totalCost })),
      },
    };
  });

  route(
    app,
    api.createPayment,
    signedIn,
    async (req) => ({ result: await payments.create(currentUser(req).id, req.body, new URL(originOf(req, deps.env)).host) }),
  );

  route(app, api.getWalletBalance, signedIn, async (req) => ({
    result: await payments.walletBalance(req.query),
  }));

  route(app, api.submitPaymentTx, signedIn, async (req) => ({
    result: await payments.submitTx(currentUser(req).id, req.params.id, req.body.tx_hash),
  }));

  route(
    app,
    api.checkTransactionStatus,
    signedIn,
    async (req) => {
      const uid = currentUser(req).id;
      return { result: req.query.tx_hash ? await payments.submitTx(uid, req.params.id, req.query.tx_hash) : await payments.check(uid, req.params.id) };
    },
  );

  route(app, api.cancelCheckTransactionStatus, signedIn, async (req) => ({
    result: await payments.cancel(currentUser(req).id, req.params.id),
  }));

  route(app, api.getPaymentStatus, signedIn, async (req) => ({
    result: await payments.status(currentUser(req).id, req.params.id),
  }));
}
