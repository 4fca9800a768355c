import { useQuery } from '@tanstack/react-query';
import type { UsageKind } from '@coinlens/contracts';
import { api, type ApiInput } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/** Plans, quotas, prices and the payment networks (`GET /api/payment/subscription_plans?lang`). */
export function usePlans(lang: string) {
  return useQuery({
    queryKey: ['payment', 'plans', lang],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api('getSubscriptionPlans', { query: { lang } }, { signal, navigationScoped: false }),
  });
}

/** Today's usage of a daily quota while signed in (`GET /api/users/usage/{kind}`); refetch after each metered call. */
export function useUsage(kind: UsageKind) {
  const { token, userId } = useSession();
  return useQuery({
    queryKey: ['users', 'usage', kind, userId],
    enabled: !!token,
    staleTime: 30_000,
    queryFn: ({ signal }) => api('getUsage', { params: { kind } }, { signal, navigationScoped: false }),
  });
}

/** The caller's own invitation code. */
export function useInvitationCode(enabled: boolean) {
  const { userId } = useSession();
  return useQuery({
    queryKey: ['invitation', 'code', userId],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api('getInvitationCode', {}, { signal, navigationScoped: false }),
  });
}

/** Binds an invitation code (7-day trial). Rejects with ApiError INVITE_CODE_* codes. */
export function bindInvitation(code: string) {
  return api('bindInvitation', { body: { code } }, { navigationScoped: false });
}

/**
 * Creates an order (`POST /api/payment/create`). `wallet_proof` (a SIWE message for the wallet and
 * its signature) is required when the wallet is not linked to the account; rejects with ApiError
 * PAYMENT_WALLET_NOT_VERIFIED, WALLET_SIGNATURE_INVALID, SIWE_NONCE_INVALID, …
 */
export function createOrder(body: ApiInput<'createPayment'>['body']) {
  return api('createPayment', { body }, { navigationScoped: false, retries: 0 });
}

/** Reports the transaction hash of an order (`POST /api/payment/{id}/tx`). */
export function submitTx(id: string, txHash: string) {
  return api('submitPaymentTx', { params: { id }, body: { tx_hash: txHash } }, { navigationScoped: false });
}

/** Verifies the order's transaction once (`GET /api/payment/{id}/check_transaction_status`). */
export function checkOrder(id: string) {
  return api('checkTransactionStatus', { params: { id } }, { navigationScoped: false });
}

/** Stops waiting for an order (`GET /api/payment/{id}/cancel_check_transaction_status`). */
export function cancelOrder(id: string) {
  return api('cancelCheckTransactionStatus', { params: { id } }, { navigationScoped: false });
}

/** ERC-20 balance of a wallet (`GET /api/payment/wallet_balance`). */
export function walletBalance(query: ApiInput<'getWalletBalance'>['query']) {
  return api('getWalletBalance', { query }, { navigationScoped: false });
}

/** A SIWE (EIP-4361) message for `address` with a single-use nonce (`GET /api/auth/metamask/nonce`). */
export function walletNonce(address: string) {
  return api('metamaskNonce', { query: { address } }, { navigationScoped: false, retries: 0 });
}
