import type { Candle, Timeframe } from '@coinlens/contracts';
import type { Candles } from '@coinlens/ta';
import type { Clock } from '../../platform/clock';

/** 24 h statistics of one coin at the clock's now. Prices in USDT, volume in USDT (quote). */
export interface Ticker {
  symbol: string;
  lastPrice: number | null;
  /** Percent, e.g. 1.5 for +1.5 %. */
  priceChangePercent: number | null;
  high24h: number | null;
  low24h: number | null;
  volume24hQuote: number | null;
  /** Clock time of the figures (ms). */
  time: number;
}

/** A candle of (symbol, timeframe) that just closed on the clock. */
export interface CandleClosedEvent {
  symbol: string;
  timeframe: Timeframe;
  candle: Candle;
}

/** The coins a market source serves: symbol → its timeframes. */
export type MarketUniverse = { symbol: string; tradingPair: string; timeframes: Timeframe[] }[];

/**
 * A source of market data (a provider under `providers/market/<name>/`). It serves closed candles
 * up to the clock's now, the forming candle and 24 h tickers, and emits a `tick` every second and
 * `candleClosed` when a candle closes.
 */
export interface MarketSource {
  readonly name: 'replay' | 'binance';
  readonly clock: Clock;
  start(universe: MarketUniverse): Promise<void>;
  stop(): Promise<void>;
  /** Latest `limit` closed candles with close time ≤ min(now, endTime), oldest first. Empty when none. */
  getCandles(symbol: string, timeframe: Timeframe, opts: { limit: number; endTime?: number }): Promise<Candle[]>;
  /**
   * The candles of {@link MarketSource.getCandles} as float64 columns, without a `Candle` object
   * each (the analysis of every pair on each close reads 1,000 of them). Absent: read `getCandles`.
   * The columns may view a larger buffer: copy them before keeping or posting them.
   */
  getCandleColumns?(symbol: string, timeframe: Timeframe, opts: { limit: number; endTime?: number }): Promise<Candles>;
  /** The candle forming at now (open time = now floored to the timeframe), or null when no data. */
  getForming(symbol: string, timeframe: Timeframe): Promise<Candle | null>;
  getTicker(symbol: string): Promise<Ticker | null>;
  /**
   * Makes sure the candles of (symbol, timeframe) are at hand and stored (a live source fetches a
   * series on its first use; `now` when a reader waits on it, `background` for the analysis of every
   * pair). Absent: every series is always at hand (the replay source).
   */
  prepare?(symbol: string, timeframe: Timeframe, priority?: 'now' | 'background'): Promise<void>;
  getTickers(): Promise<Ticker[]>;
  onTick(cb: (tickers: Ticker[], now: number) => void): () => void;
  onCandleClosed(cb: (e: CandleClosedEvent) => void): () => void;
}

/**
 * The subscribers of one event of a market source (ticks, closed candles): `add` returns the
 * unsubscribe function that `onTick` / `onCandleClosed` hand out; `emit` calls each in order.
 */
export class Listeners<A extends unknown[]> {
  private readonly set = new Set<(...args: A) => void>();

  /** Whether anyone listens (to skip computing an event nobody reads). */
  get size(): number {
    return this.set.size;
  }

  add(cb: (...args: A) => void): () => void {
    this.set.add(cb);
    return () => {
      this.set.delete(cb);
    };
  }

  emit(...args: A): void {
    for (const cb of this.set) cb(...args);
  }
}
