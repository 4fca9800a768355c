import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, T0 } from '../../../test/harness';

/**
 * `Coin.market_data` tells the client where a coin's figures come from, so it never guesses (and
 * never asks the fallback price source for a coin that has none). SHIB and USDC have no candles in
 * the shipped history: in replay they are `none`, with their supply snapshot; on the live Binance
 * source they come from SHIBUSDT and USDCUSDT.
 */
type App = Awaited<ReturnType<typeof createTestApp>>;
const get = async (t: App, url: string) => {
  const r = await t.app.inject({ method: 'GET', url });
  return { status: r.statusCode, body: r.json() as any };
};

describe('replay: coins without replayed candles', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp({ symbols: ['BTC'], timeframes: ['1h'] });
  });
  afterAll(async () => t?.close());

  it('lists SHIB and USDC as market_data none with their supply snapshot, BTC as replay, USDT as quote', async () => {
    const all = (await get(t, '/api/crypto/all')).body.result as any[];
    const by = (s: string) => all.find((c) => c.symbol === s);
    expect(by('BTC')).toMatchObject({ market_data: 'replay', timeframes: ['1h'] });
    expect(by('USDT')).toMatchObject({ market_data: 'quote', lastPrice: 1, timeframes: [] });
    for (const s of ['SHIB', 'USDC']) {
      expect(by(s), s).toMatchObject({ market_data: 'none', lastPrice: null, timeframes: [], supply_as_of: '2025-08-02' });
      expect(by(s).circulating_supply, s).toBeGreaterThan(1e9);
    }
    const search = (await get(t, '/api/crypto?search_term=shib')).body.result;
    expect(search[0]).toMatchObject({ symbol: 'SHIB', market_data: 'none' });
  });

  it('the SHIB detail says none and keeps the supply figures', async () => {
    const { status, body } = await get(t, '/api/crypto/shiba-inu/detail');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ symbol: 'SHIB', market_data: 'none', lastPrice: null, market_cap: null, supply_as_of: '2025-08-02', tradingPair: 'SHIBUSDT' });
    expect(body.result.circulating_supply).toBeGreaterThan(5e14);
  });
});

// ---- a local stand-in for Binance's public spot API (REST klines + 24 h tickers, combined WS streams) ----
const PRICES: Record<string, number> = { BTCUSDT: 60000, SHIBUSDT: 0.00001234, USDCUSDT: 0.9998 };
let server: http.Server;
let wss: WebSocketServer;
let base = '';
const requested: string[] = [];
const H = 3_600_000;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const u = new URL(req.url!, 'http://x');
    requested.push(u.pathname + u.search);
    res.setHeader('content-type', 'application/json');
    if (u.pathname === '/api/v3/klines') {
      const pair = u.searchParams.get('symbol')!;
      const p = PRICES[pair];
      if (p === undefined) {
        res.statusCode = 400;
        return res.end('{"code":-1121,"msg":"Invalid symbol."}');
      }
      const ms = { '5m': 300_000, '15m': 900_000, '1h': H, '4h': 4 * H, '1d': 24 * H }[u.searchParams.get('interval')!] ?? H;
      const limit = Number(u.searchParams.get('limit'));
      const last = Math.floor(T0 / ms) * ms;
      const rows = Array.from({ length: limit }, (_, i) => {
        const t0 = last - (limit - 1 - i) * ms;
        return [t0, String(p), String(p * 1.01), String(p * 0.99), String(p), '1000', t0 + ms - 1, String(1000 * p), 10, '500', String(500 * p), '0'];
      });
      return res.end(JSON.stringify(rows));
    }
    if (u.pathname === '/api/v3/ticker/24hr') {
      const syms = u.searchParams.has('symbols') ? (JSON.parse(u.searchParams.get('symbols')!) as string[]).filter((s) => PRICES[s] !== undefined) : Object.keys(PRICES);
      return res.end(
        JSON.stringify(syms.map((s) => ({ symbol: s, lastPrice: String(PRICES[s]), priceChangePercent: '1.5', highPrice: String(PRICES[s] * 1.02), lowPrice: String(PRICES[s] * 0.98), quoteVolume: '123456789', closeTime: T0 }))),
      );
    }
    res.statusCode = 404;
    res.end('{"code":-1121,"msg":"Invalid symbol."}');
  });
  wss = new WebSocketServer({ server });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  wss?.close();
  await new Promise((r) => server?.close(r));
});

describe('live (MARKET_SOURCE=binance): USDC and SHIB from their Binance pairs', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp({ symbols: ['BTC'], timeframes: ['1h'], env: { MARKET_SOURCE: 'binance', BINANCE_REST_URL: `http://${base}`, BINANCE_WS_URL: `ws://${base}` } });
  });
  afterAll(async () => t?.close());

  it('asks Binance for SHIBUSDT and USDCUSDT candles on first use (never USDTUSDT) and prices both', async () => {
    // without an exchangeInfo answer the source follows the stored coins; candles are fetched when first asked
    expect(requested.some((r) => r.startsWith('/api/v3/klines'))).toBe(false);
    for (const coin of ['shib', 'usdc']) expect((await get(t, `/api/crypto/cmc_historical?coin=${coin}&timeframe=1h&limit=5`)).status).toBe(200);
    expect(requested.some((r) => r.startsWith('/api/v3/klines?symbol=SHIBUSDT'))).toBe(true);
    expect(requested.some((r) => r.startsWith('/api/v3/klines?symbol=USDCUSDT'))).toBe(true);
    expect(requested.some((r) => r.includes('USDTUSDT'))).toBe(false);
    const all = (await get(t, '/api/crypto/all')).body.result as any[];
    const by = (s: string) => all.find((c) => c.symbol === s);
    expect(by('SHIB')).toMatchObject({ market_data: 'live', lastPrice: 0.00001234, priceChangePercent: 1.5, tradingPair: 'SHIBUSDT' });
    expect(by('USDC')).toMatchObject({ market_data: 'live', lastPrice: 0.9998, tradingPair: 'USDCUSDT' });
    expect(by('USDT')).toMatchObject({ market_data: 'quote', lastPrice: 1 });
    expect(by('SHIB').timeframes).toContain('1h');
  });

  it('serves SHIB candles and a detail with market cap = circulating supply × price', async () => {
    const c = await get(t, '/api/crypto/cmc_historical?cmc_id=5994&timeframe=1h&limit=5');
    expect(c.status).toBe(200);
    expect(c.body.result.candles.length).toBeGreaterThan(0);
    expect(c.body.result.candles[0].close).toBe(0.00001234);
    const d = (await get(t, '/api/crypto/shiba-inu/detail')).body.result;
    expect(d.market_data).toBe('live');
    expect(d.market_cap).toBeCloseTo(d.circulating_supply * 0.00001234, 0);
    const p = await get(t, '/api/crypto/cmc_price?cmc_id=3408');
    expect(p.status).toBe(200);
    expect(p.body.result.price).toBe(0.9998);
  });
});
