import { createPublicClient, erc20Abi, http, type PublicClient, type TransactionReceipt, type Transaction } from 'viem';
import type { ChainConfig } from './config';

/**
 * Read-only JSON-RPC access to one EVM network through viem's `http()` transport: ERC-20 balances,
 * transactions, receipts and the head block. Missing transactions/receipts resolve to null; RPC
 * failures reject with viem's error.
 */
export class EvmRpc {
  readonly client: PublicClient;
  constructor(readonly chain: ChainConfig) {
    if (!chain.rpcUrl) throw new Error(`network ${chain.network} has no RPC URL`);
    this.client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 1, timeout: 15_000 }) });
  }

  /** `balanceOf(owner)` of an ERC-20 contract, in base units. */
  async balanceOf(token: `0x${string}`, owner: `0x${string}`): Promise<bigint> {
    return this.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  }

  /** The receipt of a mined transaction, or null while it is unknown or pending. */
  async receipt(hash: `0x${string}`): Promise<TransactionReceipt | null> {
    try {
      return await this.client.getTransactionReceipt({ hash });
    } catch (e) {
      if ((e as Error).name === 'TransactionReceiptNotFoundError') return null;
      throw e;
    }
  }

  /** The transaction (pending or mined), or null when the node does not know it. */
  async transaction(hash: `0x${string}`): Promise<Transaction | null> {
    try {
      return await this.client.getTransaction({ hash });
    } catch (e) {
      if ((e as Error).name === 'TransactionNotFoundError') return null;
      throw e;
    }
  }

  /** The timestamp of block `n`, in seconds since epoch. */
  async blockTimestamp(n: bigint): Promise<number> {
    return Number((await this.client.getBlock({ blockNumber: n })).timestamp);
  }

  /** The latest block number. */
  async blockNumber(): Promise<bigint> {
    return this.client.getBlockNumber({ cacheTime: 0 });
  }
}

/** Clients of every enabled network, created on first use. */
export class ChainRegistry {
  private readonly clients = new Map<string, EvmRpc>();
  constructor(readonly chains: ChainConfig[]) {}

  /** Enabled networks (RPC URL and merchant set). */
  enabled(): ChainConfig[] {
    return this.chains.filter((c) => c.enabled);
  }

  /** The enabled network with key `network`, or undefined. */
  find(network: string): ChainConfig | undefined {
    return this.enabled().find((c) => c.network === network.toLowerCase());
  }

  /** The RPC client of an enabled network. */
  rpc(network: string): EvmRpc {
    let c = this.clients.get(network);
    if (!c) {
      const chain = this.find(network);
      if (!chain) throw new Error(`network ${network} is not enabled`);
      c = new EvmRpc(chain);
      this.clients.set(network, c);
    }
    return c;
  }
}
