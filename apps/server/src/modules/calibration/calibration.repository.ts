import { sql } from 'drizzle-orm';
import type { ForecastCell } from '@coinlens/ta';
import { probabilityForecasts, strategyRecords, type DatabaseHandle } from '@coinlens/db';

/** A stated probability to log (see `probability_forecasts` in @coinlens/db): times in ms, price in USDT, p in 0..1. */
export interface NewForecast {
  coinId: number;
  timeframe: string;
  kind: 'touch' | 'breakthrough';
  side: 'resistance' | 'support';
  levelPrice: number;
  statedP: number;
  sampleN: number;
  wording: string;
  horizonCandles: number;
  candleTime: number;
  statedAt: number;
  dueAt: number;
  origin: 'live' | 'backfill';
}

/** A pending forecast whose horizon has passed. */
export interface DueForecast {
  id: number;
  kind: 'touch' | 'breakthrough';
  side: 'resistance' | 'support';
  level_price: number;
  candle_time: number;
  horizon_candles: number;
}

/**
 * Resolved forecasts of one episode in one stated decile (see CalibrationRepository.forecastCells):
 * the ForecastCell the clustered calibration maths reads (`episode` is `origin:coin_id:episode
 * number`), with the timeframe, kind and origin it belongs to.
 */
export interface ForecastCellRow extends ForecastCell {
  timeframe: string;
  kind: 'touch' | 'breakthrough';
  origin: 'live' | 'backfill';
}

/** A strategy to store at generation (see `strategy_records` in @coinlens/db). */
export interface NewStrategy {
  author: string;
  coinId: number;
  term: 'short_term' | 'medium_long_term';
  timeframe: string;
  bias: string;
  candleTime: number;
  lastPrice: number;
  entryLow: number;
  entryHigh: number;
  targets: number[];
  invalidation: number;
  horizonHours: number;
  basedOn: unknown;
  origin: 'live' | 'backfill';
  createdAt: number;
  dueAt: number;
}

/** A stored strategy (snake_case as selected; `targets` parsed). */
export interface StrategyRow {
  id: number;
  author: string;
  coin_id: number;
  term: 'short_term' | 'medium_long_term';
  timeframe: string;
  bias: string;
  origin: 'live' | 'backfill';
  candle_time: number;
  last_price: number;
  entry_low: number;
  entry_high: number;
  targets: number[];
  invalidation: number;
  horizon_hours: number;
  created_at: number;
  due_at: number;
  status: string | null;
  entered: boolean | null;
  target_first: boolean | null;
  return_pct: number | null;
  hold_pct: number | null;
}

/** Score of one strategy, written once. */
export interface StrategyScore {
  id: number;
  status: 'target_hit' | 'invalidated' | 'horizon' | 'not_entered';
  entered: boolean;
  targetFirst: boolean;
  returnPct: number;
  holdPct: number;
  feePct: number;
}

const num = (x: unknown) => Number(x);
const toStrategy = (r: Record<string, unknown>): StrategyRow => ({
  ...(r as unknown as StrategyRow),
  id: num(r.id),
  coin_id: num(r.coin_id),
  candle_time: num(r.candle_time),
  created_at: num(r.created_at),
  due_at: num(r.due_at),
  last_price: num(r.last_price),
  entry_low: num(r.entry_low),
  entry_high: num(r.entry_high),
  invalidation: num(r.invalidation),
  horizon_hours: num(r.horizon_hours),
  targets: JSON.parse(String(r.targets)) as number[],
  return_pct: r.return_pct === null ? null : num(r.return_pct),
  hold_pct: r.hold_pct === null ? null : num(r.hold_pct),
});

/** SQL of the calibration log and the strategy records. */
export class CalibrationRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /** Logs forecasts; a (coin, timeframe, kind, side, candle) already logged is kept as it was. Returns how many were new. */
  async insertForecasts(rows: NewForecast[]): Promise<number> {
    let inserted = 0;
    for (let k = 0; k < rows.length; k += 500) {
      const r = await this.h.db.insert(probabilityForecasts).values(rows.slice(k, k + 500)).onConflictDoNothing().returning({ id: probabilityForecasts.id });
      inserted += r.length;
    }
    return inserted;
  }

  /** Open time (ms) of the last candle with a backfilled (in-sample) forecast of (coin, timeframe); null when none. */
  async lastForecastCandle(coinId: number, timeframe: string): Promise<number | null> {
    const [r] = await this.h.query<{ t: unknown }>(sql`select max(candle_time) as t from probability_forecasts where coin_id = ${coinId} and timeframe = ${timeframe} and origin = 'backfill'`);
    return r?.t === null || r?.t === undefined ? null : num(r.t);
  }

  /** Unresolved forecasts of (coin, timeframe) whose horizon ended at or before `now`, oldest first. */
  async dueForecasts(coinId: number, timeframe: string, now: number): Promise<DueForecast[]> {
    const rows = await this.h.query<Record<string, unknown>>(sql`select id, kind, side, level_price, candle_time, horizon_candles from probability_forecasts
      where coin_id = ${coinId} and timeframe = ${timeframe} and outcome is null and due_at <= ${now} and stated_at <= ${now} order by candle_time`);
    return rows.map((r) => ({ id: num(r.id), kind: r.kind as DueForecast['kind'], side: r.side as DueForecast['side'], level_price: num(r.level_price), candle_time: num(r.candle_time), horizon_candles: num(r.horizon_candles) }));
  }

  /** Writes outcomes of unresolved forecasts (an outcome, once written, is never changed). */
  async resolveForecasts(outcomes: { id: number; outcome: boolean }[], resolvedAt: number): Promise<void> {
    for (let k = 0; k < outcomes.length; k += 500) {
      const c = outcomes.slice(k, k + 500);
      await this.h.query(sql`update probability_forecasts f set outcome = u.outcome, resolved_at = ${resolvedAt}
        from (select unnest(${`{${c.map((o) => o.id).join(',')}}`}::int[]) as id, unnest(${`{${c.map((o) => (o.outcome ? 't' : 'f')).join(',')}}`}::boolean[]) as outcome) u
        where f.id = u.id and f.outcome is null`);
    }
  }

  /**
   * Resolved forecasts (stated and resolved at or before `now`) counted per episode × decile, per
   * timeframe, kind and origin. An episode is one coin's forecasts of one kind stated in one calendar
   * block of two horizons (block = ⌊candle_time / (2 · horizon · timeframe)⌋): forecasts whose outcome
   * windows overlap fall into one block or into neighbouring ones, and both sides of one analysis
   * share one. `episode` (`origin:coin:block`) is unique within a timeframe × kind × origin. n,
   * events, Σ stated p and Σ (p − outcome)² per cell.
   */
  async forecastCells(now: number, f: { timeframe?: string; origin?: 'live' | 'backfill' } = {}): Promise<ForecastCellRow[]> {
    const rows = await this.h.query<Record<string, unknown>>(sql`select timeframe, kind, origin, coin_id,
        floor(candle_time::float8 / (2 * horizon_candles::float8 * (case timeframe when '5m' then 300000 when '1h' then 3600000 else 86400000 end)))::bigint as ep,
        least(9, greatest(0, floor(stated_p * 10)))::int as bin, count(*)::int as n, count(*) filter (where outcome)::int as hits,
        sum(stated_p)::float8 as sp, sum((stated_p - case when outcome then 1 else 0 end) ^ 2)::float8 as sq
      from probability_forecasts
      where outcome is not null and stated_at <= ${now} and resolved_at <= ${now}
        ${f.timeframe ? sql`and timeframe = ${f.timeframe}` : sql``} ${f.origin ? sql`and origin = ${f.origin}` : sql``}
      group by 1, 2, 3, 4, 5, 6`);
    return rows.map((r) => ({
      timeframe: String(r.timeframe), kind: r.kind as 'touch' | 'breakthrough', origin: r.origin as 'live' | 'backfill',
      episode: `${r.origin}:${r.coin_id}:${r.ep}`, bin: num(r.bin), n: num(r.n), hits: num(r.hits), sp: num(r.sp), sq: num(r.sq),
    }));
  }

  /**
   * First stored candle and last one opened at or before `now` of every coin × timeframe that has
   * candles (index lookups on the candles' primary key), by symbol then timeframe.
   */
  async seriesCoverage(now: number): Promise<{ symbol: string; timeframe: string; first: number; last: number | null }[]> {
    const rows = await this.h.query<Record<string, unknown>>(sql`select c.symbol, s.timeframe,
        (select min(k.open_time) from candles k where k.coin_id = c.id and k.timeframe = s.timeframe) as first,
        (select max(k.open_time) from candles k where k.coin_id = c.id and k.timeframe = s.timeframe and k.open_time <= ${now}) as last
      from coins c cross join (values ('5m'), ('1h'), ('1d')) as s(timeframe) order by c.symbol, s.timeframe`);
    return rows
      .filter((r) => r.first !== null)
      .map((r) => ({ symbol: String(r.symbol), timeframe: String(r.timeframe), first: num(r.first), last: r.last === null ? null : num(r.last) }));
  }

  /** Pending forecasts per `timeframe:kind`. */
  async pendingCounts(now: number, origin?: 'live' | 'backfill'): Promise<Map<string, number>> {
    const rows = await this.h.query<Record<string, unknown>>(sql`select timeframe, kind, count(*)::int as n from probability_forecasts
      where outcome is null and stated_at <= ${now} ${origin ? sql`and origin = ${origin}` : sql``} group by timeframe, kind`);
    return new Map(rows.map((r) => [`${r.timeframe}:${r.kind}`, num(r.n)]));
  }

  /** Stores a strategy once: a (author, coin, term, basis candle) already stored is never changed. Returns true when new. */
  async insertStrategy(s: NewStrategy): Promise<boolean> {
    const r = await this.h.db
      .insert(strategyRecords)
      .values({ ...s, targets: JSON.stringify(s.targets), basedOn: JSON.stringify(s.basedOn ?? null) })
      .onConflictDoNothing()
      .returning({ id: strategyRecords.id });
    return r.length > 0;
  }

  /** Stores strategies in batches (see insertStrategy: an existing (author, coin, term, basis candle) is kept). Returns how many were new. */
  async insertStrategies(rows: NewStrategy[]): Promise<number> {
    let inserted = 0;
    for (let k = 0; k < rows.length; k += 500) {
      const r = await this.h.db
        .insert(strategyRecords)
        .values(rows.slice(k, k + 500).map((s) => ({ ...s, targets: JSON.stringify(s.targets), basedOn: JSON.stringify(s.basedOn ?? null) })))
        .onConflictDoNothing()
        .returning({ id: strategyRecords.id });
      inserted += r.length;
    }
    return inserted;
  }

  /** Open time (ms) of the latest basis candle of a stored strategy of (author, coin, term[, origin]); null when none. */
  async lastStrategyCandle(author: string, coinId: number, term: string, origin?: 'live' | 'backfill'): Promise<number | null> {
    const [r] = await this.h.query<Record<string, unknown>>(sql`select max(candle_time) as t from strategy_records where author = ${author} and coin_id = ${coinId} and term = ${term}
      ${origin ? sql`and origin = ${origin}` : sql``}`);
    return r?.t === null || r?.t === undefined ? null : num(r.t);
  }

  /** Basis candle open times (ms) of the stored strategies of (author, coin, term) after `after`, any origin. */
  async strategyCandles(author: string, coinId: number, term: string, after: number): Promise<number[]> {
    const rows = await this.h.query<Record<string, unknown>>(sql`select candle_time from strategy_records where author = ${author} and coin_id = ${coinId} and term = ${term} and candle_time > ${after}`);
    return rows.map((r) => num(r.candle_time));
  }

  /** Unscored strategies whose horizon ended at or before `now`, oldest first (at most `limit`). */
  async dueStrategies(now: number, limit = 500): Promise<StrategyRow[]> {
    const rows = await this.h.query<Record<string, unknown>>(sql`select * from strategy_records where scored_at is null and due_at <= ${now} and created_at <= ${now} order by due_at limit ${limit}`);
    return rows.map(toStrategy);
  }

  /** Writes the score of unscored strategies (once: a scored strategy is never rescored). */
  async saveStrategyScores(scores: StrategyScore[], scoredAt: number): Promise<void> {
    for (const s of scores) {
      await this.h.query(sql`update strategy_records set status = ${s.status}, entered = ${s.entered}, target_first = ${s.targetFirst}, return_pct = ${s.returnPct},
        hold_pct = ${s.holdPct}, fee_pct = ${s.feePct}, scored_at = ${scoredAt} where id = ${s.id} and scored_at is null`);
    }
  }

  /** Stored strategies created at or before `now` matching the filters, newest first. */
  async strategies(now: number, f: { coinId?: number; timeframe?: string; author?: string; origin?: 'live' | 'backfill' }, limit = 100_000): Promise<StrategyRow[]> {
    const rows = await this.h.query<Record<string, unknown>>(sql`select * from strategy_records where created_at <= ${now}
      ${f.coinId !== undefined ? sql`and coin_id = ${f.coinId}` : sql``} ${f.timeframe ? sql`and timeframe = ${f.timeframe}` : sql``}
      ${f.author ? sql`and author = ${f.author}` : sql``} ${f.origin ? sql`and origin = ${f.origin}` : sql``}
      order by created_at desc, id desc limit ${limit}`);
    return rows.map(toStrategy);
  }
}
