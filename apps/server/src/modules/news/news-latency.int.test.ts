import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../../test/harness';
import { FEEDS_CHANNEL } from './news.pipeline';
import { webSubKeyOf } from '../../providers/news/rss/websub';

/**
 * A local Atom feed with a hub link, read by the app's own news jobs (live settings, loopback
 * allowed as an operator would allow a LAN host): a new item is interpreted, clustered and
 * released within the bound, pushes through the WebSub callback are verified and signed, and
 * the per-source delay is served.
 */
const entries: { id: number; at: number; title: string }[] = [];
const doc = (list = entries) => `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Loopback Wire</title>
<link rel="hub" href="${base}/hub"/><link rel="self" href="${base}/feed"/>
${list.map((e) => `<entry><title>${e.title}</title><link href="https://wire.test/${e.id}"/><published>${new Date(e.at).toISOString()}</published></entry>`).join('')}
</feed>`;
let server: http.Server;
let base = '';
const hubForms: URLSearchParams[] = [];
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/hub') {
      let b = '';
      req.on('data', (c) => (b += c)).on('end', () => {
        hubForms.push(new URLSearchParams(b));
        res.writeHead(202).end();
      });
      return;
    }
    const body = doc();
    const etag = `"${crypto.createHash('sha1').update(body).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
    res.writeHead(200, { etag, 'content-type': 'application/atom+xml' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  entries.push({ id: 1, at: Date.now() - 3_600_000, title: 'Bitcoin ETF inflows return as price holds above support' });
  t = await createTestApp({
    symbols: ['BTC', 'ETH'],
    timeframes: ['1h'],
    now: Date.now(),
    // short pace bounds keep the test short; the bench measures the defaults
    env: { NEWS_FEEDS: `${base}/feed`, OUTBOUND_ALLOW_HOSTS: '127.0.0.1', NEWS_POLL_MIN_SECONDS: '5', NEWS_POLL_SECONDS: '10', NEWS_WEBSUB_CALLBACK_URL: 'https://coinlens.example' },
  });
}, 600_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => server.close(() => r()));
});

/** Runs job passes on wall time (clock set to now each time) until `done` or `limitMs`. */
async function passUntil(done: () => Promise<boolean>, limitMs: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    t.clock.set(Date.now());
    await t.ctx.newsPipeline.runJobsOnce();
    if (await done()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not done within ${limitMs} ms`);
}
const interpreted = async (url: string) => (await t.ctx.db.query<{ n: number }>(sql`select count(*)::int as n from news_items where url = ${url} and interpreted_at is not null`))[0].n > 0;

describe('news from a local feed, live', () => {
  it('a new item is interpreted, clustered and released within 60 s of its appearance', async () => {
    await passUntil(() => interpreted('https://wire.test/1'), 10_000);
    const released: string[][] = [];
    const off = await t.ctx.pubsub.subscribe(FEEDS_CHANNEL, (m) => released.push((m as { ids: string[] }).ids));
    const appeared = Date.now();
    entries.unshift({ id: 2, at: appeared, title: 'Ethereum developers schedule the next upgrade for mainnet' });
    const took = await passUntil(async () => (await interpreted('https://wire.test/2')) && released.flat().length > 0, 60_000);
    await off();
    expect(took).toBeLessThanOrEqual(60_000);
    const [row] = await t.ctx.db.query<{ cluster_id: string | null; ingested_at: number; first_read: string | null }>(sql`select cluster_id, ingested_at, labels->>'first_read' as first_read from news_items where url = 'https://wire.test/2'`);
    expect(row.cluster_id).toBeTruthy();
    expect(row.first_read).toBeNull();
    expect(Number(row.ingested_at) - appeared).toBeLessThanOrEqual(15_000);
    // the feed names a hub: subscribed with our callback and a secret
    expect(hubForms.at(-1)?.get('hub.callback')).toBe(`https://coinlens.example/api/feeds/websub/${webSubKeyOf(`${base}/feed`)}`);
  }, 120_000);

  it('the WebSub callback answers the challenge and stores only signed pushes', async () => {
    const key = webSubKeyOf(`${base}/feed`);
    const topic = encodeURIComponent(`${base}/feed`);
    const v = await t.app.inject({ method: 'GET', url: `/api/feeds/websub/${key}?hub.mode=subscribe&hub.topic=${topic}&hub.challenge=c123&hub.lease_seconds=600` });
    expect(v.statusCode).toBe(200);
    expect(v.body).toBe('c123');
    expect((await t.app.inject({ method: 'GET', url: `/api/feeds/websub/${key}?hub.mode=subscribe&hub.topic=${encodeURIComponent('https://evil.test/')}&hub.challenge=c123` })).statusCode).toBe(404);
    const secret = hubForms.at(-1)!.get('hub.secret')!;
    const pushed = doc([{ id: 3, at: Date.now(), title: 'Solana network sees record transactions' }]);
    const forged = await t.app.inject({ method: 'POST', url: `/api/feeds/websub/${key}`, headers: { 'content-type': 'application/atom+xml', 'x-hub-signature': 'sha256=' + '0'.repeat(64) }, payload: pushed });
    expect(forged.statusCode).toBe(202);
    expect(await t.ctx.db.query(sql`select 1 from news_items where url = 'https://wire.test/3'`)).toHaveLength(0);
    const sig = 'sha256=' + crypto.createHmac('sha256', secret).update(pushed).digest('hex');
    const ok = await t.app.inject({ method: 'POST', url: `/api/feeds/websub/${key}`, headers: { 'content-type': 'application/atom+xml', 'x-hub-signature': sig }, payload: pushed });
    expect(ok.statusCode).toBe(202);
    await passUntil(() => interpreted('https://wire.test/3'), 10_000);
  }, 60_000);

  it('serves the measured delay per source', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/feeds/sources/delays' });
    expect(r.statusCode).toBe(200);
    const body = r.json() as { result: { window_hours: number; sources: { source: string; n: number; seen_p95_s: number; processed_p95_s: number }[] } };
    expect(body.result.window_hours).toBe(24);
    const wire = body.result.sources.find((s) => s.source === 'Loopback Wire')!;
    // items 2 (polled) and 3 (pushed); item 1 was listed at the first read and is left out
    expect(wire.n).toBe(2);
    expect(wire.seen_p95_s).toBeLessThanOrEqual(60);
    expect(wire.processed_p95_s).toBeLessThanOrEqual(60);
  });
});
