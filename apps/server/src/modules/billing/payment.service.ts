import crypto from 'node:crypto';
import { decodeEventLog, erc20Abi, formatUnits, getAddress, parseUnits } from 'viem';
import type { CreatePaymentBody, PaidPlanKey, PaymentNetwork, PaymentOrder, PaymentStatus, WalletBalance, WalletProof } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import type { ChainRegistry } from '../../providers/chain/rpc';
import { PLANS } from './plans';
import type { SubscriptionService } from './subscription.service';
import type { BillingRepository, OrderRow } from './billing.repository';

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());
const lower = (s: string) => s.toLowerCase();

/** A unique order id, e.g. `po_3kq…` (URL-safe). */
function newOrderId(): string {
  return `po_${crypto.randomBytes(15).toString('base64url')}`;
}

/** Postgres unique violation (23505), through drizzle's error wrapper or not. */
function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

/**
 * Who controls a wallet, as far as the accounts module knows (implemented with the linked
 * identities and the SIWE service; see `createBilling`).
 */
export interface WalletOwnership {
  /** Whether `address` (any case) is a MetaMask identity linked to `userId`. */
  isLinkedTo(userId: number, address: string): Promise<boolean>;
  /**
   * Verifies a SIWE message handed out for `address` and its signature, consuming the nonce;
   * `host` is the domain this deployment answers for. Throws AppError 401 SIWE_NONCE_INVALID,
   * 400 SIWE_MESSAGE_INVALID or 400 WALLET_SIGNATURE_INVALID.
   */
  verifySignature(address: string, proof: WalletProof, host: string): Promise<void>;
}

export interface PaymentOptions {
  /** Block confirmations before a payment is credited (`CONFIRMATIONS`). */
  confirmations: number;
  /** Minutes an order waits for its transaction (`PAYMENT_ORDER_TTL_MINUTES`). */
  orderTtlMinutes: number;
}

/**
 * On-chain membership payments. An order fixes the plan, network,
 * token, amount (base units), recipient (merchant), paying wallet and the network's head block at
 * creation. The paying wallet must be the user's: linked to the account, or proven by a fresh SIWE
 * signature when the order is created. The wallet sends an ERC-20 transfer and reports its hash;
 * the server verifies the receipt through the network's JSON-RPC (viem): right chain, success
 * status, mined in a block after the order's creation block, a `Transfer` log of the token contract
 * from the wallet to the merchant for at least the amount, and `confirmations` blocks. So nobody
 * can claim a stranger's transfer, nor a transfer made before the order. Crediting is one transaction
 * guarded by the order status, and a hash is paid on one order per chain (unique index among paid
 * orders), so a hash credits at most once. Wall time (`now`).
 */
export class PaymentService {
  private readonly repo: BillingRepository;

  constructor(
    repo: BillingRepository,
    private readonly chains: ChainRegistry,
    private readonly subs: SubscriptionService,
    private readonly opts: PaymentOptions,
    private readonly wallets: WalletOwnership,
    public now: () => number = Date.now,
  ) {
    this.repo = repo;
  }

  /** Whether any network can take payments. */
  get enabled(): boolean {
    return this.chains.enabled().length > 0;
  }

  /** The networks payments can be made on (enabled ones only). */
  networks(): PaymentNetwork[] {
    return this.chains.enabled().map((c) => ({
      network: c.network,
      name: c.name,
      chain_id: c.chainId,
      recipient: c.merchant!,
      explorer_url: c.explorerUrl,
      native_currency: c.nativeCurrency,
      rpc_urls: c.rpcUrl && /^https:\/\//.test(c.rpcUrl) ? [c.rpcUrl] : [],
      tokens: c.tokens.map((t) => ({ symbol: t.symbol, contract: t.contract, decimals: t.decimals })),
    }));
  }

  get requiredConfirmations(): number {
    return this.opts.confirmations;
  }

  private resolve(network: string, tokenType: string) {
    if (!this.enabled) throw new AppError('PAYMENTS_NOT_CONFIGURED', 'No payment network is configured');
    const chain = this.chains.find(network);
    if (!chain) throw new AppError('UNSUPPORTED_NETWORK', `Network ${network} is not supported`, { fields: [{ path: 'network', message: 'unsupported network' }] });
    const token = chain.tokens.find((t) => t.symbol === tokenType.toUpperCase());
    if (!token) throw new AppError('UNSUPPORTED_TOKEN_TYPE', `Token ${tokenType} is not accepted on ${network}`, { fields: [{ path: 'token_type', message: 'unsupported token type' }] });
    return { chain, token };
  }

  /**
   * Creates an order for `userId` paying from `body.wallet_address`, which must be linked to the
   * account or proven by `body.wallet_proof` (checked against `host`, the deployment's domain).
   * Records the network's head block. Errors: 503 PAYMENTS_NOT_CONFIGURED, 400 UNSUPPORTED_NETWORK
   * / UNSUPPORTED_TOKEN_TYPE, 403 PAYMENT_WALLET_NOT_VERIFIED (neither linked nor signed), the SIWE
   * errors of `WalletOwnership.verifySignature`, 503 SERVICE_UNAVAILABLE (the node did not answer).
   */
  async create(userId: number, body: CreatePaymentBody, host: string): Promise<PaymentOrder> {
    const { chain, token } = this.resolve(body.network, body.token_type);
    const wallet = getAddress(body.wallet_address);
    if (!body.wallet_proof && !(await this.wallets.isLinkedTo(userId, wallet))) {
      throw new AppError('PAYMENT_WALLET_NOT_VERIFIED', 'The wallet is not linked to this account and no signature of it was given', {
        fields: [{ path: 'body.wallet_proof', message: 'required for a wallet that is not linked to the account' }],
      });
    }
    // The head block first: when the node does not answer, the single-use proof is not spent.
    let createdBlock: bigint;
    try {
      createdBlock = await this.chains.rpc(chain.network).blockNumber();
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', `The ${chain.name} node did not answer`);
    }
    if (body.wallet_proof) await this.wallets.verifySignature(wallet, body.wallet_proof, host);
    const plan = PLANS[body.plan];
    const now = this.now();
    const row = await this.repo.insertOrder({
        id: newOrderId(),
        userId,
        plan: body.plan,
        network: chain.network,
        chainId: chain.chainId,
        tokenType: token.symbol,
        tokenContract: token.contract,
        decimals: token.decimals,
        amount: parseUnits(plan.price, token.decimals).toString(),
        recipient: chain.merchant!,
        walletAddress: wallet,
        status: 'pending',
        createdAt: now,
        createdBlock: Number(createdBlock),
        expiresAt: now + this.opts.orderTtlMinutes * 60_000,
      });
    return this.toDto(row, null);
  }

  /** ERC-20 balance of a wallet on an enabled network (`balanceOf` through the RPC). */
  async walletBalance(q: { network: string; symbol: string; wallet_address: string; contract_address?: string }): Promise<WalletBalance> {
    const { chain, token } = this.resolve(q.network, q.symbol);
    if (q.contract_address && lower(q.contract_address) !== lower(token.contract)) {
      throw new AppError('UNSUPPORTED_TOKEN_TYPE', 'The contract is not the accepted token contract', { fields: [{ path: 'contract_address', message: 'not the accepted token contract' }] });
    }
    let balance: bigint;
    try {
      balance = await this.chains.rpc(chain.network).balanceOf(token.contract, getAddress(q.wallet_address));
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', `The ${chain.name} node did not answer`);
    }
    return { network: chain.network, symbol: token.symbol, contract: token.contract, decimals: token.decimals, balance: balance.toString(), formatted: formatUnits(balance, token.decimals) };
  }

  private async load(userId: number, id: string): Promise<OrderRow> {
    const row = await this.repo.order(userId, id);
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', 'No such payment');
    return row;
  }

  private async setStatus(row: OrderRow, patch: Partial<OrderRow>, from: PaymentStatus[]): Promise<OrderRow> {
    const updated = await this.repo.updateOrderIfStatus(row.id, patch, from);
    return updated ?? (await this.load(row.userId, row.id));
  }

  /** Expires an order that got no transaction hash before `expires_at`. */
  private async applyExpiry(row: OrderRow): Promise<OrderRow> {
    if (row.status === 'pending' && !row.txHash && this.now() > row.expiresAt) return this.setStatus(row, { status: 'expired' }, ['pending']);
    return row;
  }

  /** The stored order (expiry applied), without asking the chain. */
  async status(userId: number, id: string): Promise<PaymentOrder> {
    const row = await this.applyExpiry(await this.load(userId, id));
    return this.toDto(row, await this.endDateOf(row));
  }

  /**
   * Reports the transaction hash of an order (idempotent for the same hash) and runs one
   * verification pass. Errors: 410 PAYMENT_EXPIRED (order expired or cancelled), 409
   * PAYMENT_ALREADY_CREDITED (the hash already paid an order), 400 VALIDATION_FAILED (the order
   * already has a different hash). Other pending orders reporting the same hash block nobody: only
   * the order whose wallet sent the transfer, after its creation, can be paid by it.
   */
  async submitTx(userId: number, id: string, txHash: string): Promise<PaymentOrder> {
    const hash = lower(txHash);
    let row = await this.applyExpiry(await this.load(userId, id));
    if (row.txHash !== hash) {
      if (row.status === 'expired' || row.status === 'cancelled') throw new AppError('PAYMENT_EXPIRED', 'This payment order has expired');
      if (row.txHash) throw new AppError('VALIDATION_FAILED', 'This order already has a transaction', { fields: [{ path: 'body.tx_hash', message: 'the order already has another transaction' }] });
      if (await this.repo.isTxCredited(row.chainId, hash)) throw new AppError('PAYMENT_ALREADY_CREDITED', 'This transaction was already used for another payment');
      const updated = await this.repo.attachTx(id, hash, this.now());
      row = updated ?? (await this.load(userId, id));
      if (row.txHash !== hash) {
        if (row.txHash) throw new AppError('VALIDATION_FAILED', 'This order already has a transaction', { fields: [{ path: 'body.tx_hash', message: 'the order already has another transaction' }] });
        throw new AppError('PAYMENT_EXPIRED', 'This payment order has expired');
      }
    }
    return this.check(userId, id);
  }

  /** Abandons an order that has no transaction yet (status `cancelled`); with a transaction it keeps verifying. */
  async cancel(userId: number, id: string): Promise<PaymentOrder> {
    const row = await this.load(userId, id);
    const after = row.txHash ? row : await this.setStatus(row, { status: 'cancelled' }, ['pending']);
    return this.toDto(after, await this.endDateOf(after));
  }

  /**
   * One verification pass of an order with a transaction hash; credits the membership once when
   * every check holds. Safe to call concurrently and repeatedly.
   */
  async check(userId: number, id: string): Promise<PaymentOrder> {
    let row = await this.applyExpiry(await this.load(userId, id));
    if ((row.status === 'pending' || row.status === 'confirming') && row.txHash) row = await this.verify(row);
    return this.toDto(row, await this.endDateOf(row));
  }

  private fail(row: OrderRow, reason: string): Promise<OrderRow> {
    return this.setStatus(row, { status: 'failed', failureReason: reason }, ['pending', 'confirming']);
  }

  private async verify(row: OrderRow): Promise<OrderRow> {
    const chain = this.chains.find(row.network);
    if (!chain || chain.chainId !== row.chainId) return row; // network removed from CHAINS: keep the order as it is
    const rpc = this.chains.rpc(row.network);
    const hash = row.txHash as `0x${string}`;
    let receipt, tx, head;
    try {
      [receipt, tx] = await Promise.all([rpc.receipt(hash), rpc.transaction(hash)]);
      head = receipt ? await rpc.blockNumber() : null;
    } catch {
      return row; // node unreachable: try again on the next check
    }
    if (!receipt) {
      // Unknown or not mined yet; give up once the order is well past its expiry.
      if (this.now() > row.expiresAt + this.opts.orderTtlMinutes * 60_000) return this.fail(row, 'tx_not_found');
      return row;
    }
    if (tx?.chainId != null && tx.chainId !== row.chainId) return this.fail(row, 'wrong_chain');
    if (receipt.status !== 'success') return this.fail(row, 'reverted');
    let afterOrder: boolean;
    try {
      afterOrder = await this.minedAfterOrder(rpc, row, receipt.blockNumber);
    } catch {
      return row; // node unreachable: try again on the next check
    }
    if (!afterOrder) return this.fail(row, 'tx_before_order');

    const token = lower(row.tokenContract);
    const merchant = lower(row.recipient);
    const wallet = lower(row.walletAddress);
    let paid = 0n;
    let sawOtherToken = false;
    let sawOtherRecipient = false;
    let sawOtherSender = false;
    for (const log of receipt.logs) {
      let ev;
      try {
        ev = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics, eventName: 'Transfer' });
      } catch {
        continue;
      }
      const { from, to, value } = ev.args as { from: string; to: string; value: bigint };
      if (lower(log.address) !== token) {
        if (lower(to) === merchant) sawOtherToken = true;
        continue;
      }
      if (lower(to) !== merchant) {
        sawOtherRecipient = true;
        continue;
      }
      if (lower(from) !== wallet) {
        sawOtherSender = true;
        continue;
      }
      paid += value;
    }
    if (paid === 0n) return this.fail(row, sawOtherToken ? 'wrong_token' : sawOtherSender ? 'wrong_sender' : sawOtherRecipient ? 'wrong_recipient' : 'wrong_token');
    if (paid < BigInt(row.amount)) return this.fail(row, 'underpaid');

    const confirmations = Number(head! - receipt.blockNumber + 1n);
    if (confirmations < this.opts.confirmations) {
      return this.setStatus(row, { status: 'confirming', confirmations: Math.max(0, confirmations) }, ['pending', 'confirming']);
    }
    return this.credit(row, confirmations, paid);
  }

  /**
   * Whether a transaction mined in block `minedIn` came after the order: a later block than the
   * order's creation block. Orders from before that column existed compare the block's timestamp
   * with the order's creation time instead, to the second (block timestamps have no finer unit).
   * RPC failures reject (the caller retries).
   */
  private async minedAfterOrder(rpc: ReturnType<ChainRegistry['rpc']>, row: OrderRow, minedIn: bigint): Promise<boolean> {
    if (row.createdBlock != null) return minedIn > BigInt(row.createdBlock);
    return (await rpc.blockTimestamp(minedIn)) >= Math.floor(row.createdAt / 1000);
  }

  /**
   * Marks the order paid and extends the membership, in one transaction guarded by the status. When
   * another order was paid by the same hash first (unique among paid orders), this one fails with
   * `already_credited`.
   */
  private async credit(row: OrderRow, confirmations: number, paid: bigint): Promise<OrderRow> {
    try {
      await this.creditOnce(row, confirmations, paid);
    } catch (e) {
      if (isUniqueViolation(e)) return this.fail(row, 'already_credited');
      throw e;
    }
    return this.load(row.userId, row.id);
  }

  private async creditOnce(row: OrderRow, confirmations: number, paid: bigint): Promise<void> {
    const now = this.now();
    const plan = PLANS[row.plan as PaidPlanKey];
    await this.repo.markPaid(row.id, { paidAt: now, confirmations }, async (tx) => {
      await this.subs.extendIn(tx, row.userId, { plan: row.plan, source: 'payment', days: plan.days, network: row.network, tokenType: row.tokenType, totalCost: paid.toString(), orderId: row.id });
    });
  }

  private async endDateOf(row: OrderRow): Promise<number | null> {
    if (row.status !== 'paid') return null;
    return (await this.subs.status(row.userId)).latestEndDate;
  }

  private toDto(row: OrderRow, endDate: number | null): PaymentOrder {
    return {
      id: row.id,
      plan: row.plan as PaidPlanKey,
      network: row.network,
      chain_id: row.chainId,
      token_type: row.tokenType,
      token_contract: row.tokenContract,
      decimals: row.decimals,
      amount: row.amount,
      amount_display: formatUnits(BigInt(row.amount), row.decimals),
      recipient: row.recipient,
      wallet_address: row.walletAddress,
      status: row.status as PaymentStatus,
      tx_hash: row.txHash,
      confirmations: row.confirmations,
      required_confirmations: this.opts.confirmations,
      failure_reason: row.failureReason,
      created_at: iso(row.createdAt)!,
      expires_at: iso(row.expiresAt)!,
      paid_at: iso(row.paidAt),
      subscription_end_date: iso(endDate),
    };
  }
}
