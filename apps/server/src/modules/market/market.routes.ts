import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CoinIdParams, ErrorResponse, GetAllCoinsResponse, GetClockResponse, GetCmcDetailQuery, GetCmcHistoricalQuery, GetCmcHistoricalResponse,
  GetCmcPriceQuery, GetCmcPriceResponse, GetCoinDetailQuery, GetCoinDetailResponse, GetDetailChartQuery, GetDetailChartResponse,
  GetFearGreedResponse, GetMarketCapResponse, GetPriceQuery, GetPriceResponse, SearchCoinsQuery, SearchCoinsResponse, Timeframe,
  TIMEFRAME_MS,
} from '@coinlens/contracts';
import type { MarketService } from './market.service';
import type { MarketSource } from '../../providers/market/types';
import { formatSseEvent, openSse } from '../../platform/sse';
import { sendJson } from '../../platform/read-models';

const errors = { 400: ErrorResponse, 404: ErrorResponse };

/** Market endpoints (SPEC §7 Crypto): coins, prices, market cap, Fear & Greed, candles, detail, live stream. */
export async function marketRoutes(app: FastifyInstance, deps: { market: MarketService; source: MarketSource }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { market, source } = deps;
  const tags = ['market'];

  r.get('/api/clock', { schema: { tags, summary: 'The market clock: replay (with its date) or live', response: { 200: GetClockResponse } } }, async () => ({
    result: market.clockInfo(),
  }));

  r.get('/api/crypto/all', { schema: { tags, summary: 'All coins with prices', response: { 200: GetAllCoinsResponse } } }, async (_req, reply) => sendJson(reply, await market.listAllJson()));

  r.get('/api/crypto', { schema: { tags, summary: 'Search coins by symbol, name or slug', querystring: SearchCoinsQuery, response: { 200: SearchCoinsResponse, ...errors } } }, async (req) => ({
    result: await market.search(req.query.search_term, req.query.offset, req.query.limit),
  }));

  r.get('/api/crypto/price', { schema: { tags, summary: 'Last price and 24 h change by symbols', querystring: GetPriceQuery, response: { 200: GetPriceResponse, ...errors } } }, async (req) => ({
    result: await market.prices(req.query.symbols),
  }));

  r.get('/api/crypto/cmc_price', { schema: { tags, summary: 'Fallback price source by CoinMarketCap id', querystring: GetCmcPriceQuery, response: { 200: GetCmcPriceResponse, ...errors } } }, async (req) => ({
    result: await market.cmcPrice(req.query.cmc_id),
  }));

  r.get('/api/crypto/market_cap', { schema: { tags, summary: 'Total market cap and BTC dominance at the clock day', response: { 200: GetMarketCapResponse, ...errors } } }, async () => ({
    result: await market.marketCap(),
  }));

  r.get('/api/crypto/fear_greed', { schema: { tags, summary: 'Crypto Fear & Greed Index at the clock day', response: { 200: GetFearGreedResponse, ...errors } } }, async () => ({
    result: await market.fearGreed(),
  }));

  r.get('/api/crypto/cmc_historical', { schema: { tags, summary: 'Candles (OHLCV) up to now plus the forming candle', querystring: GetCmcHistoricalQuery, response: { 200: GetCmcHistoricalResponse, ...errors } } }, async (req) => ({
    result: await market.candles(market.byCmcId(req.query.cmc_id), req.query.timeframe, req.query.limit),
  }));

  r.get('/api/crypto/detail/chart', { schema: { tags, summary: 'Price points over a range', querystring: GetDetailChartQuery, response: { 200: GetDetailChartResponse, ...errors } } }, async (req) => ({
    result: await market.chart(market.byCmcId(req.query.cmc_id), req.query.range, req.query.interval),
  }));

  r.get('/api/crypto/cmc_detail', { schema: { tags, summary: 'Coin detail by CoinMarketCap id', querystring: GetCmcDetailQuery, response: { 200: GetCoinDetailResponse, ...errors } } }, async (req) => ({
    result: await market.detail(market.byCmcId(req.query.cmc_id)),
  }));

  r.get('/api/crypto/:id/detail', { schema: { tags, summary: 'Coin detail by id, slug or symbol', params: CoinIdParams, querystring: GetCoinDetailQuery, response: { 200: GetCoinDetailResponse, ...errors } } }, async (req) => ({
    result: await market.detail(market.resolve(req.params.id)),
  }));

  /**
   * Live market stream (server-sent events): `tick` every second with all prices; with `symbol`
   * and `timeframe`, `kline` events with the forming candle (and `closed: true` for the candle that
   * just closed).
   */
  // The `tick` event is the same for every client: serialise it once per tick, not once per client.
  let lastTick: { now: number; frame: string } | null = null;
  const tickFrame = (tickers: { symbol: string; lastPrice: number | null; priceChangePercent: number | null }[], now: number): string => {
    if (lastTick?.now !== now) {
      lastTick = { now, frame: formatSseEvent('tick', { type: 'tick', now, prices: tickers.map((t) => ({ symbol: t.symbol, lastPrice: t.lastPrice, priceChangePercent: t.priceChangePercent })) }) };
    }
    return lastTick.frame;
  };

  r.get(
    '/api/stream/market',
    { schema: { tags, summary: 'Live prices and forming candle (server-sent events)', querystring: z.object({ symbol: z.string().max(20).optional(), timeframe: Timeframe.optional() }), response: { ...errors } } },
    async (req, reply) => {
      const row = req.query.symbol ? market.resolve(req.query.symbol) : null;
      const tf = req.query.timeframe ?? null;
      const sse = openSse(req, reply);
      let lastOpen: number | null = null;
      let busy = false;
      const off = source.onTick(async (tickers, now) => {
        if (busy || sse.closed) return;
        busy = true;
        try {
          sse.sendFrame(tickFrame(tickers, now));
          if (row && tf && row.timeframes.includes(tf)) {
            const open = Math.floor(now / TIMEFRAME_MS[tf]) * TIMEFRAME_MS[tf];
            if (lastOpen !== null && open !== lastOpen) {
              const [closedCandle] = await source.getCandles(row.symbol, tf, { limit: 1 });
              if (closedCandle) sse.send('kline', { type: 'kline', symbol: row.symbol, timeframe: tf, candle: closedCandle, closed: true });
            }
            lastOpen = open;
            const forming = await source.getForming(row.symbol, tf);
            if (forming) sse.send('kline', { type: 'kline', symbol: row.symbol, timeframe: tf, candle: forming, closed: false });
          }
        } finally {
          busy = false;
        }
      });
      sse.onClose(off);
    },
  );
}
