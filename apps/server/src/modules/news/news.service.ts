import { sql } from 'drizzle-orm';
import type { Feed, FeedEventType, FeedFilter, FeedHeat, FeedImportance, FeedTrend, Lang, LatestFeeds, NewsFilter, StoryOfTheDay } from '@coinlens/contracts';
import { GetLatestFeedsResponse, HOT_HEAT, NewsFilter as NewsFilterSchema } from '@coinlens/contracts';
import type { Clock } from '../../platform/clock';
import type { PubSub } from '../../platform/pubsub';
import { AppError } from '../../platform/errors';
import { encodeJson, ReadModels } from '../../platform/read-models';
import type { MarketService } from '../market/market.service';
import type { CoinRow } from '../market/market.repository';
import type { MarketSource } from '../../providers/market/types';
import type { NewsProvider } from '../../providers/news/types';
import { clusterItem, clustersFromMembers, heatAt, importanceOf, IMPORTANCE_LEVELS, readItem, topicsOf, type AnalystCoin } from './analyst';
import { EVENT_TYPES, meanInterval95 } from './nlp';
import { BuiltinInterpreter, type InterpretFacts, type Interpreter } from './interpreter';
import { NewsRepository, type NewsAnalysis, type NewsRow, type Where } from './news.repository';

/** The stored `topic` of an item as an event type (null for items analysed before event types). */
function eventTypeOf(topic: string | null): FeedEventType | null {
  return topic && (EVENT_TYPES as readonly string[]).includes(topic) ? (topic as FeedEventType) : null;
}

/** Pub/sub channel of released news (`FeedsStreamEvent`). */
export const FEEDS_CHANNEL = 'feeds:new';

/** Impact horizons and their length in ms. */
export const HORIZONS = { '5m': 300_000, '1h': 3_600_000, '24h': 86_400_000 } as const;
type Horizon = keyof typeof HORIZONS;

const DAY = 86_400_000;
/** Shortest wall time between two forced rewrites of the same story by the model (ms). */
export const FORCED_REWRITE_INTERVAL_MS = 5 * 60_000;
const CLUSTER_WINDOW = 36 * 3600_000;
/**
 * Clock milliseconds a stored feed page is served without a news write: bounds how old its heat
 * figures are (heat decays with time) and how late an item analysed earlier shows up once the
 * clock passes its publication time (items analysed now show up at once: the write bumps the version).
 */
export const FEEDS_REUSE_MS = 60_000;

/** Dependencies of the news service. */
export interface NewsDeps {
  repo: NewsRepository;
  market: MarketService;
  source: MarketSource;
  clock: Clock;
  pubsub: PubSub;
  interpreter: Interpreter;
  /** Live providers ingested by the jobs (rss, cryptocompare); the shipped news is imported. */
  providers: NewsProvider[];
  /** Where the read side stores its results (one of this process when absent). */
  readModels?: ReadModels;
  log?: (msg: string) => void;
}

/**
 * The news pipeline: ingestion through providers (dedupe + cursor in one transaction), analysis
 * (sentiment, coins with trends, clusters, importance, interpretation), news impact from candles,
 * the story of the day and the feed API read side. Items are visible once the clock passed their
 * publication time (docs/decisions/010-news-release-on-replay-clock.md).
 */
export class NewsService {
  private storyRuns = new Map<string, Promise<void>>();
  private analysing: Promise<number> | null = null;
  /** Wall time (ms) of the last forced rewrite by the model, per `day|lang`. */
  private readonly forcedAt = new Map<string, number>();
  private readonly builtin = new BuiltinInterpreter();
  private readonly readModels: ReadModels;
  constructor(private readonly d: NewsDeps) {
    this.readModels = d.readModels ?? ReadModels.local();
  }

  /** Marks the feed read side stale in every process after a write of analyses, impact rows or a release. */
  private async changed(): Promise<void> {
    await this.readModels.invalidate('news').catch((e) => this.d.log?.(`read models: ${e instanceof Error ? e.message : String(e)}`));
  }

  private get coins(): readonly CoinRow[] {
    return this.d.market.coinRows;
  }

  private analystCoins(): AnalystCoin[] {
    return this.coins.map((c) => ({ symbol: c.symbol, name: c.name, cmcRank: c.cmc_rank }));
  }

  // ingestion

  /**
   * Fetches one batch from `provider` after its stored cursor and stores the items and the new
   * cursor in one transaction: a crash before commit stores nothing (the next run re-reads from the
   * old cursor), and unique keys on id and normalised URL drop repeats. Returns rows inserted.
   */
  async ingest(provider: NewsProvider, opts: { afterChunk?: (n: number) => void } = {}): Promise<number> {
    const cursorName = `ingest:${provider.name}`;
    const batch = await provider.fetch(await this.d.repo.cursor(cursorName));
    const at = this.d.clock.now();
    return this.d.repo.transaction(async (tx) => {
      const n = await NewsRepository.insertItems(tx, batch.items, provider.origin, at, opts.afterChunk);
      if (batch.cursor != null) await NewsRepository.setCursor(tx, cursorName, batch.cursor, at);
      return n;
    });
  }

  // analysis

  /**
   * Analyses up to `limit` released items that have none yet (newest first): clusters them with
   * the analysed items of ±36 h, reads sentiment and coins, scores importance of every touched
   * cluster's members and writes the interpretation. Returns the number of new items analysed.
   */
  analysePending(limit = 400): Promise<number> {
    // Single flight: a caller arriving while a pass runs joins it (the pass may ask the model to
    // interpret new items; two passes at once would ask twice for the same items).
    if (this.analysing) return this.analysing;
    const run = this.analyseOnce(limit).finally(() => {
      this.analysing = null;
    });
    this.analysing = run;
    return run;
  }

  private async analyseOnce(limit: number): Promise<number> {
    const now = this.d.clock.now();
    const pending = (await this.d.repo.pendingAnalysis(now, limit)).sort((a, b) => a.published_at - b.published_at || a.id.localeCompare(b.id));
    if (!pending.length) return 0;
    const from = pending[0].published_at - CLUSTER_WINDOW;
    const to = pending[pending.length - 1].published_at + CLUSTER_WINDOW;
    const members = await this.d.repo.analysedBetween(from, Math.min(to, now));
    const clusters = clustersFromMembers(members.map((m) => ({ id: m.id, title: m.title, summary: m.summary, source: m.source, publishedAt: m.published_at, clusterId: m.cluster_id! })));
    const coins = this.analystCoins();
    const bySymbol = new Map(coins.map((c) => [c.symbol, c]));
    const rows = new Map<string, NewsRow>(members.map((m) => [m.id, m]));
    const touched = new Set<string>();
    let n = 0;
    for (const p of pending) {
      // Yield to the event loop now and then: analysis is CPU work and must not stall requests.
      if (++n % 25 === 0) await new Promise((r) => setImmediate(r));
      const r = readItem({ id: p.id, title: p.title, summary: p.summary, source: p.source, publishedAt: p.published_at, lang: p.lang, coins: p.coins, labels: p.labels }, coins);
      const clusterId = clusterItem({ id: p.id, title: p.title, summary: p.summary, source: p.source, publishedAt: p.published_at, lang: p.lang, coins: p.coins, labels: p.labels }, clusters);
      touched.add(clusterId);
      rows.set(p.id, { ...p, sentiment: r.sentiment, sentiment_score: r.strength, coin_trends: r.coinTrends, topic: r.topic, cluster_id: clusterId });
    }
    const pendingIds = new Set(pending.map((p) => p.id));
    const byCluster = new Map<string, NewsRow[]>();
    for (const row of rows.values()) if (row.cluster_id && touched.has(row.cluster_id)) byCluster.set(row.cluster_id, [...(byCluster.get(row.cluster_id) ?? []), row]);
    const out: NewsAnalysis[] = [];
    for (const [clusterId, list] of byCluster) {
      const sources = [...new Set(list.sort((a, b) => a.published_at - b.published_at).map((x) => x.source))];
      for (const row of list) {
        const itemCoins = (row.coin_trends ?? []).map((c) => bySymbol.get(c.symbol)).filter((c): c is AnalystCoin => !!c);
        const { level, impact } = importanceOf({ size: list.length, sources, coins: itemCoins, strength: row.sentiment_score ?? 0, topics: topicsOf(row.labels), sponsored: row.labels.sponsored === true });
        const isNew = pendingIds.has(row.id);
        let en = row.interpretation_en ?? '';
        let zh = row.interpretation_zh ?? '';
        let by = row.interpreted_by ?? this.d.interpreter.by;
        // The built-in analyst re-writes members whose coverage changed; a model writes new items only.
        if (isNew || this.d.interpreter.by === 'builtin' || !en) {
          const facts = this.factsOf(row, IMPORTANCE_LEVELS[level], list.length, sources);
          // A model writes only for news of the last day; an older backlog (first start) gets the built-in analyst.
          const writer: Interpreter = isNew && row.published_at >= now - DAY ? this.d.interpreter : this.builtin;
          const t = await writer.interpret(facts);
          en = t.en;
          zh = t.zh;
          by = t.by ?? writer.by;
        }
        // Members whose reading did not change are not written again.
        if (!isNew && row.importance === level && row.heat === impact && row.interpretation_en === en && row.interpretation_zh === zh && row.cluster_id === clusterId && row.interpreted_at != null) continue;
        out.push({
          id: row.id,
          sentiment: row.sentiment!,
          sentimentScore: row.sentiment_score ?? 0,
          importance: level,
          heat: impact,
          clusterId,
          coinTrends: row.coin_trends ?? [],
          topic: row.topic,
          interpretationEn: en,
          interpretationZh: zh,
          interpretedBy: by,
          interpretedAt: row.interpreted_at ?? now,
        });
      }
    }
    await this.d.repo.saveAnalyses(out);
    if (out.length) await this.changed();
    return pending.length;
  }

  private factsOf(row: NewsRow, importance: FeedImportance, size: number, sources: string[]): InterpretFacts {
    const names = new Map(this.coins.map((c) => [c.symbol, c.name]));
    return {
      id: row.id,
      title: row.title,
      summary: row.summary,
      source: row.source,
      publishedAt: row.published_at,
      sentiment: (row.sentiment ?? 'neutral') as FeedTrend,
      strength: row.sentiment_score ?? 0,
      coins: (row.coin_trends ?? []).map((c) => ({ symbol: c.symbol, name: names.get(c.symbol) ?? c.symbol, trend: c.trend })),
      importance,
      clusterSize: size,
      clusterSources: sources,
      eventType: eventTypeOf(row.topic),
    };
  }

  // impact

  /**
   * For each horizon (5m, 1h, 24h), computes the coin moves of items whose publication + horizon
   * the clock has passed, oldest first after the horizon's cursor, stopping at the first item not
   * analysed yet. Move = close of the last 5m candle closed by t + h over the close of the last 5m
   * candle closed by t (1h candles when a coin has no 5m). Returns impact rows written.
   */
  async computeImpact(limit = 300): Promise<number> {
    const now = this.d.clock.now();
    const bySymbol = new Map(this.coins.map((c) => [c.symbol, c]));
    let written = 0;
    for (const [h, ms] of Object.entries(HORIZONS) as [Horizon, number][]) {
      const cursorName = `impact:${h}`;
      const stored = await this.d.repo.cursor(cursorName);
      let after = stored == null ? now - ms - 30 * DAY : Number(stored);
      if (after > now) after = now - ms - 30 * DAY; // the replay clock wrapped to its start
      const items = await this.d.repo.publishedAfter(after, now - ms, limit);
      const rows: Parameters<NewsRepository['saveImpact']>[0] = [];
      let position = after;
      for (const it of items) {
        if (it.interpreted_at == null) break;
        for (const ct of it.coin_trends ?? []) {
          const coin = bySymbol.get(ct.symbol);
          if (!coin) continue;
          const tf = coin.timeframes.includes('5m') ? '5m' : coin.timeframes.includes('1h') ? '1h' : null;
          if (!tf) continue;
          const [a] = await this.d.source.getCandles(coin.symbol, tf, { limit: 1, endTime: it.published_at });
          const [b] = await this.d.source.getCandles(coin.symbol, tf, { limit: 1, endTime: it.published_at + ms });
          if (!a || !b || !(a.close > 0) || b.time <= a.time) continue;
          rows.push({ newsId: it.id, symbol: coin.symbol, horizon: h, changePct: (b.close / a.close - 1) * 100, sentiment: it.sentiment ?? 'neutral', topic: it.topic, publishedAt: it.published_at });
        }
        position = it.published_at;
      }
      if (position !== after || stored == null) await this.d.repo.saveImpact(rows, cursorName, position, now);
      written += rows.length;
    }
    if (written) await this.changed();
    return written;
  }

  // release

  /**
   * Publishes the analysed items the clock released since the last call on `feeds:new` (all
   * processes' SSE clients receive it through pub/sub). The first call only sets the cursor.
   */
  async publishReleased(): Promise<number> {
    const now = this.d.clock.now();
    const stored = await this.d.repo.cursor('release');
    let after = stored == null ? now : Number(stored);
    if (after > now) after = now;
    const rows = (await this.d.repo.publishedAfter(after, now, 200)).filter((r) => r.interpreted_at != null);
    const position = rows.length ? rows[rows.length - 1].published_at : after;
    if (position !== after || stored == null) await this.d.repo.setCursor('release', String(position), now);
    if (rows.length) await this.changed();
    if (rows.length) await this.d.pubsub.publish(FEEDS_CHANNEL, { type: 'feeds', ids: rows.map((r) => r.id), newest: new Date(position).toISOString() });
    return rows.length;
  }

  /** One pass of the news jobs: live providers, analysis, impact, release. */
  async runJobsOnce(opts: { ingest?: boolean } = {}): Promise<{ ingested: number; analysed: number; impact: number; released: number }> {
    let ingested = 0;
    if (opts.ingest !== false) {
      for (const p of this.d.providers) {
        try {
          ingested += await this.ingest(p);
        } catch (e) {
          this.d.log?.(`news: ${p.name} failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
    }
    const analysed = await this.analysePending();
    const impact = await this.computeImpact();
    const released = await this.publishReleased();
    return { ingested, analysed, impact, released };
  }

  // read side

  private coinBySymbol(): Map<string, CoinRow> {
    return new Map(this.coins.map((c) => [c.symbol, c]));
  }

  /** Maps stored rows to API feeds in `lang`; with `similar`, adds the "similar news moved" aggregates. */
  async toFeeds(rows: NewsRow[], lang: Lang, opts: { similar?: boolean } = {}): Promise<Feed[]> {
    if (!rows.length) return [];
    const now = this.d.clock.now();
    const info = await this.d.repo.clusterInfo([...new Set(rows.map((r) => r.cluster_id!).filter(Boolean))], now);
    const impact = await this.d.repo.impactOf(rows.map((r) => r.id));
    const coins = this.coinBySymbol();
    const out: Feed[] = [];
    for (const r of rows) {
      const cl = info.get(r.cluster_id ?? '') ?? { size: 1, sources: [r.source] };
      const eventType = eventTypeOf(r.topic);
      const related = (r.coin_trends ?? [])
        .map((t) => ({ t, c: coins.get(t.symbol) }))
        .filter((x): x is { t: { symbol: string; trend: FeedTrend }; c: CoinRow } => !!x.c)
        .map(({ t, c }) => ({ cryptocurrency_id: c.id, trend: t.trend, symbol: c.symbol, name: c.name, logo: `/static/icons/${c.icon}`, slug: c.slug, cmc_id: c.cmc_id }));
      const moves = await Promise.all(
        related.map(async (c) => {
          const sim = opts.similar && r.sentiment ? await this.d.repo.similarImpact(c.symbol, r.sentiment, eventType, now, r.id) : [];
          return {
            symbol: c.symbol,
            cryptocurrency_id: c.cryptocurrency_id,
            moves: (Object.keys(HORIZONS) as Horizon[]).map((h) => {
              const m = impact.find((x) => x.news_id === r.id && x.symbol === c.symbol && x.horizon === h);
              const s = sim.find((x) => x.horizon === h);
              return {
                horizon: h,
                change_pct: m ? Number(m.change_pct) : null,
                similar: s && s.n > 0 ? { avg_change_pct: s.avg, n: s.n, sentiment: (r.sentiment ?? 'neutral') as FeedTrend, topic: r.topic, event_type: eventType, ci95: meanInterval95(s.avg, s.sd, s.n) } : null,
              };
            }),
          };
        }),
      );
      const interp = lang === 'zh-CN' ? r.interpretation_zh : r.interpretation_en;
      const content = r.summary || interp || '';
      out.push({
        id: r.id,
        title: r.title,
        content,
        feed_contents: [{ title: r.title, content }],
        original_title: r.title,
        source: r.source,
        link: r.url,
        published_at: new Date(r.published_at).toISOString(),
        lang: r.lang === 'zh' ? 'zh' : 'en',
        sentiment: (r.sentiment ?? 'neutral') as FeedTrend,
        importance: IMPORTANCE_LEVELS[r.importance ?? 0],
        heat: heatAt(r.heat ?? 0, r.published_at, now),
        related_cryptocurrencies: related,
        cluster: { id: r.cluster_id ?? r.id, size: cl.size, sources: cl.sources },
        topics: topicsOf(r.labels),
        event_type: eventType,
        impact: moves,
        interpretation: interp ? { text: interp, by: (r.interpreted_by ?? 'builtin') as 'builtin' | 'llm' } : null,
      });
    }
    return out;
  }

  /** Symbols of coin ids (unknown ids dropped). */
  symbolsOf(ids: number[]): string[] {
    return this.coins.filter((c) => ids.includes(c.id)).map((c) => c.symbol);
  }

  /** The saved personal filter of a user, or null. */
  async savedFilter(userId: number): Promise<NewsFilter | null> {
    const f = await this.d.repo.filterOf(String(userId));
    return f ? NewsFilterSchema.parse(f) : null;
  }

  async saveFilter(userId: number, f: NewsFilter): Promise<void> {
    await this.d.repo.saveFilter(String(userId), f, Date.now());
  }

  /** Conditions of a saved personal filter (SPEC §1 personalised news). `followed`: the user's watchlist symbols. */
  personalWhere(f: NewsFilter, followed: string[] = []): Where {
    const w: Where = [];
    const coins = [...new Set([...f.coins, ...(f.followed_coins ? followed : [])])];
    if (coins.length) w.push(sql`(${sql.join(coins.map((s) => sql`coin_trends @> ${JSON.stringify([{ symbol: s }])}::jsonb`), sql` or `)})`);
    const min = IMPORTANCE_LEVELS.indexOf(f.min_importance);
    if (min > 0) w.push(sql`importance >= ${min}`);
    if (f.sentiments.length) w.push(sql`sentiment in (${sql.join(f.sentiments.map((s) => sql`${s}`), sql`, `)})`);
    if (f.sources.length) w.push(sql`lower(source) in (${sql.join(f.sources.map((s) => sql`${s.toLowerCase()}`), sql`, `)})`);
    if (f.languages.length) w.push(sql`lang in (${sql.join(f.languages.map((s) => sql`${s}`), sql`, `)})`);
    return w;
  }

  /**
   * GET /feeds/latest. `filter`: all | important (level ≥ important) | bullish | bearish;
   * `heat`: all | hot (heat ≥ HOT_HEAT); `coin`: id, slug or symbol (COIN_NOT_FOUND when unknown).
   */
  async latest(q: { limit: number; offset: number; filter: FeedFilter; heat: FeedHeat; lang: Lang; coin?: string; extra?: Where }): Promise<LatestFeeds> {
    const where: Where = [...(q.extra ?? [])];
    if (q.filter === 'important') where.push(sql`importance >= 2`);
    if (q.filter === 'bullish' || q.filter === 'bearish') where.push(sql`sentiment = ${q.filter}`);
    if (q.coin) {
      const c = this.d.market.resolve(q.coin);
      where.push(sql`coin_trends @> ${JSON.stringify([{ symbol: c.symbol }])}::jsonb`);
    }
    const { rows, hasNext } = await this.d.repo.page(this.d.clock.now(), where, { offset: q.offset, limit: q.limit, heatMin: q.heat === 'hot' ? HOT_HEAT : undefined });
    return { list: await this.toFeeds(rows, q.lang), hasNext, offset: q.offset, limit: q.limit };
  }

  /**
   * GET /feeds/latest without a personal filter, as JSON text (`{result: LatestFeeds}`): stored per
   * query (coin resolved first: COIN_NOT_FOUND) and version = the `news` generation and the
   * FEEDS_REUSE_MS step of the clock; shared through Redis.
   */
  async latestJson(q: { limit: number; offset: number; filter: FeedFilter; heat: FeedHeat; lang: Lang; coin?: string }): Promise<string> {
    const coin = q.coin ? String(this.d.market.resolve(q.coin).id) : '';
    const version = `${this.readModels.generation('news')}:${Math.floor(this.d.clock.now() / FEEDS_REUSE_MS)}`;
    return this.readModels.get(
      `news:latest:${q.filter}:${q.heat}:${q.lang}:${coin}:${q.offset}:${q.limit}`,
      version,
      async () => encodeJson(GetLatestFeedsResponse, { result: await this.latest({ ...q, coin: coin || undefined }) }),
      { shared: true },
    );
  }

  /** GET /feeds/hot_top5: the five hottest events of the last 24 h. */
  async hotTop5(lang: Lang): Promise<Feed[]> {
    const now = this.d.clock.now();
    return this.toFeeds(await this.d.repo.hottest(now, now - DAY, 5), lang);
  }

  /** GET /feeds/{id}: FEED_NOT_FOUND when unknown or published after the clock's now. */
  async get(id: string, lang: Lang): Promise<Feed> {
    const now = this.d.clock.now();
    let [row] = await this.d.repo.byIds([id]);
    if (!row || row.published_at > now) throw new AppError('FEED_NOT_FOUND', `No feed ${id}`);
    if (row.interpreted_at == null) {
      await this.analysePending();
      [row] = await this.d.repo.byIds([id]);
    }
    return (await this.toFeeds([row], lang, { similar: true }))[0];
  }

  // story of the day

  private dayOf(now: number): { day: string; from: number } {
    const from = Math.floor(now / DAY) * DAY;
    return { day: new Date(from).toISOString().slice(0, 10), from };
  }

  /** GET /feeds/sotd: the stored story of the clock's day (written first when missing or `force`). */
  async storyOfTheDay(lang: Lang, force = false): Promise<StoryOfTheDay | null> {
    const now = this.d.clock.now();
    const { day } = this.dayOf(now);
    let s = await this.d.repo.story(day, lang);
    if (!s || force) {
      await this.writeStory(lang, () => undefined);
      s = await this.d.repo.story(day, lang);
    }
    if (!s) return null;
    const rows = await this.d.repo.byIds([s.news_id]);
    if (!rows.length) return null;
    const [feed] = await this.toFeeds(rows, lang, { similar: true });
    return {
      day,
      feed,
      story: { title: s.title, content: s.content, by: s.by as 'builtin' | 'llm', generated_at: new Date(s.generated_at).toISOString() },
      isRefreshing: this.storyRuns.has(`${day}|${lang}`),
    };
  }

  /** True when the story of the day is missing or its cluster is no longer the day's biggest. */
  async storyIsStale(lang: Lang): Promise<boolean> {
    const now = this.d.clock.now();
    const { day, from } = this.dayOf(now);
    const s = await this.d.repo.story(day, lang);
    if (!s) return true;
    const big = await this.d.repo.biggestCluster(from, now);
    return !!big && big.cluster_id !== s.cluster_id;
  }

  /**
   * Writes the story of the day for `lang` (one run per day and language at a time; a second
   * caller joins the running one). Across processes the write holds the story's lock; a process
   * that waited for it and finds the story rewritten meanwhile keeps that one instead of asking
   * the writer again. `onThinking` receives the writer's progress lines.
   */
  writeStory(lang: Lang, onThinking: (line: string) => void): Promise<void> {
    const now = this.d.clock.now();
    const { day, from } = this.dayOf(now);
    const key = `${day}|${lang}`;
    const running = this.storyRuns.get(key);
    if (running) {
      onThinking(lang === 'zh-CN' ? '已有一次撰写正在进行，等待其完成…' : 'A write-up is already running; waiting for it…');
      return running;
    }
    const run = (async () => {
      const seen = await this.d.repo.storyVersion(day, lang);
      await this.d.repo.withStoryLock(day, lang, async () => {
        const current = await this.d.repo.storyVersion(day, lang);
        if (current !== null && current !== seen) {
          onThinking(lang === 'zh-CN' ? '今日故事刚由另一进程写好。' : 'The story was just written by another process.');
          return;
        }
        await this.composeStory(lang, day, from, now, onThinking);
      });
    })().finally(() => this.storyRuns.delete(key));
    this.storyRuns.set(key, run);
    return run;
  }

  /** Writes and stores the story of `day` (UTC, from `from` to the clock's `now`) in `lang` from the day's biggest event. */
  private async composeStory(lang: Lang, day: string, from: number, now: number, onThinking: (line: string) => void): Promise<void> {
    await this.analysePending();
    // Early in a UTC day with nothing released yet, the last 24 hours stand in for the day.
    const big = (await this.d.repo.biggestCluster(from, now)) ?? (await this.d.repo.biggestCluster(now - DAY, now));
    if (!big) {
      onThinking(lang === 'zh-CN' ? `${day} 尚无已发布的新闻。` : `No news released on ${day} yet.`);
      return;
    }
    const reports = (await this.d.repo.byClusters([big.cluster_id], now)).filter((r) => r.interpreted_at != null);
    const lead = [...reports].sort((a, b) => (b.heat ?? 0) - (a.heat ?? 0) || a.published_at - b.published_at)[0];
    const sources = [...new Set([...reports].sort((a, b) => a.published_at - b.published_at).map((r) => r.source))];
    const facts = this.factsOf(lead, IMPORTANCE_LEVELS[lead.importance ?? 0], reports.length, sources);
    const reportsToday = await this.d.repo.countReleasedBetween(Math.min(from, reports[reports.length - 1]?.published_at ?? from), now);
    const written = await this.d.interpreter.writeStory({ day, now, reportsToday, lead: facts, reports: reports.map((r) => ({ id: r.id, title: r.title, source: r.source })) }, lang, onThinking);
    await this.d.repo.saveStory({ day, lang, clusterId: big.cluster_id, newsId: lead.id, title: written.title, content: written.content, by: written.by ?? this.d.interpreter.by, generatedAt: now });
  }

  /**
   * Claims a forced rewrite of today's story in `lang` (`force_update=true`, a refresh without
   * `auto`). With the built-in analyst (no model call) always granted. With a model: granted only
   * to `privileged` callers (Pro members, lab users) and at most once per
   * FORCED_REWRITE_INTERVAL_MS per day and language; everyone else gets the automatic behaviour
   * (a rewrite only when the story is missing or the day's biggest event changed).
   */
  claimForcedRewrite(lang: Lang, privileged: boolean, wallNow: number = Date.now()): boolean {
    if (this.d.interpreter.by === 'builtin') return true;
    if (!privileged) return false;
    const key = `${this.dayOf(this.d.clock.now()).day}|${lang}`;
    const last = this.forcedAt.get(key);
    if (last !== undefined && wallNow - last < FORCED_REWRITE_INTERVAL_MS) return false;
    this.forcedAt.set(key, wallNow);
    return true;
  }

  /** GET /feeds/sotd/refresh: starts a background write-up (with `auto`, only when stale). */
  async refreshStory(lang: Lang, auto: boolean): Promise<{ isRefreshing: boolean }> {
    if (auto && !(await this.storyIsStale(lang))) return { isRefreshing: this.storyRuns.has(`${this.dayOf(this.d.clock.now()).day}|${lang}`) };
    this.writeStory(lang, () => undefined).catch((e) => this.d.log?.(`story of the day failed: ${e instanceof Error ? e.message : String(e)}`));
    return { isRefreshing: true };
  }
}
