import { TaResult as TaResultSchema } from '@coinlens/contracts/signals/ta-result';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { loadCandles } from '../test/fixtures';
import { analyze, type TaResult } from './analyze';

// Real-candle oracle runs can take seconds on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

describe('the ta_result schema (packages/contracts) accepts what analyze() returns', () => {
  it('accepts analyze() output for several coins and timeframes unchanged', () => {
    for (const [name, tf] of [['BTCUSDT-5m', '5m'], ['ETHUSDT-1h', '1h'], ['DOGEUSDT-1d', '1d']] as const) {
      const r = analyze(loadCandles(name, 1000), { timeframe: tf, symbol: name.split('USDT')[0] });
      expect(TaResultSchema.parse(r)).toEqual(r);
    }
  });
  it('is the type analyze() returns (one definition)', () => {
    expectTypeOf<ReturnType<typeof analyze>>().toEqualTypeOf<TaResult>();
  });
  it('rejects a malformed result', () => {
    const r = analyze(loadCandles('BTCUSDT-1h', 300), { timeframe: '1h', symbol: 'BTC' });
    expect(TaResultSchema.safeParse({ ...r, market: { ...r.market, trend: 'up' } }).success).toBe(false);
    expect(TaResultSchema.safeParse({ ...r, touch_probability: { p: 1.5, n: 3, wording: 'likely' } }).success).toBe(false);
  });
});
