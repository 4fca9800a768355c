import { createWalletClient, custom, erc20Abi, type EIP1193Provider } from 'viem';
import type { PaymentNetwork, PaymentOrder } from '@coinlens/contracts';

/** A wallet failure with the error code the pricing page translates (`errors.CODE`). */
export class WalletError extends Error {
  constructor(readonly code: 'METAMASK_NOT_INSTALLED' | 'CONNECT_WALLET_FAILED' | 'PAYMENT_UNSUCCESSFUL', message?: string) {
    super(message ?? code);
    this.name = 'WalletError';
  }
}

/** The injected EIP-1193 provider (`window.ethereum`, MetaMask), or throws METAMASK_NOT_INSTALLED. */
export function injectedProvider(): EIP1193Provider {
  const eth = (window as unknown as { ethereum?: EIP1193Provider }).ethereum;
  if (!eth || typeof eth.request !== 'function') throw new WalletError('METAMASK_NOT_INSTALLED');
  return eth;
}

/** Whether an injected wallet exists. */
export function hasInjectedWallet(): boolean {
  return typeof window !== 'undefined' && typeof (window as unknown as { ethereum?: { request?: unknown } }).ethereum?.request === 'function';
}

/** Asks the wallet for its accounts (`eth_requestAccounts`); the first address. */
export async function connectWallet(): Promise<`0x${string}`> {
  const eth = injectedProvider();
  try {
    const accounts = (await eth.request({ method: 'eth_requestAccounts' })) as string[];
    if (!accounts?.length) throw new Error('no account');
    return accounts[0] as `0x${string}`;
  } catch {
    throw new WalletError('CONNECT_WALLET_FAILED');
  }
}

const hexId = (id: number) => `0x${id.toString(16)}` as const;

/**
 * Signs a SIWE message with the connected wallet (`personal_sign`, EIP-191) to prove `address` is
 * the user's; returns the signature (hex). Throws WalletError CONNECT_WALLET_FAILED when the user
 * refuses or the wallet fails.
 */
export async function signWalletMessage(address: `0x${string}`, message: string): Promise<`0x${string}`> {
  const eth = injectedProvider();
  const client = createWalletClient({ transport: custom(eth) });
  try {
    return await client.signMessage({ account: address, message });
  } catch {
    throw new WalletError('CONNECT_WALLET_FAILED');
  }
}

/**
 * Makes the wallet use `network` (`wallet_switchEthereumChain`; on 4902 "unknown chain",
 * `wallet_addEthereumChain` with the network's RPC URL, then switch), verified with `eth_chainId`.
 */
export async function ensureChain(network: PaymentNetwork): Promise<void> {
  const eth = injectedProvider();
  const current = Number.parseInt(String(await eth.request({ method: 'eth_chainId' })), 16);
  if (current === network.chain_id) return;
  try {
    await eth.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hexId(network.chain_id) }] });
  } catch (e) {
    const code = (e as { code?: number }).code;
    if (code !== 4902 || !network.rpc_urls.length) throw new WalletError('CONNECT_WALLET_FAILED');
    await eth.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: hexId(network.chain_id), chainName: network.name, nativeCurrency: network.native_currency, rpcUrls: network.rpc_urls, blockExplorerUrls: network.explorer_url ? [network.explorer_url] : undefined }],
    });
    await eth.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hexId(network.chain_id) }] });
  }
  const after = Number.parseInt(String(await eth.request({ method: 'eth_chainId' })), 16);
  if (after !== network.chain_id) throw new WalletError('CONNECT_WALLET_FAILED');
}

/** Sends the order's ERC-20 `transfer(recipient, amount)` from the connected wallet; returns the transaction hash. */
export async function sendPayment(order: PaymentOrder, network: PaymentNetwork): Promise<`0x${string}`> {
  const eth = injectedProvider();
  const chain = {
    id: network.chain_id,
    name: network.name,
    nativeCurrency: network.native_currency,
    rpcUrls: { default: { http: network.rpc_urls.length ? network.rpc_urls : ['http://127.0.0.1'] } },
  };
  const client = createWalletClient({ chain, transport: custom(eth) });
  try {
    return await client.writeContract({
      address: order.token_contract as `0x${string}`,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [order.recipient as `0x${string}`, BigInt(order.amount)],
      account: order.wallet_address as `0x${string}`,
    });
  } catch (e) {
    throw new WalletError('PAYMENT_UNSUCCESSFUL', (e as Error).message);
  }
}
