import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatMessages, coinFollowing, coins, paymentOrders, profiles, sessions, socialLogins, users } from '@coinlens/db';
import { createTestApp } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { api, codeFromMail, randomIp, startSmtp } from '../auth/test-helpers';

/** Data export and account deletion (privacy policy: deleted except payment records). */
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const PASSWORD = 'Str0ng!pass';

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { SMTP_URL: smtp.url, MAIL_FROM: 'Coinlens <no-reply@test.example>' } });
}, 300_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function registerAndVerify(call: ReturnType<typeof api>, email: string) {
  const before = smtp.mails.length;
  const reg = await call('POST', '/api/auth/register', { body: { email, password: PASSWORD, agreement_accepted: true, cookie_accepted: true, lang: 'en-US' } });
  expect(reg.status).toBe(200);
  const code = await codeFromMail(smtp.mails, email, before);
  const v = await call('POST', '/api/auth/verify-register-code', { body: { email, code, registration_id: reg.body.result.registration_id } });
  expect(v.status).toBe(200);
  return v.body.result as { access_token: string; user: { id: number } };
}

async function btcId() {
  const [c] = await t.ctx.db.db.select({ id: coins.id }).from(coins).where(eq(coins.symbol, 'BTC'));
  return c.id;
}

describe('password account: export, re-authentication, deletion, registering again', () => {
  const email = `erase${Date.now()}@example.com`;
  let token = '';
  let userId = 0;

  it('exports everything held as a JSON download, without the password hash', async () => {
    const c = api(t.app, randomIp());
    const r = await registerAndVerify(c, email);
    token = r.access_token;
    userId = r.user.id;
    const coinId = await btcId();
    expect((await c('POST', `/api/crypto/crypto_following/${coinId}`, { token })).status).toBe(200);
    await t.ctx.db.db.insert(chatMessages).values({ userId, coinId, role: 'user', content: 'Is BTC above support?', lang: 'en-US', status: 'done', createdAt: Date.now() });
    const x = await c('GET', '/api/users/me/export', { token });
    expect(x.status).toBe(200);
    expect(String(x.headers['content-disposition'])).toMatch(/^attachment; filename="coinlens-account-\d+\.json"$/);
    expect(x.body.format).toBe('coinlens-account-export/1');
    expect(x.body.account).toMatchObject({ id: userId, email, has_password: true });
    expect(x.body.data.watchlist).toHaveLength(1);
    expect(x.body.data.chat_messages[0].content).toBe('Is BTC above support?');
    expect(x.body.data.profile).toHaveLength(1);
    expect(x.body.data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(x.body)).not.toMatch(/argon2|passwordHash|password_hash|codeHash/);
    expect((await c('GET', '/api/users/me/export')).status).toBe(401);
  });

  it('refuses a deletion without the right password (403, nothing deleted)', async () => {
    const c = api(t.app, randomIp());
    const none = await c('POST', '/api/users/me/delete', { token, body: {} });
    expect(none.status).toBe(403);
    expect(none.body.error.code).toBe('REAUTH_FAILED');
    const wrong = await c('POST', '/api/users/me/delete', { token, body: { password: 'Wr0ng!pass' } });
    expect(wrong.status).toBe(403);
    const typed = await c('POST', '/api/users/me/delete', { token, body: { confirm: email } });
    expect(typed.status).toBe(403);
    expect((await c('GET', '/api/users/profile/me', { token })).status).toBe(200);
    const bad = await c('POST', '/api/users/me/delete', { token, body: { password: 42 } });
    expect(bad.status).toBe(400);
  });

  it('deletes with the password: sessions stop working, data is gone, the e-mail can register again', async () => {
    const c = api(t.app, randomIp());
    const del = await c('POST', '/api/users/me/delete', { token, body: { password: PASSWORD } });
    expect(del.status).toBe(200);
    expect(del.body.result).toEqual({ deleted: true, kept_payment_records: 0 });
    expect((await c('GET', '/api/users/profile/me', { token })).status).toBe(401);
    expect((await c('GET', '/api/users/me/export', { token })).status).toBe(401);
    const db = t.ctx.db.db;
    expect(await db.select().from(users).where(eq(users.id, userId))).toHaveLength(0);
    for (const table of [profiles, sessions, coinFollowing, chatMessages] as const) expect(await db.select().from(table).where(eq(table.userId, userId))).toHaveLength(0);
    expect((await c('POST', '/api/auth/login', { body: { email, password: PASSWORD } })).status).toBe(401);
    const again = await registerAndVerify(c, email);
    expect(again.user.id).not.toBe(userId);
    const me = await c('GET', '/api/users/profile/me', { token: again.access_token });
    expect(me.body.result.email).toBe(email);
  });
});

/** Signs in with a fresh wallet (a real key signing the server's EIP-4361 message): a wallet-only account. */
async function walletAccount(c: ReturnType<typeof api>, acct = privateKeyToAccount(generatePrivateKey())) {
  const { message } = (await c('GET', `/api/auth/metamask/nonce?address=${acct.address}`)).body.result;
  const r = await c('POST', '/api/auth/metamask/login', { body: { address: acct.address, message, signature: await acct.signMessage({ message }), agreement_accepted: true } });
  expect(r.status).toBe(200);
  return { acct, token: r.body.result.access_token as string, userId: r.body.result.user.id as number };
}

/** The deletion message for `address`, signed by `acct`. */
async function signedDeletion(c: ReturnType<typeof api>, token: string, acct: ReturnType<typeof privateKeyToAccount>, address: string = acct.address) {
  const m = await c('GET', `/api/users/me/delete/siwe?address=${address}`, { token });
  expect(m.status).toBe(200);
  const message = m.body.result.message as string;
  return { address, message, signature: await acct.signMessage({ message }) };
}

describe('wallet-only account: re-authentication by a fresh SIWE signature', () => {
  it('typing the user name no longer deletes it, nor does a sign-in signature or another wallet', async () => {
    const c = api(t.app, randomIp());
    const w = await walletAccount(c);
    const [row] = await t.ctx.db.db.select().from(users).where(eq(users.id, w.userId));
    const typed = await c('POST', '/api/users/me/delete', { token: w.token, body: { confirm: row.username } });
    expect(typed.status).toBe(403);
    expect(typed.body.error.code).toBe('REAUTH_FAILED');
    // a valid sign-in message and signature is for signing in only
    const { message } = (await c('GET', `/api/auth/metamask/nonce?address=${w.acct.address}`)).body.result;
    const signIn = await c('POST', '/api/users/me/delete', { token: w.token, body: { siwe: { address: w.acct.address, message, signature: await w.acct.signMessage({ message }) } } });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.details.reason).toBe('SIWE_MESSAGE_INVALID');
    // the deletion message of this account, signed by a key that is not its wallet
    const stranger = privateKeyToAccount(generatePrivateKey());
    const foreign = await c('POST', '/api/users/me/delete', { token: w.token, body: { siwe: await signedDeletion(c, w.token, stranger, w.acct.address) } });
    expect(foreign.status).toBe(403);
    // a wallet that is not the account's gets no deletion message
    expect((await c('GET', `/api/users/me/delete/siwe?address=${stranger.address}`, { token: w.token })).status).toBe(403);
    expect((await c('GET', '/api/users/profile/me', { token: w.token })).status).toBe(200);
  });

  it('deletes with a fresh signature of the deletion message; the signature cannot be replayed', async () => {
    const c = api(t.app, randomIp());
    const w = await walletAccount(c);
    const proof = await signedDeletion(c, w.token, w.acct);
    expect(proof.message).toMatch(/Delete my Coinlens account/);
    expect(proof.message).toMatch(new RegExp(`Request ID: delete-account:${w.userId}`));
    const del = await c('POST', '/api/users/me/delete', { token: w.token, body: { siwe: proof } });
    expect(del.status).toBe(200);
    expect(del.body.result).toEqual({ deleted: true, kept_payment_records: 0 });
    expect((await c('GET', '/api/users/profile/me', { token: w.token })).status).toBe(401);
    // the wallet signs in again (a new account); the old proof does not delete it
    const again = await walletAccount(c, w.acct);
    expect(again.userId).not.toBe(w.userId);
    const replay = await c('POST', '/api/users/me/delete', { token: again.token, body: { siwe: proof } });
    expect(replay.status).toBe(403);
    expect(replay.body.error).toMatchObject({ code: 'REAUTH_FAILED', details: { reason: 'SIWE_NONCE_INVALID' } });
    // a fresh message signed twice: the first use spends the nonce
    const fresh = await signedDeletion(c, again.token, w.acct);
    const wrongKey = privateKeyToAccount(generatePrivateKey());
    const bad = await c('POST', '/api/users/me/delete', { token: again.token, body: { siwe: { ...fresh, signature: await wrongKey.signMessage({ message: fresh.message }) } } });
    expect(bad.status).toBe(403);
    const late = await c('POST', '/api/users/me/delete', { token: again.token, body: { siwe: fresh } });
    expect(late.body.error).toMatchObject({ code: 'REAUTH_FAILED', details: { reason: 'SIWE_NONCE_INVALID' } });
    expect((await c('GET', '/api/users/profile/me', { token: again.token })).status).toBe(200);
  });
});

describe('account without a password or wallet (social sign-in) with a membership payment', () => {
  it('deletes after the typed user name, keeping the payment record on an anonymous shell', async () => {
    const u = await createSignedInUser(t.ctx as any);
    const db = t.ctx.db.db;
    await db.update(users).set({ email: null }).where(eq(users.id, u.userId));
    await db.insert(socialLogins).values({ userId: u.userId, provider: 'telegram', providerUid: `tg${u.userId}`, createdAt: Date.now() });
    await db.insert(paymentOrders).values({
      id: `ord_${u.userId}`, userId: u.userId, plan: 'pro_monthly', network: 'sepolia', chainId: 11155111, tokenType: 'USDT', tokenContract: '0x0', decimals: 6, amount: '19.90',
      recipient: '0x1', walletAddress: '0xabc0000000000000000000000000000000000001', status: 'paid', createdAt: Date.now(), expiresAt: Date.now() + 1, paidAt: Date.now(),
    });
    const c = api(t.app, randomIp());
    const token = u.headers.authorization.slice('Bearer '.length);
    expect((await c('POST', '/api/users/me/delete', { token, body: { confirm: 'someone-else' } })).status).toBe(403);
    const del = await c('POST', '/api/users/me/delete', { token, body: { confirm: ` ${u.username.toUpperCase()} ` } });
    expect(del.status).toBe(200);
    expect(del.body.result).toEqual({ deleted: true, kept_payment_records: 1 });
    expect((await c('GET', '/api/users/profile/me', { token })).status).toBe(401);
    const [shell] = await db.select().from(users).where(eq(users.id, u.userId));
    expect(shell).toMatchObject({ username: `deleted-${u.userId}`, email: null, passwordHash: null, permissions: [] });
    expect(await db.select().from(socialLogins).where(eq(socialLogins.userId, u.userId))).toHaveLength(0);
    expect(await db.select().from(paymentOrders).where(eq(paymentOrders.userId, u.userId))).toHaveLength(1);
  });
});
