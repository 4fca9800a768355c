import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import { createPublicClient, createWalletClient, getAddress, http, type Abi, type PublicClient, type WalletClient } from 'viem';
import { loadTestToken } from './token-artifact';

/**
 * A real in-process EVM chain for tests: Hardhat 3.9.1's simulated network (EDR) served over a
 * local HTTP JSON-RPC port, so the server's viem `http()` transport talks to it like to any node.
 * Automining is on (one block per transaction); `mine(n)` adds blocks for confirmations.
 */
export interface TestChain {
  url: string;
  chainId: number;
  /** Hardhat's 20 unlocked accounts (eth_sendTransaction signs with them). */
  accounts: `0x${string}`[];
  client: PublicClient;
  wallet: WalletClient;
  abi: Abi;
  /** Deploys a TestToken ERC-20 and returns its address. */
  deployToken(symbol: string, decimals: number): Promise<`0x${string}`>;
  mint(token: `0x${string}`, to: `0x${string}`, amount: bigint): Promise<void>;
  /** `transfer(to, amount)` from `from`; waits for the receipt; returns the hash. */
  transfer(from: `0x${string}`, token: `0x${string}`, to: `0x${string}`, amount: bigint): Promise<`0x${string}`>;
  /** A transfer that reverts on chain (more than the balance, explicit gas so it is mined). */
  revertingTransfer(from: `0x${string}`, token: `0x${string}`, to: `0x${string}`, amount: bigint): Promise<`0x${string}`>;
  mine(blocks: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a chain on 127.0.0.1 (`port` 0 = any free port). */
export async function startTestChain(opts: { port?: number } = {}): Promise<TestChain> {
  const artifact = loadTestToken();
  const hre = await createHardhatRuntimeEnvironment({});
  const server = await hre.network.createServer('default', '127.0.0.1', opts.port ?? 0);
  const { port } = await server.listen();
  const url = `http://127.0.0.1:${port}`;
  const client = createPublicClient({ transport: http(url) }) as PublicClient;
  const chainId = await client.getChainId();
  const chain = { id: chainId, name: 'Hardhat', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } } as const;
  const wallet = createWalletClient({ chain, transport: http(url) });
  const accounts = (await wallet.getAddresses()) as `0x${string}`[];
  const abi = artifact.abi;
  const rpc = (method: string, params: unknown[] = []) => client.request({ method: method as never, params: params as never });

  return {
    url,
    chainId,
    accounts,
    client,
    wallet,
    abi,
    async deployToken(symbol, decimals) {
      const hash = await wallet.deployContract({ abi, bytecode: artifact.bytecode, args: [`Test ${symbol}`, symbol, decimals], account: accounts[0], chain });
      const r = await client.waitForTransactionReceipt({ hash });
      return getAddress(r.contractAddress!);
    },
    async mint(token, to, amount) {
      const hash = await wallet.writeContract({ address: token, abi, functionName: 'mint', args: [to, amount], account: accounts[0], chain });
      await client.waitForTransactionReceipt({ hash });
    },
    async transfer(from, token, to, amount) {
      const hash = await wallet.writeContract({ address: token, abi, functionName: 'transfer', args: [to, amount], account: from, chain });
      await client.waitForTransactionReceipt({ hash });
      return hash;
    },
    async revertingTransfer(from, token, to, amount) {
      await rpc('evm_setAutomine', [false]);
      try {
        const hash = await wallet.writeContract({ address: token, abi, functionName: 'transfer', args: [to, amount], account: from, chain, gas: 100_000n });
        await rpc('evm_mine');
        await client.waitForTransactionReceipt({ hash });
        return hash;
      } finally {
        await rpc('evm_setAutomine', [true]);
      }
    },
    async mine(blocks) {
      for (let i = 0; i < blocks; i++) await rpc('evm_mine');
    },
    async close() {
      await server.close();
    },
  };
}
