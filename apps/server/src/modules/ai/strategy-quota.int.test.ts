import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../billing/plans';
import { createTestApp } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';

// Daily quotas under real parallel requests (run on PostgreSQL too: DATABASE_URL). The rate limit
// of model calls is off here so that only the quotas answer.
let t: Awaited<ReturnType<typeof createTestApp>>;
const COINS = ['btc', 'eth', 'aave'];

beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC', 'ETH', 'AAVE'], env: { RATE_LIMIT_MODEL_PER_MINUTE: '0' } });
  // the coin page content exists, so that requests race on the quota rather than on writing it
  for (const c of COINS) expect((await t.app.inject({ method: 'GET', url: `/api/crypto/${c}/aggregate` })).statusCode).toBe(200);
}, 300_000);
afterAll(async () => t?.close());

const strategy = (coin: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/crypto/${coin}/strategy`, headers, payload: { lang: 'en-US' } });

describe('strategy_per_day under parallel requests', () => {
  it('with the quota spent, 30 parallel requests for 3 coins (10 each) return no strategy, and no record is left behind', async () => {
    const u = await createSignedInUser(t.ctx);
    for (let i = 0; i < PLANS.free.strategyPerDay; i++) await t.ctx.billing.quota.consumeQuota(u.userId, 'strategy_per_day');
    const rs = await Promise.all(COINS.flatMap((c) => Array.from({ length: 10 }, () => strategy(c, u.headers))));
    const got = rs.filter((r) => r.statusCode === 200);
    expect(got.map((r) => r.json().result.counted)).toEqual([]);
    for (const r of rs) expect(r.json().error).toMatchObject({ code: 'STRATEGY_DAILY_LIMIT_EXCEEDED' });
    for (const c of COINS) {
      const a = (await t.app.inject({ method: 'GET', url: `/api/crypto/${c}/aggregate`, headers: u.headers })).json().result;
      expect(a.strategy_access).toBe('not_generated');
      expect(a.strategy).toBeNull();
    }
    expect(await t.ctx.billing.quota.usage(u.userId, 'strategy_per_day')).toMatchObject({ used: PLANS.free.strategyPerDay, remaining: 0 });
  });

  it('with one unit left, parallel requests for 3 coins grant exactly one coin and count one unit', async () => {
    const u = await createSignedInUser(t.ctx);
    for (let i = 0; i < PLANS.free.strategyPerDay - 1; i++) await t.ctx.billing.quota.consumeQuota(u.userId, 'strategy_per_day');
    const rs = await Promise.all(COINS.flatMap((c) => Array.from({ length: 10 }, () => strategy(c, u.headers).then((r) => ({ c, r })))));
    const ok = rs.filter(({ r }) => r.statusCode === 200);
    const coinsGranted = new Set(ok.map(({ c }) => c));
    expect(coinsGranted.size).toBe(1);
    expect(ok.filter(({ r }) => r.json().result.counted)).toHaveLength(1);
    for (const { c, r } of rs) if (!coinsGranted.has(c)) expect(r.json().error.code).toBe('STRATEGY_DAILY_LIMIT_EXCEEDED');
    expect(await t.ctx.billing.quota.usage(u.userId, 'strategy_per_day')).toMatchObject({ used: PLANS.free.strategyPerDay, remaining: 0 });
  });
});

describe('qa_per_day under parallel requests', () => {
  it('accepts exactly the remaining questions of 12 parallel ones and refuses the rest with 429', async () => {
    const u = await createSignedInUser(t.ctx);
    const ask = () => t.app.inject({ method: 'POST', url: '/api/chat/btc/messages', headers: u.headers, payload: { content: 'Where is support?', lang: 'en-US' } });
    const rs = await Promise.all(Array.from({ length: 12 }, ask));
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(PLANS.free.qaPerDay);
    for (const r of rs.filter((x) => x.statusCode !== 200)) expect(r.json().error.code).toBe('CHAT_DAILY_LIMIT_EXCEEDED');
    expect(await t.ctx.billing.quota.usage(u.userId, 'qa_per_day')).toMatchObject({ used: PLANS.free.qaPerDay, remaining: 0 });
  });
});
