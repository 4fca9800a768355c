import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createTestApp } from '../../../test/harness';
import { api, decodedMail, randomIp } from './test-helpers';
import { SiweService } from './siwe.service';
import { AuthRepository } from './auth.repository';

const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
let t: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
let oauth: Awaited<ReturnType<typeof startOAuthServer>>;

// ---- a local server speaking Google's and X's OAuth token/userinfo formats -----------------------

interface Grant {
  challenge: string;
  redirectUri: string;
  profile: Record<string, unknown>;
}

async function startOAuthServer(clients: Record<string, string>) {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Record<string, unknown>>();
  const requests: { path: string; form: URLSearchParams; auth: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(raw);
        requests.push({ path: url.pathname, form, auth: req.headers.authorization });
        // client authentication (HTTP Basic, RFC 6749 §2.3.1)
        const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
        const [id, secret] = basic.split(':');
        if (clients[id] === undefined || clients[id] !== secret) return json(401, { error: 'invalid_client' });
        if (form.get('grant_type') !== 'authorization_code') return json(400, { error: 'unsupported_grant_type' });
        const grant = grants.get(form.get('code') ?? '');
        if (!grant) return json(400, { error: 'invalid_grant', error_description: 'Bad Request' });
        grants.delete(form.get('code')!);
        const challenge = crypto.createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
        if (challenge !== grant.challenge) return json(400, { error: 'invalid_grant', error_description: 'code_verifier mismatch' });
        if (form.get('redirect_uri') !== grant.redirectUri) return json(400, { error: 'redirect_uri_mismatch' });
        const access = crypto.randomBytes(16).toString('hex');
        tokens.set(access, grant.profile);
        return json(200, { access_token: access, expires_in: 3599, token_type: 'Bearer', scope: 'openid email profile' });
      }
      if (req.method === 'GET' && (url.pathname === '/userinfo' || url.pathname === '/2/users/me')) {
        const profile = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!profile) return json(401, { error: 'invalid_token' });
        return json(200, profile);
      }
      json(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    /** What the provider does when the user approves: issues a code bound to the PKCE challenge. */
    approve(authorizationUrl: string, profile: Record<string, unknown>): string {
      const u = new URL(authorizationUrl);
      const code = crypto.randomBytes(8).toString('hex');
      grants.set(code, { challenge: u.searchParams.get('code_challenge')!, redirectUri: u.searchParams.get('redirect_uri')!, profile });
      return code;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-accounts-'));
  oauth = await startOAuthServer({ 'google-client': 'google-secret', 'x-client': 'x-secret' });
  t = await createTestApp({
    symbols: ['BTC'],
    timeframes: ['1d'],
    env: {
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: 'https://coinlens.test',
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_AUTH_URL: `${oauth.base}/authorize`,
      GOOGLE_TOKEN_URL: `${oauth.base}/token`,
      GOOGLE_USERINFO_URL: `${oauth.base}/userinfo`,
      X_CLIENT_ID: 'x-client',
      X_CLIENT_SECRET: 'x-secret',
      X_AUTH_URL: `${oauth.base}/i/oauth2/authorize`,
      X_TOKEN_URL: `${oauth.base}/token`,
      X_USERINFO_URL: `${oauth.base}/2/users/me`,
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_BOT_NAME: 'coinlens_test_bot',
    },
  });
}, 300_000);
afterAll(async () => {
  await t?.close();
  await oauth?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => vi.useRealTimers());

let seq = 0;
const freshEmail = () => `id${Date.now()}${++seq}@example.com`;

/** Registers through the embedded outbox: reads the code from the RFC 822 .eml file. */
async function emailAccount(call: ReturnType<typeof api>, email = freshEmail()) {
  const reg = await call('POST', '/api/auth/register', { body: { email, password: 'Str0ng!pass', agreement_accepted: true } });
  expect(reg.status).toBe(200);
  const outbox = path.join(dataDir, 'outbox');
  const files = fs.readdirSync(outbox).map((f) => path.join(outbox, f));
  const mine = files.map((f) => fs.readFileSync(f, 'utf8')).filter((m) => m.includes(`To: ${email}`));
  expect(mine.length).toBeGreaterThan(0);
  const code = /^\s{4}(\d{6})\s*$/m.exec(decodedMail(mine.at(-1)!))![1];
  const v = await call('POST', '/api/auth/verify-register-code', { body: { email, code, registration_id: reg.body.result.registration_id } });
  expect(v.status).toBe(200);
  return { email, token: v.body.result.access_token as string, id: v.body.result.user.id as number };
}

function cookieOf(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [raw];
  const c = list.find((s) => typeof s === 'string' && s.startsWith('cl_oauth='));
  expect(c, 'state cookie').toBeTruthy();
  expect(c).toMatch(/HttpOnly/i);
  return (c as string).split(';')[0];
}

describe('providers', () => {
  it('lists the configured sign-in methods', async () => {
    const r = await api(t.app)('GET', '/api/auth/providers');
    expect(r.body.result).toEqual({ email: true, google: true, x: true, telegram: { enabled: true, bot_name: 'coinlens_test_bot' }, metamask: true });
  });
});

describe('MetaMask (SIWE, EIP-4361)', () => {
  const nonceFor = async (call: ReturnType<typeof api>, address: string) => (await call('GET', `/api/auth/metamask/nonce?address=${address}`)).body.result as { nonce: string; message: string };

  it('hands out the full message with domain, chain id, nonce and expiry', async () => {
    const acct = privateKeyToAccount(generatePrivateKey());
    const { nonce, message } = await nonceFor(api(t.app, randomIp()), acct.address.toLowerCase());
    expect(message).toMatch(/^coinlens\.test wants you to sign in with your Ethereum account:\n0x[0-9a-fA-F]{40}\n/);
    expect(message).toContain(acct.address); // EIP-55 checksummed
    expect(message).toContain('URI: https://coinlens.test');
    expect(message).toContain('Chain ID: 1');
    expect(message).toContain(`Nonce: ${nonce}`);
    expect(message).toMatch(/Expiration Time: \d{4}-/);
  });

  it('creates a wallet-only account for an unknown wallet (agreement first), then signs it in', async () => {
    const call = api(t.app, randomIp());
    const acct = privateKeyToAccount(generatePrivateKey());
    expect((await call('GET', `/api/auth/check-provider-connection?provider_uid=${acct.address}`)).body.result).toEqual({ connected: false, provider: null });
    const { message } = await nonceFor(call, acct.address);
    const signature = await acct.signMessage({ message });
    const noAgreement = await call('POST', '/api/auth/metamask/login', { body: { address: acct.address, message, signature } });
    expect(noAgreement.status).toBe(400);
    expect(noAgreement.body.error.code).toBe('AGREEMENT_REQUIRED');
    const r = await call('POST', '/api/auth/metamask/login', { body: { address: acct.address, message, signature, agreement_accepted: true, cookie_accepted: true, lang: 'zh-CN' } });
    expect(r.status).toBe(200);
    const me = (await call('GET', '/api/users/profile/me', { token: r.body.result.access_token })).body.result;
    expect(me).toMatchObject({ email: null, wallet_only: true, has_password: false, language: 'zh_CN', cookie_accepted: true });
    expect(me.social_logins).toEqual([expect.objectContaining({ provider: 'metamask', provider_uid: acct.address.toLowerCase() })]);
    expect((await call('GET', `/api/auth/check-provider-connection?provider_uid=${acct.address}`)).body.result).toEqual({ connected: true, provider: 'metamask' });
    // a wallet-created account can never get an e-mail, nor lose its only sign-in method
    const bind = await call('GET', `/api/auth/send-bind-email-code?email=${freshEmail()}`, { token: r.body.result.access_token });
    expect(bind.body.error.code).toBe('WALLET_ACCOUNT_NO_EMAIL');
    const dis = await call('POST', '/api/auth/metamask/disconnect', { token: r.body.result.access_token, body: { provider_uid: acct.address } });
    expect(dis.status).toBe(409);
    expect(dis.body.error.code).toBe('PROVIDER_LAST_LOGIN_METHOD');
    // second sign-in: same account
    const again = await nonceFor(call, acct.address);
    const r2 = await call('POST', '/api/auth/metamask/login', { body: { address: acct.address, message: again.message, signature: await acct.signMessage({ message: again.message }) } });
    expect(r2.status).toBe(200);
    expect(r2.body.result.user.id).toBe(r.body.result.user.id);
  });

  it('refuses a replayed message', async () => {
    const call = api(t.app, randomIp());
    const acct = privateKeyToAccount(generatePrivateKey());
    const { message } = await nonceFor(call, acct.address);
    const signature = await acct.signMessage({ message });
    const body = { address: acct.address, message, signature, agreement_accepted: true };
    expect((await call('POST', '/api/auth/metamask/login', { body })).status).toBe(200);
    const replay = await call('POST', '/api/auth/metamask/login', { body });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('SIWE_NONCE_INVALID');
  });

  it('refuses a message signed by another key', async () => {
    const call = api(t.app, randomIp());
    const victim = privateKeyToAccount(generatePrivateKey());
    const attacker = privateKeyToAccount(generatePrivateKey());
    const { message } = await nonceFor(call, victim.address);
    const r = await call('POST', '/api/auth/metamask/login', { body: { address: victim.address, message, signature: await attacker.signMessage({ message }), agreement_accepted: true } });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('METAMASK_LOGIN_FAILED');
    // the attacker's own address does not match the message either
    const { message: m2 } = await nonceFor(call, victim.address);
    const r2 = await call('POST', '/api/auth/metamask/login', { body: { address: attacker.address, message: m2, signature: await attacker.signMessage({ message: m2 }), agreement_accepted: true } });
    expect(r2.body.error.code).toBe('SIWE_MESSAGE_INVALID');
  });

  it('refuses an altered message and an expired nonce', async () => {
    const call = api(t.app, randomIp());
    const acct = privateKeyToAccount(generatePrivateKey());
    const { message } = await nonceFor(call, acct.address);
    const altered = message.replace('Chain ID: 1', 'Chain ID: 5');
    const a = await call('POST', '/api/auth/metamask/login', { body: { address: acct.address, message: altered, signature: await acct.signMessage({ message: altered }), agreement_accepted: true } });
    expect(a.body.error.code).toBe('SIWE_MESSAGE_INVALID');
    const { message: m2 } = await nonceFor(call, acct.address);
    const sig = await acct.signMessage({ message: m2 });
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 11 * 60_000);
    const expired = await call('POST', '/api/auth/metamask/login', { body: { address: acct.address, message: m2, signature: sig, agreement_accepted: true } });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('SIWE_NONCE_INVALID');
  });

  it('checks domain and chain id of the message', async () => {
    const acct = privateKeyToAccount(generatePrivateKey());
    const siwe = new SiweService(new AuthRepository(t.ctx.db), 1);
    const foreign = await siwe.createMessage(acct.address, 'https://evil.example');
    await expect(siwe.verify(acct.address, foreign.message, await acct.signMessage({ message: foreign.message }), 'coinlens.test', 'METAMASK_LOGIN_FAILED')).rejects.toMatchObject({ code: 'SIWE_MESSAGE_INVALID' });
    const other = await siwe.createMessage(acct.address, 'https://coinlens.test');
    const otherChain = new SiweService(new AuthRepository(t.ctx.db), 5);
    await expect(otherChain.verify(acct.address, other.message, await acct.signMessage({ message: other.message }), 'coinlens.test', 'METAMASK_LOGIN_FAILED')).rejects.toMatchObject({ code: 'SIWE_MESSAGE_INVALID' });
  });

  it('connects a wallet to an e-mail account after a signature, once, and disconnects it', async () => {
    const call = api(t.app, randomIp());
    const user = await emailAccount(call);
    const other = await emailAccount(call);
    const acct = privateKeyToAccount(generatePrivateKey());
    const { message } = await nonceFor(call, acct.address);
    const foreignSig = await privateKeyToAccount(generatePrivateKey()).signMessage({ message });
    const bad = await call('POST', '/api/auth/metamask/connect', { token: user.token, body: { provider_uid: acct.address, message, signature: foreignSig } });
    expect(bad.body.error.code).toBe('METAMASK_CONNECT_FAILED');
    const n2 = await nonceFor(call, acct.address);
    const ok = await call('POST', '/api/auth/metamask/connect', { token: user.token, body: { provider_uid: acct.address, message: n2.message, signature: await acct.signMessage({ message: n2.message }) } });
    expect(ok.status).toBe(200);
    const n3 = await nonceFor(call, acct.address);
    const taken = await call('POST', '/api/auth/metamask/connect', { token: other.token, body: { provider_uid: acct.address, message: n3.message, signature: await acct.signMessage({ message: n3.message }) } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('METAMASK_ALREADY_CONNECTED');
    // the wallet now signs in to the e-mail account
    const n4 = await nonceFor(call, acct.address);
    const login = await call('POST', '/api/auth/metamask/login', { body: { address: acct.address, message: n4.message, signature: await acct.signMessage({ message: n4.message }) } });
    expect(login.body.result.user.id).toBe(user.id);
    expect((await call('POST', '/api/auth/metamask/disconnect', { token: user.token, body: { provider_uid: acct.address } })).status).toBe(200);
    expect((await call('GET', `/api/auth/check-provider-connection?provider_uid=${acct.address}`)).body.result.connected).toBe(false);
  });

  it('rate-limits nonces', async () => {
    const call = api(t.app, randomIp());
    const acct = privateKeyToAccount(generatePrivateKey());
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await call('GET', `/api/auth/metamask/nonce?address=${acct.address}`)).status;
    expect(last).toBe(429);
  });
});

describe('Google (OAuth 2.0 + PKCE)', () => {
  async function start(call: ReturnType<typeof api>, query = 'lang=en-US', token?: string) {
    const r = await call('GET', `/api/auth/google/url?${query}`, { token });
    expect(r.status).toBe(200);
    return { url: r.body.result.url as string, state: r.body.result.state as string, cookie: cookieOf(r.headers as any) };
  }

  it('builds an authorization URL with state, S256 challenge and the callback route', async () => {
    const { url, state } = await start(api(t.app, randomIp()), 'lang=zh-CN');
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe(`${oauth.base}/authorize`);
    expect(u.searchParams.get('client_id')).toBe('google-client');
    expect(u.searchParams.get('state')).toBe(state);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(u.searchParams.get('redirect_uri')).toBe('https://coinlens.test/zh-CN/auth/google/callback');
    expect(u.searchParams.get('scope')).toBe('openid email profile');
  });

  it('signs up a new Google identity after the agreement, then signs it in directly', async () => {
    const call = api(t.app, randomIp());
    const sub = `g-${crypto.randomUUID()}`;
    const email = freshEmail();
    const s = await start(call);
    const code = oauth.approve(s.url, { sub, email, email_verified: true, name: 'Ada Lovelace' });
    const ex = await call('POST', '/api/auth/google/exchange-token', { headers: { cookie: s.cookie }, body: { code, state: s.state, lang: 'en-US' } });
    expect(ex.status).toBe(200);
    expect(ex.body.result).toMatchObject({ status: 'new', provider: 'google', provider_uid: sub, email, display_name: 'Ada Lovelace', can_merge: false });
    // the token request carried the PKCE verifier and client credentials (checked by the local server)
    const tokenReq = oauth.requests.at(-1)!;
    expect(tokenReq.form.get('code_verifier')).toMatch(/^[\w-]{43,}$/);
    expect(tokenReq.auth).toMatch(/^Basic /);
    const { nonce } = ex.body.result;
    const refused = await call('POST', '/api/auth/google/login', { body: { provider_uid: sub, nonce, agreement_accepted: false } });
    expect(refused.body.error.code).toBe('AGREEMENT_REQUIRED');
    const created = await call('POST', '/api/auth/google/login', { body: { provider_uid: sub, nonce, agreement_accepted: true, lang: 'en-US' } });
    expect(created.status).toBe(200);
    expect(created.body.result.user.name).toBe('Ada Lovelace');
    const me = (await call('GET', '/api/users/profile/me', { token: created.body.result.access_token })).body.result;
    expect(me).toMatchObject({ email, email_verified: true, has_password: false });
    expect(me.social_logins).toEqual([expect.objectContaining({ provider: 'google', provider_uid: sub, email })]);
    // the pending identity is single-use
    expect((await call('POST', '/api/auth/google/login', { body: { provider_uid: sub, nonce, agreement_accepted: true } })).body.error.code).toBe('OAUTH_STATE_INVALID');
    // next time: signed in at once
    const s2 = await start(call);
    const code2 = oauth.approve(s2.url, { sub, email, email_verified: true, name: 'Ada Lovelace' });
    const ex2 = await call('POST', '/api/auth/google/exchange-token', { headers: { cookie: s2.cookie }, body: { code: code2, state: s2.state } });
    expect(ex2.body.result).toMatchObject({ status: 'signed_in', user: { id: created.body.result.user.id } });
    // the only sign-in method cannot be removed
    const dis = await call('POST', '/api/auth/google/disconnect', { token: created.body.result.access_token, body: { provider_uid: sub } });
    expect(dis.body.error.code).toBe('PROVIDER_LAST_LOGIN_METHOD');
  });

  it('binds the state to the browser, to one use, and to time', async () => {
    const call = api(t.app, randomIp());
    const profile = { sub: `g-${crypto.randomUUID()}`, email: freshEmail(), email_verified: true };
    const s = await start(call);
    const code = oauth.approve(s.url, profile);
    const noCookie = await call('POST', '/api/auth/google/exchange-token', { body: { code, state: s.state } });
    expect(noCookie.body.error.code).toBe('OAUTH_STATE_INVALID');
    const s2 = await start(call);
    const otherBrowser = await start(call);
    const code2 = oauth.approve(s2.url, profile);
    const wrongCookie = await call('POST', '/api/auth/google/exchange-token', { headers: { cookie: otherBrowser.cookie }, body: { code: code2, state: s2.state } });
    expect(wrongCookie.body.error.code).toBe('OAUTH_STATE_INVALID');
    const s3 = await start(call);
    const code3 = oauth.approve(s3.url, profile);
    const forged = await call('POST', '/api/auth/google/exchange-token', { headers: { cookie: s3.cookie }, body: { code: code3, state: 'forged-state' } });
    expect(forged.body.error.code).toBe('OAUTH_STATE_INVALID');
    const ok = await call('POST', '/api/auth/google/exchange-token', { headers: { cookie: s3.cookie }, body: { code: code3, state: s3.state } });
    expect(ok.status).toBe(200);
    const replay = await call('POST', '/api/auth/google/exchange-token', { headers: { cookie: s3.cookie }, body: { code: code3, state: s3.state } });
    expect(replay.body.error.code).toBe('OAUTH_STATE_INVALID');
    const s4 = await start(call);
    const code4 = oauth.approve(s4.url, profile);
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 11 * 60_000);
    const late = await call('POST', '/api/auth/google/exchange-token', { headers: { cookie: s4.cookie }, body: { code: code4, state: s4.state } });
    expect(late.body.error.code).toBe('OAUTH_STATE_INVALID');
  });

  it('reports a missing code and a refused code exchange', async () => {
    const call = api(t.app, randomIp());
    const s = await start(call);
    const missing = await call('POST', '/api/auth/google/exchange-token', { headers: { cookie: s.cookie }, body: { state: s.state } });
    expect(missing.body.error.code).toBe('GOOGLE_CODE_MISSING');
    const s2 = await start(call);
    const bad = await call('POST', '/api/auth/google/exchange-token', { headers: { cookie: s2.cookie }, body: { code: 'never-issued', state: s2.state } });
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe('GOOGLE_LOGIN_FAILED');
  });

  it('merges a Google identity into the account with the same verified e-mail', async () => {
    const call = api(t.app, randomIp());
    const user = await emailAccount(call);
    const sub = `g-${crypto.randomUUID()}`;
    const s = await start(call);
    const code = oauth.approve(s.url, { sub, email: user.email, email_verified: true, name: 'Merged' });
    const ex = await call('POST', '/api/auth/google/exchange-token', { headers: { cookie: s.cookie }, body: { code, state: s.state } });
    expect(ex.body.result).toMatchObject({ status: 'new', can_merge: true });
    const merged = await call('POST', '/api/auth/google/merge', { body: { provider_uid: sub, nonce: ex.body.result.nonce } });
    expect(merged.status).toBe(200);
    expect(merged.body.result.user.id).toBe(user.id);
    // an unverified Google e-mail never merges
    const s2 = await start(call);
    const other = await emailAccount(call);
    const code2 = oauth.approve(s2.url, { sub: `g-${crypto.randomUUID()}`, email: other.email, email_verified: false });
    const ex2 = await call('POST', '/api/auth/google/exchange-token', { headers: { cookie: s2.cookie }, body: { code: code2, state: s2.state } });
    expect(ex2.body.result.can_merge).toBe(false);
    expect((await call('POST', '/api/auth/google/merge', { body: { provider_uid: ex2.body.result.provider_uid, nonce: ex2.body.result.nonce } })).body.error.code).toBe('OAUTH_STATE_INVALID');
  });

  it('connects Google from settings (signed in) and disconnects it', async () => {
    const call = api(t.app, randomIp());
    const user = await emailAccount(call);
    expect((await call('GET', '/api/auth/google/url?lang=en-US&purpose=connect')).status).toBe(401);
    const s = await start(call, 'lang=en-US&purpose=connect', user.token);
    const sub = `g-${crypto.randomUUID()}`;
    const code = oauth.approve(s.url, { sub, email: freshEmail(), email_verified: true });
    // a connect authorization cannot be used to sign in
    const s2 = await start(call, 'lang=en-US&purpose=connect', user.token);
    const code2 = oauth.approve(s2.url, { sub, email_verified: false });
    expect((await call('POST', '/api/auth/google/exchange-token', { headers: { cookie: s2.cookie }, body: { code: code2, state: s2.state } })).body.error.code).toBe('OAUTH_STATE_INVALID');
    const ok = await call('POST', '/api/auth/google/connect', { token: user.token, headers: { cookie: s.cookie }, body: { code, state: s.state } });
    expect(ok.status).toBe(200);
    const me = (await call('GET', '/api/users/profile/me', { token: user.token })).body.result;
    expect(me.social_logins.map((l: any) => l.provider)).toEqual(['google']);
    expect((await call('POST', '/api/auth/google/disconnect', { token: user.token, body: { provider_uid: sub } })).status).toBe(200);
    expect((await call('POST', '/api/auth/google/disconnect', { token: user.token, body: { provider_uid: sub } })).body.error.code).toBe('PROVIDER_NOT_CONNECTED');
  });
});

describe('X (OAuth 2.0 + PKCE)', () => {
  it('signs up an X identity through the users/me format', async () => {
    const call = api(t.app, randomIp());
    const r = await call('GET', '/api/auth/x/url?lang=en-US');
    const u = new URL(r.body.result.url);
    expect(u.pathname).toBe('/i/oauth2/authorize');
    expect(u.searchParams.get('redirect_uri')).toBe('https://coinlens.test/en-US/auth/x/callback');
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    const id = String(Date.now());
    const code = oauth.approve(r.body.result.url, { data: { id, name: 'Hal', username: 'hal' } });
    const ex = await call('POST', '/api/auth/x/exchange-token', { headers: { cookie: cookieOf(r.headers as any) }, body: { code, state: r.body.result.state } });
    expect(ex.body.result).toMatchObject({ status: 'new', provider: 'x', provider_uid: id, email: null, display_name: '@hal', can_merge: false });
    const created = await call('POST', '/api/auth/x/login', { body: { provider_uid: id, nonce: ex.body.result.nonce, agreement_accepted: true } });
    expect(created.status).toBe(200);
    const me = (await call('GET', '/api/users/profile/me', { token: created.body.result.access_token })).body.result;
    expect(me).toMatchObject({ email: null, wallet_only: false });
  });
});

describe('Telegram (Login Widget)', () => {
  /** Signs widget data as Telegram does (https://core.telegram.org/widgets/login#checking-authorization). */
  function widgetData(fields: Record<string, string | number>, token = BOT_TOKEN) {
    const check = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join('\n');
    const hash = crypto.createHmac('sha256', crypto.createHash('sha256').update(token).digest()).update(check).digest('hex');
    return { ...fields, hash };
  }

  it('accepts fresh data signed for the bot, and nothing else', async () => {
    const call = api(t.app, randomIp());
    const id = Math.floor(Math.random() * 1e9) + 1;
    const fields = { id, first_name: 'Pavel', username: 'pavel_test', auth_date: Math.floor(Date.now() / 1000) };
    const good = widgetData(fields);
    const tampered = { ...good, username: 'someone_else' };
    expect((await call('POST', '/api/auth/telegram/verify', { body: tampered })).body.error.code).toBe('TELEGRAM_LOGIN_FAILED');
    expect((await call('POST', '/api/auth/telegram/verify', { body: widgetData(fields, '987654321:OtherBotTokenOtherBotToken') })).body.error.code).toBe('TELEGRAM_LOGIN_FAILED');
    const stale = widgetData({ ...fields, auth_date: Math.floor(Date.now() / 1000) - 3600 });
    expect((await call('POST', '/api/auth/telegram/verify', { body: stale })).body.error.code).toBe('TELEGRAM_LOGIN_FAILED');
    const ok = await call('POST', '/api/auth/telegram/verify', { body: { ...good, lang: 'en-US' } });
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ status: 'new', provider: 'telegram', provider_uid: String(id), display_name: '@pavel_test' });
    const created = await call('POST', '/api/auth/telegram/login', { body: { provider_uid: String(id), nonce: ok.body.result.nonce, agreement_accepted: true } });
    expect(created.status).toBe(200);
    const again = await call('POST', '/api/auth/telegram/verify', { body: good });
    expect(again.body.result).toMatchObject({ status: 'signed_in', user: { id: created.body.result.user.id } });
  });
});
