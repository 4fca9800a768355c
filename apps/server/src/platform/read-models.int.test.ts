import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { importData, LOCKS } from '@coinlens/db';
import {
  GetAggregateResponse, GetAllCoinsResponse, GetLatestAccuracyResponse, GetLatestFeedsResponse, GetPatternStatsResponse, GetSignalsPageResponse, GetTrackRecordResponse,
} from '@coinlens/contracts';
import { createTestApp, T0 } from '../../test/harness';
import { REPO_ROOT } from './env';
import { newsImporters } from '../modules/news/news.import';
import { encodeJson, JSON_CONTENT_TYPE, ReadModels } from './read-models';
import { RedisPubSub } from './pubsub';
import { createSignedInUser } from '../../test/users';
import { MarketPresenter } from '../modules/market/market.presenter';
import { SignalsPresenter } from '../modules/signals/signals.presenter';

const DATA = path.join(REPO_ROOT, 'data');
const MIN = 60_000;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC', 'AAVE'], timeframes: ['5m', '1h', '1d'] });
  await importData(t.ctx.db, newsImporters(DATA, { from: T0 - 36 * 3600_000, to: T0 + 6 * 3600_000 }));
  await t.ctx.newsPipeline.runJobsOnce();
  await t.ctx.signalsJobs!.start(LOCKS.signals, (k) => t.ctx.db.tryLock(k), { delayMs: 0 });
  await t.ctx.signalsJobs!.idle();
}, 600_000);
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const tick = async () => {
  await (t.ctx.source as unknown as { tick(): Promise<void> }).tick();
  await t.ctx.signalsJobs!.idle();
};

describe('read endpoints served from read models', () => {
  it('answer byte for byte what the route serializer writes for the service result', async () => {
    const { signals, news, market, ai } = t.ctx;
    const cases: [string, () => Promise<string>][] = [
      ['/api/crypto/all', async () => encodeJson(GetAllCoinsResponse, { result: await market.listAll() })],
      ['/api/crypto/ta/all', async () => encodeJson(GetSignalsPageResponse, { result: await signals.all(0, 5) })],
      ['/api/crypto/ta/all?offset=1&limit=1', async () => encodeJson(GetSignalsPageResponse, { result: await signals.all(1, 1) })],
      ['/api/crypto/ta/hot?limit=2', async () => encodeJson(GetSignalsPageResponse, { result: await signals.hot(0, 2) })],
      ['/api/signals/track-record?limit=7&status=scored', async () => encodeJson(GetTrackRecordResponse, { result: await signals.trackRecord({ status: 'scored', offset: 0, limit: 7 }) })],
      ['/api/signals/pattern-stats?timeframe=5m', async () => encodeJson(GetPatternStatsResponse, { result: await signals.patternStats({ timeframe: '5m' }) })],
      ['/api/crypto/latest_accuracy?coin=btc', async () => encodeJson(GetLatestAccuracyResponse, { result: await signals.latestAccuracy(signals.coinId('btc')) })],
      ['/api/feeds/latest', async () => encodeJson(GetLatestFeedsResponse, { result: await news.latest({ limit: 10, offset: 0, filter: 'all', heat: 'all', lang: 'en-US' }) })],
      ['/api/feeds/latest?filter=bullish&lang=zh-CN&cryptocurrency_id=bitcoin&limit=3', async () => encodeJson(GetLatestFeedsResponse, { result: await news.latest({ limit: 3, offset: 0, filter: 'bullish', heat: 'all', lang: 'zh-CN', coin: 'bitcoin' }) })],
      ['/api/crypto/btc/aggregate?lang=zh-CN', async () => encodeJson(GetAggregateResponse, { result: await ai.service.aggregate('btc', 'zh-CN', null) })],
    ];
    for (const [url, want] of cases) {
      const first = await get(url);
      const again = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['content-type'], url).toBe(JSON_CONTENT_TYPE);
      expect(first.body, url).toBe(await want());
      expect(again.body, url).toBe(first.body);
    }
    // the signed-in lists: the stored items in the user's order
    const u = await createSignedInUser(t.ctx);
    for (const id of ['aave', 'btc']) expect((await t.app.inject({ method: 'POST', url: `/api/crypto/crypto_following/${id}`, headers: u.headers })).statusCode).toBe(200);
    const ids = await t.ctx.following.followedCoinIds(u.userId);
    const following = await t.app.inject({ method: 'GET', url: '/api/crypto/ta/following?limit=1&offset=1', headers: u.headers });
    expect(following.body).toBe(encodeJson(GetSignalsPageResponse, { result: await signals.following(ids, 1, 1) }));
    const aggregate = await t.app.inject({ method: 'GET', url: '/api/crypto/btc/aggregate?lang=en-US', headers: u.headers });
    expect(aggregate.body).toBe(encodeJson(GetAggregateResponse, { result: await ai.service.aggregate('btc', 'en-US', u.userId) }));
    expect(JSON.parse(aggregate.body).result.strategy_access).toBe('not_generated');
    const hot = JSON.parse((await get('/api/crypto/ta/hot?limit=2')).body).result.signals;
    expect(hot.length).toBeGreaterThan(0);
    for (const item of hot) expect(item.hot_score).toBeGreaterThan(0);
  });

  it('64 parallel requests of a stale page run its database reads once', async () => {
    const repo = (t.ctx.signals as unknown as { deps: { repo: { accuracy: () => unknown; snapshots: () => unknown } } }).deps.repo;
    const newsRepo = (t.ctx.news as unknown as { d: { repo: { page: () => unknown } } }).d.repo;
    const accuracy = vi.spyOn(repo, 'accuracy');
    const snapshots = vi.spyOn(repo, 'snapshots');
    const page = vi.spyOn(newsRepo, 'page');
    try {
      // the pages are stale (as after a candle close and a news release)
      await t.ctx.readModels?.invalidate('signals');
      await t.ctx.readModels?.invalidate('news');
      const urls = Array.from({ length: 64 }, (_, i) => (i % 2 ? `/api/crypto/ta/all?offset=${i % 3}&limit=${1 + (i % 5)}` : '/api/feeds/latest?limit=10'));
      const res = await Promise.all(urls.map(get));
      for (const r of res) expect(r.statusCode).toBe(200);
      expect(accuracy).toHaveBeenCalledTimes(1);
      expect(snapshots).toHaveBeenCalledTimes(1);
      expect(page).toHaveBeenCalledTimes(1);
    } finally {
      accuracy.mockRestore();
      snapshots.mockRestore();
      page.mockRestore();
    }
  });

  it('the coin page content of visitors is looked up by its basis candle before any facts are gathered', async () => {
    await get('/api/crypto/btc/aggregate?lang=en-US');
    const coinTa = vi.spyOn(t.ctx.signals, 'coinTa');
    const latest = vi.spyOn(t.ctx.news, 'latest');
    try {
      const res = await Promise.all(Array.from({ length: 32 }, () => get('/api/crypto/btc/aggregate?lang=en-US')));
      for (const r of res) expect(r.statusCode).toBe(200);
      expect(new Set(res.map((r) => r.body)).size).toBe(1);
      expect(coinTa).not.toHaveBeenCalled();
      expect(latest).not.toHaveBeenCalled();
      // the next 1h close is a new basis: the page is written again from new facts
      t.clock.set(T0 + 60 * MIN);
      const next = JSON.parse((await get('/api/crypto/btc/aggregate?lang=en-US')).body).result;
      expect(coinTa).toHaveBeenCalled();
      expect(next.based_on.candles.find((c: { timeframe: string }) => c.timeframe === '1h').open_time).toBe(T0);
    } finally {
      coinTa.mockRestore();
      latest.mockRestore();
      t.clock.set(T0);
    }
  });

  it('a held page is answered within the request handler call (bytes, not a promise); a new version is computed for the reader that asks first while the others get the page it replaces', async () => {
    const ai = t.ctx.ai.service;
    // A presenter over the app's read models holds the same stored pages as the app's own.
    const { signals: reads, market, clock, readModels } = t.ctx;
    const presenter = new SignalsPresenter({ reads, market, marketPresenter: new MarketPresenter({ market, readModels }), clock, readModels });
    // Background scoring of earlier tests may still move the signals generation: take the pages
    // again until both were held across one synchronous call.
    let accuracy: Buffer | Promise<Buffer> = Promise.resolve(Buffer.alloc(0));
    let aggregate: string | Buffer | Promise<string | Buffer> = '';
    for (let i = 0; i < 20; i++) {
      expect((await get('/api/crypto/latest_accuracy')).statusCode).toBe(200);
      expect((await get('/api/crypto/btc/aggregate?lang=en-US')).statusCode).toBe(200);
      accuracy = presenter.latestAccuracyBody();
      aggregate = ai.aggregateJson('btc', 'en-US');
      if (Buffer.isBuffer(accuracy) && Buffer.isBuffer(aggregate)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(Buffer.isBuffer(accuracy)).toBe(true);
    expect(Buffer.isBuffer(aggregate)).toBe(true);
    expect((aggregate as Buffer).toString('utf8')).toBe((await get('/api/crypto/btc/aggregate?lang=en-US')).body);
    // a new read version (signals written) is computed first: a promise, then held again
    await t.ctx.readModels?.invalidate('signals');
    const next = presenter.latestAccuracyBody();
    expect(next).toBeInstanceOf(Promise);
    // a reader arriving while it is computed is answered at once with the page it replaces (decision 092)
    const during = presenter.latestAccuracyBody();
    expect(Buffer.isBuffer(during)).toBe(true);
    expect((during as Buffer).equals(accuracy as Buffer)).toBe(true);
    await next;
    let again = presenter.latestAccuracyBody();
    for (let i = 0; i < 20 && !Buffer.isBuffer(again); i++) {
      await again;
      again = presenter.latestAccuracyBody();
    }
    expect(Buffer.isBuffer(again)).toBe(true);
  });

  it('a handler that sends held pages without a promise still answers an unknown coin with 404 COIN_NOT_FOUND, not 500', async () => {
    for (const url of ['/api/crypto/nocoin/aggregate?lang=en-US', '/api/feeds/latest?limit=10&cryptocurrency_id=nocoin', '/api/crypto/latest_accuracy?coin=nocoin']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      expect(JSON.parse(r.body).error.code, url).toBe('COIN_NOT_FOUND');
    }
  });

  it("the analyst's facts read the 7-day accuracy once per read version, not per coin page", async () => {
    const btc = t.ctx.signals.coinId('btc');
    const first = await t.ctx.signals.latestAccuracyCached(btc);
    const compute = vi.spyOn(t.ctx.signals, 'latestAccuracy');
    try {
      const again = await Promise.all(Array.from({ length: 8 }, () => t.ctx.signals.latestAccuracyCached(btc)));
      for (const a of again) expect(a).toEqual(first);
      expect(compute).not.toHaveBeenCalled();
      expect(first).toMatchObject({ hits: expect.any(Number), total: expect.any(Number) });
    } finally {
      compute.mockRestore();
    }
  });

  it('a closed candle shows up in ta/all and the track record; `now` is the clock of each request', async () => {
    t.clock.set(T0 + 5 * MIN);
    await tick();
    const items = JSON.parse((await get('/api/crypto/ta/all')).body).result.signals;
    const btc5m = items.find((s: any) => s.cryptocurrency.symbol === 'BTC').ta_result.find((r: any) => r.current.timeframe === '5m');
    expect(btc5m.current.candle_open_time).toBe(T0);
    const a = JSON.parse((await get('/api/signals/track-record?limit=5')).body).result;
    t.clock.set(T0 + 6 * MIN);
    const b = JSON.parse((await get('/api/signals/track-record?limit=5')).body).result;
    expect(a.now).toBe(T0 + 5 * MIN);
    expect(b.now).toBe(T0 + 6 * MIN);
    expect(b.items).toEqual(a.items);
    const acc = JSON.parse((await get('/api/crypto/latest_accuracy')).body).result;
    expect([acc.since, acc.until]).toEqual([T0 + 6 * MIN - 7 * 86_400_000, T0 + 6 * MIN]);
  });

  it('news analysed after a release shows up at once in feeds/latest', async () => {
    const before = JSON.parse((await get('/api/feeds/latest?limit=1')).body).result.list[0];
    t.clock.set(T0 + 3 * 3600_000);
    await t.ctx.newsPipeline.runJobsOnce();
    const after = JSON.parse((await get('/api/feeds/latest?limit=1')).body).result.list[0];
    expect(Date.parse(after.published_at)).toBeGreaterThan(Date.parse(before.published_at));
    expect(Date.parse(after.published_at)).toBeGreaterThan(T0);
    expect(Date.parse(after.published_at)).toBeLessThanOrEqual(T0 + 3 * 3600_000);
  });
});

describe.skipIf(!process.env.REDIS_URL)('read models shared through Redis', () => {
  it('a value computed by one process is served by another; an invalidation reaches both', async () => {
    const prefix = `coinlens-test:${Math.random().toString(36).slice(2)}:`;
    const [pa, pb] = await Promise.all([RedisPubSub.connect(process.env.REDIS_URL!, prefix), RedisPubSub.connect(process.env.REDIS_URL!, prefix)]);
    const [a, b] = await Promise.all([ReadModels.create({ pubsub: pa, redisUrl: process.env.REDIS_URL, prefix }), ReadModels.create({ pubsub: pb, redisUrl: process.env.REDIS_URL, prefix })]);
    try {
      let runs = 0;
      const compute = async () => ({ body: `v${++runs}` });
      const version = () => String(a.generation('signals'));
      // each start moved the generation on and announced it: both processes agree
      await vi.waitFor(() => expect(a.generation('signals')).toBe(b.generation('signals')));
      expect(await a.get('page', version(), compute, { shared: true })).toEqual({ body: 'v1' });
      expect(await b.get('page', String(b.generation('signals')), compute, { shared: true })).toEqual({ body: 'v1' });
      expect(runs).toBe(1);
      await a.invalidate('signals');
      await vi.waitFor(() => expect(b.generation('signals')).toBe(a.generation('signals')));
      expect(await b.get('page', String(b.generation('signals')), compute, { shared: true })).toEqual({ body: 'v2' });
      expect(await a.get('page', version(), compute, { shared: true })).toEqual({ body: 'v2' });
      expect(runs).toBe(2);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([pa.close(), pb.close()]);
    }
  });
});
