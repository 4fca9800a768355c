import { sql } from 'drizzle-orm';
import { LOCKS } from '@coinlens/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, T0 } from '../../../../test/harness';
import { BinanceStandIn } from '../../../../../../scripts/binance-stand-in/stand-in';
import type { BinanceMarketSource } from './binance-source';

/**
 * Live mode on the local Binance stand-in (its wire format, a manual clock): every trading USDT
 * pair of `exchangeInfo` is listed, a new listing appears and a delisted pair leaves without a
 * restart, and one 5m close gives a stored analysis for every pair.
 */
type App = Awaited<ReturnType<typeof createTestApp>>;
const FIVE = 300_000;
let standIn: BinanceStandIn;
let t: App;

const symbolsListed = async () => ((await t.app.inject({ method: 'GET', url: '/api/crypto/all' })).json().result as { symbol: string; market_data: string }[]).map((c) => c.symbol);

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  standIn = new BinanceStandIn({ symbols: 6, speed: 0, publishMs: 0, forming: false, start: T0 });
  const { rest, ws } = await standIn.listen(0);
  t = await createTestApp({ symbols: ['BTC'], timeframes: ['1h'], env: { MARKET_SOURCE: 'binance', BINANCE_REST_URL: rest, BINANCE_WS_URL: ws, BINANCE_LISTING_REFRESH_SECONDS: '0', ANALYSIS_THREADS: '2' } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

describe('live mode on the Binance stand-in', () => {
  it('lists every trading pair of exchangeInfo, fetching no candles at start', async () => {
    const pairs = standIn.pairs.map((p) => p.symbol);
    expect(pairs).toHaveLength(6);
    expect((await symbolsListed()).sort()).toEqual([...pairs, 'USDT'].sort());
    expect(standIn.stats.requests.get('/api/v3/klines') ?? 0).toBe(0);
    // a coin outside the shipped set: named from the metadata snapshot or by its symbol, supply missing
    const xt = (await t.app.inject({ method: 'GET', url: '/api/crypto/xt001/detail' })).json().result;
    expect(xt).toMatchObject({ symbol: 'XT001', name: 'XT001', market_data: 'live', circulating_supply: null, market_cap: null, cmc_rank: null, supply_as_of: null });
  });

  it('a new listing appears and a delisted pair leaves, without a restart', async () => {
    const source = t.ctx.source as BinanceMarketSource;
    const gone = standIn.pairs[1].symbol;
    standIn.list('NEWCOIN');
    standIn.delist(gone);
    const diff = await source.refreshUniverse();
    expect(diff).toEqual({ added: [{ symbol: 'NEWCOIN', tradingPair: 'NEWCOINUSDT' }], removed: [{ symbol: gone, tradingPair: `${gone}USDT` }] });
    // the list's stored answer is served stale once while the new one is built
    await until('the new list', async () => (await symbolsListed()).includes('NEWCOIN'), 10_000);
    const listed = await symbolsListed();
    expect(listed).toContain('NEWCOIN');
    expect(listed).not.toContain(gone);
    const streams = source.streamLayout.flat();
    expect(streams).toContain('newcoinusdt@kline_5m');
    expect(streams.some((s) => s.startsWith(`${gone.toLowerCase()}usdt@`))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/crypto/${gone.toLowerCase()}/detail` })).statusCode).toBe(404);
    const chart = await t.app.inject({ method: 'GET', url: '/api/crypto/cmc_historical?coin=newcoin&timeframe=1h&limit=50' });
    expect(chart.statusCode).toBe(200);
    expect(chart.json().result.candles).toHaveLength(50);
  });

  it('one 5m close: an analysis stored for every listed pair, off the request thread', async () => {
    const listed = (await symbolsListed()).filter((s) => s !== 'USDT');
    const wanted = listed.map((s) => `${s.toLowerCase()}usdt@kline_5m`);
    await until('the streams', () => wanted.every((s) => standIn.followed().has(s)));
    await t.ctx.signalsJobs!.start(LOCKS.signals, (k) => t.ctx.db.tryLock(k), { delayMs: 0 });
    await t.ctx.signalsJobs!.idle(); // the start-up backfill: every pair's series fetched on first use
    const closeOpen = Math.floor(T0 / FIVE) * FIVE;
    t.clock.set(closeOpen + FIVE);
    standIn.advanceTo(closeOpen + FIVE);
    const stored = async () =>
      new Set(
        (await t.ctx.db.query<{ symbol: string }>(sql`select c.symbol from ta_snapshots s join coins c on c.id = s.coin_id where s.timeframe = '5m' and s.candle_time = ${closeOpen}`)).map((r) => r.symbol),
      );
    await until('every 5m analysis', async () => {
      const have = await stored();
      return listed.every((s) => have.has(s));
    }, 90_000);
    expect([...(await stored())].sort()).toEqual(expect.arrayContaining(listed));
    // 1h and 1d analyses come from the start-up backfill of every pair
    const byTf = await t.ctx.db.query<{ timeframe: string; n: number }>(sql`select s.timeframe, count(*)::int as n from ta_snapshots s join coins c on c.id = s.coin_id where c.symbol in ${sql.raw(`('${listed.join("','")}')`)} group by 1`);
    for (const tf of ['5m', '1h', '1d']) expect(byTf.find((r) => r.timeframe === tf)?.n, tf).toBe(listed.length);
  }, 180_000);
});
