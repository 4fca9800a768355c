import { createWalletClient, custom, erc20Abi, type EIP1193Provider } from 'viem';
import type { PaymentNetwork, PaymentOrder } from '@coinlens/contracts';

/**
 * The one wallet module of the web (MetaMask or any injected EIP-1193 wallet), on viem: detection,
 * accounts, SIWE signatures (EIP-191 `personal_sign`) for sign-in, linking and payment proofs,
 * chain switching and the ERC-20 payment transfer. viem loads only with the pages that use a wallet
 * (pricing, login/register, settings), never with the entry.
 *
 * Two error styles: the `*Wallet*` helpers of the payment flow throw {@link WalletError} with the
 * code the pricing page translates; {@link requestAccount} and {@link signMessage} pass the wallet's
 * own error through (EIP-1193 `code` 4001 = the user refused), which the sign-in flow tells apart.
 */

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

/** The injected wallet, or null when MetaMask (or another EIP-1193 wallet) is not installed. */
export function injectedWallet(): EIP1193Provider | null {
  if (typeof window === 'undefined') return null;
  const eth = (window as unknown as { ethereum?: EIP1193Provider }).ethereum;
  return eth && typeof eth.request === 'function' ? eth : null;
}

/** Whether an injected wallet exists. */
export function hasInjectedWallet(): boolean {
  return injectedWallet() !== null;
}

/**
 * Asks the wallet for its accounts (`eth_requestAccounts`); the first address. The wallet's error
 * passes through (code 4001 when the user refuses); throws METAMASK_NOT_INSTALLED without a wallet.
 */
export async function requestAccount(): Promise<`0x${string}`> {
  const eth = injectedProvider();
  const accounts = (await eth.request({ method: 'eth_requestAccounts' })) as string[];
  if (!accounts?.length) throw new Error('no account');
  return accounts[0] as `0x${string}`;
}

/** {@link requestAccount} for the payment flow: any failure is CONNECT_WALLET_FAILED. */
export async function connectWallet(): Promise<`0x${string}`> {
  try {
    return await requestAccount();
  } catch (e) {
    if (e instanceof WalletError) throw e;
    throw new WalletError('CONNECT_WALLET_FAILED');
  }
}

/**
 * Signs `message` with the wallet (`personal_sign`, EIP-191, as SIWE requires) for `address`;
 * returns the signature (hex). The wallet's error passes through (viem's `UserRejectedRequestError`
 * has `code` 4001).
 */
export async function signMessage(address: string, message: string): Promise<`0x${string}`> {
  const client = createWalletClient({ transport: custom(injectedProvider()) });
  return client.signMessage({ account: address as `0x${string}`, message });
}

const hexId = (id: number) => `0x${id.toString(16)}` as const;

/**
 * Signs a SIWE message with the connected wallet (`personal_sign`, EIP-191) to prove `address` is
 * the user's; returns the signature (hex). Throws WalletError CONNECT_WALLET_FAILED when the user
 * refuses or the wallet fails.
 */
export async function signWalletMessage(address: `0x${string}`, message: string): Promise<`0x${string}`> {
  try {
    return await signMessage(address, message);
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
