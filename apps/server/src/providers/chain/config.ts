import { getAddress, isAddress } from 'viem';
import { z } from 'zod';

/** An accepted ERC-20 token: symbol (USDT, USDC…), contract address, decimals (base-unit exponent). */
export interface TokenConfig {
  symbol: string;
  contract: `0x${string}`;
  decimals: number;
}

/** One EVM network payments can be made on. Enabled only when `rpcUrl` and `merchant` are set. */
export interface ChainConfig {
  /** Key used by the API (`ethereum`, `bsc`, `polygon`, `arbitrum`, `base`, or a custom key). */
  network: string;
  name: string;
  chainId: number;
  rpcUrl: string | null;
  /** The address payments are sent to. */
  merchant: `0x${string}` | null;
  explorerUrl: string | null;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  tokens: TokenConfig[];
  enabled: boolean;
}

type Default = Omit<ChainConfig, 'network' | 'rpcUrl' | 'merchant' | 'enabled'>;

/** Ether as the native currency (18 decimals). */
const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 };
/** The accepted tokens of a network: USDT and USDC at their contracts, both with `decimals`. */
const stablecoins = (usdt: TokenConfig['contract'], usdc: TokenConfig['contract'], decimals: number): TokenConfig[] => [
  { symbol: 'USDT', contract: usdt, decimals },
  { symbol: 'USDC', contract: usdc, decimals },
];

/**
 * Built-in networks with the real USDT and USDC contracts and decimals (mainnets). They only take
 * payments once `CHAINS` gives them an RPC URL and a merchant address.
 */
export const DEFAULT_CHAINS: Record<string, Default> = {
  ethereum: { name: 'Ethereum', chainId: 1, explorerUrl: 'https://etherscan.io', nativeCurrency: ETHER, tokens: stablecoins('0xdAC17F958D2ee523a2206206994597C13D831ec7', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6) },
  bsc: { name: 'BNB Chain', chainId: 56, explorerUrl: 'https://bscscan.com', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, tokens: stablecoins('0x55d398326f99059fF775485246999027B3197955', '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 18) },
  polygon: { name: 'Polygon', chainId: 137, explorerUrl: 'https://polygonscan.com', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, tokens: stablecoins('0xc2132D05D31c914a87C6611C10748AEb04B58e8F', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6) },
  arbitrum: { name: 'Arbitrum One', chainId: 42161, explorerUrl: 'https://arbiscan.io', nativeCurrency: ETHER, tokens: stablecoins('0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6) },
  base: { name: 'Base', chainId: 8453, explorerUrl: 'https://basescan.org', nativeCurrency: ETHER, tokens: stablecoins('0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6) },
};

const Address = z
  .string()
  .refine((s) => isAddress(s, { strict: false }), 'must be a 0x address')
  .transform((s) => getAddress(s));

const TokenEntry = z.object({
  symbol: z.string().regex(/^[A-Za-z0-9.]{1,20}$/).transform((s) => s.toUpperCase()),
  contract: Address,
  decimals: z.number().int().min(0).max(36),
});

const ChainEntry = z.object({
  name: z.string().min(1).max(60).optional(),
  chain_id: z.number().int().positive().optional(),
  rpc_url: z.string().url().optional(),
  merchant: Address.optional(),
  explorer_url: z.string().url().optional(),
  native_currency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }).optional(),
  /** Replaces the default token list of a built-in network when given. */
  tokens: z.array(TokenEntry).optional(),
});

/**
 * The `CHAINS` variable: a JSON object keyed by network, e.g.
 * `{"polygon":{"rpc_url":"https://polygon-rpc.example","merchant":"0x…"}}` (built-in networks keep
 * their chain id and tokens) or a custom network with `name`, `chain_id` and `tokens`.
 */
export const ChainsEnv = z
  .string()
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().regex(/^[a-z0-9_-]{1,40}$/, 'network keys are lower-case words'), ChainEntry))
  .superRefine((rec, ctx) => {
    for (const [key, c] of Object.entries(rec)) {
      if (DEFAULT_CHAINS[key]) continue;
      if (!c.chain_id) ctx.addIssue({ code: 'custom', path: [key, 'chain_id'], message: 'required for a custom network' });
      if (!c.tokens?.length) ctx.addIssue({ code: 'custom', path: [key, 'tokens'], message: 'required for a custom network' });
    }
  });
export type ChainsEnv = z.infer<typeof ChainsEnv>;

/** Merges the built-in networks with `CHAINS`; a network is enabled when it has an RPC URL and a merchant. */
export function resolveChains(env: ChainsEnv | undefined): ChainConfig[] {
  const out: ChainConfig[] = [];
  const keys = new Set([...Object.keys(DEFAULT_CHAINS), ...Object.keys(env ?? {})]);
  for (const network of keys) {
    const d = DEFAULT_CHAINS[network];
    const c = env?.[network] ?? {};
    const rpcUrl = c.rpc_url ?? null;
    const merchant = (c.merchant as `0x${string}` | undefined) ?? null;
    out.push({
      network,
      name: c.name ?? d?.name ?? network,
      chainId: c.chain_id ?? d!.chainId,
      explorerUrl: c.explorer_url ?? d?.explorerUrl ?? null,
      nativeCurrency: c.native_currency ?? d?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
      tokens: (c.tokens as TokenConfig[] | undefined) ?? d?.tokens ?? [],
      rpcUrl,
      merchant,
      enabled: rpcUrl != null && merchant != null,
    });
  }
  return out;
}
