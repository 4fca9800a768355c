import { useQuery } from '@tanstack/react-query';
import type { BindInvitationResult, InvitationCode, PaymentOrder, SubscriptionPlansResult, Usage, UsageKind, WalletBalance, WalletProof } from '@coinlens/contracts';
import { get, request } from '../../lib/api';
import { useSession } from '../../lib/session';

/** Plans, quotas, prices and the payment networks (`GET /api/payment/subscription_plans?lang`). */
export function usePlans(lang: string) {
  return useQuery({
    queryKey: ['payment', 'plans', lang],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => get<SubscriptionPlansResult>('/payment/subscription_plans', { lang }, { signal, navigationScoped: false }),
  });
}

/** Today's usage of a daily quota while signed in (`GET /api/users/usage/{kind}`); refetch after each metered call. */
export function useUsage(kind: UsageKind) {
  const { token, userId } = useSession();
  return useQuery({
    queryKey: ['users', 'usage', kind, userId],
    enabled: !!token,
    staleTime: 30_000,
    queryFn: ({ signal }) => get<Usage>(`/users/usage/${kind}`, undefined, { signal, navigationScoped: false }),
  });
}

/** The caller's own invitation code. */
export function useInvitationCode(enabled: boolean) {
  const { userId } = useSession();
  return useQuery({
    queryKey: ['invitation', 'code', userId],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => get<InvitationCode>('/invitation/code', undefined, { signal, navigationScoped: false }),
  });
}

/** Binds an invitation code (7-day trial). Rejects with ApiError INVITE_CODE_* codes. */
export function bindInvitation(code: string): Promise<BindInvitationResult> {
  return request<BindInvitationResult>('/invitation/bind', { method: 'POST', body: { code }, navigationScoped: false });
}

/**
 * Creates an order (`POST /api/payment/create`). `wallet_proof` (a SIWE message for the wallet and
 * its signature) is required when the wallet is not linked to the account; rejects with ApiError
 * PAYMENT_WALLET_NOT_VERIFIED, WALLET_SIGNATURE_INVALID, SIWE_NONCE_INVALID, …
 */
export function createOrder(body: { plan: string; network: string; token_type: string; wallet_address: string; wallet_proof?: WalletProof }): Promise<PaymentOrder> {
  return request<PaymentOrder>('/payment/create', { method: 'POST', body, navigationScoped: false, retries: 0 });
}

export function submitTx(id: string, txHash: string): Promise<PaymentOrder> {
  return request<PaymentOrder>(`/payment/${encodeURIComponent(id)}/tx`, { method: 'POST', body: { tx_hash: txHash }, navigationScoped: false });
}

export function checkOrder(id: string): Promise<PaymentOrder> {
  return get<PaymentOrder>(`/payment/${encodeURIComponent(id)}/check_transaction_status`, undefined, { navigationScoped: false });
}

export function cancelOrder(id: string): Promise<PaymentOrder> {
  return get<PaymentOrder>(`/payment/${encodeURIComponent(id)}/cancel_check_transaction_status`, undefined, { navigationScoped: false });
}

export function walletBalance(q: { network: string; symbol: string; wallet_address: string; contract_address: string }): Promise<WalletBalance> {
  return get<WalletBalance>('/payment/wallet_balance', q, { navigationScoped: false });
}

/** A SIWE (EIP-4361) message for `address` with a single-use nonce (`GET /api/auth/metamask/nonce`). */
export function walletNonce(address: string): Promise<{ nonce: string; message: string; expires_at: string }> {
  return get<{ nonce: string; message: string; expires_at: string }>('/auth/metamask/nonce', { address }, { navigationScoped: false, retries: 0 });
}
