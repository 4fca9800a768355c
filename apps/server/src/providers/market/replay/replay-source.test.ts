import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import { seriesOf } from '../series';
import { ReplayMarketSource } from './replay-source';

const FIVE_MIN = 300_000;
const T0 = Date.parse('2025-05-16T00:00:00Z');
const candles = Array.from({ length: 100 }, (_, i) => ({ time: T0 + i * FIVE_MIN, open: 100 + i, high: 101 + i, low: 99 + i, close: 100.5 + i, volume: 1 }));

async function source(at: number) {
  const clock = new ManualClock(at);
  const src = new ReplayMarketSource(clock, async () => seriesOf(candles, FIVE_MIN), { tickMs: 0 });
  await src.start([{ symbol: 'BTC', tradingPair: 'BTCUSDT', timeframes: ['5m'] }]);
  const closed: number[] = [];
  src.onCandleClosed((e) => closed.push(e.candle.time));
  return { clock, src, closed };
}

describe('ReplayMarketSource closed candles', () => {
  it('emits every candle closed since the previous tick, oldest first, each once (a late tick used to emit only the last)', async () => {
    const { clock, src, closed } = await source(T0 + 10 * FIVE_MIN + 1000);
    clock.advance(3 * FIVE_MIN); // the tick came three boundaries late
    await src.tick();
    expect(closed).toEqual([T0 + 10 * FIVE_MIN, T0 + 11 * FIVE_MIN, T0 + 12 * FIVE_MIN]);
    await src.tick();
    clock.advance(FIVE_MIN);
    await src.tick();
    expect(closed).toEqual([T0 + 10 * FIVE_MIN, T0 + 11 * FIVE_MIN, T0 + 12 * FIVE_MIN, T0 + 13 * FIVE_MIN]);
  });

  it('emits at most an hour of 5m candles per tick', async () => {
    const { clock, src, closed } = await source(T0 + 10 * FIVE_MIN);
    clock.advance(40 * FIVE_MIN);
    await src.tick();
    expect(closed).toHaveLength(12);
    expect(closed.at(-1)).toBe(T0 + 49 * FIVE_MIN);
  });
});

describe('ReplayMarketSource candle columns', () => {
  it('are the candles of getCandles, as columns, for any limit and end time', async () => {
    const { src } = await source(T0 + 20 * FIVE_MIN + 1000);
    const rows = (c: Awaited<ReturnType<typeof src.getCandleColumns>>) => Array.from(c.openTime, (time, i) => ({ time, open: c.open[i], high: c.high[i], low: c.low[i], close: c.close[i], volume: c.volume[i] }));
    for (const opts of [{ limit: 5 }, { limit: 1000 }, { limit: 0 }, { limit: 3, endTime: T0 + 7 * FIVE_MIN }, { limit: 3, endTime: T0 }]) {
      expect(rows(await src.getCandleColumns('BTC', '5m', opts))).toEqual(await src.getCandles('BTC', '5m', opts));
    }
    expect((await src.getCandleColumns('BTC', '1h', { limit: 5 })).close).toHaveLength(0);
  });
});
