import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, T0 } from '../../../test/harness';
import { buildOpenApiDocument } from '../../platform/openapi';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC', 'ETH', 'AAVE'] });
});
afterAll(async () => t?.close());

const get = async (url: string) => {
  const r = await t.app.inject({ method: 'GET', url });
  return { status: r.statusCode, body: r.json() as any };
};

describe('market API on the replayed shipped data', () => {
  it('lists every coin with the contract fields, priced at the clock', async () => {
    const { status, body } = await get('/api/crypto/all');
    expect(status).toBe(200);
    const btc = body.result.find((c: any) => c.symbol === 'BTC');
    expect(btc).toMatchObject({ name: 'Bitcoin', slug: 'bitcoin', cmc_id: 1, cmc_rank: 1, tradingPair: 'BTCUSDT', logo: '/static/icons/btc.svg' });
    // BTC traded between 101k and 105k on 16 May 2025 (Binance)
    expect(btc.lastPrice).toBeGreaterThan(101_000);
    expect(btc.lastPrice).toBeLessThan(105_000);
    expect(typeof btc.priceChangePercent).toBe('number');
    // coins without candles are listed without a price; USDT is the quote currency (1 by definition)
    const shib = body.result.find((c: any) => c.symbol === 'SHIB');
    expect(shib.lastPrice).toBeNull();
    expect(body.result.find((c: any) => c.symbol === 'USDT').lastPrice).toBe(1);
  });

  it('never serves a price from after the clock', async () => {
    const a = (await get('/api/crypto/price?symbols=BTC')).body.result[0];
    t.clock.advance(60 * 60_000);
    const b = (await get('/api/crypto/price?symbols=BTCUSDT')).body.result[0];
    t.clock.set(T0);
    expect(a.time).toBe(T0);
    expect(b.time).toBe(T0 + 3_600_000);
    expect(a.lastPrice).not.toBe(b.lastPrice);
    const series = (await get('/api/crypto/cmc_historical?cmc_id=1&timeframe=5m&limit=10')).body.result;
    expect(series.candles).toHaveLength(10);
    expect(series.candles.at(-1).time + 300_000).toBeLessThanOrEqual(T0);
    expect(series.forming.time).toBe(T0);
  });

  it('aggregates the forming 1h candle from the finer series up to now', async () => {
    t.clock.set(T0 + 30 * 60_000);
    const h = (await get('/api/crypto/cmc_historical?cmc_id=1&timeframe=1h&limit=2')).body.result;
    const m5 = (await get('/api/crypto/cmc_historical?cmc_id=1&timeframe=5m&limit=6')).body.result;
    t.clock.set(T0);
    expect(h.forming.time).toBe(T0);
    expect(h.forming.open).toBe(m5.candles[0].open);
    expect(h.forming.high).toBeGreaterThanOrEqual(Math.max(...m5.candles.map((c: any) => c.high)));
    expect(h.forming.close).toBeCloseTo(m5.candles.at(-1).close, 6);
  });

  it('searches by symbol, name and slug, paged', async () => {
    expect((await get('/api/crypto?search_term=eth')).body.result[0].symbol).toBe('ETH');
    expect((await get('/api/crypto?search_term=bitc')).body.result[0].symbol).toBe('BTC');
    expect((await get('/api/crypto?search_term=%20%20&limit=5')).body.result).toHaveLength(5);
    expect((await get('/api/crypto?search_term=zzzz')).body.result).toEqual([]);
    // established Chinese names find their coin (比特币 → BTC first, before Bitcoin Cash's 比特币现金)
    expect((await get(`/api/crypto?search_term=${encodeURIComponent('比特币')}`)).body.result.map((c: { symbol: string }) => c.symbol)).toEqual(['BTC', 'BCH']);
    expect((await get(`/api/crypto?search_term=${encodeURIComponent('以太')}`)).body.result[0].symbol).toBe('ETH');
  });

  it('gives market cap, BTC dominance and Fear & Greed of the clock day with credits', async () => {
    const mc = (await get('/api/crypto/market_cap')).body.result;
    expect(mc.date).toBe('2025-05-16');
    expect(mc.total_market_cap).toBeGreaterThan(3e12);
    expect(mc.btc_dominance).toBeGreaterThan(55);
    const fg = (await get('/api/crypto/fear_greed')).body.result;
    expect(fg.date).toBe('2025-05-16');
    expect(fg.value).toBeGreaterThanOrEqual(0);
    expect(fg.credit).toContain('alternative.me');
  });

  it('answers coin detail by slug, id, symbol and cmc id', async () => {
    const bySlug = (await get('/api/crypto/bitcoin/detail?lang=zh-CN')).body.result;
    expect(bySlug.market_cap).toBeCloseTo(bySlug.lastPrice * bySlug.circulating_supply, 0);
    expect(bySlug.max_supply).toBe(21_000_000);
    expect((await get(`/api/crypto/${bySlug.id}/detail`)).body.result.symbol).toBe('BTC');
    expect((await get('/api/crypto/BTC/detail')).body.result.symbol).toBe('BTC');
    expect((await get('/api/crypto/cmc_detail?cmc_id=1027')).body.result.symbol).toBe('ETH');
    const chart = (await get('/api/crypto/detail/chart?cmc_id=1&range=7D')).body.result;
    expect(chart.interval).toBe('1h');
    expect(chart.points.length).toBeGreaterThan(150);
  });

  it('serves the fallback price source and refuses unknown coins', async () => {
    expect((await get('/api/crypto/cmc_price?cmc_id=1')).body.result.price).toBeGreaterThan(100_000 - 5_000);
    const unknown = await get('/api/crypto/cmc_price?cmc_id=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('COIN_NOT_FOUND');
    const nope = await get('/api/crypto/not-a-coin/detail');
    expect(nope.status).toBe(404);
    expect(nope.body.error.code).toBe('COIN_NOT_FOUND');
  });

  it('answers bad input with 400 naming the failing field', async () => {
    for (const [url, field] of [
      ['/api/crypto/price?symbols=', 'querystring.symbols'],
      ['/api/crypto/price', 'querystring.symbols'],
      ['/api/crypto/cmc_historical?cmc_id=1&timeframe=7x', 'querystring.timeframe'],
      ['/api/crypto/cmc_historical?cmc_id=abc', 'querystring.cmc_id'],
      ['/api/crypto/detail/chart?cmc_id=1&range=2W', 'querystring.range'],
      ['/api/crypto?limit=1000', 'querystring.limit'],
    ] as const) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
      expect(r.body.error.fields.map((f: any) => f.path)).toContain(field);
    }
  });

  it('says which timeframes exist when one is missing', async () => {
    const aave = (await get('/api/crypto/aave/detail')).body.result;
    const r = await get(`/api/crypto/cmc_historical?cmc_id=${aave.cmc_id}&timeframe=5m`);
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: 'TIMEFRAME_NOT_AVAILABLE', details: { available: ['1h', '1d'] } });
  });

  it('reports the replay clock and serves the OpenAPI document', async () => {
    const clock = (await get('/api/clock')).body.result;
    expect(clock).toMatchObject({ mode: 'replay', now: T0, market_source: 'replay' });
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain('/api/crypto/cmc_historical');
    // `npm run openapi` writes the same API document from the contracts alone (the served one also
    // lists the SPA's own routes when a web build exists)
    const exported = JSON.parse(JSON.stringify(await buildOpenApiDocument()));
    const live = doc.json();
    const apiPaths = Object.fromEntries(Object.entries(live.paths).filter(([p]) => p.startsWith('/api/') || p === '/collect_event'));
    expect(apiPaths).toEqual(exported.paths);
    expect(live.components).toEqual(exported.components);
    expect((await get('/api/nothing-here')).body.error.code).toBe('NOT_FOUND');
  });

  it('accepts one coin reference (CoinRef: slug, id or symbol) on every coin endpoint, cmc_id where the public API names it', async () => {
    const byCmc = (await get('/api/crypto/cmc_historical?cmc_id=1&timeframe=1h&limit=5')).body.result;
    const btc = (await get('/api/crypto/bitcoin/detail')).body.result;
    for (const ref of ['bitcoin', 'BTC', 'btc', String(btc.id)]) {
      expect((await get(`/api/crypto/cmc_historical?coin=${ref}&timeframe=1h&limit=5`)).body.result).toEqual(byCmc);
      expect((await get(`/api/crypto/${ref}/detail`)).body.result.id).toBe(btc.id);
    }
    const chart = (await get('/api/crypto/detail/chart?coin=bitcoin&range=1D')).body.result;
    expect(chart.points).toEqual((await get('/api/crypto/detail/chart?cmc_id=1&range=1D')).body.result.points);
    const none = await get('/api/crypto/cmc_historical?timeframe=1h');
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('VALIDATION_FAILED');
    expect((await get('/api/crypto/cmc_historical?coin=nope')).body.error.code).toBe('COIN_NOT_FOUND');
  });

  it('gives the coin detail credits as the English attribution whatever the language (the web translates them) and says which language the description is in', async () => {
    const plain = (await get('/api/crypto/bitcoin/detail')).body.result;
    const zh = await get('/api/crypto/bitcoin/detail?lang=zh-CN');
    expect(zh.status).toBe(200);
    expect(plain.credits[0]).toBe('Market data: Binance (replayed history)');
    expect(zh.body.result.credits).toEqual(plain.credits);
    // the shipped supply listing is dated after the replay's clock day: the attribution says so
    expect(plain.supply_as_of > '2025-05-16').toBe(true);
    expect(plain.credits[1]).toBe(`Supply: CoinMarketCap listing of ${plain.supply_as_of} (after the market date 2025-05-16)`);
    expect(zh.body.result.cryptocurrency_contents).toEqual({ description: plain.cryptocurrency_contents.description, lang: 'en-US' });
  });
});
