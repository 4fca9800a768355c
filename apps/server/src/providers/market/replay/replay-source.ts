import { type Candle, type Timeframe, TIMEFRAME_MS, TIMEFRAMES } from '@coinlens/contracts';
import type { Clock } from '../../../platform/clock';
import { type CandleClosedEvent, Listeners, type MarketSource, type MarketUniverse, type Ticker } from '../types';
import { type Candles, sliceCandles } from '@coinlens/ta';
import { aggregateUntil, candleAt, covers, lastIndexAtOrBefore, pricePath, seriesOf, type SeriesColumns } from '../series';

const DAY = 86_400_000;
/** Closed candles one tick emits per series at most (an hour of 5m candles). */
const MAX_CLOSED_PER_TICK = 12;

/**
 * Loads the whole stored series of (symbol, timeframe), oldest first; empty columns when none.
 * The loader is the process' one series cache (`CandleStore.load` of the market module): the
 * replay source keeps no copy of its own and asks it on every read.
 */
export type SeriesLoader = (symbol: string, timeframe: Timeframe) => Promise<SeriesColumns>;

/**
 * Replays the shipped real candles on the replay clock. Prices tick along each
 * finest candle's path (see `pricePath`), forming candles are aggregated from the finest series
 * that covers now, and a candle is "closed" only once the clock passes its close time: nothing
 * after the clock's now is ever served.
 */
export class ReplayMarketSource implements MarketSource {
  readonly name = 'replay' as const;
  private universe: MarketUniverse = [];
  private readonly tickCbs = new Listeners<[Ticker[], number]>();
  private readonly closedCbs = new Listeners<[CandleClosedEvent]>();
  private timer: NodeJS.Timeout | null = null;
  private lastBoundary = new Map<string, number>();

  constructor(
    readonly clock: Clock,
    private readonly load: SeriesLoader,
    private readonly opts: { tickMs?: number } = {},
  ) {}

  private getSeries(symbol: string, tf: Timeframe): Promise<SeriesColumns> {
    return this.load(symbol, tf);
  }

  private timeframesOf(symbol: string): Timeframe[] {
    return this.universe.find((u) => u.symbol === symbol)?.timeframes ?? [];
  }

  /** The finest stored series of `symbol` that covers time t, or null. */
  private async finestAt(symbol: string, t: number, maxTf?: Timeframe): Promise<SeriesColumns | null> {
    const tfs = this.timeframesOf(symbol);
    for (const tf of TIMEFRAMES) {
      if (!tfs.includes(tf)) continue;
      if (maxTf && TIMEFRAME_MS[tf] > TIMEFRAME_MS[maxTf]) break;
      const s = await this.getSeries(symbol, tf);
      if (covers(s, t)) return s;
    }
    return null;
  }

  async start(universe: MarketUniverse): Promise<void> {
    this.universe = universe;
    // Warm the finest series of every coin so the first ticks are fast.
    await Promise.all(universe.map((u) => (u.timeframes[0] ? this.getSeries(u.symbol, u.timeframes[0]) : null)));
    const now = this.clock.now();
    for (const u of universe) for (const tf of u.timeframes) this.lastBoundary.set(`${u.symbol}:${tf}`, Math.floor(now / TIMEFRAME_MS[tf]));
    const tickMs = this.opts.tickMs ?? 1000;
    if (tickMs > 0) {
      this.timer = setInterval(() => void this.tick().catch(() => undefined), tickMs);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One tick: emits tickers and every candle closed since the previous tick (oldest first). Public for tests. */
  async tick(): Promise<void> {
    const now = this.clock.now();
    if (this.tickCbs.size) {
      const tickers = await this.getTickers();
      this.tickCbs.emit(tickers, now);
    }
    for (const u of this.universe) {
      for (const tf of u.timeframes) {
        const key = `${u.symbol}:${tf}`;
        const b = Math.floor(now / TIMEFRAME_MS[tf]);
        const prev = this.lastBoundary.get(key);
        this.lastBoundary.set(key, b);
        if (prev === undefined || b === prev) continue;
        if (b < prev) continue; // the replay wrapped around to its start
        if (!this.closedCbs.size) continue;
        // Every candle that closed between the two ticks, oldest first, each once: those whose close
        // time lies in (prev, b] boundaries. A late tick on a busy process crosses several (at most
        // MAX_CLOSED_PER_TICK per series; a replay faster than that per tick skips the older ones).
        // Asked for by boundary, not by "now", so a tick slow to get here still emits its own candles.
        const closed = await this.getCandles(u.symbol, tf, { limit: Math.min(b - prev, MAX_CLOSED_PER_TICK), endTime: b * TIMEFRAME_MS[tf] });
        for (const c of closed) if (c.time + TIMEFRAME_MS[tf] > prev * TIMEFRAME_MS[tf]) this.closedCbs.emit({ symbol: u.symbol, timeframe: tf, candle: c });
      }
    }
  }

  async getCandles(symbol: string, tf: Timeframe, opts: { limit: number; endTime?: number }): Promise<Candle[]> {
    if (!this.timeframesOf(symbol).includes(tf)) return [];
    const s = await this.getSeries(symbol, tf);
    const until = Math.min(this.clock.now(), opts.endTime ?? Infinity);
    // closed: open + tf ≤ until  ⇔  open ≤ until − tf
    const last = lastIndexAtOrBefore(s.openTime, until - s.tfMs);
    const out: Candle[] = [];
    for (let i = Math.max(0, last - opts.limit + 1); i <= last; i++) out.push(candleAt(s, i));
    return out;
  }

  async getCandleColumns(symbol: string, tf: Timeframe, opts: { limit: number; endTime?: number }): Promise<Candles> {
    const s = this.timeframesOf(symbol).includes(tf) ? await this.getSeries(symbol, tf) : null;
    if (!s) return sliceCandles(seriesOf([], TIMEFRAME_MS[tf]), 0, 0);
    const last = lastIndexAtOrBefore(s.openTime, Math.min(this.clock.now(), opts.endTime ?? Infinity) - s.tfMs);
    return sliceCandles(s, Math.max(0, last - opts.limit + 1), last + 1);
  }

  async getForming(symbol: string, tf: Timeframe): Promise<Candle | null> {
    if (!this.timeframesOf(symbol).includes(tf)) return null;
    const now = this.clock.now();
    const tfMs = TIMEFRAME_MS[tf];
    const from = Math.floor(now / tfMs) * tfMs;
    const fine = await this.finestAt(symbol, now, tf);
    if (!fine) return null;
    if (fine.tfMs === tfMs) {
      const i = lastIndexAtOrBefore(fine.openTime, now);
      if (i < 0 || fine.openTime[i] !== from) return null;
      const f = (now - from) / tfMs;
      const p = pricePath(fine.open[i], fine.high[i], fine.low[i], fine.close[i], f);
      return { time: from, open: fine.open[i], high: p.high, low: p.low, close: p.price, volume: fine.volume[i] * f };
    }
    return aggregateUntil(fine, from, now);
  }

  /** Price at time t from the finest covering series, with the running extremes of its candle. */
  private async priceAt(symbol: string, t: number): Promise<number | null> {
    const s = await this.finestAt(symbol, t);
    if (!s) return null;
    const i = lastIndexAtOrBefore(s.openTime, t);
    if (i < 0) return null;
    return pricePath(s.open[i], s.high[i], s.low[i], s.close[i], (t - s.openTime[i]) / s.tfMs).price;
  }

  async getTicker(symbol: string): Promise<Ticker | null> {
    if (!this.universe.some((u) => u.symbol === symbol)) return null;
    const now = this.clock.now();
    const s = await this.finestAt(symbol, now);
    if (!s) return { symbol, lastPrice: null, priceChangePercent: null, high24h: null, low24h: null, volume24hQuote: null, time: now };
    const i = lastIndexAtOrBefore(s.openTime, now);
    const cur = pricePath(s.open[i], s.high[i], s.low[i], s.close[i], (now - s.openTime[i]) / s.tfMs);
    const from = now - DAY;
    const prev = await this.priceAt(symbol, from);
    // 24 h window over the finest series: full candles inside (from, now) plus the partial one.
    let high = cur.high;
    let low = cur.low;
    let volQuote = s.volume[i] * ((now - s.openTime[i]) / s.tfMs) * cur.price;
    for (let k = i - 1; k >= 0 && s.openTime[k] + s.tfMs > from; k--) {
      high = Math.max(high, s.high[k]);
      low = Math.min(low, s.low[k]);
      // quote volume ≈ base volume × the candle's typical price (Binance's exact quote volume is not shipped)
      volQuote += s.volume[k] * ((s.high[k] + s.low[k] + s.close[k]) / 3);
    }
    return {
      symbol,
      lastPrice: cur.price,
      priceChangePercent: prev ? ((cur.price - prev) / prev) * 100 : null,
      high24h: high,
      low24h: low,
      volume24hQuote: volQuote,
      time: now,
    };
  }

  async getTickers(): Promise<Ticker[]> {
    return (await Promise.all(this.universe.map((u) => this.getTicker(u.symbol)))).filter((t): t is Ticker => t !== null);
  }

  onTick(cb: (t: Ticker[], now: number) => void) {
    return this.tickCbs.add(cb);
  }

  onCandleClosed(cb: (e: CandleClosedEvent) => void) {
    return this.closedCbs.add(cb);
  }
}
