import type { DatabaseHandle } from '@coinlens/db';
import type { Env } from '../../platform/env';
import { resolveChains } from '../../providers/chain/config';
import { ChainRegistry } from '../../providers/chain/rpc';
import { InvitationService } from '../invitations/invitations.service';
import type { Accounts } from '../auth/accounts';
import { PaymentService, type WalletOwnership } from './payment.service';
import { QuotaService } from './quota.service';
import { SubscriptionService } from './subscription.service';
import { BillingRepository } from './billing.repository';
import { InvitationsRepository } from '../invitations/invitations.repository';

/**
 * The membership services, built once per process (`ctx.billing`):
 *  - `subscriptions`: membership windows (wall time) and history
 *  - `quota`: `consumeQuota(userId, 'qa_per_day' | 'strategy_per_day')` for metered features
 *  - `payments`: on-chain payment orders and verification
 *  - `invitations`: own codes and the 7-day trial
 */
export interface Billing {
  chains: ChainRegistry;
  subscriptions: SubscriptionService;
  quota: QuotaService;
  payments: PaymentService;
  invitations: InvitationService;
  /** Sets the wall clock of every membership service (tests move it past expiries). */
  setNow(now: () => number): void;
}

/**
 * Wallet ownership from the accounts module: the MetaMask identities linked to a user, and SIWE
 * signatures (the same single-use nonces as sign-in).
 */
export function walletOwnershipOf(accounts: Pick<Accounts, 'usersRepo' | 'siwe'>): WalletOwnership {
  return {
    async isLinkedTo(userId, address) {
      const linked = await accounts.usersRepo.socialLogin('metamask', address.toLowerCase());
      return linked?.userId === userId;
    },
    async verifySignature(address, proof, host) {
      await accounts.siwe.verify(address, proof.message, proof.signature, host, 'WALLET_SIGNATURE_INVALID');
    },
  };
}

/**
 * Builds the membership services from `CHAINS`, `CONFIRMATIONS`, `PAYMENT_ORDER_TTL_MINUTES` and
 * `INVITATION_MAX_USES`;
 * `accounts` proves the paying wallets.
 */
export function createBilling(env: Env, db: DatabaseHandle, accounts: Pick<Accounts, 'usersRepo' | 'siwe'>): Billing {
  const chains = new ChainRegistry(resolveChains(env.CHAINS));
  const repo = new BillingRepository(db);
  const subscriptions = new SubscriptionService(repo);
  const quota = new QuotaService(repo, subscriptions);
  const payments = new PaymentService(repo, chains, subscriptions, { confirmations: env.CONFIRMATIONS, orderTtlMinutes: env.PAYMENT_ORDER_TTL_MINUTES }, walletOwnershipOf(accounts));
  const invitations = new InvitationService(new InvitationsRepository(db), subscriptions, { maxUses: env.INVITATION_MAX_USES });
  return {
    chains,
    subscriptions,
    quota,
    payments,
    invitations,
    setNow(now) {
      subscriptions.now = now;
      quota.now = now;
      payments.now = now;
      invitations.now = now;
    },
  };
}
