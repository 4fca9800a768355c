import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';
import { ENTITLEMENTS, type Feature } from './entitlements';

// Every Pro-only feature of the matrix, asked by a visitor, a free user and a Pro member over HTTP
// (run on PostgreSQL too: DATABASE_URL). A feature added to the matrix as Pro-only without a row
// here fails the last test.
const DAY = 86_400_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
let free: Record<string, string>;
let pro: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC', 'ETH'], timeframes: ['1h', '1d'] });
  free = (await createSignedInUser(t.ctx)).headers;
  const member = await createSignedInUser(t.ctx);
  await t.ctx.db.query(sql`update users set subscription_end_date = ${Date.now() + 30 * DAY} where id = ${member.userId}`);
  pro = member.headers;
  // the member follows ETH: the search overlay's empty query lists it
  expect((await t.app.inject({ method: 'POST', url: '/api/crypto/crypto_following/eth', headers: pro })).statusCode).toBe(200);
}, 300_000);
afterAll(async () => t?.close());

/** One request that uses a Pro-only feature. */
interface Probe {
  method: 'GET' | 'PUT';
  url: string;
  payload?: unknown;
  /** What a member gets (status 200); checked besides the status. */
  check?: (body: any) => void;
}

const PRO_ONLY: Partial<Record<Feature, Probe[]>> = {
  'news.personalised_filter': [
    { method: 'GET', url: '/api/feeds/filter' },
    { method: 'PUT', url: '/api/feeds/filter', payload: { coins: ['BTC'] } },
    { method: 'GET', url: '/api/feeds/latest?personal=true' },
  ],
  'ta.full': [{ method: 'GET', url: '/api/crypto/btc/analysis?lang=en-US' }],
  'signals.full': [
    { method: 'GET', url: '/api/signals/track-record?coin=BTC', check: (b) => expect(Array.isArray(b.result.items)).toBe(true) },
    { method: 'GET', url: '/api/signals/pattern-stats?coin=BTC', check: (b) => expect(Array.isArray(b.result.items)).toBe(true) },
  ],
  'search.followed_coins': [{ method: 'GET', url: '/api/crypto/search/following', check: (b) => expect(b.result.map((c: { symbol: string }) => c.symbol)).toEqual(['ETH']) }],
};

const ask = (p: Probe, headers: Record<string, string>) => t.app.inject({ method: p.method, url: p.url, headers, payload: p.payload as never });

describe('entitlements: every Pro-only feature, visitor vs free vs Pro', () => {
  for (const [feature, probes] of Object.entries(PRO_ONLY)) {
    for (const p of probes!) {
      it(`${feature}: ${p.method} ${p.url}`, async () => {
        expect((await ask(p, {})).json().error.code).toBe('UNAUTHORIZED');
        const denied = await ask(p, free);
        expect(denied.statusCode).toBe(403);
        expect(denied.json().error.code).toBe('VIP_REQUIRED');
        const granted = await ask(p, pro);
        expect(granted.statusCode, granted.body).toBe(200);
        p.check?.(granted.json());
      });
    }
  }

  it('the free overview stays open: the all-coins track record, pattern stats and the watchlist', async () => {
    expect((await t.app.inject({ url: '/api/signals/track-record' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/signals/pattern-stats' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/crypto/crypto_following', headers: free })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/crypto/ta/all' })).statusCode).toBe(200);
  });

  it('a lapsed membership is free again', async () => {
    const u = await createSignedInUser(t.ctx);
    await t.ctx.db.query(sql`update users set subscription_end_date = ${Date.now() - 1000} where id = ${u.userId}`);
    expect((await t.app.inject({ url: '/api/crypto/search/following', headers: u.headers })).json().error.code).toBe('VIP_REQUIRED');
  });

  it('every Pro-only feature of the matrix is probed here (the forced story rewrite in news/story-model.int.test)', () => {
    const proOnly = (Object.keys(ENTITLEMENTS) as Feature[]).filter((f) => !ENTITLEMENTS[f].free);
    expect(proOnly.filter((f) => f !== 'news.story_rewrite').sort()).toEqual(Object.keys(PRO_ONLY).sort());
  });
});
