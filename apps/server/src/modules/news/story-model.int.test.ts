import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { importData, users } from '@coinlens/db';
import { createTestApp, T0 } from '../../../test/harness';
import { REPO_ROOT } from '../../platform/env';
import { newsImporters } from './news.import';
import { NewsPipeline } from './news.pipeline';
import { NewsReads } from './news.reads';
import { NewsRepository } from './news.repository';
import { LlmInterpreter } from './llm-interpreter';
import { OpenAiCompatibleClient } from '../../providers/llm/openai-compatible';
import { createSignedInUser } from '../../../test/users';
import { startOpenAiStub } from '../../../test/openai-stub';

// Story of the day written by an OpenAI-compatible model (the stub counts every call it receives):
// who may force a rewrite, single flight, and the rate limit of the endpoints that can start one.
let stub: Awaited<ReturnType<typeof startOpenAiStub>>;
let t: Awaited<ReturnType<typeof createTestApp>>;

/** Calls the stub received that write a story of the day. */
const storyCalls = () => stub.requests.filter((r) => /story of the day/.test(r.body.messages.at(-1)?.content ?? '')).length;
/** A client address of its own per test and run (rate-limit counters may live in a shared Redis). */
const ip = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, remoteAddress, headers });

beforeAll(async () => {
  stub = await startOpenAiStub((body) => (body.stream ? { content: 'The biggest event of the day, in three short paragraphs.' } : { content: JSON.stringify({ en: 'Model interpretation.', zh: '模型解读。' }) }));
  t = await createTestApp({ symbols: ['BTC', 'ETH'], env: { LLM_BASE_URL: stub.url, LLM_MODEL: 'stub-model', RATE_LIMIT_READS_PER_MINUTE: '0', RATE_LIMIT_MODEL_PER_MINUTE: '3' } });
  // the shipped news of the test day up to the clock (T0 = 12:00 UTC)
  await importData(t.ctx.db, newsImporters(path.join(REPO_ROOT, 'data'), { from: Date.parse('2025-05-16T00:00:00Z'), to: T0 }));
  await t.ctx.newsPipeline.runJobsOnce({ ingest: false });
  // the story of the day exists (written once by the model)
  const first = await get('/api/feeds/sotd?lang=en-US', ip());
  expect(first.statusCode).toBe(200);
  expect(first.json().result.story.by).toBe('llm');
}, 300_000);
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

describe('story of the day with a model: forced rewrites', () => {
  it('ignores force_update from visitors: 50 parallel requests make no model call and serve the stored story', async () => {
    const before = storyCalls();
    const from = ip();
    const rs = await Promise.all(Array.from({ length: 50 }, () => get('/api/feeds/sotd?lang=en-US&force_update=true', from)));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    for (const r of rs) expect(r.json().result.story.by).toBe('llm');
    // one after the other, too (each would have been a new rewrite)
    for (let i = 0; i < 5; i++) expect((await get('/api/feeds/sotd?lang=en-US&force_update=true', from)).statusCode).toBe(200);
    expect(storyCalls()).toBe(before);
  });

  it('ignores force_update from a signed-in free user too', async () => {
    const before = storyCalls();
    const u = await createSignedInUser(t.ctx);
    const rs = await Promise.all(Array.from({ length: 10 }, () => get('/api/feeds/sotd?lang=en-US&force_update=true', ip(), u.headers)));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(storyCalls()).toBe(before);
  });

  it('lets a Pro member force one rewrite: parallel forced requests share one model call, and the next forced rewrite waits 5 minutes', async () => {
    const u = await createSignedInUser(t.ctx);
    await t.ctx.db.db.update(users).set({ subscriptionEndDate: Date.now() + 86_400_000 } as any).where(eq(users.id, u.userId));
    const before = storyCalls();
    const rs = await Promise.all(Array.from({ length: 10 }, () => get('/api/feeds/sotd?lang=en-US&force_update=true', ip(), u.headers)));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(storyCalls()).toBe(before + 1);
    await get('/api/feeds/sotd?lang=en-US&force_update=true', ip(), u.headers);
    expect(storyCalls()).toBe(before + 1);
  });

  it('writes a missing story once for many concurrent readers (single flight)', async () => {
    const before = storyCalls();
    const rs = await Promise.all(Array.from({ length: 20 }, () => get('/api/feeds/sotd?lang=zh-CN', ip())));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(rs.map((r) => r.json().result.story.generated_at)).size).toBe(1);
    expect(storyCalls()).toBe(before + 1);
  });

  it('writes a story once when two processes are asked to rewrite it at the same time (the story lock)', async () => {
    const ctx = t.ctx;
    // a second process: its own news service (and single-flight map) on the same database
    const repo = new NewsRepository(ctx.db);
    const interpreter = new LlmInterpreter(new OpenAiCompatibleClient({ baseUrl: stub.url, model: 'stub-model' }));
    const pipeline = new NewsPipeline({ repo, market: ctx.market, source: ctx.source, clock: ctx.clock, pubsub: ctx.pubsub, interpreter, providers: [] });
    const other = new NewsReads({ repo, market: ctx.market, clock: ctx.clock, interpreter, pipeline });
    const before = storyCalls();
    await Promise.all([...Array.from({ length: 5 }, () => ctx.news.writeStory('en-US', () => undefined)), ...Array.from({ length: 5 }, () => other.writeStory('en-US', () => undefined))]);
    expect(storyCalls()).toBe(before + 1);
  });

  it('treats a visitor\'s refresh without auto as an automatic one: no rewrite of an up-to-date story', async () => {
    const before = storyCalls();
    const r = await get('/api/feeds/stream/sotd/refresh?lang=en-US&auto=false', ip());
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('up to date');
    expect((await get('/api/feeds/sotd/refresh?lang=en-US', ip())).json().result).toEqual({ isRefreshing: false });
    expect(storyCalls()).toBe(before);
  });
});

describe('strategy with a model', () => {
  it('refuses a strategy on a spent quota before the coin page is written: the model is not called', async () => {
    const u = await createSignedInUser(t.ctx);
    for (let i = 0; i < 3; i++) await t.ctx.billing.quota.consumeQuota(u.userId, 'strategy_per_day');
    const rewrites = () => stub.requests.filter((r) => /<drafts>/.test(r.body.messages.at(-1)?.content ?? '')).length;
    const before = rewrites();
    const r = await t.app.inject({ method: 'POST', url: '/api/crypto/eth/strategy', remoteAddress: ip(), headers: u.headers, payload: { lang: 'en-US' } });
    expect(r.statusCode).toBe(429);
    expect(r.json().error.code).toBe('STRATEGY_DAILY_LIMIT_EXCEEDED');
    expect(rewrites()).toBe(before);
  });
});

describe('rate limits of the endpoints that can start a model call', () => {
  it('answers 429 RATE_LIMITED with retry-after past RATE_LIMIT_MODEL_PER_MINUTE per client, for each such endpoint', async () => {
    const u = await createSignedInUser(t.ctx);
    const calls: [string, () => ReturnType<typeof get>][] = [];
    const from = ip();
    calls.push(['sotd refresh', () => get('/api/feeds/sotd/refresh?lang=en-US&auto=true', from)]);
    calls.push(['sotd stream', () => get('/api/feeds/stream/sotd/refresh?lang=en-US&auto=true', from)]);
    calls.push(['strategy', () => t.app.inject({ method: 'POST', url: '/api/crypto/btc/strategy', remoteAddress: ip(), headers: u.headers, payload: { lang: 'en-US' } })]);
    calls.push(['chat', () => t.app.inject({ method: 'POST', url: '/api/chat/btc/messages', remoteAddress: ip(), headers: u.headers, payload: { content: 'Where is support?', lang: 'en-US' } })]);
    for (const [name, call] of calls) {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await call()).statusCode);
      expect({ name, codes }).toEqual({ name, codes: [200, 200, 200] });
      const limited = await call();
      expect({ name, status: limited.statusCode }).toEqual({ name, status: 429 });
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
