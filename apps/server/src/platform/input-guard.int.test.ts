import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../../test/harness';
import { createSignedInUser } from '../../test/users';

/**
 * Hostile request input never reaches the database or a handler half-checked, and every refusal is
 * in the app's `{error: {code, message, fields?}}` format (also the ones raised before a route runs).
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { ANALYTICS_HOST: 'coinlens.example' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

const paths = (r: { json: () => any }) => r.json().error.fields.map((f: any) => f.path);

describe('a NUL character in any request string', () => {
  it('in a query string is refused with 400 naming the field, not a database error', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/auth/check-provider-connection?provider=metamask&provider_uid=ab%00cd' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.code).toBe('VALIDATION_FAILED');
    expect(paths(r)).toEqual(['query.provider_uid']);
  });

  it('in a JSON body field is refused with 400 naming the field', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/google/login', payload: { provider_uid: 'uid-1', nonce: 'apply\u0000apply', agreement_accepted: true, cookie_accepted: false, lang: 'en' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.code).toBe('VALIDATION_FAILED');
    expect(paths(r)).toEqual(['body.nonce']);
  });

  it('in a path parameter (GET /api/payment/%00/status) is refused with 400', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const r = await t.app.inject({ method: 'GET', url: '/api/payment/%00/status', headers });
    expect(r.statusCode).toBe(400);
    expect(paths(r)).toEqual(['params.id']);
  });

  it('in a nested value or an object key of an analytics event is refused before it is stored', async () => {
    const event = { type: 'pageview', url: 'https://coinlens.example/en-US', title: '|\u0000|', props: { ['k\u0000']: 'v', deep: { x: 'a\u0000' } } };
    const r = await t.app.inject({ method: 'POST', url: '/collect_event', headers: { 'x-visitor-id': 'v-1234567890', 'x-session-id': 's-1234567890' }, payload: event });
    expect(r.statusCode).toBe(400);
    expect(paths(r)).toEqual(expect.arrayContaining(['body.title', 'body.props.k\\u0000', 'body.props.deep.x']));
  });

  it('deeply nested JSON is walked without exhausting the stack', async () => {
    const deep = `${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}`;
    const r = await t.app.inject({ method: 'PUT', url: '/api/feeds/filter', headers: { 'content-type': 'application/json' }, payload: deep });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('an empty profile update', () => {
  it('POST /api/users/profile {} changes nothing and answers the profile', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const saved = await t.app.inject({ method: 'POST', url: '/api/users/profile', headers, payload: { nickname: 'Ada' } });
    expect(saved.statusCode).toBe(200);
    const r = await t.app.inject({ method: 'POST', url: '/api/users/profile', headers, payload: {} });
    expect(r.statusCode).toBe(200);
    expect(r.json().result.nickname).toBe('Ada');
  });
});

describe('refusals raised before a route runs are in the app format', () => {
  it('a path that is not valid percent-encoding (/api/crypto/%zz/detail) → 400 VALIDATION_FAILED on url', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/crypto/%zz/detail' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.code).toBe('VALIDATION_FAILED');
    expect(paths(r)).toEqual(['url']);
  });

  it('a path parameter over the router limit → 400 VALIDATION_FAILED on params', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/crypto/${'a'.repeat(150)}/detail` });
    expect(r.statusCode).toBe(400);
    expect(paths(r)).toEqual(['params']);
  });

  it('headers over Node’s limit → 431 HEADERS_TOO_LARGE over a real connection', async () => {
    const r = await fetch(`${base}/api/clock`, { headers: { 'x-filler': 'f'.repeat(20_000) } });
    expect(r.status).toBe(431);
    expect((await r.json()).error.code).toBe('HEADERS_TOO_LARGE');
  });

  it('a body over the limit → 413 PAYLOAD_TOO_LARGE; an XML body → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const big = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'x'.repeat(300 * 1024) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const text = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('a static file request the file server forbids → 403 FORBIDDEN, not VALIDATION_FAILED', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/static/icons/..%2f..%2fpackage.json' });
    expect(r.statusCode).toBe(403);
    expect(r.json().error.code).toBe('FORBIDDEN');
  });
});
