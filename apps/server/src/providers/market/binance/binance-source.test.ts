import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BinanceMarketSource } from './binance-source';
import { ManualClock } from '../../../platform/clock';

/**
 * A local stand-in for Binance's public spot API speaking its documented formats:
 * REST /api/v3/klines (12-tuple rows) and /api/v3/ticker/24hr, WebSocket combined streams
 * `/stream?streams=…` with `{stream, data}` envelopes of `kline` and `24hrMiniTicker` events.
 */
const NOW = Date.parse('2026-03-02T10:07:00Z');
const H = 3_600_000;
let server: http.Server;
let wss: WebSocketServer;
let base: string;
const sockets: WebSocket[] = [];
const requested: string[] = [];

function klines(interval: string, limit: number) {
  const ms = { '5m': 300_000, '15m': 900_000, '1h': H, '1d': 24 * H }[interval]!;
  const lastOpen = Math.floor(NOW / ms) * ms;
  const rows = [];
  for (let i = limit - 1; i >= 0; i--) {
    const t = lastOpen - i * ms;
    const p = 60000 + (t / ms) % 100;
    rows.push([t, p.toFixed(2), (p + 50).toFixed(2), (p - 50).toFixed(2), (p + 10).toFixed(2), '12.5', t + ms - 1, '750000.0', 100, '6.0', '360000.0', '0']);
  }
  return rows;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const u = new URL(req.url!, 'http://x');
    requested.push(u.pathname + u.search);
    res.setHeader('content-type', 'application/json');
    if (u.pathname === '/api/v3/klines') return res.end(JSON.stringify(klines(u.searchParams.get('interval')!, Number(u.searchParams.get('limit')))));
    if (u.pathname === '/api/v3/ticker/24hr') {
      const syms = u.searchParams.has('symbols') ? JSON.parse(u.searchParams.get('symbols')!) : ['BTCUSDT'];
      return res.end(JSON.stringify(syms.map((s: string) => ({ symbol: s, priceChange: '100.0', priceChangePercent: '0.167', weightedAvgPrice: '60000', prevClosePrice: '59900', lastPrice: '60000.01', lastQty: '0.1', bidPrice: '60000', bidQty: '1', askPrice: '60000.02', askQty: '1', openPrice: '59900', highPrice: '61000', lowPrice: '59000', volume: '1000', quoteVolume: '60000000', openTime: NOW - 24 * H, closeTime: NOW, firstId: 1, lastId: 2, count: 2 }))));
    }
    res.statusCode = 404;
    res.end('{"code":-1121,"msg":"Invalid symbol."}');
  });
  wss = new WebSocketServer({ server });
  wss.on('connection', (ws) => sockets.push(ws));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  wss.close();
  await new Promise((r) => server.close(r));
});

describe('Binance market source', () => {
  it('fetches candles on first use and tickers over REST, then follows the WebSocket streams', async () => {
    const clock = new ManualClock(NOW, 'live', null);
    const stored: { symbol: string; tf: string; n: number }[] = [];
    const src = new BinanceMarketSource(clock, {
      restUrl: `http://${base}`,
      wsUrl: `ws://${base}`,
      tickMs: 0,
      backfill: 50,
      repo: { upsertCandles: async (symbol, tf, c) => void stored.push({ symbol, tf, n: c.length }) },
    });
    // no exchangeInfo here: the source follows the coins it was given
    await src.start([{ symbol: 'BTC', tradingPair: 'BTCUSDT', timeframes: ['1h'] }]);
    expect(requested.some((r) => r.startsWith('/api/v3/klines'))).toBe(false); // candles are fetched on first use
    const hourly = await src.getCandles('BTC', '1h', { limit: 10 });
    expect(requested.some((r) => r.startsWith('/api/v3/klines?symbol=BTCUSDT&interval=1h&limit=50'))).toBe(true);
    expect(hourly).toHaveLength(10);
    expect(hourly.at(-1)!.time).toBe(Math.floor(NOW / H) * H - H); // last closed hour
    expect((await src.getForming('BTC', '1h'))!.time).toBe(Math.floor(NOW / H) * H);
    expect((await src.getTicker('BTC'))!.lastPrice).toBe(60000.01);
    expect(stored.find((s) => s.tf === '1h')!.n).toBe(49);

    await new Promise((r) => setTimeout(r, 200));
    expect(sockets.length).toBe(1);
    const closedEvents: number[] = [];
    src.onCandleClosed((e) => closedEvents.push(e.candle.time));
    const open = Math.floor(NOW / H) * H;
    const kline = (x: boolean, c: string) => JSON.stringify({ stream: 'btcusdt@kline_1h', data: { e: 'kline', E: NOW, s: 'BTCUSDT', k: { t: open, T: open + H - 1, s: 'BTCUSDT', i: '1h', f: 1, L: 2, o: '60000.00', c, h: '60500.00', l: '59800.00', v: '40.5', n: 10, x, q: '2430000', V: '20', Q: '1215000', B: '0' } } });
    sockets[0].send(kline(false, '60123.45'));
    sockets[0].send(JSON.stringify({ stream: 'btcusdt@miniTicker', data: { e: '24hrMiniTicker', E: NOW + 1000, s: 'BTCUSDT', c: '60123.45', o: '59000.00', h: '61000.00', l: '58000.00', v: '1000', q: '61000000' } }));
    await new Promise((r) => setTimeout(r, 100));
    expect((await src.getForming('BTC', '1h'))!.close).toBe(60123.45);
    const t = (await src.getTicker('BTC'))!;
    expect(t.lastPrice).toBe(60123.45);
    expect(t.priceChangePercent).toBeCloseTo(((60123.45 - 59000) / 59000) * 100, 9);
    sockets[0].send(kline(true, '60200.00'));
    await new Promise((r) => setTimeout(r, 100));
    expect(closedEvents).toEqual([open]);
    expect((await src.getCandles('BTC', '1h', { limit: 1 }))[0]).toMatchObject({ time: open, close: 60200 });
    expect(await src.getForming('BTC', '1h')).toBeNull();
    await src.stop();
  });

  it('fetches the history of a series whose only stored candle closed on the stream before its first use', async () => {
    const clock = new ManualClock(NOW, 'live', null);
    const lastClosed = Math.floor(NOW / H) * H - H;
    const streamed = { time: lastClosed, open: 1, high: 2, low: 0.5, close: 1.5, volume: 3 };
    const src = new BinanceMarketSource(clock, {
      restUrl: `http://${base}`,
      wsUrl: `ws://${base}`,
      tickMs: 0,
      backfill: 50,
      repo: { upsertCandles: async () => undefined, storedCandles: async (symbol, tf) => (symbol === 'ETH' && tf === '1h' ? [streamed] : []) },
    });
    await src.start([{ symbol: 'ETH', tradingPair: 'ETHUSDT', timeframes: ['1h'] }]);
    requested.length = 0;
    const hourly = await src.getCandles('ETH', '1h', { limit: 20 });
    expect(requested).toContain('/api/v3/klines?symbol=ETHUSDT&interval=1h&limit=50');
    expect(hourly).toHaveLength(20);
    await src.stop();
  });

  it('stores the closes of many pairs arriving together in one write, and announces each once stored', async () => {
    const clock = new ManualClock(NOW, 'live', null);
    const writes: { symbol: string; time: number }[][] = [];
    const announced: string[] = [];
    let storedBeforeAnnounced = true;
    const src = new BinanceMarketSource(clock, {
      restUrl: `http://${base}`,
      wsUrl: `ws://${base}`,
      tickMs: 0,
      repo: {
        upsertCandles: async () => {
          throw new Error('one write per close');
        },
        upsertClosed: async (rows) => {
          await new Promise((r) => setTimeout(r, 20));
          writes.push(rows.map((r) => ({ symbol: r.symbol, time: r.candle.time })));
        },
      },
    });
    const pairs = ['BTC', 'ETH', 'SOL'];
    await src.start(pairs.map((symbol) => ({ symbol, tradingPair: `${symbol}USDT`, timeframes: ['5m'] })));
    src.onCandleClosed((e) => {
      if (!writes.flat().some((w) => w.symbol === e.symbol && w.time === e.candle.time)) storedBeforeAnnounced = false;
      announced.push(`${e.symbol}:${e.timeframe}:${e.candle.time}`);
    });
    const open = Math.floor(NOW / 300_000) * 300_000 - 300_000;
    const close = (s: string, c: string) => src.onMessage({ stream: `${s.toLowerCase()}usdt@kline_5m`, data: { e: 'kline', E: NOW, s: `${s}USDT`, k: { t: open, T: open + 299_999, i: '5m', o: '1', h: '2', l: '0.5', c, v: '3', x: true } } });
    for (const s of pairs) close(s, '1.5');
    close('BTC', '1.6'); // sent again: the latest one is stored, once
    await new Promise((r) => setTimeout(r, 150));
    expect(writes).toEqual([pairs.map((symbol) => ({ symbol, time: open }))]);
    expect(announced).toEqual(pairs.map((s) => `${s}:5m:${open}`));
    expect(storedBeforeAnnounced).toBe(true);
    expect((await src.getCandles('BTC', '5m', { limit: 1 }))[0].close).toBe(1.6);
    await src.stop();
  });
});
