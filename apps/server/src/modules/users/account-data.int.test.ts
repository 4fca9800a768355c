import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { hash as argon2Hash } from '@node-rs/argon2';
import { chatMessages, coinFollowing, coins, paymentOrders, profiles, sessions, socialLogins, subscriptions, users } from '@coinlens/db';
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
  // OUTBOUND_ALLOW_HOSTS: the deletion tests' webhook receiver listens on 127.0.0.1, which the
  // guarded outbound client refuses unless the operator allows it.
  t = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { SMTP_URL: smtp.url, MAIL_FROM: 'Coinlens <no-reply@test.example>', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
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
    const u = await createSignedInUser(t.ctx);
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

describe('account with a membership payment and alerts: export and deletion', () => {
  const payingUser = async () => {
    const u = await createSignedInUser(t.ctx);
    const db = t.ctx.db.db;
    await db.update(users).set({ passwordHash: await argon2Hash(PASSWORD) }).where(eq(users.id, u.userId));
    const now = Date.now();
    await db.insert(paymentOrders).values({
      id: `ord_alerts_${u.userId}`, userId: u.userId, plan: 'pro_monthly', network: 'sepolia', chainId: 11155111, tokenType: 'USDT', tokenContract: '0x0', decimals: 6, amount: '19.90',
      recipient: '0x1', walletAddress: '0xabc0000000000000000000000000000000000002', status: 'paid', createdAt: now, expiresAt: now + 1, paidAt: now,
    });
    await db.insert(subscriptions).values([
      { userId: u.userId, plan: 'pro_monthly', source: 'payment', startDate: now, endDate: now + 30 * 86_400_000, network: 'sepolia', tokenType: 'USDT', totalCost: '19900000', orderId: `ord_alerts_${u.userId}`, createdAt: now },
      { userId: u.userId, plan: 'invitation_trial', source: 'invitation', startDate: now, endDate: now + 7 * 86_400_000, createdAt: now },
    ]);
    return u;
  };

  /** A local webhook receiver counting what reaches it. */
  const startReceiver = async (onRequest?: () => Promise<void>) => {
    const received: string[] = [];
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(String(req.headers['webhook-id']));
        void (onRequest ?? (async () => undefined))().finally(() => res.writeHead(204).end());
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
  };

  /** One of each alerts row for `userId`: a rule, a webhook endpoint, a Telegram link, a push subscription, an event, a delivery with an attempt, and a pending test delivery. */
  const withAlerts = async (u: { userId: number; headers: Record<string, string> }, hookUrl: string) => {
    const rule = await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: u.headers, payload: { rule: { kind: 'price_cross', coin: 'BTC', level: 123_456 }, channels: ['webhook'] } });
    expect(rule.statusCode).toBe(200);
    const ep = await t.app.inject({ method: 'POST', url: '/api/alerts/webhooks', headers: u.headers, payload: { url: hookUrl, description: 'mine' } });
    expect(ep.statusCode).toBe(200);
    const ruleId = rule.json().result.id;
    const epId = ep.json().result.id;
    const now = Date.now();
    await t.ctx.db.query(sql`insert into telegram_links (user_id, chat_id, username, linked_at) values (${u.userId}, ${String(9_000_000 + u.userId)}, 'me', ${now})`);
    await t.ctx.db.query(sql`insert into telegram_link_tokens (token, user_id, expires_at) values (${`tok${u.userId}`}, ${u.userId}, ${now + 600_000})`);
    await t.ctx.db.query(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, user_agent, created_at)
      values (${u.userId}, ${`https://push.example.test/send/secret-path-${u.userId}`}, 'p256dh-key-value', 'auth-secret-value', 'Firefox', ${now})`);
    const [ev] = await t.ctx.db.query<{ id: number }>(sql`insert into alert_events (rule_id, user_id, trigger_key, message, market_time, created_at)
      values (${ruleId}, ${u.userId}, 'k1', ${JSON.stringify({ kind: 'price_cross', title: { en: 'BTC crossed', zh: 'BTC' }, body: { en: 'b', zh: 'b' }, path: '/crypto/bitcoin' })}::jsonb, ${now}, ${now}) returning id`);
    const [d] = await t.ctx.db.query<{ id: number }>(sql`insert into alert_deliveries (user_id, event_id, channel, endpoint_id, message_id, payload, status, attempts, next_attempt_at, delivered_at, created_at)
      values (${u.userId}, ${ev.id}, 'webhook', ${epId}, ${`msg_done${u.userId}`}, '{"type":"alert.fired"}'::jsonb, 'delivered', 1, ${now}, ${now}, ${now}) returning id`);
    await t.ctx.db.query(sql`insert into alert_delivery_attempts (delivery_id, attempt, at, ok, status_code, error, duration_ms) values (${d.id}, 1, ${now}, true, 204, null, 12.5)`);
    // A pending delivery (the "send test"), still in the outbox.
    expect((await t.app.inject({ method: 'POST', url: `/api/alerts/webhooks/${epId}/test`, headers: u.headers })).statusCode).toBe(200);
    // A saved screener screen.
    expect((await t.app.inject({ method: 'POST', url: '/api/screener/screens', headers: u.headers, payload: { name: 'Oversold', screen: { timeframe: '1h', conditions: [{ type: 'value', field: 'rsi_14', op: 'lt', value: 30 }] } } })).statusCode).toBe(200);
    return { ruleId, epId };
  };

  it('exports alert rules, webhook endpoints without secrets, the Telegram link, push subscriptions without keys, notifications, deliveries and attempts', async () => {
    const rx = await startReceiver();
    try {
      const u = await payingUser();
      const { ruleId, epId } = await withAlerts(u, rx.url);
      const x = await t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: u.headers });
      expect(x.statusCode).toBe(200);
      const data = x.json().data;
      expect(data.alert_rules).toEqual([expect.objectContaining({ id: ruleId, kind: 'price_cross', active: true })]);
      expect(data.saved_screens).toEqual([expect.objectContaining({ name: 'Oversold', timeframe: '1h' })]);
      expect(data.webhook_endpoints).toEqual([expect.objectContaining({ id: epId, url: rx.url, description: 'mine' })]);
      expect(data.telegram_link).toEqual([expect.objectContaining({ chatId: String(9_000_000 + u.userId), username: 'me' })]);
      expect(data.push_subscriptions).toEqual([expect.objectContaining({ pushService: 'https://push.example.test', userAgent: 'Firefox' })]);
      expect(data.alert_notifications).toEqual([expect.objectContaining({ ruleId, triggerKey: 'k1' })]);
      expect(data.alert_deliveries).toHaveLength(2);
      expect(data.alert_deliveries.map((d: any) => d.status).sort()).toEqual(['delivered', 'pending']);
      expect(data.alert_delivery_attempts).toEqual([expect.objectContaining({ attempt: 1, ok: true, statusCode: 204 })]);
      const raw = x.body;
      expect(raw).not.toMatch(/whsec_|secret-path|p256dh-key-value|auth-secret-value|tok\d/);
    } finally {
      await rx.close();
    }
  });

  it('deletes every alerts row with the account, keeping only the payment records: a pending webhook delivery is never sent', async () => {
    const rx = await startReceiver();
    try {
      const u = await payingUser();
      await withAlerts(u, rx.url);
      const del = await t.app.inject({ method: 'POST', url: '/api/users/me/delete', headers: u.headers, payload: { password: PASSWORD } });
      expect(del.statusCode).toBe(200);
      expect(del.json().result).toEqual({ deleted: true, kept_payment_records: 1 });
      // A dispatcher pass after the deletion sends nothing to the deleted account's endpoint.
      await t.ctx.alerts.dispatcher!.runOnce();
      expect(rx.received).toEqual([]);
      for (const table of [
        'alert_rules', 'alert_events', 'alert_deliveries', 'saved_screens', 'webhook_endpoints', 'telegram_links', 'telegram_link_tokens', 'push_subscriptions',
        'profiles', 'sessions', 'social_logins', 'coin_following', 'chat_messages', 'strategy_generations', 'paper_plans', 'usage_counters',
        'invitation_codes', 'trial_redemptions', 'verification_codes', 'oauth_states', 'analytics_events',
      ]) {
        const [r] = await t.ctx.db.query<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${u.userId}`);
        expect([table, Number(r.n)]).toEqual([table, 0]);
      }
      const [att] = await t.ctx.db.query<{ n: number }>(sql`select count(*)::int as n from alert_delivery_attempts a where not exists (select 1 from alert_deliveries d where d.id = a.delivery_id)`);
      expect(Number(att.n)).toBe(0);
      // Kept: the payment order and the subscription it bought; the invitation trial's subscription is not a payment record.
      expect(await t.ctx.db.db.select().from(paymentOrders).where(eq(paymentOrders.userId, u.userId))).toHaveLength(1);
      expect((await t.ctx.db.db.select().from(subscriptions).where(eq(subscriptions.userId, u.userId))).map((r) => r.source)).toEqual(['payment']);
    } finally {
      await rx.close();
    }
  });

  it('a delivery already being sent when the account is deleted: the dispatcher finishes the pass without error and logs nothing for it', async () => {
    let deleted: Promise<unknown> | null = null;
    let headers: Record<string, string> = {};
    const rx = await startReceiver(async () => {
      deleted ??= t.app.inject({ method: 'POST', url: '/api/users/me/delete', headers, payload: { password: PASSWORD } });
      expect((await deleted as { statusCode: number }).statusCode).toBe(200);
    });
    try {
      const u = await payingUser();
      headers = u.headers;
      await withAlerts(u, rx.url);
      await expect(t.ctx.alerts.dispatcher!.runOnce()).resolves.toBeGreaterThan(0);
      expect(rx.received).toHaveLength(1);
      const [d] = await t.ctx.db.query<{ n: number }>(sql`select count(*)::int as n from alert_deliveries where user_id = ${u.userId}`);
      expect(Number(d.n)).toBe(0);
      expect(await t.ctx.alerts.dispatcher!.runOnce()).toBe(0);
    } finally {
      await rx.close();
    }
  });
});

describe('invitation trial and account deletion', () => {
  it('the trial record outlives the account (hash only, no user): the same mailbox registering again gets no second trial', async () => {
    const inviter = await createSignedInUser(t.ctx);
    const code = (await t.app.inject({ url: '/api/invitation/code', headers: inviter.headers })).json().result.code;
    const c = api(t.app, randomIp());
    const email = `trial${Date.now()}@example.com`;
    const first = await registerAndVerify(c, email);
    const bind = await c('POST', '/api/invitation/bind', { token: first.access_token, body: { code } });
    expect(bind.status).toBe(200);
    expect(bind.body.result.isPro).toBe(true);
    const del = await c('POST', '/api/users/me/delete', { token: first.access_token, body: { password: PASSWORD } });
    expect(del.status).toBe(200);
    const again = await registerAndVerify(c, email);
    const second = await c('POST', '/api/invitation/bind', { token: again.access_token, body: { code } });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('INVITE_TRIAL_ALREADY_USED');
    const kept = await t.ctx.db.query<{ user_id: number | null }>(sql`select user_id from trial_redemptions where code = ${code}`);
    expect(kept).toEqual([{ user_id: null }]);
  });
});
