import { TaResultSchema, type TaResultDto } from '@coinlens/contracts/signals/ta-result';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { loadCandles } from '../test/fixtures';
import { analyze, type TaResult } from './analyze';

// Real-candle oracle runs can take seconds on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

describe('TaResultSchema (packages/contracts) mirrors TaResult', () => {
  it('accepts analyze() output for several coins and timeframes unchanged', () => {
    for (const [name, tf] of [['BTCUSDT-5m', '5m'], ['ETHUSDT-1h', '1h'], ['DOGEUSDT-1d', '1d']] as const) {
      const r = analyze(loadCandles(name, 1000), { timeframe: tf, symbol: name.split('USDT')[0] });
      expect(TaResultSchema.parse(r)).toEqual(r);
    }
  });
  it('has the same static type', () => {
    expectTypeOf<TaResult>().toEqualTypeOf<TaResultDto>();
  });
  it('rejects a malformed result', () => {
    const r = analyze(loadCandles('BTCUSDT-1h', 300), { timeframe: '1h', symbol: 'BTC' });
    expect(TaResultSchema.safeParse({ ...r, market: { ...r.market, trend: 'up' } }).success).toBe(false);
    expect(TaResultSchema.safeParse({ ...r, touch_probability: { p: 1.5, n: 3, wording: 'likely' } }).success).toBe(false);
  });
});
