import { describe, expect, it } from 'vitest';
import { diffUniverse, listedPairsOf } from './universe';
import { chunkStreams, planStreams } from './streams';

const sym = (symbol: string, baseAsset: string, quoteAsset: string, status = 'TRADING', extra: object = {}) => ({ symbol, baseAsset, quoteAsset, status, isSpotTradingAllowed: true, ...extra });

describe('listing (exchangeInfo)', () => {
  it('keeps trading USDT spot pairs only, sorted by symbol', () => {
    const info = {
      symbols: [
        sym('ETHUSDT', 'ETH', 'USDT'),
        sym('BTCUSDT', 'BTC', 'USDT'),
        sym('ETHBTC', 'ETH', 'BTC'),
        sym('LUNAUSDT', 'LUNA', 'USDT', 'BREAK'),
        sym('OLDUSDT', 'OLD', 'USDT', 'HALT'),
        sym('MARGUSDT', 'MARG', 'USDT', 'TRADING', { isSpotTradingAllowed: false }),
        sym('1000SATSUSDT', '1000SATS', 'USDT'),
        { symbol: 'NOFLAGUSDT', baseAsset: 'NOFLAG', quoteAsset: 'USDT', status: 'TRADING' },
      ],
    };
    expect(listedPairsOf(info)).toEqual([
      { symbol: '1000SATS', tradingPair: '1000SATSUSDT' },
      { symbol: 'BTC', tradingPair: 'BTCUSDT' },
      { symbol: 'ETH', tradingPair: 'ETHUSDT' },
      { symbol: 'NOFLAG', tradingPair: 'NOFLAGUSDT' },
    ]);
  });

  it('refuses an answer without symbols', () => {
    expect(() => listedPairsOf({ code: -1003 } as never)).toThrow(/without symbols/);
  });

  it('diffs two listings: new listings added, delisted removed, the rest untouched', () => {
    const a = [{ symbol: 'BTC', tradingPair: 'BTCUSDT' }, { symbol: 'LUNA', tradingPair: 'LUNAUSDT' }];
    const b = [{ symbol: 'BTC', tradingPair: 'BTCUSDT' }, { symbol: 'NEW', tradingPair: 'NEWUSDT' }];
    expect(diffUniverse(a, b)).toEqual({ added: [{ symbol: 'NEW', tradingPair: 'NEWUSDT' }], removed: [{ symbol: 'LUNA', tradingPair: 'LUNAUSDT' }] });
    expect(diffUniverse(a, a)).toEqual({ added: [], removed: [] });
    expect(diffUniverse([], a).added).toHaveLength(2);
  });
});

describe('combined streams in chunks', () => {
  const streams = (n: number, prefix = 's') => Array.from({ length: n }, (_, i) => `${prefix}${i}@kline_5m`);

  it('splits 1601 streams into connections of at most 200', () => {
    const chunks = chunkStreams(streams(1601));
    expect(chunks.map((c) => c.length)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 1]);
    expect(chunks.flat()).toEqual(streams(1601));
    expect(() => chunkStreams(['a'], 0)).toThrow();
  });

  it('moves to a new set with UNSUBSCRIBE/SUBSCRIBE on open connections and new connections for the overflow', () => {
    const current = [streams(200, 'a'), streams(150, 'b')];
    const wanted = [...streams(200, 'a').slice(10), ...streams(150, 'b'), ...streams(300, 'c')];
    const plan = planStreams(current, wanted, 200);
    expect(plan.unsubscribe.get(0)).toEqual(streams(10, 'a'));
    expect(plan.unsubscribe.has(1)).toBe(false);
    // 10 places freed on connection 0, 50 free on connection 1, then 240 in two new connections
    expect(plan.subscribe.get(0)).toHaveLength(10);
    expect(plan.subscribe.get(1)).toHaveLength(50);
    expect(plan.open.map((c) => c.length)).toEqual([200, 40]);
    const after = [[...current[0].slice(10), ...plan.subscribe.get(0)!], [...current[1], ...plan.subscribe.get(1)!], ...plan.open];
    expect(after.flat().sort()).toEqual([...wanted].sort());
    expect(Math.max(...after.map((c) => c.length))).toBeLessThanOrEqual(200);
  });

  it('changes nothing when the set is the same', () => {
    const current = [streams(200), streams(5, 'x')];
    const plan = planStreams(current, current.flat());
    expect(plan.unsubscribe.size + plan.subscribe.size + plan.open.length).toBe(0);
  });
});

describe("the exchange's clock", () => {
  it('is wall time, moved forward (never back) by later exchange event times', async () => {
    const { ExchangeClock } = await import('../../../platform/clock');
    let wall = 1_000_000;
    const clock = new ExchangeClock(() => wall);
    expect(clock.now()).toBe(1_000_000);
    clock.observe(999_900); // an event that took 100 ms to arrive: no change
    expect(clock.now()).toBe(1_000_000);
    clock.observe(1_300_000); // a stand-in running ahead of real time
    expect(clock.now()).toBe(1_300_000);
    wall += 1000;
    expect(clock.now()).toBe(1_301_000);
    clock.observe(1_000_500);
    expect(clock.now()).toBe(1_301_000);
  });
});
