import { type Candle, type Timeframe, TIMEFRAME_MS, TIMEFRAMES } from '@coinlens/contracts';
import type { Clock } from '../../../platform/clock';
import { type CandleClosedEvent, Listeners, type MarketSource, type MarketUniverse, type Ticker } from '../types';
import { BINANCE_WEIGHT, BinanceRest, type RequestPriority } from './binance-rest';
import { diffUniverse, listedPairsOf, type ExchangeInfoSymbol, type ListedPair, type UniverseDiff } from './universe';
import { StreamPool } from './streams';
import { ClosedSeries } from './closed-series';
import type { Candles } from '@coinlens/ta';

/** Where closed candles are persisted and read back (the market repository, through the candle store). */
export interface CandleSink {
  upsertCandles(symbol: string, tf: Timeframe, candles: Candle[]): Promise<void>;
  /**
   * Stores closed candles of many series at once (the stream's close of every pair); absent: one
   * `upsertCandles` per candle.
   */
  upsertClosed?(rows: { symbol: string; tf: Timeframe; candle: Candle }[]): Promise<void>;
  /** The latest `limit` stored candles of the series, oldest first (none: every series is fetched whole). */
  storedCandles?(symbol: string, tf: Timeframe, limit: number): Promise<Candle[]>;
}

/** Binance REST `/api/v3/klines` row: [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, takerBase, takerQuote, ignore]. */
type KlineRow = [number, string, string, string, string, string, number, string, number, string, string, string];

/** Binance REST `/api/v3/ticker/24hr` item (fields used). */
interface Ticker24h {
  symbol: string;
  lastPrice: string;
  priceChangePercent: string;
  highPrice: string;
  lowPrice: string;
  quoteVolume: string;
  closeTime: number;
}

/** Binance `24hrMiniTicker` event (one item of `!miniTicker@arr`, or a `<pair>@miniTicker` stream). */
interface MiniTicker {
  e: '24hrMiniTicker';
  E: number;
  s: string;
  c: string;
  o: string;
  h: string;
  l: string;
  q: string;
}

/** Every stored timeframe is followed live. */
const LIVE_TIMEFRAMES: Timeframe[] = [...TIMEFRAMES];
/** Closed candles kept in memory per series (the analysis reads the latest 1000). */
const KEEP = 1000;
/** An empty series, read where a series is not held. */
const EMPTY = new ClosedSeries(1);
/**
 * How long (ms) closed candles from the streams wait to be stored together: at a 5m mark every
 * pair's candle closes within about a second, and 400 single-row commits queued the analysis of the
 * close behind them.
 */
export const CLOSE_BATCH_MS = 50;
/** How often the listing is read again by default (ms). */
export const UNIVERSE_REFRESH_MS = 5 * 60_000;

/** Options of {@link BinanceMarketSource}. */
export interface BinanceSourceOptions {
  restUrl: string;
  wsUrl: string;
  repo?: CandleSink;
  log?: (m: string) => void;
  /** Interval of the `tick` event (ms; 0 = none). */
  tickMs?: number;
  /** Candles fetched per series on its first use (default 1000, Binance's maximum per request). */
  backfill?: number;
  /**
   * Told the listed pairs at start and after each change (the market module stores the new coins
   * and lists exactly these). Awaited before the streams change.
   */
  onUniverse?: (pairs: ListedPair[], diff: UniverseDiff) => Promise<void>;
  /** How often `exchangeInfo` is read again (ms; default {@link UNIVERSE_REFRESH_MS}; 0 = only at start). */
  universeRefreshMs?: number;
  /** How long closed candles wait to be stored together (ms; default {@link CLOSE_BATCH_MS}). */
  closeBatchMs?: number;
  /** Weight per minute this process may spend (see BinanceRest). */
  weightPerMinute?: number;
  /** Streams per WebSocket connection (default 200). */
  streamsPerConnection?: number;
  /** Called with the event time (ms) of each stream message: the exchange's clock (see ExchangeClock). */
  observeTime?: (t: number) => void;
  /** A REST client to use instead of one built from `restUrl` (tests). */
  rest?: BinanceRest;
}

function toCandle(k: KlineRow): Candle {
  return { time: k[0], open: +k[1], high: +k[2], low: +k[3], close: +k[4], volume: +k[5] };
}

/** Merges two oldest-first candle lists by open time (`b` wins on equal times), keeping the latest `keep`. */
function mergeCandles(a: Candle[], b: Candle[], keep: number): Candle[] {
  const by = new Map<number, Candle>();
  for (const c of a) by.set(c.time, c);
  for (const c of b) by.set(c.time, c);
  return [...by.values()].sort((x, y) => x.time - y.time).slice(-keep);
}

/**
 * Live market data from Binance's public spot API (no key), for every trading USDT spot pair.
 * At start: the listing (`exchangeInfo`, re-read every `universeRefreshMs`: new pairs are added,
 * delisted ones dropped, without a restart) and the 24 h tickers of the whole market; then the
 * combined WebSocket streams (`<pair>@kline_<tf>` for every pair and timeframe, `!miniTicker@arr`
 * for prices) over connections of at most 200 streams ({@link StreamPool}). A series' candles are
 * fetched on its first use (a chart opened, an analysis run): from the database when it is up to
 * date, else from `klines`, through the weight-limited {@link BinanceRest}; closed candles are
 * kept in memory (latest 1000 per series) and persisted through the sink.
 * Formats: https://developers.binance.com/docs/binance-spot-api-docs
 */
export class BinanceMarketSource implements MarketSource {
  readonly name = 'binance' as const;
  private pairs: ListedPair[] = [];
  private bySymbol = new Map<string, ListedPair>();
  private byPair = new Map<string, string>();
  /** The latest KEEP closed candles per `symbol:tf`, as float64 rows (see ClosedSeries). */
  private readonly closed = new Map<string, ClosedSeries>();
  private readonly forming = new Map<string, Candle>();
  /** Series fetched (value resolved) or being fetched, by `symbol:tf`. */
  private readonly ready = new Map<string, { p: Promise<void>; priority: RequestPriority; done: boolean }>();
  private readonly tickers = new Map<string, Ticker>();
  private readonly tickCbs = new Listeners<[Ticker[], number]>();
  private readonly closedCbs = new Listeners<[CandleClosedEvent]>();
  private readonly rest: BinanceRest;
  private readonly streams: StreamPool;
  /** Closed candles from the streams waiting to be stored, by `symbol:tf` (the latest one each). */
  private closing = new Map<string, CandleClosedEvent>();
  private closingTimer: NodeJS.Timeout | null = null;
  private timer: NodeJS.Timeout | null = null;
  private universeTimer: NodeJS.Timeout | null = null;
  private refreshing: Promise<UniverseDiff | null> | null = null;
  private stopped = false;

  constructor(
    readonly clock: Clock,
    private readonly opts: BinanceSourceOptions,
  ) {
    this.rest = opts.rest ?? new BinanceRest({ baseUrl: opts.restUrl, weightPerMinute: opts.weightPerMinute, log: opts.log });
    this.streams = new StreamPool({ wsUrl: opts.wsUrl, onMessage: (m) => this.onMessage(m), log: opts.log, size: opts.streamsPerConnection });
  }

  /** The listed pairs (sorted by symbol). */
  get listed(): readonly ListedPair[] {
    return this.pairs;
  }

  /** Stream layout (streams per connection), for tests. */
  get streamLayout(): string[][] {
    return this.streams.layout;
  }

  /** The REST client's counters (requests, weight, 429 and 418 answers). */
  get restStats() {
    return this.rest.stats;
  }

  /**
   * Reads the listing, tells `onUniverse`, loads the 24 h tickers and opens the streams. When the
   * exchange cannot be reached, starts with `universe` (the coins already stored) and retries the
   * listing on the refresh interval. Fetches no candles: each series is fetched on first use.
   */
  async start(universe: MarketUniverse): Promise<void> {
    this.stopped = false;
    const first = await this.refreshUniverse().catch((e) => {
      this.opts.log?.(`binance: listing unavailable (${(e as Error).message}); following the stored coins`);
      return null;
    });
    if (!first) await this.applyUniverse(universe.map((u) => ({ symbol: u.symbol, tradingPair: u.tradingPair })));
    const t24 = await this.rest.get<Ticker24h[]>('/api/v3/ticker/24hr', BINANCE_WEIGHT.ticker24hAll).catch(() => [] as Ticker24h[]);
    for (const t of t24) this.applyTicker24h(t);
    const tickMs = this.opts.tickMs ?? 1000;
    if (tickMs > 0) {
      this.timer = setInterval(() => this.tickCbs.emit(this.listedTickers(), this.clock.now()), tickMs);
      this.timer.unref();
    }
    const every = this.opts.universeRefreshMs ?? UNIVERSE_REFRESH_MS;
    if (every > 0) {
      this.universeTimer = setInterval(() => void this.refreshUniverse().catch((e) => this.opts.log?.(`binance: listing refresh failed (${(e as Error).message})`)), every);
      this.universeTimer.unref();
    }
  }

  /**
   * Reads `exchangeInfo` and moves to its trading USDT pairs (see {@link listedPairsOf}): new pairs
   * are announced and streamed, delisted ones unsubscribed and forgotten. Concurrent calls share
   * one read. Returns the change. Errors: the request's, or an answer without `symbols`.
   */
  refreshUniverse(): Promise<UniverseDiff | null> {
    this.refreshing ??= (async () => {
      try {
        const info = await this.rest.get<{ symbols?: ExchangeInfoSymbol[] }>('/api/v3/exchangeInfo?permissions=SPOT', BINANCE_WEIGHT.exchangeInfo, 'now');
        return await this.applyUniverse(listedPairsOf(info));
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  private async applyUniverse(next: ListedPair[]): Promise<UniverseDiff> {
    const diff = diffUniverse(this.pairs, next);
    if (this.stopped) return diff;
    await this.opts.onUniverse?.(next, diff);
    this.pairs = next;
    this.bySymbol = new Map(next.map((p) => [p.symbol, p]));
    this.byPair = new Map(next.map((p) => [p.tradingPair, p.symbol]));
    for (const p of diff.removed) {
      this.tickers.delete(p.symbol);
      for (const tf of LIVE_TIMEFRAMES) {
        const key = `${p.symbol}:${tf}`;
        this.closed.delete(key);
        this.forming.delete(key);
        this.ready.delete(key);
      }
    }
    if (diff.added.length || diff.removed.length) this.opts.log?.(`binance: ${next.length} pairs listed (+${diff.added.length} −${diff.removed.length})`);
    this.streams.set(['!miniTicker@arr', ...next.flatMap((p) => LIVE_TIMEFRAMES.map((tf) => `${p.tradingPair.toLowerCase()}@kline_${tf}`))]);
    return diff;
  }

  private listedTickers(): Ticker[] {
    return [...this.tickers.values()];
  }

  private applyTicker24h(t: Ticker24h) {
    const symbol = this.byPair.get(t.symbol);
    if (!symbol) return;
    this.tickers.set(symbol, { symbol, lastPrice: +t.lastPrice, priceChangePercent: +t.priceChangePercent, high24h: +t.highPrice, low24h: +t.lowPrice, volume24hQuote: +t.quoteVolume, time: t.closeTime });
  }

  private applyMiniTicker(d: MiniTicker) {
    const symbol = this.byPair.get(d.s);
    if (!symbol) return;
    const close = +d.c;
    const open = +d.o;
    this.tickers.set(symbol, { symbol, lastPrice: close, priceChangePercent: open ? ((close - open) / open) * 100 : null, high24h: +d.h, low24h: +d.l, volume24hQuote: +d.q, time: d.E ?? this.clock.now() });
  }

  /**
   * Makes sure the candles of (symbol, tf) are here: the first call fetches them (stored ones from
   * the database when they reach the last closed candle, else the latest `backfill` from `klines`,
   * persisted); later calls return at once. A reader (`now`) does not wait behind a queued
   * background fetch of the same series: it sends its own. Unlisted symbols: nothing.
   */
  prepare(symbol: string, tf: Timeframe, priority: RequestPriority = 'background'): Promise<void> {
    const pair = this.bySymbol.get(symbol);
    if (!pair) return Promise.resolve();
    const key = `${symbol}:${tf}`;
    const cur = this.ready.get(key);
    if (cur && (cur.done || cur.priority === 'now' || priority === 'background')) return cur.p;
    const entry = { p: Promise.resolve(), priority, done: false };
    entry.p = this.fetchSeries(pair, tf, priority).then(
      () => {
        entry.done = true;
      },
      (e) => {
        if (this.ready.get(key) === entry) this.ready.delete(key);
        throw e;
      },
    );
    this.ready.set(key, entry);
    return entry.p;
  }

  private async fetchSeries(pair: ListedPair, tf: Timeframe, priority: RequestPriority): Promise<void> {
    const key = `${pair.symbol}:${tf}`;
    const tfMs = TIMEFRAME_MS[tf];
    const limit = this.opts.backfill ?? KEEP;
    const stored = (await this.opts.repo?.storedCandles?.(pair.symbol, tf, limit).catch(() => [] as Candle[])) ?? [];
    const lastClosedOpen = Math.floor(this.clock.now() / tfMs) * tfMs - tfMs;
    let fetched: Candle[] = [];
    // Fewer stored candles than kept means the history was never fetched (a candle closed on the
    // stream may be stored before the series' first use): fetch the latest `limit` then, not the gap.
    const short = stored.length < limit;
    if (short || stored[stored.length - 1].time < lastClosedOpen) {
      // only the part after the stored candles when it fits in one request
      const after = !short ? stored[stored.length - 1].time + tfMs : null;
      const gap = after === null ? Infinity : (lastClosedOpen - after) / tfMs + 2;
      const q = after !== null && gap <= limit ? `&startTime=${after}&limit=${limit}` : `&limit=${limit}`;
      const rows = await this.rest.get<KlineRow[]>(`/api/v3/klines?symbol=${pair.tradingPair}&interval=${tf}${q}`, BINANCE_WEIGHT.klines, priority);
      const now = this.clock.now();
      const last = rows.at(-1);
      fetched = rows.map(toCandle);
      if (last && last[6] >= now) {
        const f = fetched.pop()!;
        if (!this.forming.has(key)) this.forming.set(key, f);
      }
      await this.opts.repo?.upsertCandles(pair.symbol, tf, fetched).catch((e) => this.opts.log?.(`binance: storing ${key} failed (${(e as Error).message})`));
    }
    if (!this.bySymbol.has(pair.symbol)) return; // delisted meanwhile
    // candles that closed on the stream during the fetch are kept
    this.closed.set(key, ClosedSeries.of(mergeCandles(mergeCandles(stored, fetched, KEEP), this.closed.get(key)?.latest(KEEP) ?? [], KEEP), KEEP));
  }

  /** Handles one combined-stream message `{stream, data}` (kline, 24hrMiniTicker or its array). Public for tests. */
  onMessage(msg: { stream?: string; data?: any; result?: unknown; id?: number }) {
    if (msg.id !== undefined && msg.data === undefined) return; // answer to SUBSCRIBE / UNSUBSCRIBE
    const d = msg.data ?? msg;
    if (Array.isArray(d)) {
      let latest = 0;
      for (const t of d as MiniTicker[]) {
        if (t?.e !== '24hrMiniTicker') continue;
        this.applyMiniTicker(t);
        latest = Math.max(latest, t.E ?? 0);
      }
      if (latest) this.opts.observeTime?.(latest);
      return;
    }
    if (typeof d?.E === 'number') this.opts.observeTime?.(d.E);
    if (d?.e === '24hrMiniTicker') this.applyMiniTicker(d);
    else if (d?.e === 'kline') {
      const symbol = this.byPair.get(d.s);
      const tf = d.k?.i as Timeframe;
      if (!symbol || !LIVE_TIMEFRAMES.includes(tf)) return;
      const k = d.k;
      const candle: Candle = { time: k.t, open: +k.o, high: +k.h, low: +k.l, close: +k.c, volume: +k.v };
      const key = `${symbol}:${tf}`;
      if (k.x) {
        let list = this.closed.get(key);
        if (!list) this.closed.set(key, (list = new ClosedSeries(KEEP)));
        list.push(candle);
        if (this.forming.get(key)?.time === candle.time) this.forming.delete(key);
        this.closing.set(key, { symbol, timeframe: tf, candle });
        this.closingTimer ??= setTimeout(() => void this.storeClosed(), this.opts.closeBatchMs ?? CLOSE_BATCH_MS);
      } else this.forming.set(key, candle);
    }
  }

  /**
   * Stores the closed candles gathered over the batch window in one write, then announces each
   * close: whoever reacts reads it back from the database too. A failed write is logged and the
   * closes are announced all the same (the candles are in memory).
   */
  private async storeClosed(): Promise<void> {
    const batch = [...this.closing.values()];
    this.closing.clear();
    this.closingTimer = null;
    const repo = this.opts.repo;
    try {
      if (repo?.upsertClosed) await repo.upsertClosed(batch.map((e) => ({ symbol: e.symbol, tf: e.timeframe, candle: e.candle })));
      else if (repo) await Promise.all(batch.map((e) => repo.upsertCandles(e.symbol, e.timeframe, [e.candle])));
    } catch (e) {
      this.opts.log?.(`binance: storing ${batch.length} closed candles failed (${(e as Error).message})`);
    }
    if (this.stopped) return;
    for (const e of batch) this.closedCbs.emit(e);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.universeTimer) clearInterval(this.universeTimer);
    if (this.closingTimer) clearTimeout(this.closingTimer);
    this.closingTimer = null;
    this.closing.clear();
    this.streams.stop();
    await this.rest.close();
  }

  async getCandles(symbol: string, tf: Timeframe, opts: { limit: number; endTime?: number }): Promise<Candle[]> {
    await this.prepare(symbol, tf, 'now').catch((e) => this.opts.log?.(`binance: candles of ${symbol} ${tf} unavailable (${(e as Error).message})`));
    return this.closed.get(`${symbol}:${tf}`)?.latest(opts.limit, opts.endTime ?? Infinity, TIMEFRAME_MS[tf]) ?? [];
  }

  async getCandleColumns(symbol: string, tf: Timeframe, opts: { limit: number; endTime?: number }): Promise<Candles> {
    await this.prepare(symbol, tf, 'now').catch((e) => this.opts.log?.(`binance: candles of ${symbol} ${tf} unavailable (${(e as Error).message})`));
    return (this.closed.get(`${symbol}:${tf}`) ?? EMPTY).columns(opts.limit, opts.endTime ?? Infinity, TIMEFRAME_MS[tf]);
  }

  async getForming(symbol: string, tf: Timeframe): Promise<Candle | null> {
    return this.forming.get(`${symbol}:${tf}`) ?? null;
  }

  async getTicker(symbol: string): Promise<Ticker | null> {
    return this.tickers.get(symbol) ?? null;
  }

  async getTickers(): Promise<Ticker[]> {
    return this.listedTickers();
  }

  onTick(cb: (t: Ticker[], now: number) => void) {
    return this.tickCbs.add(cb);
  }

  onCandleClosed(cb: (e: CandleClosedEvent) => void) {
    return this.closedCbs.add(cb);
  }
}
