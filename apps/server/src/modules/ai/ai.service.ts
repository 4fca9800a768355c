import { type AiBasedOn, type AiHighlight, type CoinAggregate, type CoinRef, type FullAnalysis, type GeneratedStrategy, GetAggregateResponse, type KlineInsight, type Lang, type StrategyPair, type StrategyPlan, TA_TIMEFRAMES, TIMEFRAME_MS } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import { encodeJson, ReadModels } from '../../platform/read-models';
import type { MarketService } from '../market/market.service';
import type { CoinRow } from '../market/market.repository';
import type { QuotaService } from '../billing/quota.service';
import { basedOnOf, gatherFacts, type CoinFacts, type FactsDeps } from './facts';
import { writeHighlights, writeKlineInsights, writePlan } from './builtin-writer';
import { disclaimer } from './vocab';
import type { AiRepository } from './ai.repository';
import type { ModelProseWriter, Prose } from './model-writer';

/** Dependencies of {@link AiService}. */
export interface AiDeps extends FactsDeps {
  repo: AiRepository;
  market: MarketService;
  quota: QuotaService;
  /** With a model configured: rewrites the built-in prose (numbers stay the rules'). */
  prose?: ModelProseWriter | null;
  /** Where the read side stores its results (one of this process when absent). */
  readModels?: ReadModels;
  /**
   * Called with every strategy pair written (author = `builtin` or the model's name, clock time of
   * generation): the strategy record stores it, immutable. A failure is ignored by the caller.
   */
  onStrategies?: (author: string, row: CoinRow, pair: StrategyPair, basedOn: AiBasedOn, createdAt: number) => Promise<unknown>;
}

/** Timeframes whose last closed candle can be the basis candle, finest first (as in facts.ts). */

/** The stored content of a coin page and its basis candle. */
interface StoredAggregate {
  basis: number;
  c: { by: string; content: AggregateContent; generatedAt: number };
}

/** After a failed rewrite, the built-in texts are served (uncached) this long before the model is asked again. */
const MODEL_RETRY_MS = 5 * 60_000;

/** The cached body of the coin page's AI content (one per coin, basis candle and language). */
interface AggregateContent {
  /** The quota's basis candle (open time, ms) the content was written at; the strategy alerts read it to tell whose strategies these are. */
  basis?: number;
  highlights: AiHighlight[];
  kline_insights: KlineInsight[];
  strategy: StrategyPair;
  based_on: AiBasedOn;
}

/** The prose of a strategy section the model may rewrite (numbers and horizon stay). */
const planProse = (p: StrategyPlan | null): Prose => (p ? { trend: p.trend, strategy: p.strategy, risks: p.risks, summary: p.summary } : null);
const withProse = (p: StrategyPlan | null, r: Prose): StrategyPlan | null => {
  const t = r as { trend: string; strategy: string; risks: string[]; summary: string } | null;
  return p && t ? { ...p, trend: t.trend, strategy: t.strategy, risks: t.risks, summary: t.summary } : p;
};

/**
 * The coin page's AI content, written by the built-in analyst from facts (and,
 * with a model configured, rewritten by it from the same facts: see model-writer.ts):
 *  - highlights + K-line insights: free, also for visitors;
 *  - the strategy (short term, medium/long term): signed in; the first request of a user for a
 *    basis candle uses one `strategy_per_day` unit, later views of that basis candle (any
 *    language, any number of reloads) are free;
 *  - the full multi-timeframe analysis: Pro (`ta.full`).
 * The basis candle of the quota is the last closed 1h candle (else the finest analysed timeframe).
 * Content is written from the analysis snapshots of every timeframe (the same ones the TA panel
 * and the signal cards show) and cached per coin + the finest timeframe's snapshot candle +
 * language in `ai_contents`, so it moves on with the snapshots.
 */
export class AiService {
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly modelFailedAt = new Map<string, number>();
  private readonly readModels: ReadModels;
  constructor(private readonly d: AiDeps) {
    this.readModels = d.readModels ?? ReadModels.local();
  }

  /**
   * The version of a coin's page content, read without gathering facts: the `ai` generation and
   * the open time of the last closed candle of the finest analysed timeframe (5m when the coin has
   * it). The page's texts quote every timeframe's analysis snapshot, and the finest one moves first:
   * content follows it, so the insights state the same figures (value and n) as the TA panel and the
   * signal cards. Null without candles. Answered synchronously while {@link basisMemo} holds it,
   * else a promise.
   */
  private basisVersion(row: CoinRow): string | null | Promise<string | null> {
    const tf = TA_TIMEFRAMES.find((t) => row.timeframes.includes(t));
    if (!tf) return null;
    const tfMs = TIMEFRAME_MS[tf];
    const step = Math.floor(this.d.clock.now() / tfMs);
    const generation = this.readModels.generation('ai');
    const held = this.basisMemo.get(row.id);
    if (held !== undefined && held.step === step && held.generation === generation) return held.version;
    return this.d.source.getCandles(row.symbol, tf, { limit: 1 }).then(([last]) => {
      if (!last) return null;
      const version = `${generation}:${tf}:${last.time}`;
      // The candle that closed at the start of this step is the last one that can close before the
      // next step: until then the version cannot move (a candle still to arrive is not memoised).
      if (last.time === (step - 1) * tfMs) this.basisMemo.set(row.id, { step, generation, version });
      return version;
    });
  }

  /**
   * {@link basisVersion} per coin while it cannot change: within the step of the basis timeframe
   * whose opening candle it names (and the same `ai` generation). Read by every page view.
   */
  private readonly basisMemo = new Map<number, { step: number; generation: number; version: string }>();

  /**
   * The page content of (coin, lang) at the current basis candle: looked up by the basis first
   * (in process, then Redis), gathering facts and reading `ai_contents` only when it is missing.
   * Built-in texts served because the model failed are not kept (the model is asked again later).
   */
  private async storedContent(row: CoinRow, lang: Lang): Promise<StoredAggregate> {
    const version = await this.basisVersion(row);
    const load = async (): Promise<StoredAggregate> => {
      const { basis, c } = await this.content(row, lang);
      return { basis, c };
    };
    if (version === null) return load();
    return this.readModels.get(`ai:aggregate:${row.id}:${lang}`, version, load, { shared: true, keep: (x) => !(this.d.prose && x.c.by === 'builtin') });
  }

  private aggregateOf(row: CoinRow, lang: Lang, c: StoredAggregate['c'], access: { userId: number | null; granted: boolean; usage: CoinAggregate['strategy_usage'] }): CoinAggregate {
    return {
      coin: { id: row.id, symbol: row.symbol, name: row.name },
      lang,
      by: c.by,
      generated_at: c.generatedAt,
      based_on: c.content.based_on,
      highlights: c.content.highlights,
      kline_insights: c.content.kline_insights,
      strategy: access.granted ? c.content.strategy : null,
      strategy_access: access.userId === null ? 'sign_in_required' : access.granted ? 'granted' : 'not_generated',
      strategy_usage: access.usage,
      disclaimer: disclaimer(lang, c.by === 'builtin' ? 'builtin' : 'model'),
    };
  }

  /**
   * GET /api/crypto/{coin}/aggregate for visitors as JSON (UTF-8 bytes once stored; text when there is
   * no basis candle): the same for every visitor, so stored
   * per coin, language and basis candle (shared through Redis) and served without gathering facts.
   */
  aggregateJson(coin: CoinRef, lang: Lang): string | Buffer | Promise<string | Buffer> {
    const row = this.d.market.resolve(coin);
    const version = this.basisVersion(row);
    if (typeof version === 'string') {
      const held = this.readModels.peekBytes(`ai:aggregate-json:${row.id}:${lang}`, version, { stale: true });
      if (held !== undefined) return held;
    }
    return Promise.resolve(version).then((v) => this.aggregateJsonAt(row, lang, v));
  }

  /** {@link aggregateJson} at basis `version` (built without storing when null: no candles). */
  private aggregateJsonAt(row: CoinRow, lang: Lang, version: string | null): Promise<string | Buffer> {
    let keep = true;
    const build = async () => {
      const { c } = await this.storedContent(row, lang);
      keep = !(this.d.prose && c.by === 'builtin');
      return encodeJson(GetAggregateResponse, { result: this.aggregateOf(row, lang, c, { userId: null, granted: false, usage: null }) });
    };
    if (version === null) return build();
    return this.readModels.getBytes(`ai:aggregate-json:${row.id}:${lang}`, version, build, { shared: true, keep: () => keep });
  }

  /**
   * Writes content once per key across concurrent requests of this process: the built-in draft,
   * rewritten by the model when one is configured. Returns what is stored (another process may
   * have stored first). When the model fails, the built-in draft is returned uncached, labelled
   * `builtin`, and the model is not asked again for this key for MODEL_RETRY_MS.
   */
  private write<T>(coinId: number, kind: string, basis: number, lang: Lang, asOf: number, draft: () => T, prose: (c: T) => Prose, merge: (c: T, p: Prose) => T, facts: CoinFacts): Promise<{ by: string; content: T; generatedAt: number }> {
    const key = `${coinId}:${kind}:${basis}:${lang}`;
    const running = this.inflight.get(key) as Promise<{ by: string; content: T; generatedAt: number }> | undefined;
    if (running) return running;
    const job = (async () => {
      const built = draft();
      const model = this.d.prose;
      if (!model) return this.d.repo.saveContent(coinId, kind, basis, lang, 'builtin', built, asOf);
      const failed = this.modelFailedAt.get(key);
      if (failed !== undefined && Date.now() - failed < MODEL_RETRY_MS) return { by: 'builtin', content: built, generatedAt: asOf };
      const rewritten = await model.rewrite(prose(built), facts, lang);
      if (rewritten === null) {
        this.modelFailedAt.set(key, Date.now());
        return { by: 'builtin', content: built, generatedAt: asOf };
      }
      this.modelFailedAt.delete(key);
      return this.d.repo.saveContent(coinId, kind, basis, lang, model.by, merge(built, rewritten), asOf);
    })().finally(() => this.inflight.delete(key));
    this.inflight.set(key, job);
    return job;
  }

  /** The facts of a coin now (see facts.ts). */
  facts(row: CoinRow, lang: Lang): Promise<CoinFacts> {
    return gatherFacts(this.d, row, lang);
  }

  /** The basis candle of the strategy quota: the last closed 1h candle, else the finest analysed one (open time, ms). */
  private basisOf(f: CoinFacts): number {
    const head = f.timeframes.find((t) => t.timeframe === '1h') ?? f.timeframes[0];
    if (!head) throw new AppError('TIMEFRAME_NOT_AVAILABLE', `${f.coin.symbol} has no analysed candles at ${new Date(f.as_of).toISOString()}`);
    return head.candle_open_time;
  }

  /**
   * The key the page content is stored under: the open time of the finest analysed timeframe's
   * snapshot candle (the newest of the snapshots the texts quote; the coarser ones follow from it).
   */
  private contentKeyOf(f: CoinFacts): number {
    const head = f.timeframes[0];
    if (!head) throw new AppError('TIMEFRAME_NOT_AVAILABLE', `${f.coin.symbol} has no analysed candles at ${new Date(f.as_of).toISOString()}`);
    return head.candle_open_time;
  }

  private strategyOf(f: CoinFacts, lang: Lang): StrategyPair {
    const write = (term: 'short_term' | 'medium_long_term'): StrategyPlan | null => {
      const p = f.strategy[term];
      const t = p && f.timeframes.find((x) => x.timeframe === p.timeframe);
      return p && t ? writePlan(p, t, f, lang, term) : null;
    };
    return { short_term: write('short_term'), medium_long_term: write('medium_long_term') };
  }

  /** The coin page's content for (row, basis candle, lang): cached, else written (facts and basis computed unless given). */
  private async content(row: CoinRow, lang: Lang, facts?: CoinFacts, basisCandle?: number): Promise<{ f: CoinFacts; basis: number; c: { by: string; content: AggregateContent; generatedAt: number } }> {
    const f = facts ?? (await this.facts(row, lang));
    const basis = basisCandle ?? this.basisOf(f);
    const key = this.contentKeyOf(f);
    const cached = await this.d.repo.content<AggregateContent>(row.id, 'aggregate', key, lang);
    if (cached) return { f, basis, c: cached };
    const c = await this.write<AggregateContent>(
      row.id,
      'aggregate',
      key,
      lang,
      f.as_of,
      () => ({ basis, highlights: writeHighlights(f, lang), kline_insights: writeKlineInsights(f, lang), strategy: this.strategyOf(f, lang), based_on: basedOnOf(f) }),
      (c) => ({ highlights: c.highlights.map((h) => h.text), kline_insights: c.kline_insights.map((k) => k.text), short_term: planProse(c.strategy.short_term), medium_long_term: planProse(c.strategy.medium_long_term) }),
      (c, p) => {
        const r = p as { highlights: string[]; kline_insights: string[]; short_term: Prose; medium_long_term: Prose };
        return {
          ...c,
          highlights: c.highlights.map((h, i) => ({ ...h, text: r.highlights[i] })),
          kline_insights: c.kline_insights.map((k, i) => ({ ...k, text: r.kline_insights[i] })),
          strategy: { short_term: withProse(c.strategy.short_term, r.short_term), medium_long_term: withProse(c.strategy.medium_long_term, r.medium_long_term) },
        };
      },
      f,
    );
    await this.d.onStrategies?.(c.by, row, c.content.strategy, c.content.based_on, c.generatedAt).catch(() => undefined);
    return { f, basis, c };
  }

  /**
   * The built-in analyst's strategies of a coin now (the numbers of the coin page's strategy; texts
   * in English), with the data they rest on. Used by the worker to record them on each 1h close.
   */
  async builtinStrategies(row: CoinRow): Promise<{ pair: StrategyPair; basedOn: AiBasedOn; asOf: number }> {
    const f = await this.facts(row, 'en-US');
    return { pair: this.strategyOf(f, 'en-US'), basedOn: basedOnOf(f), asOf: f.as_of };
  }

  /** GET /api/crypto/{coin}/aggregate. `userId`: the signed-in caller or null. */
  async aggregate(coin: CoinRef, lang: Lang, userId: number | null): Promise<CoinAggregate> {
    const row = this.d.market.resolve(coin);
    const { basis, c } = await this.storedContent(row, lang);
    const granted = userId !== null && (await this.d.repo.hasGeneration(userId, row.id, basis));
    return this.aggregateOf(row, lang, c, { userId, granted, usage: userId === null ? null : await this.d.quota.usage(userId, 'strategy_per_day') });
  }

  /**
   * POST /api/crypto/{coin}/strategy: the strategy of the current basis candle for `userId`. The
   * first request per (user, coin, basis candle) uses one `strategy_per_day` unit (429
   * STRATEGY_DAILY_LIMIT_EXCEEDED when spent); repeats return it with `counted: false`.
   *
   * The unit is reserved before anything is written: the generation record and the quota unit are
   * taken in one transaction, so a record is visible to other requests only once it is paid for
   * (a concurrent request for the same key waits for that transaction), and a spent quota never
   * starts a model call. When writing the content fails, both are given back.
   */
  async generateStrategy(coin: CoinRef, lang: Lang, userId: number): Promise<GeneratedStrategy> {
    const row = this.d.market.resolve(coin);
    const f = await this.facts(row, lang);
    const basis = this.basisOf(f);
    const limit = await this.d.quota.limitOf(userId, 'strategy_per_day');
    const reserved = await this.d.repo.transaction(async (tx) => {
      if (!(await this.d.repo.recordGeneration(userId, row.id, basis, this.d.clock.now(), tx))) return null;
      return this.d.quota.consumeIn(tx, userId, 'strategy_per_day', limit);
    });
    let c;
    try {
      ({ c } = await this.content(row, lang, f, basis));
    } catch (e) {
      if (reserved) {
        await this.d.repo.transaction(async (tx) => {
          await this.d.repo.forgetGeneration(userId, row.id, basis, tx);
          await this.d.quota.releaseQuota(userId, 'strategy_per_day', reserved, tx);
        });
      }
      throw e;
    }
    const usage = reserved ?? (await this.d.quota.usage(userId, 'strategy_per_day'));
    return { strategy: c.content.strategy, based_on: c.content.based_on, by: c.by, generated_at: c.generatedAt, counted: reserved !== null, usage, disclaimer: disclaimer(lang, c.by === 'builtin' ? 'builtin' : 'model') };
  }

  /** GET /api/crypto/{coin}/analysis (Pro): trend, strategy, risks and summary for every analysed timeframe. */
  async fullAnalysis(coin: CoinRef, lang: Lang): Promise<FullAnalysis> {
    const row = this.d.market.resolve(coin);
    const f = await this.facts(row, lang);
    const basis = this.basisOf(f);
    type Analysis = { timeframes: { timeframe: FullAnalysis['timeframes'][number]['timeframe']; plan: StrategyPlan }[]; based_on: AiBasedOn };
    const build = (): Analysis => ({
      timeframes: f.timeframes.filter((t) => t.plan).map((t) => ({ timeframe: t.timeframe, plan: writePlan(t.plan!, t, f, lang, 'timeframe') })),
      based_on: basedOnOf(f),
    });
    const c =
      (await this.d.repo.content<Analysis>(row.id, 'analysis', basis, lang)) ??
      (await this.write<Analysis>(row.id, 'analysis', basis, lang, f.as_of, build, (a) => a.timeframes.map((t) => planProse(t.plan)), (a, p) => ({ ...a, timeframes: a.timeframes.map((t, i) => ({ ...t, plan: withProse(t.plan, (p as Prose[])[i])! })) }), f));
    return { coin: { id: row.id, symbol: row.symbol, name: row.name }, by: c.by, generated_at: c.generatedAt, based_on: c.content.based_on, timeframes: c.content.timeframes, disclaimer: disclaimer(lang, c.by === 'builtin' ? 'builtin' : 'model') };
  }
}
