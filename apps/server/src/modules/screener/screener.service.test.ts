import { describe, expect, it, vi } from 'vitest';
import { FIELD_INDEX } from './screen-eval';
import { ScreenerService } from './screener.service';
import { H, T, ta } from './screener.test-helpers';

let coins = [1, 2, 3].map((id) => ({ id, slug: `c${id}`, symbol: `C${id}`, name: `Coin ${id}`, timeframes: ['1h'] }));

/** A screener over in-memory analyses; `stored` is what ta_snapshots holds (1h). */
function screener() {
  const stored = new Map<number, { candle_time: number; computed_at: number; rsi: number }>(coins.map((c) => [c.id, { candle_time: T, computed_at: T + H, rsi: 20 + c.id }]));
  let version = 1;
  const snapshots = vi.fn(async (_tf: string, ids?: number[]) =>
    [...stored].filter(([id]) => !ids || ids.includes(id)).map(([coin_id, s]) => ({ coin_id, candle_time: s.candle_time, result: ta({ openTime: s.candle_time, rsi: s.rsi }) })),
  );
  const service = new ScreenerService({
    repo: null as never,
    market: { get coinRows() {
      return coins;
    } } as never,
    clock: { now: () => T + 3 * H } as never,
    snapshots,
    snapshotTimes: async () => [...stored].map(([coin_id, s]) => ({ coin_id, candle_time: s.candle_time, computed_at: s.computed_at })),
    history: async () => null as never,
    version: () => String(version),
  });
  return { service, snapshots, stored, bump: () => version++ };
}
const nameOf = async (s: ScreenerService) => (await s.rows('1h')).map((r) => r.coin.name);
const rsiOf = async (s: ScreenerService) => (await s.rows('1h')).map((r) => [r.coin.id, r.values[FIELD_INDEX.rsi_14]]);

describe('ScreenerService rows', () => {
  it('reads and builds again only the analyses that changed since the last build', async () => {
    const { service, snapshots, stored, bump } = screener();
    expect(await rsiOf(service)).toEqual([[1, 21], [2, 22], [3, 23]]);
    expect(snapshots).toHaveBeenCalledTimes(1);

    // another timeframe's analyses change the version: one query of candle times, no analysis read
    bump();
    expect(await rsiOf(service)).toEqual([[1, 21], [2, 22], [3, 23]]);
    expect(snapshots).toHaveBeenCalledTimes(1);

    // coin 2 analysed at the next candle, coin 3 recomputed for the same candle, coin 1 delisted
    stored.set(2, { candle_time: T + H, computed_at: T + 2 * H, rsi: 52 });
    stored.set(3, { candle_time: T, computed_at: T + 2 * H, rsi: 53 });
    stored.delete(1);
    bump();
    expect(await rsiOf(service)).toEqual([[2, 52], [3, 53]]);
    expect(snapshots).toHaveBeenCalledTimes(2);
    expect(snapshots.mock.calls[1]).toEqual(['1h', [2, 3]]);
  });

  it('leaves out an analysis whose candle closes after the clock', async () => {
    const { service, stored, bump } = screener();
    stored.set(3, { candle_time: T + 3 * H, computed_at: T + 4 * H, rsi: 70 });
    bump();
    expect((await rsiOf(service)).map(([id]) => id)).toEqual([1, 2]);
  });

  it('builds a coin again when its listing row is replaced (a new name), though its analysis is the same', async () => {
    const { service, snapshots, bump } = screener();
    expect(await nameOf(service)).toEqual(['Coin 1', 'Coin 2', 'Coin 3']);
    const before = coins;
    coins = coins.map((c) => (c.id === 2 ? { ...c, name: 'Renamed 2' } : c));
    bump();
    try {
      expect(await nameOf(service)).toEqual(['Coin 1', 'Renamed 2', 'Coin 3']);
      expect(snapshots.mock.calls[1]).toEqual(['1h', [2]]);
    } finally {
      coins = before;
    }
  });
});
