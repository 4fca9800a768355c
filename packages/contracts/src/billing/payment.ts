import { z } from 'zod';
import { resultOf } from '../common/envelope';
import { PaidPlanKey } from './plans';

/** 0x-prefixed 20-byte address (any case). */
export const EvmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address');
/** 0x-prefixed 32-byte transaction hash. */
export const TxHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x transaction hash');

/**
 * Order status: `pending` (waiting for the transaction), `confirming` (transaction found, waiting
 * for confirmations), `paid` (credited), `failed` (reverted, underpaid, wrong token/recipient/chain/
 * sender), `expired` (no valid transaction before `expires_at`), `cancelled` (abandoned before a
 * transaction hash was reported).
 */
export const PaymentStatus = z.enum(['pending', 'confirming', 'paid', 'failed', 'expired', 'cancelled']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/**
 * A payment order. `amount` is the price in the token's base units (decimal string, e.g.
 * `"19900000"` for 19.9 USDT with 6 decimals); `amount_display` the same in whole tokens. The
 * wallet must send exactly this ERC-20 `transfer(recipient, amount)` (or more) from
 * `wallet_address` on `chain_id`, on `token_contract`. Times are ISO 8601 (wall time).
 */
export const PaymentOrder = z.object({
  id: z.string(),
  plan: PaidPlanKey,
  network: z.string(),
  chain_id: z.number().int(),
  token_type: z.string(),
  token_contract: z.string(),
  decimals: z.number().int(),
  amount: z.string(),
  amount_display: z.string(),
  recipient: z.string(),
  wallet_address: z.string(),
  status: PaymentStatus,
  tx_hash: z.string().nullable(),
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  /** Why a payment failed (machine code: `reverted`, `underpaid`, `wrong_token`, `wrong_recipient`, `wrong_sender`, `wrong_chain`, `tx_not_found`, `tx_before_order` (mined in or before the block the order was created at), `already_credited` (the hash paid another order)). */
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  /** The membership end after this payment was credited. */
  subscription_end_date: z.string().nullable(),
});
export type PaymentOrder = z.infer<typeof PaymentOrder>;

/**
 * Proof that the caller controls `wallet_address`: a SIWE (EIP-4361) message handed out by
 * `GET /api/auth/metamask/nonce?address=` for that address, and its signature (EIP-191
 * `personal_sign`, hex). Single use, like a sign-in.
 */
export const WalletProof = z.object({
  message: z.string().min(1).max(4000),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/, 'must be hex').max(1000),
});
export type WalletProof = z.infer<typeof WalletProof>;

// POST /api/payment/create
/**
 * `wallet_address` must be proven: linked to the account (a MetaMask identity from sign-in or
 * linking), or `wallet_proof` signed by it. Otherwise 403 PAYMENT_WALLET_NOT_VERIFIED.
 */
export const CreatePaymentBody = z.object({
  plan: PaidPlanKey,
  network: z.string().min(1).max(40),
  token_type: z.string().min(1).max(20),
  wallet_address: EvmAddress,
  wallet_proof: WalletProof.optional(),
});
export type CreatePaymentBody = z.infer<typeof CreatePaymentBody>;
export const PaymentOrderResponse = resultOf(PaymentOrder);

export const PaymentIdParams = z.object({ id: z.string().min(1).max(64) });

// POST /api/payment/:id/tx
export const SubmitPaymentTxBody = z.object({ tx_hash: TxHash });
export type SubmitPaymentTxBody = z.infer<typeof SubmitPaymentTxBody>;

// GET /api/payment/:id/check_transaction_status?tx_hash (tx_hash optional: may report it here too)
export const CheckTransactionStatusQuery = z.object({ tx_hash: TxHash.optional() });

// GET /api/payment/wallet_balance?network&symbol&wallet_address&contract_address
export const WalletBalanceQuery = z.object({
  network: z.string().min(1).max(40),
  symbol: z.string().min(1).max(20),
  wallet_address: EvmAddress,
  contract_address: EvmAddress.optional(),
});
/** `balance` in base units (decimal string), `formatted` in whole tokens. */
export const WalletBalance = z.object({
  network: z.string(),
  symbol: z.string(),
  contract: z.string(),
  decimals: z.number().int(),
  balance: z.string(),
  formatted: z.string(),
});
export type WalletBalance = z.infer<typeof WalletBalance>;
export const WalletBalanceResponse = resultOf(WalletBalance);
