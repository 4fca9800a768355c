/** A minimal EIP-1193 provider (MetaMask injects one as `window.ethereum`). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** The injected wallet, or null when MetaMask (or another EIP-1193 wallet) is not installed. */
export function injectedWallet(): Eip1193Provider | null {
  const eth = (window as unknown as { ethereum?: Eip1193Provider }).ethereum;
  return eth && typeof eth.request === 'function' ? eth : null;
}

/** Asks the wallet for its account (`eth_requestAccounts`); the first address. */
export async function requestAccount(eth: Eip1193Provider): Promise<string> {
  const accounts = (await eth.request({ method: 'eth_requestAccounts' })) as string[];
  if (!accounts?.length) throw new Error('no account');
  return accounts[0];
}

/** Hex of a UTF-8 string (what `personal_sign` takes). */
function toHex(s: string): string {
  return '0x' + Array.from(new TextEncoder().encode(s), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Signs `message` with `personal_sign` (EIP-191), as SIWE requires. */
export async function personalSign(eth: Eip1193Provider, address: string, message: string): Promise<string> {
  return (await eth.request({ method: 'personal_sign', params: [toHex(message), address] })) as string;
}
