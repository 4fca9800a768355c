import type { FastifyInstance } from 'fastify';
import { TIMEFRAME_MS } from '@coinlens/contracts';
import { marketApi as api } from '@coinlens/contracts/market/api';
import { TickFrames, type MarketPresenter } from './market.presenter';
import type { MarketService } from './market.service';
import type { MarketSource } from '../../providers/market/types';
import { formatSseEvent, openSse } from '../../platform/sse';
import { sendJsonNow } from '../../platform/read-models';
import { route } from '../../platform/route';

/** Market endpoints: coins, prices, market cap, Fear & Greed, candles, detail, live stream. */
export async function marketRoutes(app: FastifyInstance, deps: { market: MarketService; presenter: MarketPresenter; source: MarketSource }) {
  const { market, source } = deps;

  route(app, api.getClock, {}, async () => ({ result: market.clockInfo() }));
  route(app, api.getAllCoins, {}, (_req, reply) => sendJsonNow(reply, deps.presenter.allCoinsBody()));
  route(app, api.searchCoins, {}, async (req) => ({ result: await market.search(req.query.search_term, req.query.offset, req.query.limit) }));
  route(app, api.getPrice, {}, async (req) => ({ result: await market.prices(req.query.symbols) }));
  route(app, api.getCmcPrice, {}, async (req) => ({ result: await market.cmcPrice(req.query.cmc_id) }));
  route(app, api.getMarketCap, {}, async () => ({ result: await market.marketCap() }));
  route(app, api.getFearGreed, {}, async () => ({ result: await market.fearGreed() }));
  route(app, api.getCmcHistorical, {}, async (req) => ({ result: await market.candles(market.resolveQuery(req.query), req.query.timeframe, req.query.limit) }));
  route(app, api.getDetailChart, {}, async (req) => ({ result: await market.chart(market.resolveQuery(req.query), req.query.range, req.query.interval) }));
  route(app, api.getCmcDetail, {}, async (req) => ({ result: await market.detail(market.resolveQuery(req.query)) }));
  route(app, api.getCoinDetail, {}, async (req) => ({ result: await market.detail(market.resolve(req.params.coin)) }));

  /**
   * Live market stream (server-sent events): `tick` every second with the prices that changed (all
   * of them in a connection's first tick, see {@link TickFrames}); with `symbol`
   * and `timeframe`, `kline` events with the forming candle (and `closed: true` for the candle that
   * just closed).
   */
  // The `tick` frames are the same for every client: serialised once per tick, not once per client.
  const ticks = new TickFrames(formatSseEvent);

  route(
    app,
    api.streamMarket,
    {},
    async (req, reply) => {
      const row = req.query.symbol ? market.resolve(req.query.symbol) : null;
      const tf = req.query.timeframe ?? null;
      // keepalive `now` on the market clock: clients anchor their replay clock on it
      const sse = openSse(req, reply, { now: () => source.clock.now() });
      let lastOpen: number | null = null;
      let sentNow: number | null = null;
      let busy = false;
      const off = source.onTick(async (tickers, now) => {
        if (busy || sse.closed) return;
        busy = true;
        try {
          sse.sendFrame(ticks.frameFor(tickers, now, sentNow));
          sentNow = now;
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
