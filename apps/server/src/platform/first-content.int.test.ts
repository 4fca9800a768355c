import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { createTestApp } from '../../test/harness';
import { acceptedEncodings, createFirstContentPages, FIRST_CONTENT_MAX_PENDING, FIRST_CONTENT_TTL_MS, inlineAssets } from './first-content';

/**
 * The home and coin pages with their first content in the HTML: the server asks its own API for
 * what the web app's renderer names, sends the markup in index.html's slot with the query state,
 * the stylesheet and boot script inline and allowed by hash, renders a path at most once per TTL,
 * and falls back to index.html as built when the renderer has nothing or fails. The renderer here
 * is a stand-in module at `<dist>-ssr/entry-server.mjs` (the web app's real one runs in
 * apps/web/src/entry-server.test.tsx and the browser tests).
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-first-content-'));
const dist = path.join(root, 'dist');
const css = 'body{color:#111}.skeleton{opacity:.5}';
const boot = "document.documentElement.setAttribute('data-booted','');";
const index = `<!doctype html><html lang="en-US" data-theme="light"><head><script src="/boot.js"></script><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"><!--first-content--><div class="skeleton"></div><!--/first-content--></div></body></html>`;
fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
fs.writeFileSync(path.join(dist, 'index.html'), index);
fs.writeFileSync(path.join(dist, 'boot.js'), boot);
fs.writeFileSync(path.join(dist, 'assets', 'index-abc.css'), css);
fs.mkdirSync(`${dist}-ssr`);
// The stand-in renderer: the home page reads the coins; `globalThis.firstContentStub` counts renders
// and can make the next one fail.
fs.writeFileSync(
  path.join(`${dist}-ssr`, 'entry-server.mjs'),
  `const stub = (globalThis.firstContentStub ??= { renders: 0, fail: false });
export function firstContentRequests(pathname) {
  return pathname === '/en-US/home' ? ['/api/crypto/all'] : pathname === '/en-US/crypto/nothing' ? ['/api/crypto/nothing-here/detail'] : [];
}
export async function renderFirstContent(pathname, answers) {
  stub.renders++;
  if (stub.fail) throw new Error('a component failed');
  const coins = answers.find((a) => a.url === '/api/crypto/all')?.result;
  if (!coins) return null;
  return { html: '<table data-rows="' + coins.length + '"><td>' + coins[0].symbol + ' </script><!--</td></table>', state: { queries: [{ queryKey: ['crypto', 'all'], note: '</script><script>alert(1)</script>' }] }, mark: 'coinlens:prices' };
}`,
);
const stub = () => (globalThis as { firstContentStub?: { renders: number; fail: boolean } }).firstContentStub!;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('first content in the HTML', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ symbols: ['BTC', 'ETH'], timeframes: ['1h'], env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    stub().fail = false;
    // a render older than the TTL is not reused
    await new Promise((r) => setTimeout(r, FIRST_CONTENT_TTL_MS + 20));
  });

  it('sends the home page with its markup, query state, inline stylesheet and boot script, allowed by their hashes', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/en-US/home', headers: { 'accept-encoding': 'gzip, br' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers['etag']).toBeUndefined();
    expect(r.headers['last-modified']).toBe(fs.statSync(path.join(dist, 'index.html')).mtime.toUTCString());
    const html = brotliDecompressSync(r.rawPayload).toString();
    expect(html).toContain('<html data-first-content="coinlens:prices" lang="en-US"');
    expect(html).toMatch(/<div id="root"><table data-rows="[1-9]\d*"><td>[A-Z]+ <\/script><!--<\/td><\/table><\/div>/);
    expect(html).not.toContain('class="skeleton"');
    expect(html).toContain(`<style>${css}</style>`);
    expect(html).toContain(`<script>${boot}</script>`);
    expect(html).not.toContain('src="/boot.js"');
    // the state block cannot end its script element early
    const block = /<script type="application\/json" id="first-content">([\s\S]*?)<\/script><\/body>/.exec(html);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]).queries[0].note).toBe('</script><script>alert(1)</script>');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${sha(boot)}`);
    expect(csp).toMatch(new RegExp(`style-src 'self' [^;]*${sha(css).replace(/[+/]/g, '\\$&')}`));
    expect(csp).toContain("script-src-attr 'none'");
  });

  it('renders a path at most once per TTL; gzip and identity carry the same page', async () => {
    const before = stub().renders;
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/en-US/home', headers: { 'accept-encoding': 'gzip' } }),
      t.app.inject({ method: 'GET', url: '/en-US/home', headers: { 'accept-encoding': 'identity' } }),
    ]);
    expect(stub().renders - before).toBe(1);
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(b.headers['content-encoding']).toBeUndefined();
    expect(b.body).toContain('data-first-content="coinlens:prices"');
    await new Promise((r) => setTimeout(r, FIRST_CONTENT_TTL_MS + 20));
    await t.app.inject({ method: 'GET', url: '/en-US/home' });
    expect(stub().renders - before).toBe(2);
  });

  it('falls back to index.html as built when the renderer fails, has nothing, or the page has no first content', async () => {
    stub().fail = true;
    const failed = await t.app.inject({ method: 'GET', url: '/en-US/home', headers: { 'accept-encoding': 'identity' } });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe(index);
    stub().fail = false;
    for (const url of ['/en-US/crypto/nothing', '/en-US/trading-signals']) {
      const r = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toBe(index);
    }
    // HEAD (the client's update check) is answered from index.html
    const head = await t.app.inject({ method: 'HEAD', url: '/en-US/home' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['etag']).toBeDefined();
  });
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('a burst over many pages', () => {
  it('sends index.html at once for a page beyond the renders in flight, and renders it once they are done', async () => {
    const releases: (() => void)[] = [];
    let renders = 0;
    const app = { inject: async () => ({ statusCode: 200, body: '{"result":[]}' }), log: { error: () => undefined } };
    const pages = createFirstContentPages({
      app: app as never,
      indexHtml: path.join(dist, 'index.html'),
      renderer: {
        firstContentRequests: (p) => [`/api/x${p}`],
        renderFirstContent: () => {
          renders++;
          return new Promise((resolve) => releases.push(() => resolve({ html: '<p>x</p>', state: {}, mark: null })));
        },
      },
    });
    const inFlight = Array.from({ length: FIRST_CONTENT_MAX_PENDING }, (_, i) => pages.send(`/en-US/crypto/c${i}`, 'br'));
    await new Promise((r) => setTimeout(r, 20));
    expect(renders).toBe(FIRST_CONTENT_MAX_PENDING);
    expect(await pages.send('/en-US/crypto/one-more', 'br')).toBeNull();
    expect(renders).toBe(FIRST_CONTENT_MAX_PENDING);
    for (const release of releases) release();
    expect((await Promise.all(inFlight)).every((p) => p?.encoding === 'br')).toBe(true);
    const after = pages.send('/en-US/crypto/one-more', 'br');
    await new Promise((r) => setTimeout(r, 20));
    releases.at(-1)!();
    expect((await after)?.body.length).toBeGreaterThan(0);
  });
});

describe('acceptedEncodings', () => {
  it('reads the codings a client accepts; q=0 refuses one', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5').has('br')).toBe(false);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5').has('gzip')).toBe(true);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});

describe('inlineAssets', () => {
  it('leaves a page whose stylesheet refers to a url() (it would resolve against the page) or is missing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-inline-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'boot.js'), boot);
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.css'), '@font-face{src:url(./x.woff2)}');
    expect(inlineAssets(index, dir)).toBeNull();
    expect(inlineAssets(index.replace('<script src="/boot.js"></script>', ''), dir)).toBeNull();
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.css'), css);
    expect(inlineAssets(index, dir)?.hashes).toEqual({ style: sha(css), script: sha(boot) });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
