import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp } from '../../test/harness';
import { CHART_ATTRIBUTION_STYLE_HASH, SWAGGER_UI_STYLE_HASH } from './security-headers';

/** Security headers (CSP, framing, sniffing, referrer, HSTS) on the SPA, the API and the Swagger UI. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-dist-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><script src="/boot.js"></script></head><body><div id="root"></div></body></html>');

/** Directive name → its sources, from a Content-Security-Policy header. */
function directives(header: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

describe('over plain HTTP (no PUBLIC_ORIGIN, no Telegram)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => t?.close());

  it('a server-sent event stream (a hijacked response) carries the same headers', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ac = new AbortController();
    try {
      const r = await fetch(`${address}/api/stream/feeds`, { signal: ac.signal });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/event-stream');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(directives(r.headers.get('content-security-policy') ?? '')['frame-ancestors']).toEqual(["'none'"]);
    } finally {
      ac.abort();
    }
  });

  it('the SPA page carries a strict CSP, nosniff, no-referrer and frame denial, but no HSTS', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/en-US/crypto/bitcoin' });
    expect(r.statusCode).toBe(200);
    const csp = directives(r.headers['content-security-policy'] as string);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['style-src']).not.toContain("'unsafe-inline'");
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['strict-transport-security']).toBeUndefined();
  });

  it('documents and files carry exactly the header set helmet 8 writes for these options (computed once at start)', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/en-US/home' });
    expect(r.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(r.headers['origin-agent-cluster']).toBe('?1');
    expect(r.headers['x-dns-prefetch-control']).toBe('off');
    expect(r.headers['x-download-options']).toBe('noopen');
    expect(r.headers['x-permitted-cross-domain-policies']).toBe('none');
    expect(r.headers['x-xss-protection']).toBe('0');
    expect(r.headers['x-powered-by']).toBeUndefined();
    expect(r.headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';object-src 'none';frame-ancestors 'none';form-action 'self';script-src 'self';script-src-attr 'none';" +
        `style-src 'self' ${CHART_ATTRIBUTION_STYLE_HASH};img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';frame-src 'none';worker-src 'self' blob:;manifest-src 'self'`,
    );
    // the same set on a second request (nothing consumed or mutated by the first)
    const again = await t.app.inject({ method: 'GET', url: '/static/icons/nope.png' });
    for (const h of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) expect(again.headers[h]).toBe(r.headers[h]);
  });

  it('API answers and error answers carry the REST set: a CSP that loads nothing, nosniff, frame denial, no referrer, CORP; no document-only headers', async () => {
    for (const url of ['/api/clock', '/api/nope', '/api/crypto/all']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const h of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'x-powered-by', 'strict-transport-security']) {
        expect(r.headers[h], `${url} ${h}`).toBeUndefined();
      }
    }
  });

  it('the Swagger UI keeps its own CSP (no inline script) and still may not be framed', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(r.statusCode).toBe(200);
    const csp = directives(r.headers['content-security-policy'] as string);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toContain(SWAGGER_UI_STYLE_HASH);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});

describe('over HTTPS with the Telegram Login Widget configured', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { WEB_DIST_DIR: dist, PUBLIC_ORIGIN: 'https://coinlens.example', TELEGRAM_BOT_TOKEN: '123456:ABC-def', TELEGRAM_BOT_NAME: 'coinlens_bot' } });
  });
  afterAll(async () => t?.close());

  it('adds HSTS, upgrade-insecure-requests and the widget’s script and frame origins', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/' });
    expect(r.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const csp = directives(r.headers['content-security-policy'] as string);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(csp['script-src']).toEqual(["'self'", 'https://telegram.org']);
    expect(csp['frame-src']).toEqual(['https://oauth.telegram.org']);
    const api = await t.app.inject({ method: 'GET', url: '/api/clock' });
    expect(api.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });
});
