import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@coinlens/db';
import { strategyEpisode } from '@coinlens/ta';
import type { ScoredStrategyRow } from './alerts.records';

/** A row of `strategy_records` as strategy rules read it (prices USDT, times ms of market clock; `targets` JSON text). */
export interface StrategyRecordRow {
  id: number;
  coin_id: number;
  author: string;
  term: string;
  timeframe: string;
  bias: string;
  entry_low: number;
  entry_high: number;
  targets: string;
  invalidation: number;
  candle_time: number;
  created_at: number;
  due_at: number;
}

const COLS = sql`r.id, r.coin_id, r.author, r.term, r.timeframe, r.bias, r.entry_low, r.entry_high, r.targets, r.invalidation, r.candle_time, r.created_at, r.due_at`;

/**
 * The strategies a user generated, and the counts behind the records of strategy and news alerts
 * (tables `strategy_records`, `strategy_generations`, `ai_contents`, `news_impact`, `news_items`).
 *
 * A strategy record is the user's when the user generated the coin page's content of its basis
 * candle (`strategy_generations`) and that content (`ai_contents`, kind `aggregate`, same author;
 * stored per snapshot candle, with the basis candle in its `basis` field, else its key)
 * holds the record's term with the record's candle: the short-term strategy rests on the 1h basis
 * candle itself, the medium/long-term one on the last closed 1d candle of that moment.
 */
export class AlertRecordsRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /** Strategy records `userId` generated (see the class), newest first, at most `limit`; only of `coinId` when given. */
  async strategiesOf(userId: number, coinId: number | null, limit = 50): Promise<StrategyRecordRow[]> {
    return this.h.query<StrategyRecordRow>(sql`select distinct ${COLS} from strategy_generations g
      join ai_contents a on a.coin_id = g.coin_id and a.kind = 'aggregate' and coalesce((a.content->>'basis')::bigint, a.candle_time) = g.candle_time
      join strategy_records r on r.coin_id = g.coin_id and r.author = a.by and r.candle_time = (a.content->'strategy'->r.term->>'candle_open_time')::bigint
      where g.user_id = ${userId} ${coinId == null ? sql`` : sql`and g.coin_id = ${coinId}`}
      order by r.created_at desc, r.id desc limit ${limit}`);
  }

  /** Strategy records by id (unknown ids left out). */
  async strategiesByIds(ids: number[]): Promise<StrategyRecordRow[]> {
    if (!ids.length) return [];
    return this.h.query<StrategyRecordRow>(sql`select ${COLS} from strategy_records r where r.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  }

  /** Strategies of `author` on `timeframe` (every coin) scored at or before `before` (ms, market clock), `exceptId` left out. */
  async scoredStrategies(author: string, timeframe: string, before: number, exceptId: number): Promise<ScoredStrategyRow[]> {
    const rows = await this.h.query<{ coin_id: number; term: string; created_at: number | string; horizon_hours: number; target_first: boolean | null; return_pct: number | null; hold_pct: number | null; origin: string }>(sql`select coin_id, term, created_at, horizon_hours, target_first, return_pct, hold_pct, origin
      from strategy_records where author = ${author} and timeframe = ${timeframe} and scored_at is not null and scored_at <= ${before} and created_at <= ${before} and id <> ${exceptId}`);
    return rows.map((r) => ({
      episode: strategyEpisode(author, r.coin_id, r.term, Number(r.created_at), Number(r.horizon_hours) * 3_600_000),
      target_first: !!r.target_first, return_pct: Number(r.return_pct ?? 0), hold_pct: Number(r.hold_pct ?? 0), origin: r.origin,
    }));
  }

  /**
   * Earlier news of `sentiment` with stored importance ≥ `minLevel` about `symbol` (every coin when
   * null), published in [since, before − 24 h] so that its 24 h move was known before `before`: n
   * items × coin (news_impact rows of horizon 24h) and how many moved in the news' direction (up for
   * bullish, down for bearish), and the same counts per episode (items about one coin within 24 h
   * of the previous one).
   */
  async newsImpactCounts(symbol: string | null, sentiment: 'bullish' | 'bearish', minLevel: number, since: number, before: number): Promise<{ hits: number; n: number; episodes: { n: number; hits: number }[] }> {
    // Items about the same coin published within 24 h of the previous one are scored on
    // overlapping windows: they form one episode (numbered per coin in publication order).
    const rows = await this.h.query<{ n: number; hits: number }>(sql`select count(*)::int as n, count(*) filter (where hit)::int as hits from (
        select x.*, sum(x.starts) over (partition by x.symbol order by x.published_at rows unbounded preceding) as episode from (
          select i.symbol, i.published_at, ${sentiment === 'bullish' ? sql`i.change_pct > 0` : sql`i.change_pct < 0`} as hit,
            case when i.published_at - lag(i.published_at) over (partition by i.symbol order by i.published_at) <= 86400000 then 0 else 1 end as starts
          from news_impact i join news_items n on n.id = i.news_id
          where i.horizon = '24h' and i.sentiment = ${sentiment} and coalesce(n.importance, 0) >= ${minLevel}
          and i.published_at >= ${since} and i.published_at + 86400000 <= ${before} ${symbol == null ? sql`` : sql`and i.symbol = ${symbol}`}) x) e
      group by symbol, episode`);
    const episodes = rows.map((r) => ({ n: Number(r.n), hits: Number(r.hits) }));
    return { hits: episodes.reduce((a, e) => a + e.hits, 0), n: episodes.reduce((a, e) => a + e.n, 0), episodes };
  }
}
