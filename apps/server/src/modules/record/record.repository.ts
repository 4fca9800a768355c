import { sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '@coinlens/db';
import { canonicalBody, entryHash, GENESIS_HASH, type ChainEntry, type Json, type RecordKind } from './record-chain';

/**
 * Advisory lock taken (transaction-scoped, `pg_advisory_xact_lock`) by every append, so that N
 * processes appending at once on one PostgreSQL keep the chain linear: each append reads the head
 * after the previous append committed.
 */
export const RECORD_LOCK = 7_301_019;

/** A statement ready to append: its kind, source key, statement time (ms) and canonical body. */
export interface Statement {
  kind: RecordKind;
  ref: string;
  statedAt: number;
  body: string;
}

/** Rows taken per kind and query when appending or verifying. */
/** Entries per append transaction by default. */
export const APPEND_BATCH = 2000;

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v == null ? null : Number(v));

/**
 * The stated fields of each kind, as SQL over its source table (joined with `coins` for the
 * symbol) and the body built from one row. Only fields fixed when the statement is made are in the
 * body: outcomes, scores and texts rewritten later (interpretations) are not.
 */
const SOURCES: Record<RecordKind, { select: SQL; key: SQL; order: SQL; body: (r: Record<string, unknown>) => { ref: string; statedAt: number; body: { [k: string]: Json } } }> = {
  signal: {
    select: sql`select s.id, c.symbol, s.timeframe, s.label, s.direction, s.origin, s.candle_time, s.fired_at, s.entry_price, s.horizon_candles, s.due_at
      from signal_events s join coins c on c.id = s.coin_id`,
    key: sql`s.id`,
    order: sql`s.id`,
    body: (r) => ({
      ref: String(r.id),
      statedAt: num(r.fired_at),
      body: { symbol: String(r.symbol), timeframe: String(r.timeframe), label: String(r.label), direction: String(r.direction), origin: String(r.origin), candle_time: num(r.candle_time), fired_at: num(r.fired_at), entry_price: num(r.entry_price), horizon_candles: num(r.horizon_candles), due_at: num(r.due_at) },
    }),
  },
  probability: {
    select: sql`select f.id, c.symbol, f.timeframe, f.kind, f.side, f.level_price, f.stated_p, f.sample_n, f.wording, f.horizon_candles, f.candle_time, f.stated_at, f.due_at, f.origin
      from probability_forecasts f join coins c on c.id = f.coin_id`,
    key: sql`f.id`,
    order: sql`f.id`,
    body: (r) => ({
      ref: String(r.id),
      statedAt: num(r.stated_at),
      body: { symbol: String(r.symbol), timeframe: String(r.timeframe), event: String(r.kind), side: String(r.side), level_price: num(r.level_price), stated_p: num(r.stated_p), sample_n: num(r.sample_n), wording: String(r.wording), horizon_candles: num(r.horizon_candles), candle_time: num(r.candle_time), stated_at: num(r.stated_at), due_at: num(r.due_at), origin: String(r.origin) },
    }),
  },
  strategy: {
    select: sql`select r.id, r.author, c.symbol, r.term, r.timeframe, r.bias, r.candle_time, r.last_price, r.entry_low, r.entry_high, r.targets, r.invalidation, r.horizon_hours, r.based_on, r.origin, r.created_at, r.due_at
      from strategy_records r join coins c on c.id = r.coin_id`,
    key: sql`r.id`,
    order: sql`r.id`,
    body: (r) => ({
      ref: String(r.id),
      statedAt: num(r.created_at),
      body: { author: String(r.author), symbol: String(r.symbol), term: String(r.term), timeframe: String(r.timeframe), bias: String(r.bias), candle_time: num(r.candle_time), last_price: num(r.last_price), entry_low: num(r.entry_low), entry_high: num(r.entry_high), targets: String(r.targets), invalidation: num(r.invalidation), horizon_hours: num(r.horizon_hours), based_on: String(r.based_on), origin: String(r.origin), created_at: num(r.created_at), due_at: num(r.due_at) },
    }),
  },
  news_mark: {
    select: sql`select n.id, n.source, n.lang, n.title, n.published_at, n.sentiment, n.sentiment_score, n.coin_trends, n.interpreted_at
      from news_items n`,
    key: sql`n.id`,
    order: sql`n.interpreted_at, n.id`,
    body: (r) => ({
      ref: String(r.id),
      statedAt: num(r.interpreted_at),
      body: {
        source: String(r.source),
        lang: String(r.lang),
        title: String(r.title),
        published_at: num(r.published_at),
        sentiment: String(r.sentiment),
        sentiment_score: numOrNull(r.sentiment_score),
        coin_trends: ((typeof r.coin_trends === 'string' ? JSON.parse(r.coin_trends) : r.coin_trends) ?? []) as Json,
        interpreted_at: num(r.interpreted_at),
      },
    }),
  },
};

/** Condition a source row must meet to be a statement of its kind (a news item once it has a mark). */
const STATED: Record<RecordKind, SQL> = {
  signal: sql`true`,
  probability: sql`true`,
  strategy: sql`true`,
  news_mark: sql`n.interpreted_at is not null and n.sentiment is not null`,
};

function statementOf(kind: RecordKind, r: Record<string, unknown>): Statement {
  const { ref, statedAt, body } = SOURCES[kind].body(r);
  return { kind, ref, statedAt, body: canonicalBody({ kind, ref, ...body }) };
}

const toEntry = (r: Record<string, unknown>): ChainEntry => ({
  seq: num(r.seq),
  kind: String(r.kind),
  ref: String(r.ref),
  stated_at: num(r.stated_at),
  appended_at: num(r.appended_at),
  body: String(r.body),
  prev_hash: String(r.prev_hash),
  hash: String(r.hash),
});

/** All SQL of the tamper-evident record (table `record_entries` of packages/db schema/record.ts). */
export class RecordRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /**
   * Statements of `kind` not in the chain yet, oldest first, at most `limit`. `since`: only source
   * rows at or after this point (id for the numbered kinds, interpretation time for news marks);
   * 0 looks at every row.
   */
  private async pending(tx: Database, kind: RecordKind, since: number, limit: number): Promise<Statement[]> {
    const s = SOURCES[kind];
    const after = kind === 'news_mark' ? sql`n.interpreted_at >= ${since}` : sql`${s.key} >= ${since}`;
    const r = (await tx.execute(sql`${s.select} where ${STATED[kind]} and ${after}
      and not exists (select 1 from record_entries e where e.kind = ${kind} and e.ref = (${s.key})::text)
      order by ${s.order} limit ${limit}`)) as unknown as { rows: Record<string, unknown>[] };
    return r.rows.map((row) => statementOf(kind, row));
  }

  /**
   * Where the search for unchained rows of `kind` may start: `lookback` before the last chained row
   * (ids for the numbered kinds, ms of interpretation time for news marks); 0 when none is chained.
   */
  async searchStart(kind: RecordKind, lookback: number): Promise<number> {
    const r = await this.h.query<{ ref: string; stated_at: unknown }>(sql`select ref, stated_at from record_entries where kind = ${kind} order by seq desc limit 1`);
    const last = r[0];
    if (!last) return 0;
    const at = kind === 'news_mark' ? num(last.stated_at) : Number(last.ref);
    return Math.max(0, at - lookback);
  }

  /**
   * Appends up to `budget` statements not yet in the chain (kinds in order, each searched from
   * `since[kind]`), in one transaction under {@link RECORD_LOCK}: reads the head, hashes each new
   * body onto it and inserts the entries with consecutive seq. `at`: market-clock time of the
   * append (ms). Returns the entries appended per kind and, per kind, where the next batch may
   * search from (the key of the last row appended, else the `since` given). Short transactions
   * leave the embedded database's one connection to other work between two batches.
   */
  async appendBatch(at: number, since: Record<RecordKind, number>, budget = APPEND_BATCH): Promise<{ counts: Record<RecordKind, number>; next: Record<RecordKind, number> }> {
    return this.h.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      await tx.execute(sql`select pg_advisory_xact_lock(${RECORD_LOCK})`);
      const head = (await tx.execute(sql`select seq, hash from record_entries order by seq desc limit 1`)) as unknown as { rows: { seq: unknown; hash: string }[] };
      let seq = head.rows[0] ? num(head.rows[0].seq) : 0;
      let prev = head.rows[0]?.hash ?? GENESIS_HASH;
      const counts: Record<RecordKind, number> = { signal: 0, probability: 0, strategy: 0, news_mark: 0 };
      const next = { ...since };
      let left = budget;
      for (const kind of Object.keys(SOURCES) as RecordKind[]) {
        if (left <= 0) break;
        const list = await this.pending(tx, kind, since[kind], left);
        if (!list.length) continue;
        const values: SQL[] = [];
        for (const st of list) {
          seq++;
          const hash = entryHash(prev, st.body);
          values.push(sql`(${seq}, ${st.kind}, ${st.ref}, ${st.statedAt}, ${at}, ${st.body}, ${prev}, ${hash})`);
          prev = hash;
        }
        for (let k = 0; k < values.length; k += 500) {
          await tx.execute(sql`insert into record_entries (seq, kind, ref, stated_at, appended_at, body, prev_hash, hash) values ${sql.join(values.slice(k, k + 500), sql`, `)}`);
        }
        const last = list[list.length - 1];
        next[kind] = kind === 'news_mark' ? last.statedAt : Number(last.ref);
        counts[kind] = list.length;
        left -= list.length;
      }
      return { counts, next };
    });
  }

  /** The last entry (null when the chain is empty). */
  async head(): Promise<ChainEntry | null> {
    const r = await this.h.query(sql`select * from record_entries order by seq desc limit 1`);
    return r[0] ? toEntry(r[0]) : null;
  }

  /** Entries with seq > afterSeq, in seq order, at most `limit`. */
  async entries(afterSeq: number, limit: number): Promise<ChainEntry[]> {
    const r = await this.h.query(sql`select * from record_entries where seq > ${afterSeq} order by seq limit ${limit}`);
    return r.map(toEntry);
  }

  /**
   * Per UTC day of `appended_at`: entries appended that day, the seq of the day's last entry and
   * its hash (the day's root), oldest day first; only entries with seq > `afterSeq` are counted.
   */
  async dailyRoots(afterSeq = 0): Promise<{ day: string; entries: number; last_seq: number; root: string; last_appended_at: number }[]> {
    const r = await this.h.query<{ day: string; entries: unknown; last_seq: unknown; root: string; last_appended_at: unknown }>(sql`
      with d as (
        select to_char(to_timestamp(appended_at / 1000.0) at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as entries, max(seq) as last_seq
        from record_entries where seq > ${afterSeq} group by 1
      )
      select d.day, d.entries, d.last_seq, e.hash as root, e.appended_at as last_appended_at from d join record_entries e on e.seq = d.last_seq order by d.day`);
    return r.map((x) => ({ day: x.day, entries: num(x.entries), last_seq: num(x.last_seq), root: x.root, last_appended_at: num(x.last_appended_at) }));
  }

  /** The current canonical bodies of the source rows of `kind` with these refs, by ref (absent: the row is gone or no longer a statement). */
  async currentBodies(kind: RecordKind, refs: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!refs.length) return out;
    const s = SOURCES[kind];
    const list = kind === 'news_mark' ? sql.join(refs.map((x) => sql`${x}`), sql`, `) : sql.join(refs.map((x) => sql`${Number(x)}`), sql`, `);
    const rows = await this.h.query(sql`${s.select} where ${STATED[kind]} and ${s.key} in (${list})`);
    for (const row of rows) {
      const st = statementOf(kind, row);
      out.set(st.ref, st.body);
    }
    return out;
  }

  /** Source rows of each kind that are statements but not in the chain yet. */
  async unchainedCounts(): Promise<Record<RecordKind, number>> {
    const out: Record<RecordKind, number> = { signal: 0, probability: 0, strategy: 0, news_mark: 0 };
    const from: Record<RecordKind, SQL> = { signal: sql`signal_events s`, probability: sql`probability_forecasts f`, strategy: sql`strategy_records r`, news_mark: sql`news_items n` };
    for (const kind of Object.keys(out) as RecordKind[]) {
      const r = await this.h.query<{ n: unknown }>(sql`select count(*) as n from ${from[kind]} where ${STATED[kind]}
        and not exists (select 1 from record_entries e where e.kind = ${kind} and e.ref = (${SOURCES[kind].key})::text)`);
      out[kind] = num(r[0]?.n ?? 0);
    }
    return out;
  }
}
