import { sql, type SQL } from 'drizzle-orm';
import { newsItems, type Database, type DatabaseHandle } from '@coinlens/db';
import type { RawNewsItem } from '../../providers/news/types';
import { normaliseUrl } from '../../providers/news/types';


/** Advisory-lock keys of story writes: STORY_LOCK_BASE + a hash of day and language (clear of LOCKS). */
const STORY_LOCK_BASE = 7_310_000_000;
/** A stored news item as selected (snake_case columns of `news_items`). Times in ms. */
export interface NewsRow {
  id: string;
  url: string;
  source: string;
  origin: string;
  title: string;
  summary: string;
  lang: 'en' | 'zh';
  published_at: number;
  coins: string[];
  labels: Record<string, unknown>;
  sentiment: 'bullish' | 'bearish' | 'neutral' | null;
  sentiment_score: number | null;
  importance: number | null;
  heat: number | null;
  cluster_id: string | null;
  coin_trends: { symbol: string; trend: 'bullish' | 'bearish' | 'neutral' }[] | null;
  topic: string | null;
  interpretation_en: string | null;
  interpretation_zh: string | null;
  interpreted_by: 'builtin' | 'llm' | null;
  interpreted_at: number | null;
  /** The headline machine-translated into Chinese by the model (once, then kept); null when none. */
  title_zh: string | null;
  /** The lead machine-translated into Chinese by the model (once, then kept); null when none. */
  summary_zh: string | null;
}

/** The analyst's output for one item. `heat` stores the age-independent impact score 0..100. */
export interface NewsAnalysis {
  id: string;
  sentiment: string;
  sentimentScore: number;
  importance: number;
  heat: number;
  clusterId: string;
  coinTrends: { symbol: string; trend: string }[];
  topic: string | null;
  interpretationEn: string;
  interpretationZh: string;
  interpretedBy: string;
  interpretedAt: number;
  /** A model's Chinese translation of the headline; stored only when none is stored yet (translated once). */
  titleZh?: string | null;
  /** A model's Chinese translation of the lead; stored only when none is stored yet. */
  summaryZh?: string | null;
}

/**
 * A condition of a feed list (every field given must hold; the conditions of a list are joined
 * with `and`), turned into SQL by the repository.
 */
export interface FeedCondition {
  /** Items whose coin trends name any of these coin symbols. */
  symbols?: string[];
  /** Importance level (index in IMPORTANCE_LEVELS) at least this. */
  minImportance?: number;
  /** Sentiment one of these (`bullish`, `bearish`, `neutral`). */
  sentiments?: string[];
  /** Source one of these (compared case-insensitively). */
  sources?: string[];
  /** Language one of these (`en`, `zh`). */
  languages?: string[];
}

/** Conditions of a list query (joined with `and`). */
export type Where = FeedCondition[];

/** The SQL of feed conditions on columns of news_items. */
function conditionsSql(where: Where): SQL[] {
  const w: SQL[] = [];
  for (const c of where) {
    if (c.symbols?.length) w.push(sql`(${sql.join(c.symbols.map((s) => sql`coin_trends @> ${JSON.stringify([{ symbol: s }])}::jsonb`), sql` or `)})`);
    if (c.minImportance !== undefined) w.push(sql`importance >= ${c.minImportance}`);
    if (c.sentiments?.length) w.push(sql`sentiment in (${sql.join(c.sentiments.map((s) => sql`${s}`), sql`, `)})`);
    if (c.sources?.length) w.push(sql`lower(source) in (${sql.join(c.sources.map((s) => sql`${s.toLowerCase()}`), sql`, `)})`);
    if (c.languages?.length) w.push(sql`lang in (${sql.join(c.languages.map((s) => sql`${s}`), sql`, `)})`);
  }
  return w;
}

const num = (v: unknown) => (v == null ? null : Number(v));

function toRow(r: any): NewsRow {
  return {
    ...r,
    published_at: Number(r.published_at),
    importance: num(r.importance),
    heat: num(r.heat),
    sentiment_score: num(r.sentiment_score),
    interpreted_at: num(r.interpreted_at),
  } as NewsRow;
}

/** Reads and writes news items, impact rows, cursors and stories (tables of packages/db schema/news.ts). */
export class NewsRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /**
   * Inserts items (chunks of 500) skipping any whose id or normalised URL is already stored.
   * `afterChunk` runs after each chunk (tests use it to crash mid-batch). Returns rows inserted.
   */
  static async insertItems(tx: Database, items: RawNewsItem[], origin: string, ingestedAt: number, afterChunk?: (inserted: number) => void): Promise<number> {
    let n = 0;
    const seen = new Set<string>();
    const rows = items
      .map((i) => ({ ...i, urlNorm: normaliseUrl(i.url) }))
      .filter((i) => {
        const fresh = !seen.has(i.id) && !seen.has(i.urlNorm);
        seen.add(i.id);
        seen.add(i.urlNorm);
        return fresh;
      });
    for (let k = 0; k < rows.length; k += 500) {
      const chunk = rows.slice(k, k + 500);
      const r = await tx
        .insert(newsItems)
        .values(
          chunk.map((i) => ({
            id: i.id,
            urlNorm: i.urlNorm,
            url: i.url,
            source: i.source || 'unknown',
            origin,
            title: i.title,
            summary: i.summary,
            lang: i.lang,
            publishedAt: i.publishedAt,
            coins: i.coins,
            labels: i.labels,
            ingestedAt: origin === 'replay' ? i.publishedAt : ingestedAt,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: newsItems.id });
      n += r.length;
      afterChunk?.(n);
    }
    return n;
  }

  /** Stored cursor of a provider, or null. */
  async cursor(name: string): Promise<string | null> {
    const r = await this.h.query<{ position: string }>(sql`select position from news_cursors where name = ${name}`);
    return r[0]?.position ?? null;
  }

  /** Writes a cursor (inside `tx` when given). */
  static async setCursor(tx: Database, name: string, position: string, at: number): Promise<void> {
    await tx.execute(sql`insert into news_cursors (name, position, updated_at) values (${name}, ${position}, ${at})
      on conflict (name) do update set position = excluded.position, updated_at = excluded.updated_at`);
  }

  async setCursor(name: string, position: string, at: number): Promise<void> {
    await NewsRepository.setCursor(this.h.db, name, position, at);
  }

  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    return this.h.db.transaction((tx) => fn(tx as unknown as Database));
  }

  async count(): Promise<number> {
    const r = await this.h.query<{ n: number }>(sql`select count(*)::int as n from news_items`);
    return Number(r[0].n);
  }

  /** Released (published ≤ now) items not yet analysed, newest first. */
  async pendingAnalysis(now: number, limit: number): Promise<NewsRow[]> {
    const r = await this.h.query(sql`select * from news_items where interpreted_at is null and published_at <= ${now} order by published_at desc limit ${limit}`);
    return r.map(toRow);
  }

  /** Analysed items published in [from, to] (cluster members around a batch). */
  async analysedBetween(from: number, to: number): Promise<NewsRow[]> {
    const r = await this.h.query(sql`select * from news_items where interpreted_at is not null and cluster_id is not null and published_at between ${from} and ${to}`);
    return r.map(toRow);
  }

  async byIds(ids: string[]): Promise<NewsRow[]> {
    if (!ids.length) return [];
    const r = await this.h.query(sql`select * from news_items where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    return r.map(toRow);
  }

  async byClusters(clusterIds: string[], now: number): Promise<NewsRow[]> {
    if (!clusterIds.length) return [];
    const r = await this.h.query(
      sql`select * from news_items where cluster_id in (${sql.join(clusterIds.map((i) => sql`${i}`), sql`, `)}) and published_at <= ${now} order by published_at desc`,
    );
    return r.map(toRow);
  }

  /** Saves analyses (one statement per item, in one transaction). */
  async saveAnalyses(list: NewsAnalysis[]): Promise<void> {
    if (!list.length) return;
    await this.transaction(async (tx) => {
      for (const a of list) {
        await tx.execute(sql`update news_items set sentiment = ${a.sentiment}, sentiment_score = ${a.sentimentScore}, importance = ${a.importance},
          heat = ${a.heat}, cluster_id = ${a.clusterId}, coin_trends = ${JSON.stringify(a.coinTrends)}::jsonb, topic = ${a.topic},
          interpretation_en = ${a.interpretationEn}, interpretation_zh = ${a.interpretationZh}, interpreted_by = ${a.interpretedBy},
          interpreted_at = ${a.interpretedAt}, title_zh = coalesce(title_zh, ${a.titleZh ?? null}), summary_zh = coalesce(summary_zh, ${a.summaryZh ?? null}) where id = ${a.id}`);
      }
    });
  }

  /**
   * One page of analysed, released items, one per cluster (its latest report), newest first.
   * `where` adds conditions ({@link FeedCondition}); `heatMin` keeps items whose heat at `now`
   * (impact × 0.5^(age/12 h)) reaches it. Fetches limit + 1 rows to tell whether more exist.
   */
  async page(now: number, where: Where, opts: { offset: number; limit: number; heatMin?: number }): Promise<{ rows: NewsRow[]; hasNext: boolean }> {
    const conds = [sql`interpreted_at is not null`, sql`published_at <= ${now}`, ...conditionsSql(where)];
    if (opts.heatMin != null) conds.push(sql`heat * power(0.5, greatest(0, ${now} - published_at)::float8 / 43200000.0) >= ${opts.heatMin}`);
    const r = await this.h.query(sql`select * from (
        select *, row_number() over (partition by cluster_id order by published_at desc, id) as rn from news_items where ${sql.join(conds, sql` and `)}
      ) t where rn = 1 order by published_at desc, id limit ${opts.limit + 1} offset ${opts.offset}`);
    const rows = r.map(toRow);
    return { rows: rows.slice(0, opts.limit), hasNext: rows.length > opts.limit };
  }

  /** The `n` hottest clusters (latest report each) published in [from, now]. */
  async hottest(now: number, from: number, n: number): Promise<NewsRow[]> {
    const r = await this.h.query(sql`select * from (
        select *, row_number() over (partition by cluster_id order by heat desc, published_at desc) as rn from news_items
        where interpreted_at is not null and published_at <= ${now} and published_at >= ${from}
      ) t where rn = 1 order by heat * power(0.5, greatest(0, ${now} - published_at)::float8 / 43200000.0) desc, published_at desc limit ${n}`);
    return r.map(toRow);
  }

  /** Cluster sizes and distinct sources of clusters, counting released items only. */
  async clusterInfo(clusterIds: string[], now: number): Promise<Map<string, { size: number; sources: string[] }>> {
    const out = new Map<string, { size: number; sources: string[] }>();
    if (!clusterIds.length) return out;
    const r = await this.h.query<{ cluster_id: string; size: number; sources: string[] }>(sql`select cluster_id, count(*)::int as size,
        array_agg(distinct source) as sources from news_items
      where cluster_id in (${sql.join(clusterIds.map((i) => sql`${i}`), sql`, `)}) and published_at <= ${now} group by cluster_id`);
    for (const x of r) out.set(x.cluster_id, { size: Number(x.size), sources: x.sources });
    return out;
  }

  /** The biggest cluster of released, analysed items published in [from, now]: most sources, then reports, then heat. */
  async biggestCluster(from: number, now: number): Promise<{ cluster_id: string; reports: number } | null> {
    const r = await this.h.query<{ cluster_id: string; sources: number; reports: number }>(sql`select cluster_id, count(distinct source)::int as sources,
        count(*)::int as reports, max(heat) as top from news_items
      where interpreted_at is not null and published_at >= ${from} and published_at <= ${now} group by cluster_id
      order by sources desc, reports desc, top desc, cluster_id limit 1`);
    return r[0] ? { cluster_id: r[0].cluster_id, reports: Number(r[0].reports) } : null;
  }

  async countReleasedBetween(from: number, now: number): Promise<number> {
    const r = await this.h.query<{ n: number }>(sql`select count(*)::int as n from news_items where published_at >= ${from} and published_at <= ${now}`);
    return Number(r[0].n);
  }

  /**
   * Delay figures per source of the live providers' items first seen at or after `since` (ms) and
   * interpreted: percentiles (ms, continuous) of first seen − published (floored at 0) and of
   * interpreted − first seen, with the count. Leaves out replay items and items marked
   * `first_read` (listed when a feed was first read after a start). Most measured first.
   */
  async sourceDelays(since: number): Promise<{ source: string; n: number; seen_p50: number; seen_p95: number; processed_p50: number; processed_p95: number }[]> {
    const r = await this.h.query<{ source: string; n: number; seen_p50: number; seen_p95: number; processed_p50: number; processed_p95: number }>(sql`
      select source, count(*)::int as n,
        percentile_cont(0.5) within group (order by greatest(0, ingested_at - published_at)) as seen_p50,
        percentile_cont(0.95) within group (order by greatest(0, ingested_at - published_at)) as seen_p95,
        percentile_cont(0.5) within group (order by greatest(0, interpreted_at - ingested_at)) as processed_p50,
        percentile_cont(0.95) within group (order by greatest(0, interpreted_at - ingested_at)) as processed_p95
      from news_items
      where origin <> 'replay' and ingested_at >= ${since} and interpreted_at is not null and coalesce(labels->>'first_read', '') <> 'true'
      group by source order by n desc, source limit 100`);
    return r.map((x) => ({ source: x.source, n: Number(x.n), seen_p50: Number(x.seen_p50), seen_p95: Number(x.seen_p95), processed_p50: Number(x.processed_p50), processed_p95: Number(x.processed_p95) }));
  }

  // impact

  /** Items published in (after, until], analysed or not, oldest first (for the impact pass). */
  async publishedAfter(after: number, until: number, limit: number): Promise<NewsRow[]> {
    const r = await this.h.query(sql`select * from news_items where published_at > ${after} and published_at <= ${until} order by published_at, id limit ${limit}`);
    return r.map(toRow);
  }

  /** Live items (origin other than replay) interpreted in (after, until] and published by `until`, in the order they were interpreted. */
  async interpretedLiveAfter(after: number, until: number, limit: number): Promise<NewsRow[]> {
    const r = await this.h.query(sql`select * from news_items where interpreted_at > ${after} and interpreted_at <= ${until} and published_at <= ${until} and origin <> 'replay' order by interpreted_at, id limit ${limit}`);
    return r.map(toRow);
  }

  /** Writes impact rows and moves the horizon's cursor, in one transaction. */
  async saveImpact(rows: { newsId: string; symbol: string; horizon: string; changePct: number; sentiment: string; topic: string | null; publishedAt: number }[], cursorName: string, position: number, at: number): Promise<void> {
    await this.transaction(async (tx) => {
      for (const x of rows) {
        await tx.execute(sql`insert into news_impact (news_id, symbol, horizon, change_pct, sentiment, topic, published_at)
          values (${x.newsId}, ${x.symbol}, ${x.horizon}, ${x.changePct}, ${x.sentiment}, ${x.topic}, ${x.publishedAt}) on conflict do nothing`);
      }
      await NewsRepository.setCursor(tx, cursorName, String(position), at);
    });
  }

  async impactOf(ids: string[]): Promise<{ news_id: string; symbol: string; horizon: string; change_pct: number }[]> {
    if (!ids.length) return [];
    return this.h.query(sql`select news_id, symbol, horizon, change_pct from news_impact where news_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  }

  /**
   * Event study of earlier news on `symbol` (published at or before `before`, `exceptId` excluded):
   * per horizon the average move, its sample standard deviation (null when n < 2) and count, over the
   * news of event type `topic`, or of `sentiment` when `topic` is null.
   */
  async similarImpact(symbol: string, sentiment: string, topic: string | null, before: number, exceptId: string): Promise<{ horizon: string; avg: number; sd: number | null; n: number }[]> {
    const r = await this.h.query<{ horizon: string; avg: number; sd: number | null; n: number }>(sql`select horizon, avg(change_pct)::float8 as avg, stddev_samp(change_pct)::float8 as sd, count(*)::int as n from news_impact
      where symbol = ${symbol} and published_at <= ${before} and news_id <> ${exceptId}
      and ${topic ? sql`topic = ${topic}` : sql`sentiment = ${sentiment}`} group by horizon`);
    return r.map((x) => ({ horizon: x.horizon, avg: Number(x.avg), sd: x.sd == null ? null : Number(x.sd), n: Number(x.n) }));
  }

  // story of the day

  /**
   * Runs `fn` holding the lock of the story of (day, lang) across processes: a PostgreSQL advisory
   * lock (key derived from day and language), an in-process lock on PGlite.
   */
  withStoryLock<T>(day: string, lang: string, fn: () => Promise<T>): Promise<T> {
    let h = 0x811c9dc5;
    for (const ch of `${day}|${lang}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    return this.h.withLock(STORY_LOCK_BASE + (h % 1_000_000), fn);
  }

  /** A token that changes whenever the stored story of (day, lang) is written (its row version, `xmin`); null when none. */
  async storyVersion(day: string, lang: string): Promise<string | null> {
    const r = await this.h.query<{ v: string }>(sql`select xmin::text as v from news_story_of_day where day = ${day} and lang = ${lang}`);
    return r[0]?.v ?? null;
  }

  async story(day: string, lang: string): Promise<{ cluster_id: string; news_id: string; title: string; content: string; by: string; generated_at: number } | null> {
    const r = await this.h.query<any>(sql`select * from news_story_of_day where day = ${day} and lang = ${lang}`);
    return r[0] ? { ...r[0], generated_at: Number(r[0].generated_at) } : null;
  }

  async saveStory(s: { day: string; lang: string; clusterId: string; newsId: string; title: string; content: string; by: string; generatedAt: number }): Promise<void> {
    await this.h.db.execute(sql`insert into news_story_of_day (day, lang, cluster_id, news_id, title, content, by, generated_at)
      values (${s.day}, ${s.lang}, ${s.clusterId}, ${s.newsId}, ${s.title}, ${s.content}, ${s.by}, ${s.generatedAt})
      on conflict (day, lang) do update set cluster_id = excluded.cluster_id, news_id = excluded.news_id, title = excluded.title,
        content = excluded.content, by = excluded.by, generated_at = excluded.generated_at`);
  }

  // personal filters

  async filterOf(userId: string): Promise<Record<string, unknown> | null> {
    const r = await this.h.query<{ filter: Record<string, unknown> }>(sql`select filter from news_filters where user_id = ${userId}`);
    return r[0]?.filter ?? null;
  }

  async saveFilter(userId: string, filter: Record<string, unknown>, at: number): Promise<void> {
    await this.h.db.execute(sql`insert into news_filters (user_id, filter, updated_at) values (${userId}, ${JSON.stringify(filter)}::jsonb, ${at})
      on conflict (user_id) do update set filter = excluded.filter, updated_at = excluded.updated_at`);
  }
}
