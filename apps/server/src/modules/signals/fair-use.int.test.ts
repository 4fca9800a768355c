import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';

// One client must not stall the server: expensive reads are rate-limited per client, bounded in
// work per request, and run through the read gate (a concurrency cap that sheds load instead of
// queueing it), so /api/health keeps answering.
let t: Awaited<ReturnType<typeof createTestApp>>;

/** A client address of its own per test and run (rate-limit counters may live in a shared Redis). */
const ip = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const get = (url: string, remoteAddress = ip()) => t.app.inject({ method: 'GET', url, remoteAddress });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  // reads unlimited per client here, so that only the gate stands between the flood and the database
  t = await createTestApp({ symbols: ['BTC', 'ETH'], env: { RATE_LIMIT_READS_PER_MINUTE: '0', HEAVY_READ_CONCURRENCY: '1', HEAVY_READ_QUEUE: '4' } });
}, 300_000);
afterAll(async () => t?.close());

describe('expensive reads under a flood of 64 parallel requests', () => {
  it('runs one track-record read at a time, sheds the overflow with 503 + retry-after, and keeps /api/health answering', async () => {
    const signals = t.ctx.signals;
    const original = signals.trackRecord.bind(signals);
    let running = 0;
    let peak = 0;
    signals.trackRecord = async (q) => {
      running++;
      peak = Math.max(peak, running);
      try {
        await sleep(20);
        return await original(q);
      } finally {
        running--;
      }
    };
    try {
      const from = ip();
      // 64 different pages: each one is a cache miss of the read model, so each needs a gate slot
      const flood = Array.from({ length: 64 }, (_, i) => get(`/api/signals/track-record?offset=${5000 + i}`, from));
      const health = await get('/api/health');
      expect(health.statusCode).toBe(200);
      const rs = await Promise.all(flood);
      const codes = rs.map((r) => r.statusCode);
      expect(peak).toBe(1);
      expect(codes.filter((c) => c === 200).length).toBe(5); // one running + four waiting
      expect(codes.filter((c) => c === 503).length).toBe(59);
      const shed = rs.find((r) => r.statusCode === 503)!;
      expect(shed.json().error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { retry_after_s: 1 } });
      expect(shed.headers['retry-after']).toBe('1');
    } finally {
      signals.trackRecord = original;
    }
  });
});

describe('the same read requested 64 times at once', () => {
  it('is computed once (read model) and every request is answered', async () => {
    const signals = t.ctx.signals;
    const original = signals.trackRecord.bind(signals);
    let calls = 0;
    signals.trackRecord = async (q) => {
      calls++;
      await sleep(20);
      return original(q);
    };
    try {
      const from = ip();
      const rs = await Promise.all(Array.from({ length: 64 }, () => get('/api/signals/track-record?offset=4321', from)));
      expect(rs.map((r) => r.statusCode).filter((c) => c === 200).length).toBe(64);
      expect(calls).toBe(1);
    } finally {
      signals.trackRecord = original;
    }
  });
});

describe('bounded work per request', () => {
  it('refuses deep offsets (track record, signal lists, feeds) with 400 naming querystring.offset', async () => {
    for (const url of ['/api/signals/track-record?offset=80000', '/api/crypto/ta/all?offset=20000', '/api/feeds/latest?offset=20000&limit=50']) {
      const r = await get(url);
      expect({ url, status: r.statusCode }).toEqual({ url, status: 400 });
      expect(r.json().error.fields.map((f: { path: string }) => f.path)).toContain('querystring.offset');
    }
    expect((await get('/api/signals/track-record?offset=10000')).statusCode).toBe(200);
  });
});

describe('per-client rate limit of expensive reads', () => {
  let limited: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    limited = await createTestApp({ symbols: ['BTC', 'ETH'], env: { RATE_LIMIT_READS_PER_MINUTE: '3' } });
  }, 300_000);
  afterAll(async () => limited?.close());
  const getLimited = (url: string, remoteAddress = ip()) => limited.app.inject({ method: 'GET', url, remoteAddress });

  it('answers 429 RATE_LIMITED past the read budget per client and route, other clients unaffected', async () => {
    for (const url of ['/api/signals/track-record', '/api/signals/pattern-stats', '/api/crypto/ta/all?limit=50', '/api/feeds/latest?limit=50']) {
      const a = ip();
      for (let i = 0; i < 3; i++) expect((await getLimited(url, a)).statusCode).toBe(200);
      const r = await getLimited(url, a);
      expect({ url, status: r.statusCode }).toEqual({ url, status: 429 });
      expect(r.json().error.code).toBe('RATE_LIMITED');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect((await getLimited(url)).statusCode).toBe(200);
    }
  });

  it('a read budget of 0 at start turns the limit off: no rate-limit hooks, no counters, no headers', async () => {
    expect((await getLimited('/api/feeds/latest?limit=10')).headers['x-ratelimit-limit']).toBe('3');
    const a = ip();
    for (let i = 0; i < 5; i++) {
      const r = await get('/api/feeds/latest?limit=10', a);
      expect(r.statusCode).toBe(200);
      expect(r.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const routes = t.app.printRoutes({ includeHooks: true, commonPrefix: false, method: 'GET' } as never);
    const feeds = routes.split('\n').findIndex((l) => l.includes('/latest (GET)'));
    expect(feeds).toBeGreaterThan(-1);
    expect(routes.split('\n')[feeds + 1]).toContain('(onRequest) ["anonymous()"]');
  });
});
