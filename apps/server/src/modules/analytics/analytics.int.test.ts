import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../../test/harness';

// POST /collect_event: nothing is stored while analytics is off; when on, events are bounded
// (props, body size) and rate-limited per client.
/** The documented bounds (EVENT_LIMITS of the contract). */
const EVENT_LIMITS = { maxKeys: 20, maxKeyLength: 40, maxValueLength: 500, maxBodyBytes: 8 * 1024 };
let off: Awaited<ReturnType<typeof createTestApp>>;
let on: Awaited<ReturnType<typeof createTestApp>>;

/** A client address of its own per test and run (rate-limit counters may live in a shared Redis). */
const ip = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const pageview = (props: Record<string, unknown> = { user_id: 'Guest', lang: 'en-US' }, url = 'https://coinlens.example/en-US/signals') => ({ type: 'pageview', url, title: 'Signals', route: 'signals', props });
const post = (t: typeof on, payload: unknown, remoteAddress = ip()) => t.app.inject({ method: 'POST', url: '/collect_event', remoteAddress, payload: payload as object });
const stored = async (t: typeof on) => Number((await t.ctx.db.query<{ n: number }>(sql`select count(*)::int as n from analytics_events`))[0].n);

beforeAll(async () => {
  off = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'] });
  on = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { ANALYTICS_HOST: 'coinlens.example', RATE_LIMIT_EVENTS_PER_MINUTE: '5' } });
}, 300_000);
afterAll(async () => {
  await off?.close();
  await on?.close();
});

describe('analytics off (no ANALYTICS_HOST)', () => {
  it('accepts a valid event and stores nothing', async () => {
    const r = await post(off, pageview());
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ result: { ok: true } });
    expect(await stored(off)).toBe(0);
  });
});

describe('analytics on', () => {
  it('stores a page view of the analytics host, and drops (but accepts) one of another host', async () => {
    const before = await stored(on);
    expect((await post(on, pageview())).statusCode).toBe(200);
    expect((await post(on, pageview({}, 'https://phish.example/en-US/signals'))).statusCode).toBe(200);
    expect(await stored(on)).toBe(before + 1);
  });

  it('refuses props beyond the bounds with 400 and the failing field: too many keys, long keys, long values, nested values', async () => {
    const before = await stored(on);
    const many = Object.fromEntries(Array.from({ length: EVENT_LIMITS.maxKeys + 1 }, (_, i) => [`k${i}`, 'v']));
    const cases = [many, { ['k'.repeat(EVENT_LIMITS.maxKeyLength + 1)]: 'v' }, { note: 'x'.repeat(EVENT_LIMITS.maxValueLength + 1) }, { nested: { a: { b: 1 } } }, { list: [1, 2] }, { 'bad key': 1 }];
    for (const props of cases) {
      const r = await post(on, pageview(props));
      expect(r.statusCode).toBe(400);
      expect(r.json().error.code).toBe('VALIDATION_FAILED');
      expect(r.json().error.fields.map((f: { path: string }) => f.path).join(' ')).toContain('body.props');
    }
    expect(await stored(on)).toBe(before);
  });

  it('refuses a body over the route limit with 413 in the app error format', async () => {
    const r = await post(on, { ...pageview(), title: 'x'.repeat(EVENT_LIMITS.maxBodyBytes) });
    expect(r.statusCode).toBe(413);
    expect(r.json().error.code).toBeTruthy();
  });

  it('rate-limits events per client (RATE_LIMIT_EVENTS_PER_MINUTE = 5 here): the 6th answers 429 with retry-after, another client is unaffected', async () => {
    const a = ip();
    for (let i = 0; i < 5; i++) expect((await post(on, pageview(), a)).statusCode).toBe(200);
    const limited = await post(on, pageview(), a);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(on, pageview(), ip())).statusCode).toBe(200);
  });
});
