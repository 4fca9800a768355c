/**
 * Concurrent first sign-ins of one new identity (a SIWE wallet; a pending OAuth identity finished
 * in several tabs): over real HTTP, in parallel, against the test database (PostgreSQL when
 * DATABASE_URL is set, else PGlite).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { socialLogins, users } from '@coinlens/db';
import { createTestApp } from '../../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { PUBLIC_ORIGIN: 'https://coinlens.test' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

const post = async (url: string, body: unknown) => {
  const r = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as any };
};

describe('first sign-in of a new wallet', () => {
  it('8 parallel first sign-ins of the same wallet all sign in to one account with one identity and no orphan users', async () => {
    const acct = privateKeyToAccount(generatePrivateKey());
    const N = 8;
    // Each request has its own single-use nonce and signature, as N browser tabs would (nonces from
    // the service, so the per-IP nonce rate limit of this one test client does not interfere).
    const signed = await Promise.all(
      Array.from({ length: N }, async () => {
        const { message } = await t.ctx.accounts.siwe.createMessage(acct.address, 'https://coinlens.test');
        return { address: acct.address, message, signature: await acct.signMessage({ message }), agreement_accepted: true, cookie_accepted: true, lang: 'en_US' };
      }),
    );
    const usersBefore = Number((await t.ctx.db.db.select({ n: sql<number>`count(*)` }).from(users))[0].n);

    const rs = await Promise.all(signed.map((body) => post('/api/auth/metamask/login', body)));

    expect(rs.map((r) => r.status)).toEqual(Array(N).fill(200));
    const ids = new Set(rs.map((r) => r.body.result.user.id));
    expect(ids.size).toBe(1);
    const identities = await t.ctx.db.db.select().from(socialLogins).where(eq(socialLogins.providerUid, acct.address.toLowerCase()));
    expect(identities).toHaveLength(1);
    expect(identities[0].userId).toBe([...ids][0]);
    const usersAfter = Number((await t.ctx.db.db.select({ n: sql<number>`count(*)` }).from(users))[0].n);
    expect(usersAfter - usersBefore).toBe(1);
    // Every returned session works.
    for (const r of rs) {
      const me = await fetch(`${base}/api/users/profile/me`, { headers: { authorization: `Bearer ${r.body.result.access_token}` } });
      expect(me.status).toBe(200);
    }
  });

  it('6 tabs finishing the sign-up of one new Google identity at once: one account with the identity, the others 409, no orphan users and no 500', async () => {
    const uid = `g-${Date.now()}`;
    const email = `race-${Date.now()}@example.com`;
    const pending = await Promise.all(
      Array.from({ length: 6 }, () => t.ctx.accounts.identity.signInOrPend('google', { uid, email, emailVerified: true, displayName: 'Race' })),
    );
    const usersBefore = Number((await t.ctx.db.db.select({ n: sql<number>`count(*)` }).from(users))[0].n);

    const rs = await Promise.all(
      pending.map((p) => post('/api/auth/google/login', { provider_uid: uid, nonce: (p as { nonce: string }).nonce, agreement_accepted: true, cookie_accepted: true, lang: 'en_US' })),
    );

    expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.error.code === 'PROVIDER_ALREADY_CONNECTED')).toBe(true);
    const identities = await t.ctx.db.db.select().from(socialLogins).where(eq(socialLogins.providerUid, uid));
    expect(identities).toHaveLength(1);
    const winner = rs.find((r) => r.status === 200)!.body.result.user;
    expect(identities[0].userId).toBe(winner.id);
    const usersAfter = Number((await t.ctx.db.db.select({ n: sql<number>`count(*)` }).from(users))[0].n);
    expect(usersAfter - usersBefore).toBe(1);
  });
});
