import { useSyncExternalStore } from 'react';
import type { PaidPlanKey, PaymentNetwork, PaymentOrder, WalletBalance } from '@coinlens/contracts';
import { ApiError } from '../../lib/api';
import { cancelOrder, checkOrder, createOrder, submitTx, walletBalance, walletNonce } from './pricing-api';
import { connectWallet, ensureChain, sendPayment, signWalletMessage, WalletError } from '../../lib/wallet';

/**
 * Payment flow: connect wallet → (a wallet not linked to the account proves
 * it is the user's by signing a SIWE message) → choose network and token → check balance → tick the
 * terms → confirm → processing (the user stays; confirmations counted) → success | failure.
 * The state lives in this module, not in the page, so it survives navigating away and back (the
 * pricing page is "kept alive"), and the confirmation polling keeps running meanwhile.
 */
export type Phase = 'idle' | 'connecting' | 'verifying' | 'paying' | 'processing' | 'success' | 'failed';

/** A signed SIWE message proving `wallet` is the user's; single use (spent by the next order). */
export interface WalletProofState {
  wallet: `0x${string}`;
  message: string;
  signature: string;
}

export interface PricingState {
  plan: PaidPlanKey | null;
  network: string | null;
  token: string | null;
  wallet: `0x${string}` | null;
  /** The proof of `wallet` for the next order (wallets not linked to the account). */
  proof: WalletProofState | null;
  balance: WalletBalance | null;
  balanceLoading: boolean;
  terms: boolean;
  phase: Phase;
  order: PaymentOrder | null;
  /** Error code shown under the form (`errors.CODE`). */
  error: string | null;
}

const INITIAL: PricingState = { plan: null, network: null, token: null, wallet: null, proof: null, balance: null, balanceLoading: false, terms: false, phase: 'idle', order: null, error: null };
/** Poll interval of the order status while processing. */
export const POLL_MS = 2500;

let state: PricingState = INITIAL;
const listeners = new Set<() => void>();
let pollTimer: ReturnType<typeof setTimeout> | null = null;
let onPaid: (() => void) | null = null;

function set(patch: Partial<PricingState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

const codeOf = (e: unknown): string => (e instanceof WalletError || e instanceof ApiError ? e.code : 'INTERNAL');

/** Read the flow state in a component. */
export function usePricingState(): PricingState {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => state,
    () => state,
  );
}

/** Called once an order is paid (the page refreshes the profile and usage). */
export function setOnPaid(fn: (() => void) | null): void {
  onPaid = fn;
}

export const pricing = {
  get: () => state,
  selectPlan(plan: PaidPlanKey) {
    if (state.phase === 'processing' || state.phase === 'paying' || state.phase === 'verifying') return;
    set({ plan, phase: state.phase === 'success' || state.phase === 'failed' ? 'idle' : state.phase, order: null, error: null });
  },
  selectNetwork(network: string, firstToken: string | null) {
    set({ network, token: firstToken, balance: null, error: null });
    void pricing.refreshBalance();
  },
  selectToken(token: string) {
    set({ token, balance: null, error: null });
    void pricing.refreshBalance();
  },
  setTerms(terms: boolean) {
    set({ terms });
  },
  async connect() {
    set({ phase: 'connecting', error: null });
    try {
      const wallet = await connectWallet();
      set({ wallet, proof: state.proof?.wallet.toLowerCase() === wallet.toLowerCase() ? state.proof : null, phase: 'idle' });
      await pricing.refreshBalance();
    } catch (e) {
      set({ phase: 'idle', error: codeOf(e) });
    }
  },
  async refreshBalance(networks?: PaymentNetwork[]) {
    const { network, token, wallet } = state;
    if (!network || !token || !wallet) return;
    const contract = networks?.find((n) => n.network === network)?.tokens.find((t) => t.symbol === token)?.contract ?? lastNetworks.find((n) => n.network === network)?.tokens.find((t) => t.symbol === token)?.contract;
    if (!contract) return;
    set({ balanceLoading: true });
    try {
      const balance = await walletBalance({ network, symbol: token, wallet_address: wallet, contract_address: contract });
      if (state.network === network && state.token === token && state.wallet === wallet) set({ balance, balanceLoading: false });
    } catch (e) {
      set({ balanceLoading: false, error: codeOf(e) });
    }
  },
  /** Proves the connected wallet is the user's: a SIWE message from the server, signed in the wallet. */
  async verifyWallet() {
    const { wallet } = state;
    if (!wallet || state.phase !== 'idle') return;
    set({ phase: 'verifying', error: null });
    try {
      const { message } = await walletNonce(wallet);
      const signature = await signWalletMessage(wallet, message);
      if (state.wallet === wallet) set({ proof: { wallet, message, signature }, phase: 'idle' });
      else set({ phase: 'idle' });
    } catch (e) {
      set({ phase: 'idle', error: codeOf(e) });
    }
  },
  /**
   * Creates the order (with the wallet's proof unless `walletLinked`), switches the wallet's chain,
   * sends the transfer and starts the confirmation polling.
   */
  async pay(networks: PaymentNetwork[], walletLinked: boolean) {
    const { plan, network, token, wallet, terms, proof } = state;
    const net = networks.find((n) => n.network === network);
    if (!plan || !net || !token || !wallet || !terms) return;
    const walletProof = !walletLinked && proof?.wallet === wallet ? { message: proof.message, signature: proof.signature } : undefined;
    if (!walletLinked && !walletProof) return;
    set({ phase: 'paying', error: null, order: null });
    try {
      await ensureChain(net);
      // The proof is single use: spent by this order whatever happens next.
      if (walletProof) set({ proof: null });
      const order = await createOrder({ plan, network: net.network, token_type: token, wallet_address: wallet, ...(walletProof ? { wallet_proof: walletProof } : {}) });
      set({ order });
      const hash = await sendPayment(order, net);
      set({ phase: 'processing' });
      apply(await submitTx(order.id, hash));
    } catch (e) {
      const code = codeOf(e);
      if (state.order && !state.order.tx_hash) void cancelOrder(state.order.id).catch(() => undefined);
      set({ phase: 'failed', error: code === 'INTERNAL' ? 'PAYMENT_UNSUCCESSFUL' : code });
    }
  },
  /** Back to the form after a result. */
  reset() {
    stopPolling();
    set({ phase: 'idle', order: null, error: null, terms: false });
    void pricing.refreshBalance();
  },
};

let lastNetworks: PaymentNetwork[] = [];
/** Remembers the configured networks (for balance look-ups started from the store). */
export function rememberNetworks(n: PaymentNetwork[]): void {
  lastNetworks = n;
}

function stopPolling(): void {
  if (pollTimer) clearTimeout(pollTimer);
  pollTimer = null;
}

function apply(order: PaymentOrder): void {
  set({ order });
  stopPolling();
  if (order.status === 'paid') {
    set({ phase: 'success' });
    onPaid?.();
  } else if (order.status === 'failed' || order.status === 'expired' || order.status === 'cancelled') {
    set({ phase: 'failed', error: 'PAYMENT_UNSUCCESSFUL' });
  } else {
    pollTimer = setTimeout(() => {
      checkOrder(order.id).then(apply, () => apply(order));
    }, POLL_MS);
  }
}
