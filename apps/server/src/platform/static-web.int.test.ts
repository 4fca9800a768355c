import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp } from '../../test/harness';

/**
 * Web delivery: the SPA's index.html and hashed assets are sent as the
 * brotli/gzip files written at build time, chosen by Accept-Encoding, with `Vary: Accept-Encoding`;
 * index.html is revalidated (`no-cache`), hashed assets are immutable.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-dist-'));
const html = `<!doctype html><html><head><script src="/boot.js"></script></head><body><div id="root">${'<p>shell</p>'.repeat(200)}</div></body></html>`;
const js = `export const x = ${JSON.stringify('chunk '.repeat(400))};`;
for (const [file, body] of [
  ['index.html', html],
  ['assets/app-abc123.js', js],
] as const) {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), body);
  fs.writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
  fs.writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
}

describe('SPA files with build-time compression', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => t?.close());

  it('a client route gets index.html as brotli when accepted, no-cache, Vary', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/en-US/crypto/bitcoin', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(html);
  });

  it('gzip when only gzip is accepted, identity when nothing is', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/en-US/home', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);
    const plain = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(html);
  });

  it('index.html revalidates with its ETag or Last-Modified (304)', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/en-US/home', headers: { 'accept-encoding': 'br' } });
    const etag = first.headers['etag'] as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toBeTruthy();
    expect(Date.parse(lastModified)).not.toBeNaN();
    const again = await t.app.inject({ method: 'GET', url: '/en-US/home', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const since = await t.app.inject({ method: 'HEAD', url: '/?_t=1', headers: { 'accept-encoding': 'br', 'if-modified-since': lastModified } });
    expect(since.statusCode).toBe(304);
  });

  it('hashed assets: compressed, immutable for a year', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(js);
  });

  it('unknown API paths still answer JSON 404, not the page', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-encoding': 'br' } });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
