import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC', 'ETH'], timeframes: ['1h'], env: { ANALYTICS_HOST: 'coinlens.example' } });
});
afterAll(async () => t?.close());

describe('watchlist', () => {
  it('needs a signed-in user', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/crypto/crypto_following' });
    expect(r.statusCode).toBe(401);
    expect(r.json().error.code).toBe('UNAUTHORIZED');
  });

  it('follows by slug or symbol idempotently, lists with prices, unfollows', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const other = await createSignedInUser(t.ctx);
    for (const id of ['bitcoin', 'BTC', 'ethereum']) {
      const r = await t.app.inject({ method: 'POST', url: `/api/crypto/crypto_following/${id}`, headers });
      expect(r.statusCode).toBe(200);
      expect(r.json().result.following).toBe(true);
    }
    const list = (await t.app.inject({ method: 'GET', url: '/api/crypto/crypto_following', headers })).json().result;
    expect(list.map((f: any) => f.cryptocurrency.symbol).sort()).toEqual(['BTC', 'ETH']);
    expect(list[0].cryptocurrency.lastPrice).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/crypto/crypto_following', headers: other.headers })).json().result).toEqual([]);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/crypto/crypto_following/BTC', headers });
    expect(del.json().result).toMatchObject({ following: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/crypto/crypto_following', headers })).json().result).toHaveLength(1);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/crypto/crypto_following/nope', headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('COIN_NOT_FOUND');
  });
});

describe('analytics', () => {
  it('stores a page view with visitor/session ids and utm fields', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/collect_event',
      headers: { 'x-visitor-id': 'v-1234567890', 'x-session-id': 's-1234567890' },
      payload: { type: 'pageview', url: 'https://coinlens.example/en-US/crypto/bitcoin?utm_source=x', title: 'Bitcoin', route: 'coin', props: { user_id: 'Guest', lang: 'en-US', record_id: 'bitcoin' }, utm: { source: 'x' } },
    });
    expect(r.statusCode).toBe(200);
    const rows = await t.ctx.db.query<any>(sql`select * from analytics_events`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'pageview', path: '/en-US/crypto/bitcoin', route: 'coin', visitor_id: 'v-1234567890', session_id: 's-1234567890', lang: 'en-US', utm: { source: 'x' } });
  });
  it('rejects bad events with the failing fields', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/collect_event', payload: { type: 'click', url: 'not a url' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.fields.map((f: any) => f.path)).toEqual(expect.arrayContaining(['body.type', 'body.url']));
  });
  it('publishes the analytics host and support address in the public config', async () => {
    const c = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().result;
    expect(c).toMatchObject({ analytics_host: 'coinlens.example', support_email: 'support@coinlens.example', ai_writer: 'builtin', market_source: 'replay' });
  });
});
