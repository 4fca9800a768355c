import { z } from 'zod';
import { ErrorResponse, resultOf } from '../common/envelope';
import { Timeframe } from '../common/timeframe-schema';
import { Candle, Coin, CoinDetail, CoinRef } from './coin';
import { endpoint, GET } from '../api/endpoint';

/** Comma-separated list of symbols (`BTC,ETH` or `BTCUSDT,ETHUSDT`), 1..100 items, upper-cased. */
const SymbolList = z
  .string()
  .trim()
  .min(1, 'symbols must not be empty')
  .transform((s) => s.split(',').map((x) => x.trim().toUpperCase()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[A-Z0-9]{1,20}$/, 'invalid symbol')).min(1, 'symbols must not be empty').max(100));

const CmcId = z.coerce.number().int().positive();

// GET /api/crypto/all
export const GetAllCoinsResponse = resultOf(z.array(Coin));

// GET /api/crypto?search_term&offset&limit
export const SearchCoinsQuery = z.object({
  search_term: z.string().max(100).optional().default(''),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const SearchCoinsResponse = resultOf(z.array(Coin));

// GET /api/crypto/price?symbols
export const GetPriceQuery = z.object({ symbols: SymbolList });
export const PriceItem = z.object({
  symbol: z.string(),
  tradingPair: z.string(),
  lastPrice: z.number().nullable(),
  priceChangePercent: z.number().nullable(),
  time: z.number(),
});
export const GetPriceResponse = resultOf(z.array(PriceItem));

// GET /api/crypto/cmc_price?cmc_id (fallback price source)
export const GetCmcPriceQuery = z.object({ cmc_id: CmcId });
export const GetCmcPriceResponse = resultOf(
  z.object({ cmc_id: z.number(), symbol: z.string(), price: z.number().nullable(), percent_change_24h: z.number().nullable(), time: z.number(), source: z.string() }),
);

// GET /api/crypto/market_cap
export const MarketCapSummary = z.object({
  total_market_cap: z.number(),
  total_market_cap_change_24h_pct: z.number().nullable(),
  btc_dominance: z.number(),
  date: z.string(),
  history: z.array(z.object({ date: z.string(), total_market_cap: z.number(), btc_dominance: z.number() })),
  credit: z.string(),
});
export const GetMarketCapResponse = resultOf(MarketCapSummary);

// GET /api/crypto/fear_greed
export const FearGreed = z.object({
  value: z.number().int(),
  classification: z.string(),
  date: z.string(),
  history: z.array(z.object({ date: z.string(), value: z.number().int(), classification: z.string() })),
  credit: z.string(),
});
export const GetFearGreedResponse = resultOf(FearGreed);

/** Which coin a `cmc_id`-keyed endpoint is about: `cmc_id` or, instead, a {@link CoinRef} as `coin`. */
const cmcIdOrCoin = <T extends { cmc_id?: unknown; coin?: unknown }>(q: T) => q.cmc_id !== undefined || q.coin !== undefined;
const CMC_ID_OR_COIN = { message: 'cmc_id or coin is required', path: ['cmc_id'] };

// GET /api/crypto/cmc_historical?cmc_id&timeframe(=1h)&limit — or ?coin=<CoinRef> instead of cmc_id
export const GetCmcHistoricalQuery = z
  .object({
    cmc_id: CmcId.optional(),
    coin: CoinRef.optional(),
    timeframe: Timeframe.default('1h'),
    limit: z.coerce.number().int().min(1).max(1500).default(500),
  })
  .refine(cmcIdOrCoin, CMC_ID_OR_COIN);
/** Closed candles up to the clock's now, plus the forming one last (`forming: true`). */
export const CandleSeries = z.object({
  symbol: z.string(),
  timeframe: Timeframe,
  candles: z.array(Candle),
  forming: Candle.nullable(),
  now: z.number(),
});
export type CandleSeries = z.infer<typeof CandleSeries>;
export const GetCmcHistoricalResponse = resultOf(CandleSeries);

// GET /api/crypto/detail/chart?cmc_id&interval&range
export const ChartRange = z.enum(['1D', '7D', '1M', '3M', '1Y', 'ALL']);
export const GetDetailChartQuery = z
  .object({
    cmc_id: CmcId.optional(),
    coin: CoinRef.optional(),
    interval: Timeframe.optional(),
    range: ChartRange.default('1D'),
  })
  .refine(cmcIdOrCoin, CMC_ID_OR_COIN);
export const GetDetailChartResponse = resultOf(
  z.object({ symbol: z.string(), interval: Timeframe, range: ChartRange, points: z.array(z.object({ time: z.number(), price: z.number(), volume: z.number() })) }),
);

// GET /api/crypto/cmc_detail?cmc_id
export const GetCmcDetailQuery = z.object({ cmc_id: CmcId });
export const GetCoinDetailResponse = resultOf(CoinDetail);

// GET /api/crypto/{coin}/detail — {coin} is a CoinRef (slug, numeric id or symbol); `credits` are the
// English attribution (the web translates), `cryptocurrency_contents.lang` says which language the description is in
export const CoinIdParams = z.object({ coin: CoinRef });

// GET /api/clock — the market clock (replay or live)
export const ClockInfo = z.object({
  mode: z.enum(['replay', 'live']),
  now: z.number(),
  speed: z.number(),
  start: z.number().nullable(),
  /** In replay: first and last instant of the shipped data window. */
  window: z.object({ from: z.number(), to: z.number() }).nullable(),
  market_source: z.string(),
});
export type ClockInfo = z.infer<typeof ClockInfo>;
export const GetClockResponse = resultOf(ClockInfo);

/** GET /api/stream/market?symbol&timeframe: `symbol` is a CoinRef (any form) whose forming candle of `timeframe` is streamed. */
export const MarketStreamQuery = z.object({ symbol: z.string().max(20).optional(), timeframe: Timeframe.optional() });

/**
 * Server-sent events of GET /api/stream/market?symbol&timeframe.
 * - `tick`: every second, the prices at the clock's now: of every coin in a connection's first tick
 *   (and after a tick it missed), else only of the coins whose price changed (`delta: true`).
 *   Merge each tick into the prices held; a coin absent from a delta tick kept its price.
 * - `kline`: the forming candle of (symbol, timeframe) when given; `closed: true` once it closes.
 * - `keepalive`: every 15 s.
 */
export const MarketStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tick'), now: z.number(), delta: z.boolean().optional(), prices: z.array(z.object({ symbol: z.string(), lastPrice: z.number().nullable(), priceChangePercent: z.number().nullable() })) }),
  z.object({ type: z.literal('kline'), symbol: z.string(), timeframe: Timeframe, candle: Candle, closed: z.boolean() }),
  z.object({ type: z.literal('keepalive'), now: z.number() }),
]);
export type MarketStreamEvent = z.infer<typeof MarketStreamEvent>;

// ---- endpoint descriptors: method, path and the schemas above ----------------------------------

const tags = ['market'];
const errors = { 400: ErrorResponse, 404: ErrorResponse };

/** Market endpoints: coins, prices, market cap, Fear & Greed, candles, detail, live stream. */
export const marketApi = {
  getClock: endpoint(GET('/api/clock'), { tags, summary: 'The market clock: replay (with its date) or live', response: { 200: GetClockResponse } }),
  getAllCoins: endpoint(GET('/api/crypto/all'), { tags, summary: 'All coins with prices', response: { 200: GetAllCoinsResponse } }),
  searchCoins: endpoint(GET('/api/crypto'), { tags, summary: 'Search coins by symbol, name or slug', querystring: SearchCoinsQuery, response: { 200: SearchCoinsResponse, ...errors } }),
  getPrice: endpoint(GET('/api/crypto/price'), { tags, summary: 'Last price and 24 h change by symbols', querystring: GetPriceQuery, response: { 200: GetPriceResponse, ...errors } }),
  getCmcPrice: endpoint(GET('/api/crypto/cmc_price'), { tags, summary: 'Fallback price source by CoinMarketCap id', querystring: GetCmcPriceQuery, response: { 200: GetCmcPriceResponse, ...errors } }),
  getMarketCap: endpoint(GET('/api/crypto/market_cap'), { tags, summary: 'Total market cap and BTC dominance at the clock day', response: { 200: GetMarketCapResponse, ...errors } }),
  getFearGreed: endpoint(GET('/api/crypto/fear_greed'), { tags, summary: 'Crypto Fear & Greed Index at the clock day', response: { 200: GetFearGreedResponse, ...errors } }),
  getCmcHistorical: endpoint(GET('/api/crypto/cmc_historical'), {
    tags,
    summary: 'Candles (OHLCV) up to now plus the forming candle, by cmc_id or by coin (CoinRef)',
    querystring: GetCmcHistoricalQuery,
    response: { 200: GetCmcHistoricalResponse, ...errors },
  }),
  getDetailChart: endpoint(GET('/api/crypto/detail/chart'), { tags, summary: 'Price points over a range, by cmc_id or by coin (CoinRef)', querystring: GetDetailChartQuery, response: { 200: GetDetailChartResponse, ...errors } }),
  getCmcDetail: endpoint(GET('/api/crypto/cmc_detail'), { tags, summary: 'Coin detail by CoinMarketCap id', querystring: GetCmcDetailQuery, response: { 200: GetCoinDetailResponse, ...errors } }),
  getCoinDetail: endpoint(GET('/api/crypto/:coin/detail'), {
    tags,
    summary: 'Coin detail by CoinRef (slug, id or symbol), with the data credits (English attribution)',
    params: CoinIdParams,
    response: { 200: GetCoinDetailResponse, ...errors },
  }),
  streamMarket: endpoint(GET('/api/stream/market'), { tags, summary: 'Live prices and forming candle (server-sent events)', querystring: MarketStreamQuery, response: { ...errors } }),
};
