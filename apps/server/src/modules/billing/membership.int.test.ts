import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../../test/harness';
import type { AppContext } from '../../context';
import { createSignedInUser } from '../../../test/users';
import { PLANS } from './plans';

const DAY = 86_400_000;

describe('membership: plans, daily quotas, invitation codes, entitlements', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'] }));
  });
  afterAll(async () => {
    ctx?.billing.setNow(Date.now);
    await close?.();
  });

  it('lists localized plans and says payments are off without CHAINS', async () => {
    const en = (await app.inject({ url: '/api/payment/subscription_plans?lang=en-US' })).json().result;
    expect(en.plans.map((p: { key: string }) => p.key)).toEqual(['free', 'pro_monthly', 'pro_yearly']);
    expect(en.plans[1]).toMatchObject({ type: 'Subscription', tier: 'Pro', period: 'Monthly', price: '19.9', strategyPerDay: PLANS.pro_monthly.strategyPerDay, qaPerDay: PLANS.pro_monthly.qaPerDay });
    expect(en.payments_enabled).toBe(false);
    expect(en.networks).toEqual([]);
    const zh = (await app.inject({ url: '/api/payment/subscription_plans?lang=zh_CN' })).json().result;
    expect(zh.plans[0].name).toBe('免费版');
  });

  it('answers PAYMENTS_NOT_CONFIGURED when creating an order without CHAINS', async () => {
    const u = await createSignedInUser(ctx, { username: 'nochain' });
    const r = await app.inject({ method: 'POST', url: '/api/payment/create', headers: u.headers, payload: { plan: 'pro_monthly', network: 'ethereum', token_type: 'USDT', wallet_address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' } });
    expect(r.statusCode).toBe(503);
    expect(r.json().error.code).toBe('PAYMENTS_NOT_CONFIGURED');
  });

  it('usage needs a sign-in and reports limit, used, remaining', async () => {
    expect((await app.inject({ url: '/api/users/usage/qa_per_day' })).statusCode).toBe(401);
    const u = await createSignedInUser(ctx, { username: 'usage' });
    const r = await app.inject({ url: '/api/users/usage/qa_per_day', headers: u.headers });
    expect(r.json().result).toMatchObject({ limit: PLANS.free.qaPerDay, used: 0, remaining: PLANS.free.qaPerDay });
    await ctx.billing.quota.consumeQuota(u.userId, 'qa_per_day');
    const after = (await app.inject({ url: '/api/users/usage/qa_per_day', headers: u.headers })).json().result;
    expect(after).toMatchObject({ used: 1, remaining: PLANS.free.qaPerDay - 1 });
    expect((await app.inject({ url: '/api/users/usage/nope', headers: u.headers })).statusCode).toBe(400);
  });

  it('concurrent consumption never exceeds the daily limit and throws the right code', async () => {
    const u = await createSignedInUser(ctx, { username: 'burst' });
    const limit = PLANS.free.strategyPerDay;
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => ctx.billing.quota.consumeQuota(u.userId, 'strategy_per_day')));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(limit);
    expect(failed).toHaveLength(40 - limit);
    expect(failed.every((f) => f.reason.code === 'STRATEGY_DAILY_LIMIT_EXCEEDED' && f.reason.status === 429)).toBe(true);
    const usage = await ctx.billing.quota.usage(u.userId, 'strategy_per_day');
    expect(usage).toMatchObject({ limit, used: limit, remaining: 0 });
    await expect(ctx.billing.quota.consumeQuota(u.userId, 'qa_per_day')).resolves.toMatchObject({ used: 1 });
    const qa = await Promise.allSettled(Array.from({ length: 10 }, () => ctx.billing.quota.consumeQuota(u.userId, 'qa_per_day')));
    expect((qa.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.code).toBe('CHAT_DAILY_LIMIT_EXCEEDED');
  });

  it('quotas reset at UTC midnight and Pro members get the pro_monthly limits', async () => {
    const u = await createSignedInUser(ctx, { username: 'midnight' });
    const base = Date.parse('2026-03-10T23:59:00Z');
    ctx.billing.setNow(() => base);
    for (let i = 0; i < PLANS.free.strategyPerDay; i++) await ctx.billing.quota.consumeQuota(u.userId, 'strategy_per_day');
    await expect(ctx.billing.quota.consumeQuota(u.userId, 'strategy_per_day')).rejects.toMatchObject({ code: 'STRATEGY_DAILY_LIMIT_EXCEEDED' });
    ctx.billing.setNow(() => base + 2 * 60_000);
    const next = await ctx.billing.quota.usage(u.userId, 'strategy_per_day');
    expect(next).toMatchObject({ used: 0, remaining: PLANS.free.strategyPerDay, reset_at: '2026-03-12T00:00:00.000Z' });
    await ctx.db.query(sql`update users set subscription_end_date = ${base + 10 * DAY} where id = ${u.userId}`);
    expect((await ctx.billing.quota.usage(u.userId, 'strategy_per_day')).limit).toBe(PLANS.pro_monthly.strategyPerDay);
    ctx.billing.setNow(Date.now);
  });

  it('every user has an own code; binding gives a 7-day trial once', async () => {
    const inviter = await createSignedInUser(ctx, { username: 'inviter' });
    const invitee = await createSignedInUser(ctx, { username: 'invitee' });
    const own = (await app.inject({ url: '/api/invitation/code', headers: inviter.headers })).json().result;
    expect(own).toMatchObject({ state: 'active' });
    expect(own.code).toMatch(/^[A-Z2-9]{8}$/);
    const again = (await app.inject({ url: '/api/invitation/code', headers: inviter.headers })).json().result;
    expect(again.code).toBe(own.code);

    const before = Date.now();
    const bind = await app.inject({ method: 'POST', url: '/api/invitation/bind', headers: invitee.headers, payload: { code: ` ${own.code.toLowerCase()} ` } });
    expect(bind.statusCode).toBe(200);
    const res = bind.json().result;
    expect(res.isPro).toBe(true);
    expect(res.isUsedInvitationCode).toBe(true);
    const end = Date.parse(res.subscription_end_date);
    expect(end - before).toBeGreaterThanOrEqual(7 * DAY - 5000);
    expect(end - before).toBeLessThanOrEqual(7 * DAY + 5000);

    const me = (await app.inject({ url: '/api/users/profile/me', headers: invitee.headers })).json().result;
    expect(me).toMatchObject({ isPro: true, isUsedInvitationCode: true, subscription_end_date: res.subscription_end_date });

    const third = await createSignedInUser(ctx, { username: 'third' });
    const thirdCode = (await app.inject({ url: '/api/invitation/code', headers: third.headers })).json().result.code;
    const twice = await app.inject({ method: 'POST', url: '/api/invitation/bind', headers: invitee.headers, payload: { code: thirdCode } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('INVITE_ALREADY_USED_ONE');
  });

  it('rejects empty, invalid, own, disabled, expired and used-up codes', async () => {
    const a = await createSignedInUser(ctx, { username: 'codeowner' });
    const b = await createSignedInUser(ctx, { username: 'codeuser' });
    const code = (await app.inject({ url: '/api/invitation/code', headers: a.headers })).json().result.code;
    const bind = (c: unknown, who = b) => app.inject({ method: 'POST', url: '/api/invitation/bind', headers: who.headers, payload: c === undefined ? {} : { code: c } });
    const expectErr = async (p: Promise<{ statusCode: number; json(): any }>, status: number, errCode: string) => {
      const r = await p;
      expect(r.statusCode).toBe(status);
      expect(r.json().error.code).toBe(errCode);
    };
    await expectErr(bind(''), 400, 'INVITE_CODE_EMPTY');
    await expectErr(bind('   '), 400, 'INVITE_CODE_EMPTY');
    await expectErr(bind(undefined), 400, 'INVITE_CODE_EMPTY');
    await expectErr(bind('ZZZZZZZZ'), 404, 'INVITE_CODE_INVALID');
    await expectErr(bind(code, a), 400, 'INVITE_CODE_OWN');
    await ctx.db.query(sql`update invitation_codes set state = 'inactive' where code = ${code}`);
    expect((await app.inject({ url: '/api/invitation/code', headers: a.headers })).json().result.state).toBe('inactive');
    await expectErr(bind(code), 403, 'INVITE_CODE_DISABLED');
    await ctx.db.query(sql`update invitation_codes set state = 'active', expires_at = ${Date.now() - 1000} where code = ${code}`);
    await expectErr(bind(code), 410, 'INVITE_CODE_EXPIRED');
    await ctx.db.query(sql`update invitation_codes set expires_at = null, max_uses = 1, uses = 1 where code = ${code}`);
    await expectErr(bind(code), 409, 'INVITE_CODE_USED');
    const me = (await app.inject({ url: '/api/users/profile/me', headers: b.headers })).json().result;
    expect(me).toMatchObject({ isPro: false, isUsedInvitationCode: false });
  });

  it('concurrent binds by one user grant the trial once', async () => {
    const a = await createSignedInUser(ctx, { username: 'manycodes' });
    const b = await createSignedInUser(ctx, { username: 'racer' });
    const code = (await app.inject({ url: '/api/invitation/code', headers: a.headers })).json().result.code;
    const rs = await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'POST', url: '/api/invitation/bind', headers: b.headers, payload: { code } })));
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const hist = await ctx.billing.subscriptions.history(b.userId);
    expect(hist).toHaveLength(1);
  });

  it('requireEntitlement answers VIP_REQUIRED for free users and passes members', async () => {
    const { requireEntitlement } = await import('./entitlements');
    const { buildApp } = await import('../../app');
    const probe = await buildApp(ctx);
    probe.get('/api/test/pro-only', { preHandler: requireEntitlement('ta.full') }, async () => ({ result: 'ok' }));
    probe.get('/api/test/free', { preHandler: requireEntitlement('watchlist') }, async () => ({ result: 'ok' }));
    await probe.ready();
    const free = await createSignedInUser(ctx, { username: 'freebie' });
    expect((await probe.inject({ url: '/api/test/pro-only' })).statusCode).toBe(401);
    const denied = await probe.inject({ url: '/api/test/pro-only', headers: free.headers });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toMatchObject({ code: 'VIP_REQUIRED', details: { feature: 'ta.full' } });
    expect((await probe.inject({ url: '/api/test/free', headers: free.headers })).statusCode).toBe(200);
    await ctx.db.query(sql`update users set subscription_end_date = ${Date.now() + DAY} where id = ${free.userId}`);
    expect((await probe.inject({ url: '/api/test/pro-only', headers: free.headers })).statusCode).toBe(200);
    await probe.close();
  });
});
