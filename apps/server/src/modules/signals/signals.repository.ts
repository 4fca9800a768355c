import { type SQL, sql } from 'drizzle-orm';
import { TIMEFRAME_MS } from '@coinlens/contracts';
import { signalEvents, signalProgress, taSnapshots, type DatabaseHandle } from '@coinlens/db';

/** Horizon of a signal_events row in ms: horizon_candles × the timeframe's length (constants from code). */
const HORIZON_MS: SQL = sql.raw(`(horizon_candles::bigint * case timeframe ${Object.entries(TIMEFRAME_MS).map(([tf, ms]) => `when '${tf}' then ${ms}`).join(' ')} end)`);

/**
 * Scored signals of `where`, numbered by episode: within each partition (`by`), in candle order, a
 * signal more than its horizon after the previous one starts a new episode (outcome windows that
 * overlap share one). Columns: every signal_events column plus `episode` (1, 2, … per partition).
 */
function episodesOf(where: SQL, by: SQL): SQL {
  return sql`select e.*, sum(e.starts) over (partition by ${by} order by e.candle_time rows unbounded preceding) as episode from (
      select s.*, case when s.candle_time - lag(s.candle_time) over (partition by ${by} order by s.candle_time) <= ${HORIZON_MS} then 0 else 1 end as starts
      from signal_events s where ${where}) e`;
}

/** A signal to log: times in ms (UTC), price in USDT. */
export interface NewSignal {
  coinId: number;
  timeframe: string;
  label: string;
  direction: string;
  origin: 'backfill' | 'live';
  candleTime: number;
  firedAt: number;
  entryPrice: number;
  horizonCandles: number;
  dueAt: number;
}

/** A stored signal row (snake_case as selected). */
export interface SignalRow {
  id: number;
  coin_id: number;
  timeframe: string;
  label: string;
  direction: string;
  origin: 'backfill' | 'live';
  candle_time: number;
  fired_at: number;
  entry_price: number;
  horizon_candles: number;
  due_at: number;
  exit_price: number | null;
  move_pct: number | null;
  hit: boolean | null;
}

/** Outcome of one signal. */
export interface SignalOutcome {
  id: number;
  exitPrice: number;
  movePct: number;
  hit: boolean;
}

/** Aggregated accuracy counts of one group. */
export interface AccuracyCounts {
  key: string;
  hits: number;
  total: number;
  pending: number;
}

const num = (v: unknown) => Number(v);
const arr = (xs: (number | boolean)[]) => `{${xs.map((x) => (typeof x === 'boolean' ? (x ? 't' : 'f') : String(x))).join(',')}}`;

function toSignalRow(r: Record<string, unknown>): SignalRow {
  return {
    id: num(r.id),
    coin_id: num(r.coin_id),
    timeframe: String(r.timeframe),
    label: String(r.label),
    direction: String(r.direction),
    origin: r.origin as SignalRow['origin'],
    candle_time: num(r.candle_time),
    fired_at: num(r.fired_at),
    entry_price: num(r.entry_price),
    horizon_candles: num(r.horizon_candles),
    due_at: num(r.due_at),
    exit_price: r.exit_price == null ? null : num(r.exit_price),
    move_pct: r.move_pct == null ? null : num(r.move_pct),
    hit: r.hit == null ? null : Boolean(r.hit),
  };
}

/**
 * Storage of the signals track record and the TA snapshots. Every read takes the clock's `now`
 * and never returns a signal fired after it, nor an outcome whose horizon ends after it (the
 * replay may wrap around to its start, leaving rows "from the future" in the table).
 */
export class SignalsRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /** Inserts signals, ignoring ones already stored for (coin, timeframe, label, candle). Returns how many were new. */
  async insertSignals(rows: NewSignal[]): Promise<number> {
    let inserted = 0;
    for (let k = 0; k < rows.length; k += 500) {
      const chunk = rows.slice(k, k + 500);
      const r = await this.h.db.insert(signalEvents).values(chunk).onConflictDoNothing().returning({ id: signalEvents.id });
      inserted += r.length;
    }
    return inserted;
  }

  /** Unscored signals of (coin, timeframe) whose horizon ended at or before `now`. */
  async dueSignals(coinId: number, timeframe: string, now: number): Promise<SignalRow[]> {
    const rows = await this.h.query(sql`select * from signal_events where coin_id = ${coinId} and timeframe = ${timeframe}
      and hit is null and due_at <= ${now} and fired_at <= ${now} order by candle_time`);
    return rows.map(toSignalRow);
  }

  /** Writes outcomes (`scoredAt` = clock time). */
  async saveOutcomes(outcomes: SignalOutcome[], scoredAt: number): Promise<void> {
    for (let k = 0; k < outcomes.length; k += 500) {
      const c = outcomes.slice(k, k + 500);
      await this.h.query(sql`update signal_events s set exit_price = u.exit_price, move_pct = u.move_pct, hit = u.hit, scored_at = ${scoredAt}
        from (select unnest(${arr(c.map((o) => o.id))}::int[]) as id, unnest(${arr(c.map((o) => o.exitPrice))}::float8[]) as exit_price,
          unnest(${arr(c.map((o) => o.movePct))}::float8[]) as move_pct, unnest(${arr(c.map((o) => o.hit))}::boolean[]) as hit) u
        where s.id = u.id`);
    }
  }

  /** Upserts the latest analysis of (coin, timeframe). */
  async saveSnapshot(coinId: number, timeframe: string, candleTime: number, computedAt: number, result: unknown): Promise<void> {
    await this.h.db
      .insert(taSnapshots)
      .values({ coinId, timeframe, candleTime, computedAt, result })
      .onConflictDoUpdate({ target: [taSnapshots.coinId, taSnapshots.timeframe], set: { candleTime, computedAt, result } });
  }

  /** Open time of the analysed candle of every stored snapshot, by `coinId:timeframe`. */
  async snapshotTimes(): Promise<Map<string, number>> {
    const rows = await this.h.query(sql`select coin_id, timeframe, candle_time from ta_snapshots`);
    return new Map(rows.map((r) => [`${num(r.coin_id)}:${String(r.timeframe)}`, num(r.candle_time)]));
  }

  /** Progress of the signals job: open time (ms) of the last candle whose signals are stored, by `coinId:timeframe`. */
  async progress(): Promise<Map<string, number>> {
    const rows = await this.h.query(sql`select coin_id, timeframe, candle_time from signal_progress`);
    return new Map(rows.map((r) => [`${num(r.coin_id)}:${String(r.timeframe)}`, num(r.candle_time)]));
  }

  /** Records that the signals of (coin, timeframe) are stored up to the candle opening at `candleTime` (`at` = clock ms). */
  async saveProgress(coinId: number, timeframe: string, candleTime: number, at: number): Promise<void> {
    await this.h.db
      .insert(signalProgress)
      .values({ coinId, timeframe, candleTime, updatedAt: at })
      .onConflictDoUpdate({ target: [signalProgress.coinId, signalProgress.timeframe], set: { candleTime, updatedAt: at } });
  }

  /** The candle open time and the computing time (ms) of every coin's stored snapshot of `timeframe`, without the analyses: what changed since a read. */
  async snapshotTimesOfTimeframe(timeframe: string): Promise<{ coin_id: number; candle_time: number; computed_at: number }[]> {
    const rows = await this.h.query(sql`select coin_id, candle_time, computed_at from ta_snapshots where timeframe = ${timeframe}`);
    return rows.map((r) => ({ coin_id: num(r.coin_id), candle_time: num(r.candle_time), computed_at: num(r.computed_at) }));
  }

  /** Stored snapshots of every coin on one timeframe (the screener's rows), or of the coins `coinIds` only. */
  async snapshotsOfTimeframe(timeframe: string, coinIds?: number[]): Promise<{ coin_id: number; candle_time: number; result: unknown }[]> {
    const only = coinIds ? sql` and coin_id = any(${arr(coinIds)}::int[])` : sql``;
    const rows = await this.h.query(sql`select coin_id, candle_time, result from ta_snapshots where timeframe = ${timeframe}${only}`);
    return rows.map((r) => ({ coin_id: num(r.coin_id), candle_time: num(r.candle_time), result: typeof r.result === 'string' ? JSON.parse(r.result) : r.result }));
  }

  /** Stored snapshots of the given coins (all timeframes). */
  async snapshots(coinIds: number[]): Promise<{ coin_id: number; timeframe: string; candle_time: number; result: unknown }[]> {
    if (!coinIds.length) return [];
    const rows = await this.h.query(sql`select coin_id, timeframe, candle_time, result from ta_snapshots where coin_id = any(${arr(coinIds)}::int[])`);
    return rows.map((r) => ({ coin_id: num(r.coin_id), timeframe: String(r.timeframe), candle_time: num(r.candle_time), result: typeof r.result === 'string' ? JSON.parse(r.result) : r.result }));
  }

  /**
   * Accuracy counts of signals fired in (since, now], grouped by `group` (timeframe or coin id):
   * total/hits count outcomes known at now; pending = not yet due.
   */
  async accuracy(since: number, now: number, group: 'timeframe' | 'coin_id', coinId?: number): Promise<AccuracyCounts[]> {
    const col = group === 'timeframe' ? sql`timeframe` : sql`coin_id`;
    const coin = coinId === undefined ? sql`` : sql` and coin_id = ${coinId}`;
    const rows = await this.h.query(sql`select ${col}::text as key,
        count(*) filter (where hit is not null and due_at <= ${now}) as total,
        count(*) filter (where hit = true and due_at <= ${now}) as hits,
        count(*) filter (where hit is null or due_at > ${now}) as pending
      from signal_events where fired_at > ${since} and fired_at <= ${now}${coin} group by ${col}`);
    return rows.map((r) => ({ key: String(r.key), total: num(r.total), hits: num(r.hits), pending: num(r.pending) }));
  }

  /**
   * Per (coin, timeframe, direction): scored signals (hit known and due by now) among those fired in
   * (since, now], and their hits — the weights of the 7-day accuracy's base rate.
   */
  async scoredByDirection(since: number, now: number, coinId?: number): Promise<{ coin_id: number; timeframe: string; direction: string; n: number; hits: number }[]> {
    const coin = coinId === undefined ? sql`` : sql` and coin_id = ${coinId}`;
    const rows = await this.h.query(sql`select coin_id, timeframe, direction, count(*) as n, count(*) filter (where hit) as hits
      from signal_events where fired_at > ${since} and fired_at <= ${now} and hit is not null and due_at <= ${now}${coin}
      group by coin_id, timeframe, direction`);
    return rows.map((r) => ({ coin_id: num(r.coin_id), timeframe: String(r.timeframe), direction: String(r.direction), n: num(r.n), hits: num(r.hits) }));
  }

  /**
   * The scored signals of {@link scoredByDirection} by episode: cases of any pattern on the same
   * coin and timeframe whose outcome windows overlap (within the horizon of the previous case)
   * form one episode. Per (coin, timeframe, episode, direction): n and hits.
   */
  async scoredEpisodes(since: number, now: number, coinId?: number): Promise<{ coin_id: number; timeframe: string; episode: number; direction: string; n: number; hits: number }[]> {
    const coin = coinId === undefined ? sql`` : sql` and coin_id = ${coinId}`;
    const rows = await this.h.query(sql`select coin_id, timeframe, episode, direction, count(*) as n, count(*) filter (where hit) as hits
      from (${episodesOf(sql`fired_at > ${since} and fired_at <= ${now} and hit is not null and due_at <= ${now}${coin}`, sql`coin_id, timeframe`)}) x
      group by coin_id, timeframe, episode, direction`);
    return rows.map((r) => ({ coin_id: num(r.coin_id), timeframe: String(r.timeframe), episode: num(r.episode), direction: String(r.direction), n: num(r.n), hits: num(r.hits) }));
  }

  /**
   * The signals of {@link resolvedByPattern} by episode: cases of one pattern on one coin and
   * timeframe whose outcome windows overlap (within the horizon of the previous case) form one
   * episode. Per (label, timeframe, coin, episode, origin): n and hits; an episode that spans the
   * start-up backfill and live signals comes as two rows.
   */
  async resolvedEpisodes(since: number, now: number, coinId?: number, timeframe?: string): Promise<{ label: string; timeframe: string; coin_id: number; episode: number; origin: SignalRow['origin']; n: number; hits: number }[]> {
    const where = sql`hit is not null and due_at > ${since} and due_at <= ${now}${coinId === undefined ? sql`` : sql` and coin_id = ${coinId}`}${timeframe ? sql` and timeframe = ${timeframe}` : sql``}`;
    const rows = await this.h.query(sql`select label, timeframe, coin_id, episode, origin, count(*) as n, count(*) filter (where hit) as hits
      from (${episodesOf(where, sql`coin_id, timeframe, label`)}) x
      group by label, timeframe, coin_id, episode, origin`);
    return rows.map((r) => ({ label: String(r.label), timeframe: String(r.timeframe), coin_id: num(r.coin_id), episode: num(r.episode), origin: String(r.origin) as SignalRow['origin'], n: num(r.n), hits: num(r.hits) }));
  }

  /** Recent signals (newest first) with optional filters, and the total matching. */
  async trackRecord(f: { now: number; coinId?: number; timeframe?: string; label?: string; status?: 'hit' | 'miss' | 'pending' | 'scored'; offset: number; limit: number }): Promise<{ rows: SignalRow[]; total: number }> {
    const status =
      f.status === 'scored' ? sql` and hit is not null and due_at <= ${f.now}`
      : f.status === 'hit' ? sql` and hit = true and due_at <= ${f.now}`
      : f.status === 'miss' ? sql` and hit = false and due_at <= ${f.now}`
      : f.status === 'pending' ? sql` and (hit is null or due_at > ${f.now})`
      : sql``;
    const where = sql`fired_at <= ${f.now}${f.coinId === undefined ? sql`` : sql` and coin_id = ${f.coinId}`}${f.timeframe ? sql` and timeframe = ${f.timeframe}` : sql``}${f.label ? sql` and label = ${f.label}` : sql``}${status}`;
    const [rows, count] = await Promise.all([
      this.h.query(sql`select * from signal_events where ${where} order by fired_at desc, id desc limit ${f.limit} offset ${f.offset}`),
      this.h.query<{ n: number }>(sql`select count(*) as n from signal_events where ${where}`),
    ]);
    return { rows: rows.map(toSignalRow), total: num(count[0]?.n ?? 0) };
  }

  /** Per (label, timeframe, direction, coin): hits, n and summed move of signals resolved in (since, now]. */
  async resolvedByPattern(since: number, now: number, coinId?: number, timeframe?: string) {
    const rows = await this.h.query(sql`select label, timeframe, direction, coin_id, origin, count(*) as n, count(*) filter (where hit) as hits, sum(move_pct) as move
      from signal_events where hit is not null and due_at > ${since} and due_at <= ${now}
      ${coinId === undefined ? sql`` : sql`and coin_id = ${coinId}`} ${timeframe ? sql`and timeframe = ${timeframe}` : sql``}
      group by label, timeframe, direction, coin_id, origin`);
    return rows.map((r) => ({ label: String(r.label), timeframe: String(r.timeframe), direction: String(r.direction), coin_id: num(r.coin_id), origin: String(r.origin) as SignalRow['origin'], n: num(r.n), hits: num(r.hits), move: num(r.move) }));
  }

  /** Per coin: signals fired in (since, now] by timeframe and direction, and the newest fired time. */
  async recentByCoin(since: number, now: number) {
    const rows = await this.h.query(sql`select coin_id, timeframe, direction, count(*) as n, max(fired_at) as last
      from signal_events where fired_at > ${since} and fired_at <= ${now} group by coin_id, timeframe, direction`);
    return rows.map((r) => ({ coin_id: num(r.coin_id), timeframe: String(r.timeframe), direction: String(r.direction), n: num(r.n), last: num(r.last) }));
  }

  /** Number of stored signals by origin (diagnostics and tests). */
  async countByOrigin(): Promise<Record<string, number>> {
    const rows = await this.h.query(sql`select origin, count(*) as n from signal_events group by origin`);
    return Object.fromEntries(rows.map((r) => [String(r.origin), num(r.n)]));
  }
}
