import type { FeedEventType, FeedImportance, FeedTrend } from '@coinlens/contracts';
import type { Clock } from '../../platform/clock';
import type { PubSub } from '../../platform/pubsub';
import { ReadModels } from '../../platform/read-models';
import type { EventBus } from '../../platform/events';
import type { MarketService } from '../market/market.service';
import type { CoinRow } from '../market/market.repository';
import type { MarketSource } from '../../providers/market/types';
import type { NewsProvider, RawNewsItem } from '../../providers/news/types';
import { clusterItem, clustersFromMembers, importanceOf, IMPORTANCE_LEVELS, readItem, topicsOf, type AnalystCoin } from './analyst';
import { EVENT_TYPES } from './nlp';
import { BuiltinInterpreter, type InterpretFacts, type Interpreter } from './interpreter';
import { NewsRepository, type NewsAnalysis, type NewsRow } from './news.repository';
import type { NewsEvents } from './news.events';

/** The stored `topic` of an item as an event type (null for items analysed before event types). */
export function eventTypeOf(topic: string | null): FeedEventType | null {
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


/** Dependencies of the news pipeline. */
export interface NewsPipelineDeps {
  repo: NewsRepository;
  market: MarketService;
  source: MarketSource;
  clock: Clock;
  pubsub: PubSub;
  interpreter: Interpreter;
  /** Live providers ingested by the jobs (rss, cryptocompare); the shipped news is imported. */
  providers: NewsProvider[];
  /** Where the read side stores its results (one of this process when absent): moved on after each write. */
  readModels?: ReadModels;
  log?: (msg: string) => void;
  /** Where `news.released` is emitted with the items each release pass published (awaited; a failing reaction is the bus's to report). None: no events. */
  events?: EventBus<NewsEvents>;
}

/**
 * What an interpreter is told about a stored news item (title, summary, sentiment, coins with
 * their trends and names, importance, and the size and sources of its cluster).
 */
export function interpretFacts(row: NewsRow, coins: readonly CoinRow[], importance: FeedImportance, size: number, sources: string[]): InterpretFacts {
  const names = new Map(coins.map((c) => [c.symbol, c.name]));
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
    lang: row.lang,
    titleZh: row.title_zh,
  };
}

/**
 * The news pipeline (write side): ingestion through providers (dedupe + cursor in one
 * transaction), analysis (sentiment, coins with trends, clusters, importance, interpretation),
 * news impact from candles, and the release of items the clock passed (published on
 * {@link FEEDS_CHANNEL}). Items are visible once the clock passed their publication time
 * (docs/decisions/010-news-release-on-replay-clock.md). Run by the news jobs of a worker process
 * (news.jobs.ts); the reads use it to analyse an item asked for before its pass.
 */
export class NewsPipeline {
  private analysing: Promise<number> | null = null;
  private readonly builtin = new BuiltinInterpreter();
  private readonly readModels: ReadModels;
  constructor(private readonly d: NewsPipelineDeps) {
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

  /**
   * Stores items pushed to us (a WebSub hub's delivery) as `origin` items first seen now; the
   * next pass of the jobs analyses them. Unique keys drop repeats. Returns rows inserted.
   */
  async ingestPushed(items: RawNewsItem[], origin: NewsProvider['origin']): Promise<number> {
    const at = this.d.clock.now();
    return this.d.repo.transaction((tx) => NewsRepository.insertItems(tx, items, origin, at));
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
        let titleZh: string | null = null;
        let summaryZh: string | null = null;
        // The built-in analyst re-writes members whose coverage changed; a model writes new items only.
        if (isNew || this.d.interpreter.by === 'builtin' || !en) {
          const facts = this.factsOf(row, IMPORTANCE_LEVELS[level], list.length, sources);
          // A model writes only for news of the last day; an older backlog (first start) gets the built-in analyst.
          const writer: Interpreter = isNew && row.published_at >= now - DAY ? this.d.interpreter : this.builtin;
          const t = await writer.interpret(facts);
          en = t.en;
          zh = t.zh;
          by = t.by ?? writer.by;
          titleZh = t.title_zh ?? null;
          summaryZh = t.summary_zh ?? null;
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
          titleZh,
          summaryZh,
        });
      }
    }
    await this.d.repo.saveAnalyses(out);
    if (out.length) await this.changed();
    return pending.length;
  }

  private factsOf(row: NewsRow, importance: FeedImportance, size: number, sources: string[]): InterpretFacts {
    return interpretFacts(row, this.coins, importance, size, sources);
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
   * processes' SSE clients receive it through pub/sub) and emits `news.released` with them: items
   * whose publication time the clock passed since the last call, and live items interpreted
   * since then whose publication time was already passed. The first call only sets the cursors.
   */
  async publishReleased(): Promise<number> {
    const now = this.d.clock.now();
    const stored = await this.d.repo.cursor('release');
    let after = stored == null ? now : Number(stored);
    if (after > now) after = now;
    const byPublication = (await this.d.repo.publishedAfter(after, now, 200)).filter((r) => r.interpreted_at != null);
    const position = byPublication.length ? byPublication[byPublication.length - 1].published_at : after;
    if (position !== after || stored == null) await this.d.repo.setCursor('release', String(position), now);
    // A live item can arrive after the publication cursor passed its time (a source polled later
    // than another, a pushed item): those are released in the order they were interpreted.
    const storedLive = await this.d.repo.cursor('release:live');
    let afterLive = storedLive == null ? now : Number(storedLive);
    if (afterLive > now) afterLive = now;
    const late = await this.d.repo.interpretedLiveAfter(afterLive, now, 500);
    const positionLive = late.length ? Math.max(afterLive, ...late.map((r) => r.interpreted_at ?? afterLive)) : afterLive;
    if (positionLive !== afterLive || storedLive == null) await this.d.repo.setCursor('release:live', String(positionLive), now);
    const ids = new Set(byPublication.map((r) => r.id));
    const rows = [...byPublication, ...late.filter((r) => !ids.has(r.id))];
    if (rows.length) await this.changed();
    if (rows.length) await this.d.pubsub.publish(FEEDS_CHANNEL, { type: 'feeds', ids: rows.map((r) => r.id), newest: new Date(Math.max(...rows.map((r) => r.published_at))).toISOString() });
    if (rows.length) await this.d.events?.emit('news.released', { rows });
    return rows.length;
  }

  /**
   * One pass of the news jobs: live providers (those due at `now`, wall ms; each keeps its own
   * schedule, see `providers/news/poll-schedule.ts`), analysis, impact, release.
   */
  async runJobsOnce(opts: { ingest?: boolean; now?: number } = {}): Promise<{ ingested: number; analysed: number; impact: number; released: number }> {
    let ingested = 0;
    if (opts.ingest !== false) {
      const now = opts.now ?? Date.now();
      for (const p of this.d.providers) {
        if (p.due && !p.due(now)) continue;
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
}
