import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { getAddress, parseUnits } from 'viem';
import { createTestApp } from '../../apps/server/test/harness';
import { createSignedInUser } from '../../apps/server/test/users';
import { startTestChain, type TestChain } from '../../apps/server/test/chain/test-chain';
import { formatReport, httpSender, operationsOf, runFuzz } from './openapi-fuzz';
import { formatOutboundReport, runOutboundFuzz } from './outbound-fuzz';
import { startCountingListener } from '../../apps/server/test/outbound';
import { vapidKeys } from '../../apps/server/test/push-service';

/**
 * A short seeded run of the fuzz suite (`npm run fuzz` runs ≈ 12,000 requests): every operation of
 * the OpenAPI document, anonymously and signed in, over a real connection to the app on the test
 * database (PGlite, or PostgreSQL with DATABASE_URL), payments live on the local EVM chain.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let chain: TestChain;
let base: string;
beforeAll(async () => {
  chain = await startTestChain();
  const usdt = await chain.deployToken('USDT', 6);
  await chain.mint(usdt, chain.accounts[1], parseUnits('1000', 6));
  const CHAINS = JSON.stringify({ local: { name: 'Hardhat', chain_id: chain.chainId, rpc_url: chain.url, merchant: getAddress(chain.accounts[9]), tokens: [{ symbol: 'USDT', contract: usdt, decimals: 6 }] } });
  const vapid = vapidKeys();
  t = await createTestApp({ symbols: ['BTC', 'ETH'], timeframes: ['1h', '1d'], env: { CHAINS, CONFIRMATIONS: '2', ANALYTICS_HOST: 'coinlens.example', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

describe('fuzzing every OpenAPI operation with bad input', () => {
  it('answers no 5xx and every 4xx in the app error format (seeded, anonymous and signed in)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(operationsOf(doc).length).toBeGreaterThan(80);
    const { headers } = await createSignedInUser(t.ctx);
    const report = await runFuzz({ doc, send: httpSender(base), seed: 20260516, perOperation: 2, concurrency: 4, auth: headers.authorization });
    expect(report.requests).toBeGreaterThanOrEqual(300);
    expect(report.serverErrors, formatReport(report)).toBe(0);
    expect(report.unformatted4xx, formatReport(report)).toBe(0);
  }, 180_000);
});

describe('fuzzing user-supplied URLs that point at the server’s own network', () => {
  it('refuses every notation of an internal address (400), and nothing reaches a loopback listener', async () => {
    const rx = await startCountingListener();
    try {
      const { headers } = await createSignedInUser(t.ctx);
      const report = await runOutboundFuzz({ send: httpSender(base), auth: headers.authorization, port: rx.port, seed: 20261129, generated: 60 });
      // let any request that slipped through arrive before counting
      await new Promise((r) => setTimeout(r, 200));
      expect(report.push).toBe(true);
      expect(report.requests).toBeGreaterThanOrEqual(150);
      expect(report.failures, formatOutboundReport(report, rx.hits())).toEqual([]);
      expect(rx.hits()).toBe(0);
    } finally {
      await rx.close();
    }
  }, 120_000);
});
