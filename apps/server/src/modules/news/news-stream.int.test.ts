import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { importData } from '@coinlens/db';
import { FeedsStreamEvent } from '@coinlens/contracts';
import { createTestApp, T0 } from '../../../test/harness';
import { REPO_ROOT } from '../../platform/env';
import { newsImporters } from './news.import';
import { FEEDS_CHANNEL } from './news.pipeline';

/**
 * GET /api/stream/feeds on a real listening server: clients connected over HTTP receive
 * `event: feeds` when the clock releases analysed news (news jobs → pub/sub → every open stream),
 * in the documented wire format (packages/contracts/src/feeds/story-of-the-day.ts).
 */

const DATA = path.join(REPO_ROOT, 'data');
const HOUR = 3_600_000;

let t: Awaited<ReturnType<typeof createTestApp>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC', 'ETH'], timeframes: ['5m', '1h'] });
  await importData(t.ctx.db, newsImporters(DATA, { from: T0 - 24 * HOUR, to: T0 + 6 * HOUR }));
  // the first pass analyses what the clock has released and sets the release cursor at T0
  await t.ctx.newsPipeline.runJobsOnce({ ingest: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 600_000);
afterAll(async () => t?.close());

/** An open text/event-stream response read incrementally: raw text so far and the blocks it holds. */
async function openStream(url: string) {
  const ac = new AbortController();
  const res = await fetch(url, { headers: { Accept: 'text/event-stream' }, signal: ac.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let raw = '';
  let failed: unknown = null;
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      raw += decoder.decode(value, { stream: true });
    }
  })().catch((e) => {
    if (!ac.signal.aborted) failed = e;
  });
  return {
    res,
    get raw() {
      return raw;
    },
    /** Complete blocks (terminated by a blank line) so far. */
    blocks: () => raw.split('\n\n').slice(0, -1),
    /** Waits until a complete block satisfies `pred` and returns it. */
    async waitFor(pred: (block: string) => boolean, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (failed) throw failed;
        const hit = raw.split('\n\n').slice(0, -1).find(pred);
        if (hit !== undefined) return hit;
        if (Date.now() > deadline) throw new Error(`no matching event within ${timeoutMs} ms; received:\n${raw}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      if (!ac.signal.aborted) ac.abort();
      await pump;
    },
  };
}

/** The data of a `feeds` block, or null for other blocks. */
const feedsOf = (block: string): FeedsStreamEvent | null => {
  const m = /^event: feeds\ndata: (.+)$/.exec(block);
  return m ? FeedsStreamEvent.parse(JSON.parse(m[1])) : null;
};

/**
 * Waits until a marker published on the channel comes through the stream (the route writes
 * `: connected` only after subscribing, so the first marker normally arrives at once).
 */
async function untilSubscribed(s: Awaited<ReturnType<typeof openStream>>, marker: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await t.ctx.pubsub.publish(FEEDS_CHANNEL, { type: 'feeds', ids: [marker], newest: new Date(T0).toISOString() });
    try {
      return await s.waitFor((b) => feedsOf(b)?.ids[0] === marker, 250);
    } catch (e) {
      if (Date.now() > deadline) throw e;
    }
  }
}

/** Handlers subscribed to the feeds channel in this process (in-process emitter or Redis client). */
function subscribers(): number {
  const ps = t.ctx.pubsub as unknown as { ee?: { listenerCount(ch: string): number }; handlers?: Map<string, Set<unknown>> };
  if (ps.ee) return ps.ee.listenerCount(FEEDS_CHANNEL);
  return [...(ps.handlers?.entries() ?? [])].filter(([ch]) => ch.endsWith(FEEDS_CHANNEL)).reduce((n, [, set]) => n + set.size, 0);
}

describe('GET /api/stream/feeds', () => {
  it('answers as an uncached event stream and starts with a comment', async () => {
    const s = await openStream(`${base}/api/stream/feeds`);
    try {
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(s.res.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(s.res.headers.get('x-accel-buffering')).toBe('no');
      expect(await s.waitFor(() => true)).toBe(': connected');
    } finally {
      await s.close();
    }
  });

  it('pushes the items the clock releases to every open stream, in the wire format', async () => {
    const [a, b] = await Promise.all([openStream(`${base}/api/stream/feeds`), openStream(`${base}/api/stream/feeds`)]);
    try {
      await untilSubscribed(a, 'probe-a');
      await untilSubscribed(b, 'probe-b');
      // nothing released yet: a pass of the jobs at the same instant publishes nothing
      expect((await t.ctx.newsPipeline.runJobsOnce({ ingest: false })).released).toBe(0);

      // two hours later the clock has released the next items; the jobs analyse and publish them
      const until = T0 + 2 * HOUR;
      const expected = (await t.ctx.db.query<{ id: string; published_at: number }>(sql`select id, published_at from news_items where published_at > ${T0} and published_at <= ${until} order by published_at, id`)).map((r) => ({ id: r.id, at: Number(r.published_at) }));
      expect(expected.length).toBeGreaterThan(0);
      t.clock.set(until);
      const pass = await t.ctx.newsPipeline.runJobsOnce({ ingest: false });
      expect(pass.released).toBe(expected.length);

      const isRelease = (block: string) => {
        const f = feedsOf(block);
        return !!f && f.ids.includes(expected[0].id);
      };
      for (const s of [a, b]) {
        const block = await s.waitFor(isRelease);
        // exactly `event: feeds` + one `data:` line of JSON, terminated by a blank line
        expect(block.split('\n')).toHaveLength(2);
        expect(s.raw).toContain(`${block}\n\n`);
        const ev = feedsOf(block)!;
        expect(JSON.parse(block.split('\n')[1].slice('data: '.length))).toEqual({ type: 'feeds', ids: ev.ids, newest: ev.newest });
        expect([...ev.ids].sort()).toEqual(expected.map((e) => e.id).sort());
        expect(ev.newest).toBe(new Date(Math.max(...expected.map((e) => e.at))).toISOString());
        // the released items are what the feed now serves
        const latest = await (await fetch(`${base}/api/feeds/latest?limit=50`)).json();
        const served = new Set(latest.result.list.map((f: { id: string }) => f.id));
        expect(ev.ids.some((id) => served.has(id))).toBe(true);
      }

      // a further pass at the same instant releases nothing new: no second event
      expect((await t.ctx.newsPipeline.runJobsOnce({ ingest: false })).released).toBe(0);
      await untilSubscribed(a, 'probe-a2');
      expect(a.blocks().filter(isRelease)).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
      t.clock.set(T0);
    }
  });

  it('unsubscribes a client that went away, and the others keep streaming', async () => {
    // the streams of the tests before are gone (the server notices a closed socket asynchronously)
    await expect.poll(subscribers).toBe(0);
    const [gone, stays] = await Promise.all([openStream(`${base}/api/stream/feeds`), openStream(`${base}/api/stream/feeds`)]);
    try {
      await untilSubscribed(gone, 'before-gone');
      await untilSubscribed(stays, 'before-stays');
      expect(subscribers()).toBe(2);
      await gone.close();
      await expect.poll(subscribers).toBe(1);
      await untilSubscribed(stays, 'after-close');
    } finally {
      await Promise.all([gone.close(), stays.close()]);
    }
    await expect.poll(subscribers).toBe(0);
  });

  it('takes no query: unknown parameters are ignored, other methods are not routed', async () => {
    const s = await openStream(`${base}/api/stream/feeds?lang=xx&foo=1`);
    try {
      expect(s.res.status).toBe(200);
      expect(await s.waitFor(() => true)).toBe(': connected');
    } finally {
      await s.close();
    }
    const post = await fetch(`${base}/api/stream/feeds`, { method: 'POST' });
    expect(post.status).toBe(404);
  });
});
