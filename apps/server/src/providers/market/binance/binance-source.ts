import WebSocket from 'ws';
import { type Candle, type Timeframe, TIMEFRAME_MS, TIMEFRAMES } from '@coinlens/contracts';
import type { Clock } from '../../../platform/clock';
import { type CandleClosedEvent, Listeners, type MarketSource, type MarketUniverse, type Ticker } from '../types';

/** Where closed candles are persisted (the market repository). */
export interface CandleSink {
  upsertCandles(symbol: string, tf: Timeframe, candles: Candle[]): Promise<void>;
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

/** Every stored timeframe is followed live. */
const LIVE_TIMEFRAMES: Timeframe[] = [...TIMEFRAMES];
const KEEP = 1000;

function toCandle(k: KlineRow): Candle {
  return { time: k[0], open: +k[1], high: +k[2], low: +k[3], close: +k[4], volume: +k[5] };
}

/**
 * Live market data from Binance's public spot API (no key): REST klines and 24 h tickers at start,
 * then one combined WebSocket connection (`<pair>@kline_<tf>` and `<pair>@miniTicker` streams),
 * reconnecting with back-off. Closed candles are kept in memory (latest 1000 per series) and
 * persisted through the sink. Formats: https://developers.binance.com/docs/binance-spot-api-docs
 */
export class BinanceMarketSource implements MarketSource {
  readonly name = 'binance' as const;
  private universe: MarketUniverse = [];
  private readonly closed = new Map<string, Candle[]>();
  private readonly forming = new Map<string, Candle>();
  private readonly tickers = new Map<string, Ticker>();
  private readonly tickCbs = new Listeners<[Ticker[], number]>();
  private readonly closedCbs = new Listeners<[CandleClosedEvent]>();
  private ws: WebSocket | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private reconnectDelay = 1000;

  constructor(
    readonly clock: Clock,
    private readonly opts: { restUrl: string; wsUrl: string; repo?: CandleSink; log?: (m: string) => void; tickMs?: number; backfill?: number },
  ) {}

  private async getJson<T>(path: string): Promise<T> {
    const res = await fetch(this.opts.restUrl.replace(/\/$/, '') + path, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`Binance ${path.split('?')[0]} answered ${res.status}`);
    return (await res.json()) as T;
  }

  async start(universe: MarketUniverse): Promise<void> {
    this.universe = universe.map((u) => ({ ...u, timeframes: LIVE_TIMEFRAMES }));
    const jobs: (() => Promise<void>)[] = [];
    for (const u of this.universe)
      for (const tf of u.timeframes)
        jobs.push(async () => {
          const rows = await this.getJson<KlineRow[]>(`/api/v3/klines?symbol=${u.tradingPair}&interval=${tf}&limit=${this.opts.backfill ?? 500}`);
          const now = this.clock.now();
          const candles = rows.map(toCandle);
          const last = rows.at(-1);
          if (last && last[6] >= now) this.forming.set(`${u.symbol}:${tf}`, candles.pop()!);
          this.closed.set(`${u.symbol}:${tf}`, candles);
          await this.opts.repo?.upsertCandles(u.symbol, tf, candles).catch(() => undefined);
        });
    // 4 requests at a time (Binance weight limits are far above this)
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let j = jobs.shift(); j; j = jobs.shift()) await j().catch((e) => this.opts.log?.(`binance backfill: ${e.message}`));
    }));
    const symbols = JSON.stringify(this.universe.map((u) => u.tradingPair));
    const t24 = await this.getJson<Ticker24h[]>(`/api/v3/ticker/24hr?symbols=${encodeURIComponent(symbols)}`).catch(() => [] as Ticker24h[]);
    for (const t of t24) this.applyTicker24h(t);
    this.connect();
    const tickMs = this.opts.tickMs ?? 1000;
    if (tickMs > 0) {
      this.timer = setInterval(() => {
        const list = [...this.tickers.values()];
        this.tickCbs.emit(list, this.clock.now());
      }, tickMs);
      this.timer.unref();
    }
  }

  private symbolOfPair(pair: string): string | undefined {
    return this.universe.find((u) => u.tradingPair === pair)?.symbol;
  }

  private applyTicker24h(t: Ticker24h) {
    const symbol = this.symbolOfPair(t.symbol);
    if (!symbol) return;
    this.tickers.set(symbol, { symbol, lastPrice: +t.lastPrice, priceChangePercent: +t.priceChangePercent, high24h: +t.highPrice, low24h: +t.lowPrice, volume24hQuote: +t.quoteVolume, time: t.closeTime });
  }

  private connect() {
    if (this.stopped) return;
    const streams = this.universe.flatMap((u) => [`${u.tradingPair.toLowerCase()}@miniTicker`, ...u.timeframes.map((tf) => `${u.tradingPair.toLowerCase()}@kline_${tf}`)]);
    const ws = new WebSocket(`${this.opts.wsUrl.replace(/\/$/, '')}/stream?streams=${streams.join('/')}`);
    this.ws = ws;
    ws.on('open', () => {
      this.reconnectDelay = 1000;
    });
    ws.on('message', (raw) => {
      try {
        this.onMessage(JSON.parse(raw.toString()));
      } catch (e) {
        this.opts.log?.(`binance ws: bad message (${(e as Error).message})`);
      }
    });
    ws.on('error', (e) => this.opts.log?.(`binance ws: ${e.message}`));
    ws.on('close', () => {
      if (this.stopped) return;
      const d = this.reconnectDelay;
      this.reconnectDelay = Math.min(60_000, d * 2);
      setTimeout(() => this.connect(), d).unref();
    });
  }

  /** Handles one combined-stream message `{stream, data}` (kline or 24hrMiniTicker). Public for tests. */
  onMessage(msg: { stream?: string; data?: any }) {
    const d = msg.data ?? msg;
    if (d.e === '24hrMiniTicker') {
      const symbol = this.symbolOfPair(d.s);
      if (!symbol) return;
      const close = +d.c;
      const open = +d.o;
      this.tickers.set(symbol, { symbol, lastPrice: close, priceChangePercent: open ? ((close - open) / open) * 100 : null, high24h: +d.h, low24h: +d.l, volume24hQuote: +d.q, time: d.E ?? this.clock.now() });
    } else if (d.e === 'kline') {
      const symbol = this.symbolOfPair(d.s);
      const tf = d.k?.i as Timeframe;
      if (!symbol || !LIVE_TIMEFRAMES.includes(tf)) return;
      const k = d.k;
      const candle: Candle = { time: k.t, open: +k.o, high: +k.h, low: +k.l, close: +k.c, volume: +k.v };
      const key = `${symbol}:${tf}`;
      if (k.x) {
        const list = this.closed.get(key) ?? [];
        if (!list.length || list[list.length - 1].time < candle.time) list.push(candle);
        else list[list.length - 1] = candle;
        if (list.length > KEEP) list.splice(0, list.length - KEEP);
        this.closed.set(key, list);
        this.forming.delete(key);
        void this.opts.repo?.upsertCandles(symbol, tf, [candle]).catch(() => undefined);
        this.closedCbs.emit({ symbol, timeframe: tf, candle });
      } else this.forming.set(key, candle);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.ws?.close();
  }

  async getCandles(symbol: string, tf: Timeframe, opts: { limit: number; endTime?: number }): Promise<Candle[]> {
    const list = this.closed.get(`${symbol}:${tf}`) ?? [];
    const until = opts.endTime ?? Infinity;
    const eligible = list.filter((c) => c.time + TIMEFRAME_MS[tf] <= until);
    return eligible.slice(-opts.limit);
  }

  async getForming(symbol: string, tf: Timeframe): Promise<Candle | null> {
    return this.forming.get(`${symbol}:${tf}`) ?? null;
  }

  async getTicker(symbol: string): Promise<Ticker | null> {
    return this.tickers.get(symbol) ?? null;
  }

  async getTickers(): Promise<Ticker[]> {
    return [...this.tickers.values()];
  }

  onTick(cb: (t: Ticker[], now: number) => void) {
    return this.tickCbs.add(cb);
  }

  onCandleClosed(cb: (e: CandleClosedEvent) => void) {
    return this.closedCbs.add(cb);
  }
}
