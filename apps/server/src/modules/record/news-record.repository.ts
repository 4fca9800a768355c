import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@coinlens/db';
import type { NewsCoinTrend } from '@coinlens/db';

/** One stored forward move of a coin after a news item, with the item's fields the News record groups by. */
export interface ImpactMarkRow {
  symbol: string;
  horizon: string;
  change_pct: number;
  published_at: number;
  source: string;
  lang: string;
  topic: string | null;
  coin_trends: NewsCoinTrend[] | null;
}

const trendsOf = (v: unknown): NewsCoinTrend[] | null => (v == null ? null : ((typeof v === 'string' ? JSON.parse(v) : v) as NewsCoinTrend[]));

/** SQL of the News record (reads news_impact and news_items of packages/db schema/news.ts). */
export class NewsRecordRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /**
   * Impact rows of `horizons` (name → ms) whose horizon has passed by `now` (published_at + ms ≤ now),
   * joined with their item, oldest first.
   */
  async scoredMoves(now: number, horizons: Record<string, number>): Promise<ImpactMarkRow[]> {
    const cases = Object.entries(horizons).map(([h, ms]) => sql`(i.horizon = ${h} and i.published_at + ${ms} <= ${now})`);
    const r = await this.h.query<Record<string, unknown>>(sql`select i.symbol, i.horizon, i.change_pct, i.published_at, n.source, n.lang, n.topic, n.coin_trends
      from news_impact i join news_items n on n.id = i.news_id
      where (${sql.join(cases, sql` or `)}) and n.published_at <= ${now}
      order by i.published_at, i.news_id, i.symbol`);
    return r.map((x) => ({ symbol: String(x.symbol), horizon: String(x.horizon), change_pct: Number(x.change_pct), published_at: Number(x.published_at), source: String(x.source), lang: String(x.lang), topic: x.topic == null ? null : String(x.topic), coin_trends: trendsOf(x.coin_trends) }));
  }

  /** Per-coin trends of the items interpreted and published in (from, now] (marks whose horizon may not have passed yet). */
  async recentMarks(from: number, now: number): Promise<{ published_at: number; coin_trends: NewsCoinTrend[] | null }[]> {
    const r = await this.h.query<Record<string, unknown>>(sql`select published_at, coin_trends from news_items
      where interpreted_at is not null and published_at > ${from} and published_at <= ${now}`);
    return r.map((x) => ({ published_at: Number(x.published_at), coin_trends: trendsOf(x.coin_trends) }));
  }
}
