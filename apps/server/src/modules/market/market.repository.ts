import { sql } from 'drizzle-orm';
import type { Candle, Timeframe } from '@coinlens/contracts';
import { TIMEFRAME_MS } from '@coinlens/contracts';
import type { DatabaseHandle } from '@coinlens/db';
import { seriesOf, type SeriesColumns } from '../../providers/market/series';

/** A coin row as stored (see packages/db schema `coins`). */
export interface CoinRow {
  id: number;
  symbol: string;
  name: string;
  slug: string;
  trading_pair: string;
  cmc_id: number | null;
  cmc_rank: number | null;
  tags: string[];
  icon: string;
  brand_color: string | null;
  is_stablecoin: boolean;
  circulating_supply: number | null;
  total_supply: number | null;
  max_supply: number | null;
  supply_as_of: string | null;
  contracts: { chain: string; address: string; decimals: number | null; explorer: string | null }[];
  website: string | null;
  description: string | null;
  timeframes: Timeframe[];
}

/** Reads market data from the database. */
export class MarketRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /** All coins ordered by CoinMarketCap rank (unranked last), then symbol. */
  async listCoins(): Promise<CoinRow[]> {
    return this.h.query<CoinRow>(sql`select id, symbol, name, slug, trading_pair, cmc_id, cmc_rank, tags, icon, brand_color, is_stablecoin,
      circulating_supply, total_supply, max_supply, supply_as_of, contracts, website, description, timeframes
      from coins order by cmc_rank asc nulls last, symbol asc`);
  }

  /**
   * Stores coins the exchange lists that have no row yet (live mode); a coin whose symbol or slug
   * is taken is left as it is. Returns how many rows were added.
   */
  async addListedCoins(coins: { symbol: string; name: string; slug: string; tradingPair: string; icon: string; brandColor: string | null; timeframes: Timeframe[] }[]): Promise<number> {
    if (!coins.length) return 0;
    const rows = await this.h.query<{ id: number }>(sql`insert into coins (symbol, name, slug, trading_pair, icon, brand_color, timeframes)
      select x.symbol, x.name, x.slug, x.trading_pair, x.icon, x.brand_color, x.timeframes
      from jsonb_to_recordset(${JSON.stringify(coins.map((c) => ({ symbol: c.symbol, name: c.name, slug: c.slug, trading_pair: c.tradingPair, icon: c.icon, brand_color: c.brandColor, timeframes: c.timeframes })))}::jsonb)
        as x(symbol text, name text, slug text, trading_pair text, icon text, brand_color text, timeframes jsonb)
      on conflict do nothing returning id`);
    return rows.length;
  }

  /** The latest `limit` stored candles of (symbol, timeframe) closed by `closedBy` (ms), oldest first. */
  async latestCandles(symbol: string, tf: Timeframe, limit: number, closedBy: number): Promise<Candle[]> {
    const rows = await this.h.query<Candle>(sql`
      select k.open_time as time, k.open, k.high, k.low, k.close, k.volume
      from candles k join coins c on c.id = k.coin_id
      where c.symbol = ${symbol} and k.timeframe = ${tf} and k.open_time <= ${closedBy - TIMEFRAME_MS[tf]}
      order by k.open_time desc limit ${limit}`);
    return rows.reverse().map((r) => ({ ...r, time: Number(r.time) }));
  }

  /** The full stored series of (symbol, timeframe), oldest first, as columns. */
  async loadSeries(symbol: string, tf: Timeframe): Promise<SeriesColumns> {
    const rows = await this.h.query<Candle>(sql`
      select k.open_time as time, k.open, k.high, k.low, k.close, k.volume
      from candles k join coins c on c.id = k.coin_id
      where c.symbol = ${symbol} and k.timeframe = ${tf} order by k.open_time`);
    // open_time is a bigint: some drivers return it as a string (Float64Array converts it)
    return seriesOf(rows, TIMEFRAME_MS[tf]);
  }

  /** Upserts candles (live market source). */
  async upsertCandles(symbol: string, tf: Timeframe, candles: { time: number; open: number; high: number; low: number; close: number; volume: number }[]): Promise<void> {
    if (!candles.length) return;
    const arr = (xs: number[]) => `{${xs.join(',')}}`;
    await this.h.query(sql`insert into candles (coin_id, timeframe, open_time, open, high, low, close, volume)
      select (select id from coins where symbol = ${symbol}), ${tf}, * from unnest(
        ${arr(candles.map((c) => c.time))}::bigint[], ${arr(candles.map((c) => c.open))}::float8[], ${arr(candles.map((c) => c.high))}::float8[],
        ${arr(candles.map((c) => c.low))}::float8[], ${arr(candles.map((c) => c.close))}::float8[], ${arr(candles.map((c) => c.volume))}::float8[])
      on conflict (coin_id, timeframe, open_time) do update set open = excluded.open, high = excluded.high, low = excluded.low,
        close = excluded.close, volume = excluded.volume`);
  }

  /**
   * Stores closed candles of many series in one statement (inserted, or updated at the same open
   * time): a live source's close of every pair at once is one round trip and one commit, not one
   * per pair. Rows of unknown symbols are skipped. Errors: the database's; a batch that holds the
   * same (symbol, timeframe, open time) twice is refused by PostgreSQL, so callers keep one.
   */
  async upsertClosedCandles(rows: readonly { symbol: string; tf: Timeframe; candle: { time: number; open: number; high: number; low: number; close: number; volume: number } }[]): Promise<void> {
    if (!rows.length) return;
    const num = (f: (r: (typeof rows)[number]) => number) => `{${rows.map(f).join(',')}}`;
    // text[] literal: each element double-quoted, with " and \ escaped
    const text = (f: (r: (typeof rows)[number]) => string) => `{${rows.map((r) => `"${f(r).replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
    await this.h.query(sql`insert into candles (coin_id, timeframe, open_time, open, high, low, close, volume)
      select c.id, u.tf, u.t, u.o, u.h, u.l, u.c, u.v from unnest(
        ${text((r) => r.symbol)}::text[], ${text((r) => r.tf)}::text[], ${num((r) => r.candle.time)}::bigint[], ${num((r) => r.candle.open)}::float8[],
        ${num((r) => r.candle.high)}::float8[], ${num((r) => r.candle.low)}::float8[], ${num((r) => r.candle.close)}::float8[], ${num((r) => r.candle.volume)}::float8[]
      ) as u(symbol, tf, t, o, h, l, c, v) join coins c on c.symbol = u.symbol
      on conflict (coin_id, timeframe, open_time) do update set open = excluded.open, high = excluded.high, low = excluded.low,
        close = excluded.close, volume = excluded.volume`);
  }

  /** Fear & Greed values with day ≤ `day` (YYYY-MM-DD), newest first. */
  async fearGreedUntil(day: string, limit: number): Promise<{ day: string; value: number; classification: string }[]> {
    return this.h.query(sql`select day::text as day, value, classification from fear_greed where day <= ${day}::date order by day desc limit ${limit}`);
  }

  /** Global market rows with day ≤ `day`, newest first. */
  async globalMarketUntil(day: string, limit: number): Promise<{ day: string; total_market_cap: number; btc_dominance: number }[]> {
    return this.h.query(sql`select day::text as day, total_market_cap, btc_dominance from global_market where day <= ${day}::date order by day desc limit ${limit}`);
  }

  /**
   * The replay anchor shared by all processes: returns the stored one when it matches start and
   * speed, else stores `{start, speed, now}` and returns it.
   */
  async replayAnchor(startMs: number, speed: number, wallNow: number): Promise<number> {
    const rows = await this.h.query<{ start_ms: number; speed: number; anchor_wall_ms: number }>(sql`select start_ms, speed, anchor_wall_ms from replay_state where id = 1`);
    const r = rows[0];
    if (r && Number(r.start_ms) === startMs && r.speed === speed) return Number(r.anchor_wall_ms);
    await this.h.query(sql`insert into replay_state (id, start_ms, speed, anchor_wall_ms) values (1, ${startMs}, ${speed}, ${wallNow})
      on conflict (id) do update set start_ms = excluded.start_ms, speed = excluded.speed, anchor_wall_ms = excluded.anchor_wall_ms`);
    return wallNow;
  }

  /** First and last open time over all stored candles of the finest timeframes (replay window). */
  async dataWindow(): Promise<{ from: number; to: number } | null> {
    const rows = await this.h.query<{ from: number | null; to: number | null }>(sql`
      select min(open_time) as "from", max(open_time) as "to" from candles where timeframe = '5m'`);
    const r = rows[0];
    if (!r || r.from == null || r.to == null) return null;
    return { from: Number(r.from), to: Number(r.to) + TIMEFRAME_MS['5m'] };
  }

  /** Checksums of the imported candle files (`data_imports`, names `candles/…`), by file name. */
  async candleImportChecksums(): Promise<Map<string, string>> {
    const rows = await this.h.query<{ name: string; checksum: string }>(sql`select name, checksum from data_imports where name like 'candles/%'`);
    return new Map(rows.map((r) => [r.name, r.checksum]));
  }
}
