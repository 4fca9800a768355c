import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckTransactionStatusQuery, CreatePaymentBody, ErrorResponse, GetSubscriptionPlansQuery, GetSubscriptionPlansResponse, GetUsageResponse,
  PaymentIdParams, PaymentOrderResponse, SubmitPaymentTxBody, UsageKind, WalletBalanceQuery, WalletBalanceResponse, resultOf,
} from '@coinlens/contracts';
import { currentUser, requireUser } from '../../platform/auth';
import type { Env } from '../../platform/env';
import { originOf } from '../auth/auth.routes';
import { listPlans } from './plans';
import type { PaymentService } from './payment.service';
import type { QuotaService } from './quota.service';
import type { SubscriptionService } from './subscription.service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 402: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 410: ErrorResponse, 503: ErrorResponse };

const SubscriptionStatusResponse = resultOf(
  z.object({
    isPro: z.boolean(),
    subscription_start_date: z.string().nullable(),
    latestEndDate: z.string().nullable(),
    history: z.array(z.object({ plan: z.string(), source: z.string(), start_date: z.string(), end_date: z.string(), network: z.string().nullable(), token_type: z.string().nullable(), total_cost: z.string().nullable() })),
  }),
);
const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/**
 * Membership endpoints (SPEC §7 Payment and Users usage): plans, daily usage, subscription status,
 * payment orders with on-chain verification, wallet balances.
 */
export async function billingRoutes(app: FastifyInstance, deps: { env: Env; payments: PaymentService; quota: QuotaService; subscriptions: SubscriptionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { payments, quota, subscriptions } = deps;
  const tags = ['payment'];
  const security = [{ bearerAuth: [] }];

  r.get('/api/payment/subscription_plans', { schema: { tags, summary: 'Plans with quotas and prices, and the networks/tokens payments accept', querystring: GetSubscriptionPlansQuery, response: { 200: GetSubscriptionPlansResponse, ...errors } } }, async (req) => ({
    result: { plans: listPlans(req.query.lang), payments_enabled: payments.enabled, networks: payments.networks(), confirmations: payments.requiredConfirmations },
  }));

  r.get('/api/users/usage/:kind', { preHandler: requireUser, schema: { tags: ['users'], security, summary: "Today's usage of a daily quota (resets at UTC midnight)", params: z.object({ kind: UsageKind }), response: { 200: GetUsageResponse, ...errors } } }, async (req) => ({
    result: await quota.usage(currentUser(req).id, req.params.kind),
  }));

  r.get('/api/payment/subscription', { preHandler: requireUser, schema: { tags, security, summary: 'Membership status (isPro, start, latest end date) and history', response: { 200: SubscriptionStatusResponse, ...errors } } }, async (req) => {
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

  r.post(
    '/api/payment/create',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Create a payment order (amount in token base units, recipient, token contract, chain id, expiry) for a wallet linked to the account or proven by a SIWE signature (wallet_proof)',
        body: CreatePaymentBody,
        response: { 200: PaymentOrderResponse, ...errors, 403: ErrorResponse },
      },
    },
    async (req) => ({ result: await payments.create(currentUser(req).id, req.body, new URL(originOf(req, deps.env)).host) }),
  );

  r.get('/api/payment/wallet_balance', { preHandler: requireUser, schema: { tags, security, summary: 'ERC-20 balance of a wallet (balanceOf through the network RPC)', querystring: WalletBalanceQuery, response: { 200: WalletBalanceResponse, ...errors } } }, async (req) => ({
    result: await payments.walletBalance(req.query),
  }));

  r.post('/api/payment/:id/tx', { preHandler: requireUser, schema: { tags, security, summary: 'Report the transaction hash of an order and verify it once', params: PaymentIdParams, body: SubmitPaymentTxBody, response: { 200: PaymentOrderResponse, ...errors } } }, async (req) => ({
    result: await payments.submitTx(currentUser(req).id, req.params.id, req.body.tx_hash),
  }));

  r.get(
    '/api/payment/:id/check_transaction_status',
    { preHandler: requireUser, schema: { tags, security, summary: 'Verify the order transaction once (optionally reporting tx_hash); pending|confirming|paid|failed|expired', params: PaymentIdParams, querystring: CheckTransactionStatusQuery, response: { 200: PaymentOrderResponse, ...errors } } },
    async (req) => {
      const uid = currentUser(req).id;
      return { result: req.query.tx_hash ? await payments.submitTx(uid, req.params.id, req.query.tx_hash) : await payments.check(uid, req.params.id) };
    },
  );

  r.get('/api/payment/:id/cancel_check_transaction_status', { preHandler: requireUser, schema: { tags, security, summary: 'Stop waiting: cancels an order without a transaction (one with a transaction keeps verifying)', params: PaymentIdParams, response: { 200: PaymentOrderResponse, ...errors } } }, async (req) => ({
    result: await payments.cancel(currentUser(req).id, req.params.id),
  }));

  r.get('/api/payment/:id/status', { preHandler: requireUser, schema: { tags, security, summary: 'The stored order status (no chain call)', params: PaymentIdParams, response: { 200: PaymentOrderResponse, ...errors } } }, async (req) => ({
    result: await payments.status(currentUser(req).id, req.params.id),
  }));
}
