import { describe, expect, it } from 'vitest';
import { TickFrames, type TickPrice } from './market.presenter';

const format = (_event: string, data: unknown) => JSON.stringify(data);
const prices = (frame: string) => (JSON.parse(frame) as { prices: TickPrice[] }).prices.map((p) => p.symbol);
const coins = (n: number, moved: Set<number>, t: number): TickPrice[] =>
  Array.from({ length: n }, (_, i) => ({ symbol: `C${i}`, lastPrice: moved.has(i) ? 100 + i + t : 100 + i, priceChangePercent: 1 }));

describe('tick frames of the market stream', () => {
  it('sends a new connection every price, then only the prices that moved since its last tick', () => {
    const ticks = new TickFrames(format);
    const t1 = coins(400, new Set(), 1);
    expect(prices(ticks.frameFor(t1, 1000, null))).toHaveLength(400);
    // second 2: three coins moved; the connection that got second 1 gets three prices, a new one all
    const t2 = coins(400, new Set([3, 50, 399]), 2);
    const delta = ticks.frameFor(t2, 2000, 1000);
    expect(prices(delta)).toEqual(['C3', 'C50', 'C399']);
    expect(JSON.parse(delta).delta).toBe(true);
    expect(prices(ticks.frameFor(t2, 2000, null))).toHaveLength(400);
    // a connection that missed second 2 (it was busy) gets every price at second 3
    const t3 = coins(400, new Set([7]), 3);
    expect(prices(ticks.frameFor(t3, 3000, 2000))).toEqual(['C3', 'C7', 'C50', 'C399']);
    expect(prices(ticks.frameFor(t3, 3000, 1000))).toHaveLength(400);
  });

  it('serialises each tick once, whatever the number of clients', () => {
    let calls = 0;
    const ticks = new TickFrames((e, d) => (calls++, format(e, d)));
    const t1 = coins(10, new Set(), 1);
    for (let c = 0; c < 5000; c++) ticks.frameFor(t1, 1000, c % 2 ? null : 0);
    expect(calls).toBe(2); // the full and the delta frame of second 1
  });
});
