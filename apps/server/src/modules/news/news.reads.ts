import type { Feed, FeedEventType, FeedFilter, FeedHeat, FeedTrend, Lang, LatestFeeds, NewsFilter, SourceDelays, StoryOfTheDay } from '@coinlens/contracts';
import { HOT_HEAT, NewsFilter as NewsFilterSchema } from '@coinlens/contracts';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { MarketService } from '../market/market.service';
import type { CoinRow } from '../market/market.repository';
import { heatAt, IMPORTANCE_LEVELS, topicsOf } from './analyst';
import { leadAddsTo, type Interpreter } from './interpreter';
import type { FeedCondition, NewsRepository, NewsRow, Where } from './news.repository';
import { eventTypeOf, FORCED_REWRITE_INTERVAL_MS, HORIZONS, interpretFacts, type NewsPipeline } from './news.pipeline';
import { meanInterval95 } from './nlp';

type Horizon = keyof typeof HORIZONS;
const DAY = 86_400_000;

/**
 * The event study behind one news item for one coin (the figures of the feed detail's "similar news
 * moved"): over earlier news of the same `event_type` on `symbol` (of the same `sentiment` when the
 * item has no event type, `basis` says which), per horizon the average move `avg_change_pct` (percent,
 * close at publication + horizon vs close at publication, 5m candles), its 95 % interval `ci95`
 * ([low, high] percent, Student t; null when n < 2) and the sample size `n`. Horizons without an
 * earlier item are left out.
 */
export interface NewsEventStudy {
  symbol: string;
  event_type: FeedEventType | null;
  basis: 'event_type' | 'sentiment';
  sentiment: FeedTrend;
  moves: { horizon: Horizon; avg_change_pct: number; ci95: [number, number] | null; n: number }[];
}

/** Dependencies of the news read side. */
export interface NewsReadsDeps {
  repo: NewsRepository;
  market: MarketService;
  clock: Clock;
  /** Writes the story of the day (the built-in analyst or the model). */
  interpreter: Interpreter;
  /** Analyses an item asked for before the jobs' pass reached it, and the day's news before a story. */
  pipeline: NewsPipeline;
  log?: (msg: string) => void;
}

/** Window of the per-source delay figures (hours of wall time). */
export const DELAY_WINDOW_HOURS = 24;
/** Wall ms the per-source delay figures are reused before they are computed again. */
export const DELAY_REUSE_MS = 30_000;

/**
 * The news read side: feed pages (their wire format, stored per version, is the
 * `NewsPresenter`'s in news.presenter.ts), one feed with its "similar news moved" figures, the hottest events, a Pro user's
 * saved filter, and the story of the day (written on demand, one run per day and language). Only
 * items the clock released are shown.
 */
export class NewsReads {
  private storyRuns = new Map<string, Promise<void>>();
  /** Wall time (ms) of the last forced rewrite by the model, per `day|lang`. */
  private readonly forcedAt = new Map<string, number>();
  private delays: { at: number; value: Promise<SourceDelays> } | null = null;
  constructor(private readonly d: NewsReadsDeps) {}

  /**
   * The measured delay per live news source over the last {@link DELAY_WINDOW_HOURS} hours of
   * wall time (see `SourceDelays`), computed at most every {@link DELAY_REUSE_MS} per process.
   */
  sourceDelays(): Promise<SourceDelays> {
    const now = Date.now();
    if (this.delays && now - this.delays.at < DELAY_REUSE_MS) return this.delays.value;
    const value = this.d.repo.sourceDelays(now - DELAY_WINDOW_HOURS * 3_600_000).then((rows) => ({
      window_hours: DELAY_WINDOW_HOURS,
      measured_at: new Date(now).toISOString(),
      sources: rows.map((r) => ({ source: r.source, n: r.n, seen_p50_s: Math.round(r.seen_p50 / 1000), seen_p95_s: Math.round(r.seen_p95 / 1000), processed_p50_s: Math.round(r.processed_p50 / 1000), processed_p95_s: Math.round(r.processed_p95 / 1000) })),
    }));
    this.delays = { at: now, value };
    value.catch(() => {
      this.delays = null;
    });
    return value;
  }

  private get coins(): readonly CoinRow[] {
    return this.d.market.coinRows;
  }


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
      // the publisher's lead, and nothing when it adds nothing to the headline (the analyst's
      // interpretation is its own field, never passed off as the lead)
      const content = leadAddsTo(r.title, r.summary) ? r.summary : '';
      out.push({
        id: r.id,
        title: r.title,
        content,
        feed_contents: [{ title: r.title, content }],
        original_title: r.title,
        translated_title: lang === 'zh-CN' && r.lang !== 'zh' && r.title_zh ? { text: r.title_zh, lang: 'zh', by: 'llm' } : null,
        translated_content: lang === 'zh-CN' && r.lang !== 'zh' && content && r.summary_zh ? { text: r.summary_zh, lang: 'zh', by: 'llm' } : null,
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

  /**
   * The event study of an item for `symbol` at the clock's now (see {@link NewsEventStudy}); `horizons`
   * picks and orders the horizons (default 1h and 24h). Null when no earlier item of the kind has a
   * measured move on that coin.
   */
  async eventStudy(item: { id: string; sentiment: FeedTrend; event_type: FeedEventType | null }, symbol: string, horizons: readonly Horizon[] = ['1h', '24h']): Promise<NewsEventStudy | null> {
    const sim = await this.d.repo.similarImpact(symbol, item.sentiment, item.event_type, this.d.clock.now(), item.id);
    const moves = horizons.flatMap((h) => {
      const s = sim.find((x) => x.horizon === h);
      return s && s.n > 0 ? [{ horizon: h, avg_change_pct: s.avg, ci95: meanInterval95(s.avg, s.sd, s.n), n: s.n }] : [];
    });
    return moves.length ? { symbol, event_type: item.event_type, basis: item.event_type ? 'event_type' : 'sentiment', sentiment: item.sentiment, moves } : null;
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

  /** Conditions of a saved personal filter (personalised news, Pro). `followed`: the user's watchlist symbols. */
  personalWhere(f: NewsFilter, followed: string[] = []): Where {
    const c: FeedCondition = {};
    const coins = [...new Set([...f.coins, ...(f.followed_coins ? followed : [])])];
    if (coins.length) c.symbols = coins;
    const min = IMPORTANCE_LEVELS.indexOf(f.min_importance);
    if (min > 0) c.minImportance = min;
    if (f.sentiments.length) c.sentiments = f.sentiments;
    if (f.sources.length) c.sources = f.sources;
    if (f.languages.length) c.languages = f.languages;
    return [c];
  }

  /**
   * GET /feeds/latest. `filter`: all | important (level ≥ important) | bullish | bearish;
   * `heat`: all | hot (heat ≥ HOT_HEAT); `coin`: id, slug or symbol (COIN_NOT_FOUND when unknown).
   */
  async latest(q: { limit: number; offset: number; filter: FeedFilter; heat: FeedHeat; lang: Lang; coin?: string; extra?: Where }): Promise<LatestFeeds> {
    const where: Where = [...(q.extra ?? [])];
    if (q.filter === 'important') where.push({ minImportance: IMPORTANCE_LEVELS.indexOf('important') });
    if (q.filter === 'bullish' || q.filter === 'bearish') where.push({ sentiments: [q.filter] });
    if (q.coin) where.push({ symbols: [this.d.market.resolve(q.coin).symbol] });
    const { rows, hasNext } = await this.d.repo.page(this.d.clock.now(), where, { offset: q.offset, limit: q.limit, heatMin: q.heat === 'hot' ? HOT_HEAT : undefined });
    return { list: await this.toFeeds(rows, q.lang), hasNext, offset: q.offset, limit: q.limit };
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
      await this.d.pipeline.analysePending();
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
    await this.d.pipeline.analysePending();
    // Early in a UTC day with nothing released yet, the last 24 hours stand in for the day.
    const ofToday = await this.d.repo.biggestCluster(from, now);
    const big = ofToday ? { ...ofToday, fromDay: true } : await this.d.repo.biggestCluster(now - DAY, now).then((b) => (b ? { ...b, fromDay: false } : null));
    if (!big) {
      onThinking(lang === 'zh-CN' ? `${day} 尚无已发布的新闻。` : `No news released on ${day} yet.`);
      return;
    }
    const reports = (await this.d.repo.byClusters([big.cluster_id], now)).filter((r) => r.interpreted_at != null);
    // the lead is the hottest report of the day itself; a cluster that began the evening before keeps its earlier reports as context
    const ofDay = (r: { published_at: number }) => (r.published_at >= from ? 1 : 0);
    const lead = [...reports].sort((a, b) => ofDay(b) - ofDay(a) || (b.heat ?? 0) - (a.heat ?? 0) || a.published_at - b.published_at)[0];
    const sources = [...new Set([...reports].sort((a, b) => a.published_at - b.published_at).map((r) => r.source))];
    const facts = interpretFacts(lead, this.coins, IMPORTANCE_LEVELS[lead.importance ?? 0], reports.length, sources);
    // the window the story covers: the UTC day so far, or the last 24 hours when nothing was released today
    const windowFrom = big.fromDay ? from : now - DAY;
    const reportsToday = await this.d.repo.countReleasedBetween(windowFrom, now);
    const written = await this.d.interpreter.writeStory({ day, now, from: windowFrom, reportsToday, lead: facts, reports: reports.map((r) => ({ id: r.id, title: r.title, source: r.source })) }, lang, onThinking);
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
