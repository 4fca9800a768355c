import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createTestApp } from '../../../test/harness';
import { api, randomIp } from './test-helpers';

/**
 * SIWE (EIP-4361) domain/URI and OAuth redirect_uri against phishing Host headers: a site that
 * proxies to this server (or a client forging Host / X-Forwarded-Host) must not obtain a message or
 * a redirect naming itself, nor a sign-in.
 */
let bare: Awaited<ReturnType<typeof createTestApp>>;
let configured: Awaited<ReturnType<typeof createTestApp>>;
const google = { GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret', GOOGLE_AUTH_URL: 'https://accounts.example/authorize' };

beforeAll(async () => {
  // no PUBLIC_ORIGIN, no trusted proxy (the defaults)
  bare = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { ...google, TRUST_PROXY: '' } });
  // PUBLIC_ORIGIN set, behind a trusted proxy that forwards X-Forwarded-Host
  configured = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { ...google, PUBLIC_ORIGIN: 'https://coinlens.test', TRUST_PROXY: '127.0.0.1' } });
}, 300_000);
afterAll(async () => {
  await bare?.close();
  await configured?.close();
});

const get = (t: typeof bare, url: string, headers: Record<string, string>) => api(t.app, randomIp())('GET', url, { headers });
const address = () => privateKeyToAccount(generatePrivateKey()).address;

describe('without PUBLIC_ORIGIN', () => {
  it('refuses a SIWE nonce for a phishing Host or X-Forwarded-Host with 403 PUBLIC_ORIGIN_REQUIRED', async () => {
    const phishing: Record<string, string>[] = [{ host: 'coinlens-login.evil.example' }, { host: 'localhost.evil.example:8080' }, { host: '127.0.0.1.evil.example' }, { host: 'coinlens.example', 'x-forwarded-host': 'localhost' }];
    for (const headers of phishing) {
      const r = await get(bare, `/api/auth/metamask/nonce?address=${address()}`, headers);
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.body.error.code).toBe('PUBLIC_ORIGIN_REQUIRED');
    }
  });

  it('refuses an OAuth authorization URL for a phishing Host', async () => {
    const r = await get(bare, '/api/auth/google/url?lang=en-US', { host: 'coinlens-login.evil.example' });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('PUBLIC_ORIGIN_REQUIRED');
  });

  it('refuses a wallet sign-in presented through a phishing Host, before looking at the signature', async () => {
    const acct = privateKeyToAccount(generatePrivateKey());
    const message = `coinlens-login.evil.example wants you to sign in with your Ethereum account:\n${acct.address}\n\nSign in\n\nURI: http://coinlens-login.evil.example\nVersion: 1\nChain ID: 1\nNonce: abcdefgh12345678\nIssued At: 2025-05-16T12:00:00Z`;
    const r = await api(bare.app, randomIp())('POST', '/api/auth/metamask/login', {
      body: { address: acct.address, message, signature: await acct.signMessage({ message }), agreement_accepted: true },
      headers: { host: 'coinlens-login.evil.example' },
    });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('PUBLIC_ORIGIN_REQUIRED');
  });

  it('serves localhost, 127.0.0.1 and [::1] (a local install), ignoring an unproxied X-Forwarded-Host', async () => {
    // an IPv6 literal is no valid SIWE (EIP-4361) domain: refused with the same clear error, not a 500
    const v6 = await get(bare, `/api/auth/metamask/nonce?address=${address()}`, { host: '[::1]:8080' });
    expect(v6.status).toBe(403);
    expect(v6.body.error.code).toBe('PUBLIC_ORIGIN_REQUIRED');
    const v6o = await get(bare, '/api/auth/google/url?lang=en-US', { host: '[::1]:8080' });
    expect(new URL(v6o.body.result.url).searchParams.get('redirect_uri')).toBe('http://[::1]:8080/en-US/auth/google/callback');
    for (const host of ['localhost:8080', '127.0.0.1:8080']) {
      const r = await get(bare, `/api/auth/metamask/nonce?address=${address()}`, { host, 'x-forwarded-host': 'coinlens-login.evil.example' });
      expect(r.status, host).toBe(200);
      expect(r.body.result.message.startsWith(`${host} wants you to sign in`)).toBe(true);
      expect(r.body.result.message).toContain(`URI: http://${host}`);
    }
    const o = await get(bare, '/api/auth/google/url?lang=en-US', { host: 'localhost:8080', 'x-forwarded-host': 'coinlens-login.evil.example' });
    expect(o.status).toBe(200);
    expect(new URL(o.body.result.url).searchParams.get('redirect_uri')).toBe('http://localhost:8080/en-US/auth/google/callback');
  });
});

describe('with PUBLIC_ORIGIN', () => {
  it('names PUBLIC_ORIGIN in the SIWE message and the OAuth redirect_uri whatever Host / X-Forwarded-Host say', async () => {
    const phishing: Record<string, string>[] = [{ host: 'coinlens-login.evil.example' }, { host: 'coinlens.test', 'x-forwarded-host': 'coinlens-login.evil.example', 'x-forwarded-proto': 'http' }];
    for (const headers of phishing) {
      const n = await get(configured, `/api/auth/metamask/nonce?address=${address()}`, headers);
      expect(n.status).toBe(200);
      expect(n.body.result.message).toMatch(/^coinlens\.test wants you to sign in/);
      expect(n.body.result.message).toContain('URI: https://coinlens.test');
      expect(n.body.result.message).not.toContain('evil');
      const o = await get(configured, '/api/auth/google/url?lang=zh-CN', headers);
      expect(o.status).toBe(200);
      expect(new URL(o.body.result.url).searchParams.get('redirect_uri')).toBe('https://coinlens.test/zh-CN/auth/google/callback');
    }
  });
});
