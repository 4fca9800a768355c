import type { CoinAggregate, FullAnalysis, GeneratedStrategy, Lang, StrategyPair, StrategyPlan, AiHighlight, KlineInsight, AiBasedOn } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import type { MarketService } from '../market/market.service';
import type { CoinRow } from '../market/market.repository';
import type { QuotaService } from '../billing/quota.service';
import { basedOnOf, gatherFacts, type CoinFacts, type FactsDeps } from './facts';
import { writeHighlights, writeKlineInsights, writePlan } from './builtin-writer';
import { disclaimer } from './vocab';
import type { AiRepository } from './ai.repository';

/** Dependencies of {@link AiService}. */
export interface AiDeps extends FactsDeps {
  repo: AiRepository;
  market: MarketService;
  quota: QuotaService;
}

/** The cached body of the coin page's AI content (one per coin, basis candle and language). */
interface AggregateContent {
  highlights: AiHighlight[];
  kline_insights: KlineInsight[];
  strategy: StrategyPair;
  based_on: AiBasedOn;
}

/**
 * The coin page's AI content (issue 7 item 2), written by the built-in analyst from facts:
 *  - highlights + K-line insights: free, also for visitors;
 *  - the strategy (short term, medium/long term): signed in; the first request of a user for a
 *    basis candle uses one `strategy_per_day` unit, later views of that basis candle (any
 *    language, any number of reloads) are free;
 *  - the full multi-timeframe analysis: Pro (`ta.full`).
 * The basis candle is the last closed 1h candle (else the finest analysed timeframe); content is
 * cached per coin + basis candle + language in `ai_contents`.
 */
export class AiService {
  /** Who writes the coin page texts. Numbers always come from the rules of strategy.ts. */
  readonly by = 'builtin';
  constructor(private readonly d: AiDeps) {}

  /** The facts of a coin now (see facts.ts). */
  facts(row: CoinRow, lang: Lang): Promise<CoinFacts> {
    return gatherFacts(this.d, row, lang);
  }

  private basisOf(f: CoinFacts): number {
    const head = f.timeframes.find((t) => t.timeframe === '1h') ?? f.timeframes[0];
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

  private async content(row: CoinRow, lang: Lang): Promise<{ f: CoinFacts; basis: number; c: { by: string; content: AggregateContent; generatedAt: number } }> {
    const f = await this.facts(row, lang);
    const basis = this.basisOf(f);
    const cached = await this.d.repo.content<AggregateContent>(row.id, 'aggregate', basis, lang);
    if (cached) return { f, basis, c: cached };
    const content: AggregateContent = { highlights: writeHighlights(f, lang), kline_insights: writeKlineInsights(f, lang), strategy: this.strategyOf(f, lang), based_on: basedOnOf(f) };
    return { f, basis, c: await this.d.repo.saveContent(row.id, 'aggregate', basis, lang, this.by, content, f.as_of) };
  }

  /** GET /api/crypto/{id}/aggregate. `userId`: the signed-in caller or null. */
  async aggregate(id: string, lang: Lang, userId: number | null): Promise<CoinAggregate> {
    const row = this.d.market.resolve(id);
    const { basis, c } = await this.content(row, lang);
    const granted = userId !== null && (await this.d.repo.hasGeneration(userId, row.id, basis));
    return {
      coin: { id: row.id, symbol: row.symbol, name: row.name },
      lang,
      by: c.by,
      generated_at: c.generatedAt,
      based_on: c.content.based_on,
      highlights: c.content.highlights,
      kline_insights: c.content.kline_insights,
      strategy: granted ? c.content.strategy : null,
      strategy_access: userId === null ? 'sign_in_required' : granted ? 'granted' : 'not_generated',
      strategy_usage: userId === null ? null : await this.d.quota.usage(userId, 'strategy_per_day'),
      disclaimer: disclaimer(lang),
    };
  }

  /**
   * POST /api/crypto/{id}/strategy: the strategy of the current basis candle for `userId`. The
   * first request per (user, coin, basis candle) uses one `strategy_per_day` unit (429
   * STRATEGY_DAILY_LIMIT_EXCEEDED when spent); repeats return it with `counted: false`.
   */
  async generateStrategy(id: string, lang: Lang, userId: number): Promise<GeneratedStrategy> {
    const row = this.d.market.resolve(id);
    const { basis, c } = await this.content(row, lang);
    const first = await this.d.repo.recordGeneration(userId, row.id, basis, this.d.clock.now());
    let usage;
    if (first) {
      try {
        usage = await this.d.quota.consumeQuota(userId, 'strategy_per_day');
      } catch (e) {
        await this.d.repo.forgetGeneration(userId, row.id, basis);
        throw e;
      }
    } else usage = await this.d.quota.usage(userId, 'strategy_per_day');
    return { strategy: c.content.strategy, based_on: c.content.based_on, by: c.by, generated_at: c.generatedAt, counted: first, usage, disclaimer: disclaimer(lang) };
  }

  /** GET /api/crypto/{id}/analysis (Pro): trend, strategy, risks and summary for every analysed timeframe. */
  async fullAnalysis(id: string, lang: Lang): Promise<FullAnalysis> {
    const row = this.d.market.resolve(id);
    const f = await this.facts(row, lang);
    const basis = this.basisOf(f);
    const build = () => ({
      timeframes: f.timeframes.filter((t) => t.plan).map((t) => ({ timeframe: t.timeframe, plan: writePlan(t.plan!, t, f, lang, 'timeframe') })),
      based_on: basedOnOf(f),
    });
    const c = (await this.d.repo.content<ReturnType<typeof build>>(row.id, 'analysis', basis, lang)) ?? (await this.d.repo.saveContent(row.id, 'analysis', basis, lang, this.by, build(), f.as_of));
    return { coin: { id: row.id, symbol: row.symbol, name: row.name }, by: c.by, generated_at: c.generatedAt, based_on: c.content.based_on, timeframes: c.content.timeframes, disclaimer: disclaimer(lang) };
  }
}
