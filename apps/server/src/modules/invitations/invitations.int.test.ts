/**
 * Invitation trials against abuse: wallet-only accounts, several accounts of one mailbox, and a
 * code shared with too many people (real parallel requests; PostgreSQL when DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { users } from '@coinlens/db';
import { createTestApp } from '../../../test/harness';
import { randomIp } from '../auth/test-helpers';

const MAX_USES = 3;
let t: Awaited<ReturnType<typeof createTestApp>>;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { PUBLIC_ORIGIN: 'https://coinlens.test', INVITATION_MAX_USES: String(MAX_USES) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

const call = async (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) => {
  const r = await fetch(base + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, body: (await r.json()) as any };
};

/** An account with a verified e-mail address, signed in (token). */
async function emailAccount(email: string): Promise<string> {
  const [u] = await t.ctx.db.db.insert(users).values({ username: email.split('@')[0], email: email.toLowerCase(), emailVerified: true, createdAt: Date.now() }).returning({ id: users.id });
  return (await t.ctx.accounts.sessions.issue(u.id)).token;
}

/** A new wallet-only account through the real SIWE sign-in (a fresh key each time: free to make). */
async function walletAccount(): Promise<string> {
  const acct = privateKeyToAccount(generatePrivateKey());
  const nonce = await t.app.inject({ url: `/api/auth/metamask/nonce?address=${acct.address}`, remoteAddress: randomIp() });
  const { message } = nonce.json().result;
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/auth/metamask/login',
    remoteAddress: randomIp(),
    payload: { address: acct.address, message, signature: await acct.signMessage({ message }), agreement_accepted: true, cookie_accepted: true, lang: 'en_US' },
  });
  return r.json().result.access_token;
}

const codeOf = async (token: string) => (await call('GET', '/api/invitation/code', token)).body.result as { code: string; state: string };
const bind = (token: string, code: string) => call('POST', '/api/invitation/bind', token, { code });
const isPro = async (token: string) => (await call('GET', '/api/users/profile/me', token)).body.result.isPro as boolean;

describe('invitation trials', () => {
  it('new wallet-only accounts binding the same code get no trial (INVITE_EMAIL_REQUIRED), so fresh wallets cannot chain trials forever', async () => {
    const inviter = await walletAccount();
    const { code } = await codeOf(inviter);
    for (let i = 0; i < 4; i++) {
      const sybil = await walletAccount();
      const r = await bind(sybil, code);
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('INVITE_EMAIL_REQUIRED');
      expect(await isPro(sybil)).toBe(false);
    }
    expect((await codeOf(inviter)).state).toBe('active');
  });

  it('one trial per mailbox ever: other accounts of the same address (+tag, Gmail dots, case) get none, also in parallel', async () => {
    const inviter = await emailAccount(`inviter-${Date.now()}@example.com`);
    const other = await emailAccount(`other-inviter-${Date.now()}@example.com`);
    const [c1, c2] = [(await codeOf(inviter)).code, (await codeOf(other)).code];
    const first = await emailAccount('carol.smith@gmail.com');
    expect((await bind(first, c1)).status).toBe(200);
    expect(await isPro(first)).toBe(true);
    const second = await emailAccount('Carol.Smith+again@googlemail.com');
    const r = await bind(second, c2);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('INVITE_TRIAL_ALREADY_USED');
    expect(await isPro(second)).toBe(false);

    // Five accounts of one new mailbox bind at once: exactly one trial.
    const tokens = await Promise.all(['dave', 'd.ave', 'dave+1', 'dave+2', 'DAVE+3'].map((l) => emailAccount(`${l}@gmail.com`)));
    const rs = await Promise.all(tokens.map((tk) => bind(tk, c2)));
    expect(rs.filter((x) => x.status === 200)).toHaveLength(1);
    expect(rs.filter((x) => x.status !== 200).every((x) => x.body.error.code === 'INVITE_TRIAL_ALREADY_USED')).toBe(true);
  });

  it(`a code gives at most INVITATION_MAX_USES (${MAX_USES}) trials, also when ${MAX_USES * 3} people bind it at once; then it is inactive`, async () => {
    const inviter = await emailAccount(`popular-${Date.now()}@example.com`);
    const { code } = await codeOf(inviter);
    const tokens = await Promise.all(Array.from({ length: MAX_USES * 3 }, (_, i) => emailAccount(`fan${i}-${Date.now()}@example.net`)));
    const rs = await Promise.all(tokens.map((tk) => bind(tk, code)));
    expect(rs.filter((x) => x.status === 200)).toHaveLength(MAX_USES);
    expect(rs.filter((x) => x.status !== 200).every((x) => x.status === 409 && x.body.error.code === 'INVITE_CODE_USED')).toBe(true);
    expect((await codeOf(inviter)).state).toBe('inactive');
    // The refused ones can still use another code.
    const loser = tokens[rs.findIndex((x) => x.status !== 200)];
    const other = await emailAccount(`second-${Date.now()}@example.com`);
    expect((await bind(loser, (await codeOf(other)).code)).status).toBe(200);
  });
});
