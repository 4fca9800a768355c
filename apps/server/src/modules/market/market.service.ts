import { COIN_NAMES_ZH } from '@coinlens/contracts/common/coin-names';
import type { Candle, CandleSeries, ClockInfo, Coin as CoinT, CoinDetail, CoinRef, MarketDataKind, Timeframe } from '@coinlens/contracts';
import { TIMEFRAME_MS, TIMEFRAMES } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { MarketSource, MarketUniverse, Ticker } from '../../providers/market/types';
import type { CoinRow, MarketRepository } from './market.repository';
import type { LiveMetadata } from './live-metadata';

/** A trading pair of the live listing: base asset and exchange symbol (see providers/market/binance/universe.ts). */
export interface ListedCoin {
  symbol: string;
  tradingPair: string;
}

const DAY = 86_400_000;
/** The quote currency of every price. */
const QUOTE = 'USDT';
const RANGE_MS = { '1D': DAY, '7D': 7 * DAY, '1M': 30 * DAY, '3M': 90 * DAY, '1Y': 365 * DAY, ALL: Infinity } as const;
const RANGE_INTERVAL: Record<keyof typeof RANGE_MS, Timeframe> = { '1D': '5m', '7D': '1h', '1M': '1h', '3M': '1d', '1Y': '1d', ALL: '1d' };

/**
 * Data credits of the coin detail: the attribution the API owes its sources, in English like the
 * other credits of the API (`credit` of market cap and Fear & Greed). The web writes its own
 * credits in the reader's language from `market_data` and `supply_as_of`.
 */
const DETAIL_CREDITS = {
  market: 'Market data: Binance',
  marketReplay: 'Market data: Binance (replayed history)',
  /** `clockDay` is given when the listing is dated after the market clock's day (replay of an earlier period). */
  supply: (d: string, clockDay?: string) => `Supply: CoinMarketCap listing of ${d}${clockDay ? ` (after the market date ${clockDay})` : ''}`,
};

/** UTC calendar day (YYYY-MM-DD) of a time in ms. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Wall milliseconds a price list is reused (prices read the clock at most this long ago). */
export const PRICE_REUSE_MS = 1000;

/**
 * Market data for the API: coins with live prices from the market source, coin detail, candles,
 * total market cap and Fear & Greed at the clock's day. Coins are cached (they change only on import).
 */
export class MarketService {
  private coins: CoinRow[] = [];
  private window: { from: number; to: number } | null = null;
  /** Live mode: the symbols the exchange lists now (null until the first listing, and in replay). */
  private listed: Set<string> | null = null;
  constructor(private readonly deps: { repo: MarketRepository; source: MarketSource; clock: Clock; metadata?: LiveMetadata }) {}

  /**
   * Loads the coin list (call at start and after an import). In live mode, once the exchange's
   * listing is known ({@link syncListing}), the list is USDT and the listed coins only, each
   * followed on every timeframe.
   */
  async load(): Promise<void> {
    const rows = await this.deps.repo.listCoins();
    const listed = this.listed;
    this.coins = listed ? rows.filter((c) => c.symbol === QUOTE || listed.has(c.symbol)).map((c) => (c.symbol === QUOTE ? c : { ...c, timeframes: [...TIMEFRAMES] })) : rows;
    this.window = await this.deps.repo.dataWindow();
  }

  /**
   * Live mode: makes the coin list the exchange's listing. Coins without a row are stored first,
   * named from the shipped metadata snapshot (name, brand colour, icon) or, without an entry, by
   * their symbol with the generic icon; they have no supply, market cap or rank (no openly licensed
   * source has them). Delisted coins leave the list (their stored rows, candles and signals stay).
   */
  async syncListing(pairs: readonly ListedCoin[]): Promise<void> {
    const rows = await this.deps.repo.listCoins();
    const symbols = new Set(rows.map((r) => r.symbol));
    const slugs = new Set(rows.map((r) => r.slug));
    const meta = this.deps.metadata?.bySymbol;
    const fresh = [];
    for (const p of pairs) {
      if (symbols.has(p.symbol)) continue;
      let slug = p.symbol.toLowerCase();
      if (slugs.has(slug)) slug = `${slug}-${QUOTE.toLowerCase()}`;
      slugs.add(slug);
      const m = meta?.get(p.symbol);
      fresh.push({ symbol: p.symbol, name: m?.name ?? p.symbol, slug, tradingPair: p.tradingPair, icon: m?.icon ?? 'generic.svg', brandColor: m?.color ?? null, timeframes: [...TIMEFRAMES] });
    }
    await this.deps.repo.addListedCoins(fresh);
    this.listed = new Set(pairs.map((p) => p.symbol));
    await this.load();
    let h = 0x811c9dc5;
    for (const ch of [...this.listed].sort().join(',')) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    this.listingKey = `${this.listed.size}-${h.toString(36)}`;
  }

  get coinRows(): readonly CoinRow[] {
    return this.coins;
  }

  clockInfo(): ClockInfo {
    const { clock, source } = this.deps;
    return { mode: clock.mode, now: clock.now(), speed: clock.speed, start: clock.start, window: clock.mode === 'replay' ? this.window : null, market_source: source.name };
  }

  /**
   * Resolves a coin reference (`CoinRef` of packages/contracts: slug, numeric id or symbol,
   * case-insensitive): the one place where every coin endpoint turns its reference into a coin.
   * Throws COIN_NOT_FOUND.
   */
  resolve(coin: CoinRef): CoinRow {
    const key = coin.trim().toLowerCase();
    const c = /^\d+$/.test(key)
      ? this.coins.find((x) => x.id === Number(key))
      : (this.coins.find((x) => x.slug === key) ?? this.coins.find((x) => x.symbol.toLowerCase() === key));
    if (!c) throw new AppError('COIN_NOT_FOUND', `Unknown coin ${coin}`);
    return c;
  }

  /**
   * The coin of a query naming it by `coin` (a CoinRef, see {@link resolve}) or by `cmc_id`
   * (CoinMarketCap id, the public API's form); `coin` wins when both are given. Throws COIN_NOT_FOUND.
   */
  resolveQuery(q: { coin?: string; cmc_id?: number }): CoinRow {
    if (q.coin !== undefined) return this.resolve(q.coin);
    if (q.cmc_id !== undefined) return this.byCmcId(q.cmc_id);
    throw new AppError('COIN_NOT_FOUND', 'No coin named');
  }

  /** Finds a coin by CoinMarketCap id. Throws COIN_NOT_FOUND. */
  byCmcId(cmcId: number): CoinRow {
    const c = this.coins.find((x) => x.cmc_id === cmcId);
    if (!c) throw new AppError('COIN_NOT_FOUND', `Unknown cmc_id ${cmcId}`);
    return c;
  }

  /**
   * Where a coin's market data comes from (`Coin.market_data`): USDT is the quote currency; on the
   * live Binance source every other coin follows its `trading_pair` (e.g. SHIBUSDT, USDCUSDT); on
   * the replay source a coin has data only when the shipped history has candles for it.
   */
  marketDataOf(row: CoinRow): MarketDataKind {
    if (row.symbol === QUOTE) return 'quote';
    if (this.deps.source.name === 'binance') return 'live';
    return row.timeframes.length ? 'replay' : 'none';
  }

  /** Timeframes served for a coin: every followed timeframe when live, the replayed ones otherwise, none for USDT. */
  timeframesOf(row: CoinRow): Timeframe[] {
    const kind = this.marketDataOf(row);
    return kind === 'live' ? [...TIMEFRAMES] : kind === 'replay' ? row.timeframes : [];
  }

  /** The coins the market source follows (its `start` argument): every coin with market data. */
  sourceUniverse(): MarketUniverse {
    return this.coins
      .filter((c) => this.marketDataOf(c) === 'live' || this.marketDataOf(c) === 'replay')
      .map((c) => ({ symbol: c.symbol, tradingPair: c.trading_pair, timeframes: this.timeframesOf(c) }));
  }

  toCoin(row: CoinRow, t: Ticker | null): CoinT {
    // Prices are quoted in USDT, so USDT itself is 1 by definition; other coins without candles have no price.
    const quoteItself = row.symbol === QUOTE;
    return {
      id: row.id,
      name: row.name,
      symbol: row.symbol,
      slug: row.slug,
      logo: `/static/icons/${row.icon}`,
      cmc_id: row.cmc_id,
      cmc_rank: row.cmc_rank,
      tags: row.tags,
      lastPrice: quoteItself ? 1 : (t?.lastPrice ?? null),
      priceChangePercent: quoteItself ? 0 : (t?.priceChangePercent ?? null),
      volume24h: t?.volume24hQuote ?? null,
      tradingPair: row.trading_pair,
      timeframes: this.timeframesOf(row),
      market_data: this.marketDataOf(row),
      circulating_supply: row.circulating_supply,
      supply_as_of: row.supply_as_of,
    };
  }

  private async tickerMap(): Promise<Map<string, Ticker>> {
    return new Map((await this.deps.source.getTickers()).map((t) => [t.symbol, t]));
  }

  async listAll(): Promise<CoinT[]> {
    const tickers = await this.tickerMap();
    return this.coins.map((c) => this.toCoin(c, tickers.get(c.symbol) ?? null));
  }

  /**
   * Version of the prices: the clock time divided into steps of PRICE_REUSE_MS wall time (× the
   * replay speed), so every process of a deployment agrees on it.
   */
  priceVersion(): string {
    const step = String(Math.floor(this.deps.clock.now() / (PRICE_REUSE_MS * Math.max(1, this.deps.clock.speed))));
    return this.listingKey ? `${this.listingKey}:${step}` : step;
  }

  /** Live mode: a key of the listed symbols (count and hash), the same in every process that read the same listing; '' otherwise. */
  private listingKey = '';

  /**
   * Coins whose symbol, name, Chinese name ({@link COIN_NAMES_ZH}: 比特币 finds BTC) or slug contains
   * the term (exact symbol, then symbol prefix, then name prefix first), paged. Whitespace-only → all.
   */
  async search(term: string, offset: number, limit: number): Promise<CoinT[]> {
    const q = term.trim().toLowerCase();
    let rows = this.coins;
    if (q) {
      const zh = (c: CoinRow) => COIN_NAMES_ZH[c.symbol] ?? '';
      const score = (c: CoinRow) =>
        c.symbol.toLowerCase() === q || zh(c) === q ? 0 : c.symbol.toLowerCase().startsWith(q) ? 1 : c.name.toLowerCase().startsWith(q) || zh(c).startsWith(q) ? 2 : 3;
      rows = this.coins
        .filter((c) => c.symbol.toLowerCase().includes(q) || c.name.toLowerCase().includes(q) || c.slug.includes(q) || zh(c).includes(q))
        .sort((a, b) => score(a) - score(b));
    }
    const page = rows.slice(offset, offset + limit);
    const tickers = await this.tickerMap();
    return page.map((c) => this.toCoin(c, tickers.get(c.symbol) ?? null));
  }

  /** Prices of the given symbols (`BTC` or `BTCUSDT`); unknown symbols are left out. */
  async prices(symbols: string[]) {
    const tickers = await this.tickerMap();
    const now = this.deps.clock.now();
    const out = [];
    for (const s of symbols) {
      const row = this.coins.find((c) => c.symbol === s || c.trading_pair === s);
      if (!row) continue;
      const coin = this.toCoin(row, tickers.get(row.symbol) ?? null);
      out.push({ symbol: row.symbol, tradingPair: row.trading_pair, lastPrice: coin.lastPrice, priceChangePercent: coin.priceChangePercent, time: now });
    }
    return out;
  }

  /** The fallback price source by CoinMarketCap id: the 1 h series close at now (coarser, independent of ticks). */
  async cmcPrice(cmcId: number) {
    const row = this.byCmcId(cmcId);
    const now = this.deps.clock.now();
    const t = await this.deps.source.getTicker(row.symbol);
    const coin = this.toCoin(row, t);
    if (coin.lastPrice == null) throw new AppError('PRICE_UNAVAILABLE', `No price for ${row.symbol} at ${new Date(now).toISOString()}`);
    return { cmc_id: cmcId, symbol: row.symbol, price: coin.lastPrice, percent_change_24h: coin.priceChangePercent, time: now, source: this.deps.source.name };
  }

  async marketCap() {
    const day = utcDay(this.deps.clock.now());
    const rows = await this.deps.repo.globalMarketUntil(day, 31);
    if (!rows.length) throw new AppError('RESOURCE_NOT_FOUND', `No market cap data on or before ${day}`);
    const [cur, prev] = rows;
    return {
      total_market_cap: cur.total_market_cap,
      total_market_cap_change_24h_pct: prev ? ((cur.total_market_cap - prev.total_market_cap) / prev.total_market_cap) * 100 : null,
      btc_dominance: cur.btc_dominance,
      date: cur.day,
      history: rows.map((r) => ({ date: r.day, total_market_cap: r.total_market_cap, btc_dominance: r.btc_dominance })).reverse(),
      credit: 'Data provided by CoinGecko',
    };
  }

  async fearGreed() {
    const day = utcDay(this.deps.clock.now());
    const rows = await this.deps.repo.fearGreedUntil(day, 31);
    if (!rows.length) throw new AppError('RESOURCE_NOT_FOUND', `No Fear & Greed value on or before ${day}`);
    return {
      value: rows[0].value,
      classification: rows[0].classification,
      date: rows[0].day,
      history: rows.map((r) => ({ date: r.day, value: r.value, classification: r.classification })).reverse(),
      credit: 'Crypto Fear & Greed Index by alternative.me',
    };
  }

  /** Closed candles up to now plus the forming one. Throws TIMEFRAME_NOT_AVAILABLE. */
  async candles(row: CoinRow, tf: Timeframe, limit: number): Promise<CandleSeries> {
    const available = this.timeframesOf(row);
    if (!available.includes(tf)) throw new AppError('TIMEFRAME_NOT_AVAILABLE', `${row.symbol} has no ${tf} candles`, { details: { available } });
    const [candles, forming] = await Promise.all([this.deps.source.getCandles(row.symbol, tf, { limit }), this.deps.source.getForming(row.symbol, tf)]);
    return { symbol: row.symbol, timeframe: tf, candles, forming, now: this.deps.clock.now() };
  }

  /** Price points (closes) over a range for the compact detail chart. */
  async chart(row: CoinRow, range: keyof typeof RANGE_MS, interval?: Timeframe) {
    let tf = interval ?? RANGE_INTERVAL[range];
    const available = this.timeframesOf(row);
    if (!available.includes(tf)) tf = available.find((x) => TIMEFRAME_MS[x] >= TIMEFRAME_MS[tf]) ?? available.at(-1) ?? '1d';
    const span = RANGE_MS[range];
    const limit = Number.isFinite(span) ? Math.min(1500, Math.ceil(span / TIMEFRAME_MS[tf])) : 1500;
    const candles: Candle[] = await this.deps.source.getCandles(row.symbol, tf, { limit });
    return { symbol: row.symbol, interval: tf, range, points: candles.map((c) => ({ time: c.time, price: c.close, volume: c.volume })) };
  }

  /**
   * Coin detail at the clock's now, with its data credits (English attribution, see
   * DETAIL_CREDITS); the description is the shipped one, in English (`cryptocurrency_contents.lang`).
   */
  async detail(row: CoinRow): Promise<CoinDetail> {
    const t = await this.deps.source.getTicker(row.symbol);
    const coin = this.toCoin(row, t);
    const price = coin.lastPrice;
    const marketCap = price != null && row.circulating_supply != null ? price * row.circulating_supply : null;
    const fullSupply = row.max_supply ?? row.total_supply;
    const credits = [this.deps.source.name === 'replay' ? DETAIL_CREDITS.marketReplay : DETAIL_CREDITS.market];
    if (row.supply_as_of) {
      const clockDay = utcDay(this.deps.clock.now());
      credits.push(DETAIL_CREDITS.supply(row.supply_as_of, row.supply_as_of.slice(0, 10) > clockDay ? clockDay : undefined));
    }
    return {
      ...coin,
      market_cap: marketCap,
      fdv: price != null && fullSupply != null ? price * fullSupply : null,
      volume_market_cap_ratio: marketCap && coin.volume24h != null ? coin.volume24h / marketCap : null,
      total_supply: row.total_supply,
      max_supply: row.max_supply,
      high24h: row.symbol === 'USDT' ? 1 : (t?.high24h ?? null),
      low24h: row.symbol === 'USDT' ? 1 : (t?.low24h ?? null),
      contracts: row.contracts,
      website: row.website,
      cryptocurrency_contents: { description: row.description, lang: 'en-US' },
      brand_color: row.brand_color,
      credits,
    };
  }
}
