import { z } from 'zod';
import { Timeframe } from '../common/timeframe-schema';


/** The source of a coin's market data (see {@link Coin} `market_data`). */
export const MarketDataKind = z.enum(['replay', 'live', 'quote', 'none']);
export type MarketDataKind = z.infer<typeof MarketDataKind>;

/**
 * A coin as listed everywhere. Prices in USDT.
 * `lastPrice` is null when no price is known at the clock's now (then the client falls back to
 * `/crypto/cmc_price`). `priceChangePercent` is the 24 h change in percent (1.5 = +1.5 %).
 */
export const Coin = z.object({
  id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  slug: z.string(),
  logo: z.string(),
  cmc_id: z.number().int().nullable(),
  cmc_rank: z.number().int().nullable(),
  tags: z.array(z.string()),
  lastPrice: z.number().nullable(),
  priceChangePercent: z.number().nullable(),
  /** 24 h traded volume in USDT (quote volume). */
  volume24h: z.number().nullable(),
  /** Binance pair, symbol + USDT, e.g. `BTCUSDT`. */
  tradingPair: z.string(),
  /** Timeframes with candles for this coin (empty when `market_data` is `none` or `quote`). */
  timeframes: z.array(Timeframe),
  /**
   * Where this coin's price and candles come from, so the client never guesses:
   * `replay` — replayed Binance history (shipped candles); `live` — Binance's live `tradingPair`;
   * `quote` — USDT itself, the quote currency (price 1 by definition, no chart);
   * `none` — no market data here (a replay whose shipped history has no candles for the coin,
   * e.g. SHIB and USDC): no price, change, volume or chart, and no fallback price to ask for.
   */
  market_data: MarketDataKind,
  /** Circulating supply in coin units from the shipped CoinMarketCap listing of `supply_as_of`; null when unknown. */
  circulating_supply: z.number().nullable(),
  /** Day (YYYY-MM-DD) of the supply snapshot; null when there is none. */
  supply_as_of: z.string().nullable(),
});
export type Coin = z.infer<typeof Coin>;

/**
 * One coin reference (`CoinRef`), accepted by every endpoint about one coin (the `{coin}`
 * path parameter, `coin` and `cryptocurrency_id` queries; in code a coin reference is always named `coin`). Its canonical form is the coin's
 * `slug` (`bitcoin`, what the coin page URL carries and passes to every call of the page); the
 * numeric `id` and the `symbol` (case-insensitive) are accepted too. The server resolves it in one
 * place (`MarketService.resolve`); an unknown reference is 404 COIN_NOT_FOUND.
 */
export const CoinRef = z.string().trim().min(1).max(64);
export type CoinRef = z.infer<typeof CoinRef>;

/** A contract of a token on a chain. */
export const CoinContract = z.object({
  chain: z.string(),
  address: z.string(),
  decimals: z.number().int().nullable(),
  explorer: z.string().nullable(),
});

/**
 * Coin detail. Market figures in USDT. Supplies in coin units, from the
 * CoinMarketCap listing of `supply_as_of` (shipped snapshot); market cap = circulating supply × price.
 */
export const CoinDetail = Coin.extend({
  market_cap: z.number().nullable(),
  fdv: z.number().nullable(),
  volume_market_cap_ratio: z.number().nullable(),
  total_supply: z.number().nullable(),
  max_supply: z.number().nullable(),
  high24h: z.number().nullable(),
  low24h: z.number().nullable(),
  contracts: z.array(CoinContract),
  website: z.string().nullable(),
  /**
   * Texts about the coin. `lang` is the language `description` is written in: the shipped
   * descriptions exist in English only, so a zh-CN page marks the paragraph as English.
   */
  cryptocurrency_contents: z.object({ description: z.string().nullable(), lang: z.enum(['en-US', 'zh-CN']) }),
  brand_color: z.string().nullable(),
  /** Data credits owed with these figures, in English (the web shows its own translation of them). */
  credits: z.array(z.string()),
});
export type CoinDetail = z.infer<typeof CoinDetail>;

/** One OHLCV candle; `time` is the open time in ms (UTC), volume in base-asset units. */
export const Candle = z.object({
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type Candle = z.infer<typeof Candle>;
