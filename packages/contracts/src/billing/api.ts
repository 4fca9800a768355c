import { BEARER, endpoint, GET, POST } from '../api/endpoint';
import { ErrorResponse } from '../common/envelope';
import { BindInvitationBody, BindInvitationResponse, GetInvitationCodeResponse } from './invitation';
import { CheckTransactionStatusQuery, CreatePaymentBody, PaymentIdParams, PaymentOrderResponse, SubmitPaymentTxBody, WalletBalanceQuery, WalletBalanceResponse } from './payment';
import { GetSubscriptionPlansQuery, GetSubscriptionPlansResponse, GetUsageResponse, SubscriptionStatusResponse, UsageParams } from './plans';

const tags = ['payment'];
const security = BEARER;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 402: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 410: ErrorResponse, 503: ErrorResponse };
const invitationErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 410: ErrorResponse };

/**
 * Membership endpoints: plans, daily usage, subscription status,
 * payment orders with on-chain verification, wallet balances; invitation codes.
 */
export const billingApi = {
  getSubscriptionPlans: endpoint(GET('/api/payment/subscription_plans'), {
    tags,
    summary: 'Plans with quotas and prices, and the networks/tokens payments accept',
    querystring: GetSubscriptionPlansQuery,
    response: { 200: GetSubscriptionPlansResponse, ...errors },
  }),
  getUsage: endpoint(GET('/api/users/usage/:kind'), { tags: ['users'], security, summary: "Today's usage of a daily quota (resets at UTC midnight)", params: UsageParams, response: { 200: GetUsageResponse, ...errors } }),
  getSubscription: endpoint(GET('/api/payment/subscription'), { tags, security, summary: 'Membership status (isPro, start, latest end date) and history', response: { 200: SubscriptionStatusResponse, ...errors } }),
  createPayment: endpoint(POST('/api/payment/create'), {
    tags,
    security,
    summary:
      'Create a payment order (amount in token base units, recipient, token contract, chain id, expiry) for a wallet linked to the account or proven by a SIWE signature (wallet_proof)',
    body: CreatePaymentBody,
    response: { 200: PaymentOrderResponse, ...errors, 403: ErrorResponse },
  }),
  getWalletBalance: endpoint(GET('/api/payment/wallet_balance'), { tags, security, summary: 'ERC-20 balance of a wallet (balanceOf through the network RPC)', querystring: WalletBalanceQuery, response: { 200: WalletBalanceResponse, ...errors } }),
  submitPaymentTx: endpoint(POST('/api/payment/:id/tx'), {
    tags,
    security,
    summary: 'Report the transaction hash of an order and verify it once',
    params: PaymentIdParams,
    body: SubmitPaymentTxBody,
    response: { 200: PaymentOrderResponse, ...errors },
  }),
  checkTransactionStatus: endpoint(GET('/api/payment/:id/check_transaction_status'), {
    tags,
    security,
    summary: 'Verify the order transaction once (optionally reporting tx_hash); pending|confirming|paid|failed|expired',
    params: PaymentIdParams,
    querystring: CheckTransactionStatusQuery,
    response: { 200: PaymentOrderResponse, ...errors },
  }),
  cancelCheckTransactionStatus: endpoint(GET('/api/payment/:id/cancel_check_transaction_status'), {
    tags,
    security,
    summary: 'Stop waiting: cancels an order without a transaction (one with a transaction keeps verifying)',
    params: PaymentIdParams,
    response: { 200: PaymentOrderResponse, ...errors },
  }),
  getPaymentStatus: endpoint(GET('/api/payment/:id/status'), { tags, security, summary: 'The stored order status (no chain call)', params: PaymentIdParams, response: { 200: PaymentOrderResponse, ...errors } }),
  getInvitationCode: endpoint(GET('/api/invitation/code'), { tags: ['invitation'], security, summary: "The caller's own invitation code and its state", response: { 200: GetInvitationCodeResponse, ...invitationErrors } }),
  bindInvitation: endpoint(POST('/api/invitation/bind'), {
    tags: ['invitation'],
    security,
    summary: "Bind another user's code: a 7-day Pro trial, once per user",
    body: BindInvitationBody,
    response: { 200: BindInvitationResponse, ...invitationErrors },
  }),
};
