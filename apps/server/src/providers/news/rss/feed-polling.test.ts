import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbound, OutboundDeniedError } from '../../../platform/outbound';
import { parseFeedDocument, RssNewsProvider } from './rss-provider';
import { verifyHubSignature, WebSub, webSubKeyOf } from './websub';

const T0 = Date.parse('2026-01-10T12:00:00Z');
const atom = (n: number, hub?: string) => `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Test wire</title>
${hub ? `<link rel="hub" href="${hub}"/><link rel="self" href="http://feeds.test/wire"/>` : ''}
${Array.from({ length: n }, (_, i) => `<entry><title>Item ${i}</title><link href="https://wire.test/${i}"/><updated>${new Date(T0 - i * 60_000).toISOString()}</updated></entry>`).join('')}
</feed>`;

let server: http.Server;
let base = '';
const seen: { url: string; inm?: string; ims?: string }[] = [];
const hubPosts: URLSearchParams[] = [];
let body = atom(3);
let cacheControl: string | undefined;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/hub') {
      let b = '';
      req.on('data', (c) => (b += c)).on('end', () => {
        hubPosts.push(new URLSearchParams(b));
        res.writeHead(202).end();
      });
      return;
    }
    seen.push({ url: req.url!, inm: req.headers['if-none-match'] as string | undefined, ims: req.headers['if-modified-since'] as string | undefined });
    const etag = `"${crypto.createHash('sha1').update(body).digest('hex').slice(0, 8)}"`;
    if (req.url === '/etag') {
      if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
      return res.writeHead(200, { etag, 'content-type': 'application/atom+xml', ...(cacheControl ? { 'cache-control': cacheControl } : {}) }).end(body);
    }
    if (req.url === '/lastmod') {
      const lm = new Date(T0).toUTCString();
      if (req.headers['if-modified-since'] === lm) return res.writeHead(304).end();
      return res.writeHead(200, { 'last-modified': lm, 'content-type': 'application/atom+xml' }).end(body);
    }
    if (req.url === '/limited') return res.writeHead(429, { 'retry-after': '120' }).end();
    if (req.url === '/hubbed') return res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(atom(2, `${base}/hub`));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Loopback is allowed for these tests only (as an operator allows a LAN host). */
const outbound = new Outbound({ allow: '127.0.0.1' });

describe('conditional GET and per-feed schedule', () => {
  it('sends If-None-Match after an ETag; a 304 is nothing new and keeps the schedule', async () => {
    let now = T0;
    body = atom(3);
    const p = new RssNewsProvider([`${base}/etag`], { outbound, now: () => now });
    const first = await p.fetch(null);
    expect(first.items).toHaveLength(3);
    // items a minute apart: pace = a quarter of 60 s = 15 s (the floor)
    expect(p.nextPollAt(`${base}/etag`)).toBe(T0 + 15_000);
    expect(p.due(T0 + 14_999)).toBe(false);
    expect((await p.fetch(first.cursor)).items).toHaveLength(0); // not due: not even asked
    expect(seen.filter((s) => s.url === '/etag')).toHaveLength(1);
    now = T0 + 15_000;
    const second = await p.fetch(first.cursor);
    expect(second.items).toHaveLength(0);
    expect(seen.at(-1)).toMatchObject({ url: '/etag', inm: expect.stringMatching(/^"[0-9a-f]{8}"$/) });
    expect(p.lastPolls[0]).toMatchObject({ status: 304, items: 0 });
    // a new item changes the document: 200, only the new item is new to the store (repeats dropped by keys)
    body = atom(4);
    now += 15_000;
    const third = await p.fetch(second.cursor);
    expect(p.lastPolls[0].status).toBe(200);
    expect(third.items.length).toBeGreaterThan(0);
    expect(third.items.every((i) => i.labels.first_read !== true)).toBe(true);
  });

  it('sends If-Modified-Since after a Last-Modified', async () => {
    let now = T0;
    const p = new RssNewsProvider([`${base}/lastmod`], { outbound, now: () => now });
    await p.fetch(null);
    now += 60_000;
    await p.fetch(null);
    expect(seen.at(-1)).toMatchObject({ url: '/lastmod', ims: new Date(T0).toUTCString() });
    expect(p.lastPolls[0].status).toBe(304);
  });

  it('respects max-age and Retry-After', async () => {
    body = atom(3);
    cacheControl = 'max-age=45';
    const p = new RssNewsProvider([`${base}/etag`], { outbound, now: () => T0 });
    await p.fetch(null);
    expect(p.nextPollAt(`${base}/etag`)).toBe(T0 + 45_000);
    cacheControl = undefined;
    const q = new RssNewsProvider([`${base}/limited`], { outbound, now: () => T0 });
    await expect(q.fetch(null)).rejects.toThrow(/429/);
    expect(q.nextPollAt(`${base}/limited`)).toBe(T0 + 120_000);
  });

  it('never bypasses the outbound guard: loopback is refused without the operator allowing it', async () => {
    const p = new RssNewsProvider([`${base}/etag`], { outbound: new Outbound() });
    await expect(p.fetch(null)).rejects.toThrow(/destination not allowed/);
    await expect(new Outbound().get(`${base}/etag`, {}, 1000)).rejects.toBeInstanceOf(OutboundDeniedError);
  });
});

describe('WebSub', () => {
  it('finds the hub and self links of Atom and RSS feeds', () => {
    expect(parseFeedDocument(atom(1, 'https://hub.test/'), 'https://x.test/feed')).toMatchObject({ hub: 'https://hub.test/', self: 'http://feeds.test/wire' });
    const rss = `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>T</title><atom:link rel="hub" href="https://pubsubhubbub.appspot.com/"/><atom:link rel="self" href="https://x.test/rss"/></channel></rss>`;
    expect(parseFeedDocument(rss, 'https://x.test/rss')).toMatchObject({ items: [], hub: 'https://pubsubhubbub.appspot.com/', self: 'https://x.test/rss' });
    expect(parseFeedDocument(atom(1), 'https://x.test/feed').hub).toBeNull();
  });

  it('subscribes at the hub, answers the challenge, then polls only as a safety net', async () => {
    let now = T0;
    const websub = new WebSub({ callbackBase: 'https://coinlens.example', secret: 's'.repeat(32), outbound, now: () => now });
    const feed = `${base}/hubbed`;
    const p = new RssNewsProvider([feed], { outbound, websub, now: () => now });
    await p.fetch(null);
    await new Promise((r) => setTimeout(r, 100));
    const form = hubPosts.at(-1)!;
    expect(form.get('hub.mode')).toBe('subscribe');
    expect(form.get('hub.topic')).toBe('http://feeds.test/wire');
    const key = webSubKeyOf('http://feeds.test/wire');
    expect(form.get('hub.callback')).toBe(`https://coinlens.example/api/feeds/websub/${key}`);
    expect(form.get('hub.secret')).toBe(websub.secretOf('http://feeds.test/wire'));
    // the hub verifies: the challenge is echoed for our topic, refused for another key or topic
    expect(websub.verify(key, { 'hub.mode': 'subscribe', 'hub.topic': 'http://feeds.test/wire', 'hub.challenge': 'abc', 'hub.lease_seconds': '3600' })).toEqual({ status: 200, body: 'abc' });
    expect(websub.verify(key, { 'hub.mode': 'subscribe', 'hub.topic': 'http://evil.test/', 'hub.challenge': 'abc' }).status).toBe(404);
    expect(websub.verify('0000000000000000', { 'hub.mode': 'subscribe', 'hub.topic': 'http://feeds.test/wire', 'hub.challenge': 'abc' }).status).toBe(404);
    expect(websub.verify(key, { 'hub.mode': 'unsubscribe', 'hub.topic': 'http://feeds.test/wire', 'hub.challenge': 'abc' }).status).toBe(404);
    expect(websub.isActive(feed)).toBe(true);
    const asked = hubPosts.length;
    now += 60_000;
    await p.fetch(null);
    expect(p.nextPollAt(feed)).toBe(now + 300_000);
    expect(hubPosts.length).toBe(asked); // no new request while the granted lease has > 10 % left
    // 55 of the 60 minutes passed: renewed
    now += 54 * 60_000;
    await new RssNewsProvider([feed], { outbound, websub, now: () => now }).fetch(null);
    await new Promise((r) => setTimeout(r, 100));
    expect(hubPosts.length).toBe(asked + 1);
    now -= 54 * 60_000;
    // the lease ends after an hour: polls return to the feed's pace
    now += 3_600_000;
    expect(websub.isActive(feed)).toBe(false);
  });

  it('accepts a push only with a valid X-Hub-Signature', () => {
    const websub = new WebSub({ callbackBase: 'https://coinlens.example', secret: 'k'.repeat(32), outbound });
    websub.knowFeeds(['https://x.test/feed']);
    const key = webSubKeyOf('https://x.test/feed');
    const doc = Buffer.from(atom(1));
    const sig = (alg: string, secret: string) => `${alg}=${crypto.createHmac(alg, secret).update(doc).digest('hex')}`;
    const secret = websub.secretOf('https://x.test/feed');
    expect(websub.acceptPush(key, doc, sig('sha256', secret))).toEqual({ topic: 'https://x.test/feed', feed: 'https://x.test/feed' });
    expect(websub.acceptPush(key, doc, sig('sha1', secret))).not.toBeNull();
    expect(websub.acceptPush(key, doc, sig('sha256', 'wrong'))).toBeNull();
    expect(websub.acceptPush(key, doc, undefined)).toBeNull();
    expect(websub.acceptPush(key, Buffer.from(atom(2)), sig('sha256', secret))).toBeNull();
    expect(websub.acceptPush('0000000000000000', doc, sig('sha256', secret))).toBeNull();
    expect(verifyHubSignature(secret, doc, 'md5=00')).toBe(false);
  });
});
