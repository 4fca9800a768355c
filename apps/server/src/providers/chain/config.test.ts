import { describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { ChainsEnv, DEFAULT_CHAINS, resolveChains } from './config';
import { parseEnv } from '../../platform/env';

describe('CHAINS configuration', () => {
  it('has checksummed USDT and USDC defaults on five networks, none enabled without CHAINS', () => {
    expect(Object.keys(DEFAULT_CHAINS)).toEqual(['ethereum', 'bsc', 'polygon', 'arbitrum', 'base']);
    for (const c of Object.values(DEFAULT_CHAINS)) {
      expect(c.tokens.map((t) => t.symbol)).toEqual(['USDT', 'USDC']);
      for (const t of c.tokens) expect(getAddress(t.contract)).toBe(t.contract);
    }
    expect(DEFAULT_CHAINS.bsc.tokens.every((t) => t.decimals === 18)).toBe(true);
    expect(resolveChains(undefined).some((c) => c.enabled)).toBe(false);
  });

  it('enables a built-in network with an RPC URL and a merchant, keeping its chain id and tokens', () => {
    const env = ChainsEnv.parse(JSON.stringify({ polygon: { rpc_url: 'https://rpc.example', merchant: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }, base: { rpc_url: 'https://base.example' } }));
    const chains = resolveChains(env);
    const polygon = chains.find((c) => c.network === 'polygon')!;
    expect(polygon).toMatchObject({ enabled: true, chainId: 137, merchant: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
    expect(polygon.tokens).toHaveLength(2);
    expect(chains.find((c) => c.network === 'base')!.enabled).toBe(false);
  });

  it('requires chain_id and tokens for a custom network and lists every problem at start', () => {
    expect(() => parseEnv({ CHAINS: '{"devnet":{"rpc_url":"http://127.0.0.1:8545"}}' })).toThrow(/CHAINS.*chain_id[\s\S]*tokens/);
    expect(() => parseEnv({ CHAINS: 'not json' })).toThrow(/CHAINS: must be JSON/);
    expect(() => parseEnv({ CHAINS: '{"polygon":{"merchant":"0x12"}}' })).toThrow(/merchant/);
    const env = parseEnv({ CHAINS: JSON.stringify({ devnet: { name: 'Dev', chain_id: 1337, rpc_url: 'http://127.0.0.1:8545', merchant: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', tokens: [{ symbol: 'usdt', contract: '0x5fbdb2315678afecb367f032d93f642f64180aa3', decimals: 6 }] } }) });
    const dev = resolveChains(env.CHAINS).find((c) => c.network === 'devnet')!;
    expect(dev).toMatchObject({ enabled: true, chainId: 1337, tokens: [{ symbol: 'USDT', contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6 }] });
    expect(env.CONFIRMATIONS).toBe(3);
    expect(env.PAYMENT_ORDER_TTL_MINUTES).toBe(30);
  });
});
