import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp } from '../../test/harness';

/** The update check HEADs the main page and compares Last-Modified: it must be served. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-dist-lm-'));
const indexHtml = path.join(dist, 'index.html');
fs.writeFileSync(indexHtml, '<!doctype html><html><body><div id="root"></div></body></html>');
const built = new Date('2026-03-04T05:06:07Z');
fs.utimesSync(indexHtml, built, built);

describe('main page Last-Modified', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => t?.close());

  it('HEAD / (with a cache-busting query) carries the build time of index.html', async () => {
    const r = await t.app.inject({ method: 'HEAD', url: '/?_t=123' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['last-modified']).toBe(built.toUTCString());
    expect(r.headers['cache-control']).toBe('no-cache');
  });

  it('GET of index.html, / and a client route carry the same stamp; a new build changes it', async () => {
    for (const url of ['/', '/index.html', '/en-US/home']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['last-modified'], url).toBe(built.toUTCString());
    }
    const rebuilt = new Date('2026-03-05T00:00:00Z');
    fs.utimesSync(indexHtml, rebuilt, rebuilt);
    try {
      const r = await t.app.inject({ method: 'HEAD', url: '/?_t=456' });
      expect(r.headers['last-modified']).toBe(rebuilt.toUTCString());
    } finally {
      fs.utimesSync(indexHtml, built, built);
    }
  });

  it('a conditional GET with the stored stamp answers 304', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/en-US/home', headers: { 'if-modified-since': built.toUTCString() } });
    expect(r.statusCode).toBe(304);
  });
});
