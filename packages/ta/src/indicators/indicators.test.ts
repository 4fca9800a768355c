import { describe, expect, it, vi } from 'vitest';
import { compareColumns, loadCandles, oracle } from '../../test/fixtures';
import type { Candles } from '../types';
import { ORACLE_CASES, meanAbs } from './oracle-cases';

// Real-candle oracle runs can take seconds on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

const DATASETS = ['BTCUSDT-1h', 'ETHUSDT-5m', 'DOGEUSDT-1d', 'SOLUSDT-15m', 'PEPEUSDT-1h'];
const ROWS = 3000;

function check(c: Candles, label: string): void {
  const priceScale = meanAbs(c.close);
  const volumeScale = meanAbs(c.volume);
  for (const k of ORACLE_CASES) {
    const ref = oracle(k.talib, k.inputs(c), k.opts);
    const ours = k.ours(c);
    const scale = k.scale === 'price' ? priceScale : k.scale === 'volume' ? volumeScale : k.scale;
    expect(Object.keys(ours).sort(), `${label} ${k.id} outputs`).toEqual(Object.keys(ref).sort());
    for (const out of Object.keys(ref)) {
      const diff = compareColumns(ours[out], ref[out], scale);
      expect(diff, `${label} ${k.id} ${out}`).toBeNull();
    }
  }
}

describe('indicators and patterns match TA-Lib (node-talib oracle) on real candles', () => {
  for (const name of DATASETS) {
    it(`${name} (last ${ROWS} candles)`, () => {
      check(loadCandles(name, ROWS), name);
    });
  }
});

function candles(open: number[], high: number[], low: number[], close: number[], volume: number[]): Candles {
  const f = (a: number[]) => Float64Array.from(a);
  return { openTime: f(open.map((_, i) => i * 60_000)), open: f(open), high: f(high), low: f(low), close: f(close), volume: f(volume) };
}

describe('degenerate inputs match TA-Lib', () => {
  it('flat prices with volume', () => {
    const n = 300;
    const p = Array(n).fill(100);
    check(candles(p, p, p, p, Array(n).fill(5)), 'flat');
  });
  it('flat prices, zero volume', () => {
    const n = 300;
    const p = Array(n).fill(42.5);
    check(candles(p, p, p, p, Array(n).fill(0)), 'flat-zero-volume');
  });
  it('real prices, zero volume', () => {
    const c = loadCandles('BTCUSDT-1d', 400);
    check({ ...c, volume: new Float64Array(c.close.length) }, 'zero-volume');
  });
  it('step then flat (range collapses to zero inside windows)', () => {
    const n = 300;
    const p = Array.from({ length: n }, (_, i) => (i < 100 ? 100 + (i % 7) - 3 * (i % 2) : 120));
    const h = p.map((x, i) => (i < 100 ? x + 1 : x));
    const l = p.map((x, i) => (i < 100 ? x - 1 : x));
    check(candles(p.map((x, i) => (i < 100 ? x - 0.5 : x)), h, l, p, p.map((_, i) => (i < 150 ? 10 + i : 0))), 'step-flat');
  });
  for (const len of [0, 1, 2, 3, 5, 10, 11, 12, 13, 14, 15, 19, 20, 26, 27, 28, 33, 34]) {
    it(`input of ${len} candles (shorter than or equal to lookbacks)`, () => {
      const c = loadCandles('ETHUSDT-1h', 200);
      const cut: Candles = {
        openTime: c.openTime.slice(0, len), open: c.open.slice(0, len), high: c.high.slice(0, len),
        low: c.low.slice(0, len), close: c.close.slice(0, len), volume: c.volume.slice(0, len),
      };
      if (len === 0) {
        for (const k of ORACLE_CASES) for (const col of Object.values(k.ours(cut))) expect(col.length).toBe(0);
        return;
      }
      check(cut, `len${len}`);
    });
  }
});

describe('parameter validation', async () => {
  const I = await import('./index');
  const x = new Float64Array(50).fill(1);
  it('rejects periods outside TA-Lib ranges with RangeError', () => {
    expect(() => I.sma(x, 1)).toThrow(RangeError);
    expect(() => I.ema(x, 0)).toThrow(RangeError);
    expect(() => I.rsi(x, 1.5)).toThrow(RangeError);
    expect(() => I.macd(x, 12, 26, 1)).toThrow(RangeError);
    expect(() => I.stoch(x, x, x, 0)).toThrow(RangeError);
    expect(() => I.bbands(x, 20, NaN, 2)).toThrow(RangeError);
    expect(() => I.sar(x, x, -0.1, 0.2)).toThrow(RangeError);
  });
  it('rejects columns of different lengths', () => {
    expect(() => I.atr(x, x.subarray(1), x)).toThrow(RangeError);
    expect(() => I.obv(x, x.subarray(2))).toThrow(RangeError);
  });
});

describe('caller-provided output buffers', async () => {
  const I = await import('./index');
  it('give the same values as fresh arrays (including the NaN prefix) and reject wrong lengths', () => {
    const c = loadCandles('BTCUSDT-1h', 500);
    const n = c.close.length;
    const buf = () => new Float64Array(n).fill(123);
    expect(I.sma(c.close, 20, buf())).toEqual(I.sma(c.close, 20));
    expect(I.ema(c.close, 20, buf())).toEqual(I.ema(c.close, 20));
    expect(I.rsi(c.close, 14, buf())).toEqual(I.rsi(c.close, 14));
    expect(I.macd(c.close, 12, 26, 9, { macd: buf(), signal: buf(), hist: buf() })).toEqual(I.macd(c.close, 12, 26, 9));
    expect(I.bbands(c.close, 20, 2, 2, { upper: buf(), middle: buf(), lower: buf() })).toEqual(I.bbands(c.close, 20, 2, 2));
    expect(() => I.rsi(c.close, 14, new Float64Array(n - 1))).toThrow(RangeError);
    const short = c.close.subarray(0, 5);
    expect(Array.from(I.ema(short, 20, new Float64Array(5).fill(1))).every(Number.isNaN)).toBe(true);
  });
});
