import { endpoint } from '../api/endpoint';
import { ROUTES } from '../api/routes';
import { ErrorResponse } from '../common/envelope';
import {
  CoinIdParams, GetAllCoinsResponse, GetClockResponse, GetCmcDetailQuery, GetCmcHistoricalQuery, GetCmcHistoricalResponse, GetCmcPriceQuery, GetCmcPriceResponse,
  GetCoinDetailResponse, GetDetailChartQuery, GetDetailChartResponse, GetFearGreedResponse, GetMarketCapResponse, GetPriceQuery, GetPriceResponse,
  MarketStreamQuery, SearchCoinsQuery, SearchCoinsResponse,
} from './endpoints';

const tags = ['market'];
const errors = { 400: ErrorResponse, 404: ErrorResponse };

/** Market endpoints: coins, prices, market cap, Fear & Greed, candles, detail, live stream. */
export const marketApi = {
  getClock: endpoint(ROUTES.getClock, { tags, summary: 'The market clock: replay (with its date) or live', response: { 200: GetClockResponse } }),
  getAllCoins: endpoint(ROUTES.getAllCoins, { tags, summary: 'All coins with prices', response: { 200: GetAllCoinsResponse } }),
  searchCoins: endpoint(ROUTES.searchCoins, { tags, summary: 'Search coins by symbol, name or slug', querystring: SearchCoinsQuery, response: { 200: SearchCoinsResponse, ...errors } }),
  getPrice: endpoint(ROUTES.getPrice, { tags, summary: 'Last price and 24 h change by symbols', querystring: GetPriceQuery, response: { 200: GetPriceResponse, ...errors } }),
  getCmcPrice: endpoint(ROUTES.getCmcPrice, { tags, summary: 'Fallback price source by CoinMarketCap id', querystring: GetCmcPriceQuery, response: { 200: GetCmcPriceResponse, ...errors } }),
  getMarketCap: endpoint(ROUTES.getMarketCap, { tags, summary: 'Total market cap and BTC dominance at the clock day', response: { 200: GetMarketCapResponse, ...errors } }),
  getFearGreed: endpoint(ROUTES.getFearGreed, { tags, summary: 'Crypto Fear & Greed Index at the clock day', response: { 200: GetFearGreedResponse, ...errors } }),
  getCmcHistorical: endpoint(ROUTES.getCmcHistorical, {
    tags,
    summary: 'Candles (OHLCV) up to now plus the forming candle, by cmc_id or by coin (CoinRef)',
    querystring: GetCmcHistoricalQuery,
    response: { 200: GetCmcHistoricalResponse, ...errors },
  }),
  getDetailChart: endpoint(ROUTES.getDetailChart, { tags, summary: 'Price points over a range, by cmc_id or by coin (CoinRef)', querystring: GetDetailChartQuery, response: { 200: GetDetailChartResponse, ...errors } }),
  getCmcDetail: endpoint(ROUTES.getCmcDetail, { tags, summary: 'Coin detail by CoinMarketCap id', querystring: GetCmcDetailQuery, response: { 200: GetCoinDetailResponse, ...errors } }),
  getCoinDetail: endpoint(ROUTES.getCoinDetail, {
    tags,
    summary: 'Coin detail by CoinRef (slug, id or symbol), with the data credits (English attribution)',
    params: CoinIdParams,
    response: { 200: GetCoinDetailResponse, ...errors },
  }),
  streamMarket: endpoint(ROUTES.streamMarket, { tags, summary: 'Live prices and forming candle (server-sent events)', querystring: MarketStreamQuery, response: { ...errors } }),
};
