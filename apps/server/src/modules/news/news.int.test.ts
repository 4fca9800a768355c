import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { importData } from '@coinlens/db';
import { createTestApp, T0 } from '../../../test/harness';
import { REPO_ROOT } from '../../platform/env';
import { newsImporters } from './news.import';
import type { NewsProvider, RawNewsItem } from '../../providers/news/types';
import { newsIdOf } from '../../providers/news/types';
import { createSignedInUser } from '../../../test/users';
import { startOpenAiStub } from '../../../test/openai-stub';
import { OpenAiCompatibleClient } from '../../providers/llm/openai-compatible';
import { LlmInterpreter } from './llm-interpreter';
import { NewsPipeline } from './news.pipeline';
import { NewsReads } from './news.reads';
import { NewsRepository } from './news.repository';
import { GetSentimentAccuracyResponse } from '@coinlens/contracts';

const DATA = path.join(REPO_ROOT, 'data');
const FROM = Date.parse('2025-05-15T00:00:00Z');
const TO = Date.parse('2025-05-17T12:00:00Z');

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC', 'ETH', 'XRP'], timeframes: ['5m', '1h'] });
  await importData(t.ctx.db, newsImporters(DATA, { from: FROM, to: TO }));
  await t.ctx.newsPipeline.runJobsOnce();
}, 600_000);
afterAll(async () => t?.close());

const get = async (url: string) => {
  const r = await t.app.inject({ method: 'GET', url });
  return { status: r.statusCode, body: r.json() as any };
};
const count = async (where = sql`true`) => Number((await t.ctx.db.query<{ n: number }>(sql`select count(*)::int as n from news_items where ${where}`))[0].n);

describe('news pipeline on the shipped news', () => {
  it('stores the shipped items once, even when imported again', async () => {
    const n = await count();
    expect(n).toBeGreaterThan(100);
    // a second import of the same files under another name re-inserts nothing
    const again = newsImporters(DATA, { from: FROM, to: TO }).map((i) => ({ ...i, name: i.name + '#again' }));
    await importData(t.ctx.db, again);
    expect(await count()).toBe(n);
  });

  it('never shows an item published after the clock', async () => {
    const { status, body } = await get('/api/feeds/latest?limit=50');
    expect(status).toBe(200);
    expect(body.result.list.length).toBe(50);
    for (const f of body.result.list) expect(Date.parse(f.published_at)).toBeLessThanOrEqual(T0);
    const [future] = await t.ctx.db.query<{ id: string }>(sql`select id from news_items where published_at > ${T0} order by published_at limit 1`);
    expect((await get(`/api/feeds/${encodeURIComponent(future.id)}`)).body.error.code).toBe('FEED_NOT_FOUND');
    // nothing after the clock was analysed either
    expect(await count(sql`published_at > ${T0} and interpreted_at is not null`)).toBe(0);
  });

  it('serves feeds with the contract fields, paged by 10 with hasNext', async () => {
    const { body } = await get('/api/feeds/latest');
    expect(body.result.list).toHaveLength(10);
    expect(body.result.hasNext).toBe(true);
    const f = body.result.list[0];
    expect(f.feed_contents[0]).toEqual({ title: f.title, content: f.content });
    expect(f).toMatchObject({ original_title: expect.any(String), source: expect.any(String), link: expect.stringMatching(/^https?:/) });
    expect(['most_important', 'important', 'less_important', 'general']).toContain(f.importance);
    expect(f.interpretation.by).toBe('builtin');
    // the lead is the publisher's words or nothing: never the analyst's boilerplate
    for (const x of (await get('/api/feeds/latest?limit=50')).body.result.list) expect(x.content).not.toBe(x.interpretation?.text);
    const page2 = (await get('/api/feeds/latest?offset=10')).body.result.list;
    expect(page2.map((x: any) => x.id)).not.toContain(f.id);
    const withCoins = (await get('/api/feeds/latest?limit=50')).body.result.list.find((x: any) => x.related_cryptocurrencies.length);
    expect(withCoins.related_cryptocurrencies[0]).toMatchObject({ cryptocurrency_id: expect.any(Number), trend: expect.stringMatching(/bullish|bearish|neutral/), symbol: expect.any(String), logo: expect.any(String), slug: expect.any(String) });
  });

  it('filters by sentiment, importance, heat and coin', async () => {
    for (const filter of ['bullish', 'bearish']) {
      const list = (await get(`/api/feeds/latest?filter=${filter}&limit=20`)).body.result.list;
      expect(list.length).toBeGreaterThan(0);
      for (const f of list) expect(f.sentiment).toBe(filter);
    }
    for (const f of (await get('/api/feeds/latest?filter=important&limit=20')).body.result.list) expect(['important', 'most_important']).toContain(f.importance);
    for (const f of (await get('/api/feeds/latest?heat=hot&limit=20')).body.result.list) expect(f.heat).toBeGreaterThanOrEqual(50);
    const eth = (await get('/api/feeds/latest?cryptocurrency_id=ETH&limit=20')).body.result.list;
    expect(eth.length).toBeGreaterThan(0);
    for (const f of eth) expect(f.related_cryptocurrencies.map((c: any) => c.symbol)).toContain('ETH');
  });

  it('serves the classifier\'s measured accuracy: per set n, correct, accuracy with its 95 % interval and the majority-label share', async () => {
    const { status, body } = await get('/api/feeds/sentiment-accuracy');
    expect(status).toBe(200);
    const r = GetSentimentAccuracyResponse.parse(body).result;
    expect(r.by).toBe('builtin');
    const later = r.sets.find((s) => s.id === 'later_en')!;
    expect(later.n).toBeGreaterThan(250);
    expect(later.accuracy).toBeCloseTo(later.correct / later.n, 6);
    expect(later.ci95[0]).toBeLessThan(later.accuracy);
    expect(later.ci95[1]).toBeGreaterThan(later.accuracy);
    expect(r.sets.map((s) => s.id)).toEqual(expect.arrayContaining(['later_en', 'native_zh', 'dev_en']));
  });

  it('answers 400 naming the field for a bad query and 404 for an unknown feed', async () => {
    const bad = await get('/api/feeds/latest?limit=0&filter=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((x: any) => x.path)).toEqual(expect.arrayContaining(['querystring.limit', 'querystring.filter']));
    const missing = await get('/api/feeds/cc:0000000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('FEED_NOT_FOUND');
  });

  it('clusters reports of the same event and serves the hottest five', async () => {
    const [big] = await t.ctx.db.query<{ cluster_id: string; n: number }>(sql`select cluster_id, count(distinct source)::int as n from news_items where interpreted_at is not null group by cluster_id order by n desc limit 1`);
    expect(big.n).toBeGreaterThan(1);
    const top = (await get('/api/feeds/hot_top5?lang=zh-CN')).body.result;
    expect(top).toHaveLength(5);
    expect(new Set(top.map((f: any) => f.cluster.id)).size).toBe(5);
    expect(top[0].interpretation.text).toMatch(/[\u4e00-\u9fff]/);
  });

  it('computes impact only after publication + horizon, and the similar-news average', async () => {
    const [it0] = await t.ctx.db.query<{ id: string; published_at: number }>(
      sql`select id, published_at from news_items where interpreted_at is not null and coin_trends @> '[{"symbol":"BTC"}]'::jsonb and published_at > ${T0 - 3 * 3600_000} order by published_at limit 1`,
    );
    const before = (await get(`/api/feeds/${encodeURIComponent(it0.id)}`)).body.result;
    const btc = before.impact.find((x: any) => x.symbol === 'BTC');
    expect(btc.moves.find((m: any) => m.horizon === '5m').change_pct).toEqual(expect.any(Number));
    expect(btc.moves.find((m: any) => m.horizon === '24h').change_pct).toBeNull();
    // no 24h move may exist for any item less than 24 h old
    const young = await t.ctx.db.query(sql`select 1 from news_impact where horizon = '24h' and published_at > ${T0 - 86_400_000}`);
    expect(young).toHaveLength(0);
    t.clock.set(T0 + 25 * 3600_000);
    await t.ctx.newsPipeline.runJobsOnce();
    const after = (await get(`/api/feeds/${encodeURIComponent(it0.id)}`)).body.result;
    const move = after.impact.find((x: any) => x.symbol === 'BTC').moves.find((m: any) => m.horizon === '24h');
    expect(move.change_pct).toEqual(expect.any(Number));
    expect(move.similar).toMatchObject({ n: expect.any(Number), avg_change_pct: expect.any(Number), sentiment: after.sentiment });
    expect(move.similar.n).toBeGreaterThan(0);
    t.clock.set(T0);
  });

  it('gives the analyst the event study of each news item: the feed detail figures, cited in the highlights', async () => {
    t.clock.set(T0 + 25 * 3600_000);
    try {
      await t.ctx.newsPipeline.runJobsOnce();
      const row = t.ctx.market.resolve('btc');
      const facts = await t.ctx.ai.service.facts(row, 'en-US');
      const withStudy = facts.news.filter((n) => n.event_study);
      expect(withStudy.length).toBeGreaterThan(0);
      for (const n of withStudy) {
        const detail = (await get(`/api/feeds/${encodeURIComponent(n.id)}`)).body.result;
        const moves = detail.impact.find((x: any) => x.symbol === 'BTC').moves;
        expect(n.event_study!.event_type).toBe(detail.event_type);
        for (const m of n.event_study!.moves) {
          const sim = moves.find((x: any) => x.horizon === m.horizon).similar;
          expect({ avg: m.avg_change_pct, n: m.n, ci95: m.ci95 }).toEqual({ avg: sim.avg_change_pct, n: sim.n, ci95: sim.ci95 });
        }
      }
      const { writeHighlights } = await import('../ai/builtin-writer');
      const first = facts.news.slice(0, 2).find((n) => n.event_study);
      if (first) {
        const line = writeHighlights(facts, 'en-US').find((h) => h.kind === 'news' && h.news_id === first.id)!;
        expect(line.text).toContain(`n = ${first.event_study!.moves[0].n}`);
        expect(line.text).toMatch(/After earlier .+ news, BTC moved on average/);
        const zh = writeHighlights(facts, 'zh-CN').find((h) => h.kind === 'news' && h.news_id === first.id)!;
        expect(zh.text).toContain(`样本 ${first.event_study!.moves[0].n}`);
        expect(zh.text).toMatch(/。此前同类（.+）新闻发布后，BTC /);
      }
    } finally {
      t.clock.set(T0);
    }
  });
});

describe('ingestion through a provider', () => {
  const item = (k: number): RawNewsItem => {
    const url = `https://news.example/${k}?utm_source=x`;
    return { id: newsIdOf('rss', url), publishedAt: Date.parse('2025-05-10T00:00:00Z') + 1000 * k, source: 'Example', url, title: `Update q${k}z`, summary: '', lang: 'en', coins: [], labels: {} };
  };
  const provider = (items: RawNewsItem[]): NewsProvider => ({ name: 'test', origin: 'rss', fetch: async () => ({ items, cursor: 'c1' }) });

  it('loses nothing and doubles nothing when a batch crashes mid-way', async () => {
    const items = Array.from({ length: 1200 }, (_, k) => item(k + 1));
    const base = await count();
    await expect(
      t.ctx.newsPipeline.ingest(provider(items), {
        afterChunk: (n) => {
          if (n >= 500) throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    expect(await count()).toBe(base);
    expect(await t.ctx.db.query(sql`select 1 from news_cursors where name = 'ingest:test'`)).toHaveLength(0);
    expect(await t.ctx.newsPipeline.ingest(provider(items))).toBe(1200);
    // the same items again, one with another tracking parameter, store nothing new
    const again = [...items, { ...item(5), id: 'rss:other', url: 'https://www.news.example/5?utm_medium=y' }];
    expect(await t.ctx.newsPipeline.ingest(provider(again))).toBe(0);
    expect(await count()).toBe(base + 1200);
    expect((await t.ctx.db.query<{ position: string }>(sql`select position from news_cursors where name = 'ingest:test'`))[0].position).toBe('c1');
  });
});

describe('story of the day', () => {
  it('writes the day\'s biggest cluster and serves it', async () => {
    const { body } = await get('/api/feeds/sotd?lang=en-US');
    expect(body.result.day).toBe('2025-05-16');
    expect(body.result.story.by).toBe('builtin');
    expect(body.result.story.content).toContain('sources');
    const [big] = await t.ctx.db.query<{ cluster_id: string; n: number }>(sql`select cluster_id, count(distinct source)::int as n from news_items
      where interpreted_at is not null and published_at between ${Date.parse('2025-05-16T00:00:00Z')} and ${T0} group by cluster_id order by n desc, count(*) desc limit 1`);
    // the story's cluster has as many of the day's sources as the day's biggest (its sources before the day may add more)
    const [mine] = await t.ctx.db.query<{ n: number }>(sql`select count(distinct source)::int as n from news_items
      where interpreted_at is not null and cluster_id = ${body.result.feed.cluster.id} and published_at between ${Date.parse('2025-05-16T00:00:00Z')} and ${T0}`);
    expect(mine.n).toBe(big.n);
    expect(body.result.feed.cluster.sources.length).toBeGreaterThanOrEqual(big.n);
    expect(Date.parse(body.result.feed.published_at)).toBeGreaterThanOrEqual(Date.parse('2025-05-16T00:00:00Z'));
    const zh = (await get('/api/feeds/sotd?lang=zh-CN&force_update=true')).body.result;
    expect(zh.story.content).toMatch(/来源/);
    // the story says how much of the day it covers, and is written in the reader's language: an
    // English lead headline is quoted as English, never used as the Chinese story's title
    const hhmm = new Date(T0).toISOString().slice(11, 16);
    expect(body.result.story.content).toContain(`So far today (2025-05-16 00:00–${hhmm} UTC)`);
    expect(zh.story.content).toContain(`今日截至目前（2025-05-16 00:00–${hhmm} UTC）`);
    if (zh.feed.title && !/[\u4e00-\u9fff]/.test(zh.feed.title)) {
      expect(zh.story.title).not.toBe(zh.feed.title);
      expect(zh.story.title).toMatch(/[\u4e00-\u9fff]/);
      expect(zh.story.content).toContain(`英文原标题：“${zh.feed.title}”`);
    }
    expect((await get('/api/feeds/sotd/refresh?lang=en-US&auto=true')).body.result).toEqual({ isRefreshing: false });
    expect((await get('/api/feeds/sotd/refresh?lang=en-US')).body.result).toEqual({ isRefreshing: true });
  }, 300_000);

  it('streams thinking text between markers and ends with [DONE]', async () => {
    // let the background refresh started above finish first
    for (let i = 0; i < 600 && (await get('/api/feeds/sotd/refresh?lang=en-US&auto=true')).body.result.isRefreshing; i++) await new Promise((r) => setTimeout(r, 100));
    const r = await t.app.inject({ method: 'GET', url: '/api/feeds/stream/sotd/refresh?lang=en-US&auto=false' });
    expect(r.headers['content-type']).toMatch(/text\/event-stream/);
    const lines = r.body.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
    expect(lines[0]).toBe('<think>');
    expect(lines.indexOf('</think>')).toBeGreaterThan(1);
    expect(lines.at(-1)).toBe('[DONE]');
    expect(lines.slice(1, lines.indexOf('</think>')).join(' ')).toMatch(/Biggest event/);
  }, 300_000);
});

describe('personalised news filtering (Pro)', () => {
  it('keeps a Pro user\'s filter on the server and applies it; free users get VIP_REQUIRED', async () => {
    const free = await createSignedInUser(t.ctx);
    const pro = await createSignedInUser(t.ctx);
    await t.ctx.db.db.execute(sql`update users set subscription_end_date = ${Date.now() + 30 * 86_400_000} where id = ${pro.userId}`);
    const call = (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) => t.app.inject({ method, url, headers, payload: payload as any });
    expect((await call('GET', '/api/feeds/latest?personal=true', {})).statusCode).toBe(401);
    const denied = await call('GET', '/api/feeds/latest?personal=true', free.headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('VIP_REQUIRED');
    expect((await call('PUT', '/api/feeds/filter', free.headers, { coins: ['ETH'] })).json().error.code).toBe('VIP_REQUIRED');
    expect((await call('GET', '/api/feeds/filter', pro.headers)).json().result).toBeNull();
    const bad = await call('PUT', '/api/feeds/filter', pro.headers, { min_importance: 'urgent' });
    expect(bad.statusCode).toBe(400);
    const saved = await call('PUT', '/api/feeds/filter', pro.headers, { coins: ['eth'], sentiments: ['bullish', 'neutral', 'bearish'] });
    expect(saved.json().result).toMatchObject({ coins: ['ETH'], min_importance: 'general' });
    const list = (await call('GET', '/api/feeds/latest?personal=true&limit=20', pro.headers)).json().result.list;
    expect(list.length).toBeGreaterThan(0);
    for (const f of list) expect(f.related_cryptocurrencies.map((c: any) => c.symbol)).toContain('ETH');
  });
});

describe('interpretation by an OpenAI-compatible model', () => {
  it('writes en/zh through the model (labelled llm) and streams its reasoning for the story', async () => {
    const stub = await startOpenAiStub((body) =>
      String(body.messages.at(-1).content).includes('Answer JSON')
        ? { content: JSON.stringify({ en: 'Model reading [id].', zh: '模型解读。' }) }
        : { content: 'Model story paragraph.', reasoning: 'Weighing the sources.\nChecking coins.' },
    );
    try {
      const repo = new NewsRepository(t.ctx.db);
      const interpreter = new LlmInterpreter(new OpenAiCompatibleClient({ baseUrl: stub.url, model: 'stub-model' }));
      const pipeline = new NewsPipeline({ repo, market: t.ctx.market, source: t.ctx.source, clock: t.clock, pubsub: t.ctx.pubsub, interpreter, providers: [] });
      const news = new NewsReads({ repo, market: t.ctx.market, clock: t.clock, interpreter, pipeline });
      const url = 'https://news.example/llm-case';
      const item: RawNewsItem = { id: newsIdOf('rss', url), publishedAt: T0 - 60_000, source: 'Example Wire', url, title: 'Solana ETF filing lifts SOL', summary: '', lang: 'en', coins: [], labels: {} };
      await pipeline.ingest({ name: 'llm-case', origin: 'rss', fetch: async () => ({ items: [item], cursor: null }) });
      await pipeline.analysePending();
      const f = (await get(`/api/feeds/${encodeURIComponent(item.id)}?lang=zh-CN`)).body.result;
      expect(f.interpretation).toEqual({ text: '模型解读。', by: 'llm' });
      expect(stub.requests[0].body.messages[1].content).toContain(item.id);
      const lines: string[] = [];
      await news.writeStory('en-US', (l) => lines.push(l));
      expect(lines).toEqual(['Weighing the sources.', 'Checking coins.']);
      const story = (await get('/api/feeds/sotd?lang=en-US')).body.result.story;
      expect(story).toMatchObject({ content: 'Model story paragraph.', by: 'llm' });
    } finally {
      await stub.close();
    }
  }, 300_000);

  it('translates an English headline once for zh-CN readers, stores it and labels it machine-translated; Chinese headlines are not translated', async () => {
    const stub = await startOpenAiStub((body) => {
      const msg = String(body.messages.at(-1).content);
      return {
        content: JSON.stringify({
          en: 'Model reading.',
          zh: '模型解读。',
          ...(msg.includes('"title_zh"') ? { title_zh: '以太坊质押 ETF 获批，ETH 走高' } : {}),
          ...(msg.includes('"summary_zh"') ? { summary_zh: '美国证交会批准首只以太坊质押 ETF。' } : {}),
        }),
      };
    });
    try {
      const repo = new NewsRepository(t.ctx.db);
      const interpreter = new LlmInterpreter(new OpenAiCompatibleClient({ baseUrl: stub.url, model: 'stub-model' }));
      const pipeline = new NewsPipeline({ repo, market: t.ctx.market, source: t.ctx.source, clock: t.clock, pubsub: t.ctx.pubsub, interpreter, providers: [] });
      const en: RawNewsItem = { id: newsIdOf('rss', 'https://news.example/mt-en'), publishedAt: T0 - 50_000, source: 'Example Wire', url: 'https://news.example/mt-en', title: 'Ethereum staking ETF approved, ETH climbs', summary: 'The SEC approved the first Ethereum staking ETF.', lang: 'en', coins: [], labels: {} };
      const zh: RawNewsItem = { id: newsIdOf('rss', 'https://news.example/mt-zh'), publishedAt: T0 - 40_000, source: '示例快讯', url: 'https://news.example/mt-zh', title: '比特币跌破十万美元，多头爆仓', summary: '', lang: 'zh', coins: [], labels: {} };
      await pipeline.ingest({ name: 'mt-case', origin: 'rss', fetch: async () => ({ items: [en, zh], cursor: null }) });
      await pipeline.analysePending();
      await pipeline.analysePending();
      const asks = stub.requests.filter((r) => String(r.body.messages.at(-1).content).includes('"title_zh"'));
      expect(asks.map((r) => String(r.body.messages.at(-1).content).includes(en.id))).toEqual([true]);
      const zhRead = (await get(`/api/feeds/${encodeURIComponent(en.id)}?lang=zh-CN`)).body.result;
      expect(zhRead.translated_title).toEqual({ text: '以太坊质押 ETF 获批，ETH 走高', lang: 'zh', by: 'llm' });
      expect(zhRead.title).toBe(en.title);
      // the lead too, once, marked as the model's; the publisher's lead stays in `content`
      expect(zhRead.translated_content).toEqual({ text: '美国证交会批准首只以太坊质押 ETF。', lang: 'zh', by: 'llm' });
      expect(zhRead.content).toBe(en.summary);
      expect((await get(`/api/feeds/${encodeURIComponent(en.id)}?lang=en-US`)).body.result.translated_content).toBeNull();
      expect((await get(`/api/feeds/${encodeURIComponent(en.id)}?lang=en-US`)).body.result.translated_title).toBeNull();
      expect((await get(`/api/feeds/${encodeURIComponent(zh.id)}?lang=zh-CN`)).body.result.translated_title).toBeNull();
      // stored once: a later analysis with another translation keeps the first
      const [row] = await t.ctx.db.query<any>(sql`select * from news_items where id = ${en.id}`);
      await repo.saveAnalyses([{ id: en.id, sentiment: row.sentiment, sentimentScore: row.sentiment_score, importance: row.importance, heat: row.heat, clusterId: row.cluster_id, coinTrends: row.coin_trends, topic: row.topic, interpretationEn: row.interpretation_en, interpretationZh: row.interpretation_zh, interpretedBy: 'llm', interpretedAt: Number(row.interpreted_at), titleZh: '另一个译名' }]);
      const [again] = await t.ctx.db.query<{ title_zh: string }>(sql`select title_zh from news_items where id = ${en.id}`);
      expect(again.title_zh).toBe('以太坊质押 ETF 获批，ETH 走高');
    } finally {
      await stub.close();
    }
  }, 300_000);
});
