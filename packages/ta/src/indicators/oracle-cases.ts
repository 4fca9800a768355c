/**
 * Oracle case table shared by the indicator/pattern tests: how each of our functions maps onto a
 * TA-Lib function of node-talib (inputs, options, outputs). Test support only — no runtime use.
 */
import * as P from '../patterns';
import type { Candles } from '../types';
import * as I from './index';

/** One comparison: our outputs vs talib outputs (by talib output name), with a tolerance scale. */
export interface OracleCase {
  id: string;
  talib: string;
  inputs: (c: Candles) => Record<string, Float64Array>;
  opts: Record<string, number>;
  ours: (c: Candles) => Record<string, Float64Array>;
  /** 'price' → scale = mean |close|; a number → that scale. */
  scale: 'price' | 'volume' | number;
}

const ohlc = (c: Candles) => ({ open: c.open, high: c.high, low: c.low, close: c.close });

/** Every indicator and pattern, with the CLI parameters and a few non-default ones. */
export const ORACLE_CASES: OracleCase[] = [
  { id: 'SMA(20)', talib: 'SMA', inputs: (c) => ({ inReal: c.close }), opts: { optInTimePeriod: 20 }, ours: (c) => ({ outReal: I.sma(c.close, 20) }), scale: 'price' },
  { id: 'SMA(2)', talib: 'SMA', inputs: (c) => ({ inReal: c.close }), opts: { optInTimePeriod: 2 }, ours: (c) => ({ outReal: I.sma(c.close, 2) }), scale: 'price' },
  { id: 'SMA(200)', talib: 'SMA', inputs: (c) => ({ inReal: c.close }), opts: { optInTimePeriod: 200 }, ours: (c) => ({ outReal: I.sma(c.close, 200) }), scale: 'price' },
  ...[12, 20, 26, 50, 200].map((p): OracleCase => ({ id: `EMA(${p})`, talib: 'EMA', inputs: (c) => ({ inReal: c.close }), opts: { optInTimePeriod: p }, ours: (c) => ({ outReal: I.ema(c.close, p) }), scale: 'price' })),
  ...[[12, 26, 9], [5, 35, 5], [26, 12, 9], [3, 10, 2]].map(([f, s, g]): OracleCase => ({
    id: `MACD(${f},${s},${g})`, talib: 'MACD', inputs: (c) => ({ inReal: c.close }), opts: { optInFastPeriod: f, optInSlowPeriod: s, optInSignalPeriod: g },
    ours: (c) => { const m = I.macd(c.close, f, s, g); return { outMACD: m.macd, outMACDSignal: m.signal, outMACDHist: m.hist }; }, scale: 'price',
  })),
  ...[14, 2, 30].map((p): OracleCase => ({ id: `RSI(${p})`, talib: 'RSI', inputs: (c) => ({ inReal: c.close }), opts: { optInTimePeriod: p }, ours: (c) => ({ outReal: I.rsi(c.close, p) }), scale: 100 })),
  ...[[14, 3, 3], [5, 3, 3], [9, 1, 1], [21, 5, 4]].map(([k, sk, sd]): OracleCase => ({
    id: `STOCH(${k},${sk},${sd})`, talib: 'STOCH', inputs: (c) => ({ high: c.high, low: c.low, close: c.close }),
    opts: { optInFastK_Period: k, optInSlowK_Period: sk, optInSlowK_MAType: 0, optInSlowD_Period: sd, optInSlowD_MAType: 0 },
    ours: (c) => { const s = I.stoch(c.high, c.low, c.close, k, sk, sd); return { outSlowK: s.slowK, outSlowD: s.slowD }; }, scale: 100,
  })),
  ...[[14, 5, 3], [14, 14, 3], [7, 3, 1]].map(([p, k, d]): OracleCase => ({
    id: `STOCHRSI(${p},${k},${d})`, talib: 'STOCHRSI', inputs: (c) => ({ inReal: c.close }),
    opts: { optInTimePeriod: p, optInFastK_Period: k, optInFastD_Period: d, optInFastD_MAType: 0 },
    ours: (c) => { const s = I.stochRsi(c.close, p, k, d); return { outFastK: s.fastK, outFastD: s.fastD }; }, scale: 100,
  })),
  ...[[20, 2, 2], [5, 1, 1], [20, 2.5, 1.5], [10, 1, 3]].map(([p, u, d]): OracleCase => ({
    id: `BBANDS(${p},${u},${d})`, talib: 'BBANDS', inputs: (c) => ({ inReal: c.close }), opts: { optInTimePeriod: p, optInNbDevUp: u, optInNbDevDn: d, optInMAType: 0 },
    ours: (c) => { const b = I.bbands(c.close, p, u, d); return { outRealUpperBand: b.upper, outRealMiddleBand: b.middle, outRealLowerBand: b.lower }; }, scale: 'price',
  })),
  { id: 'TRANGE', talib: 'TRANGE', inputs: (c) => ({ high: c.high, low: c.low, close: c.close }), opts: {}, ours: (c) => ({ outReal: I.trueRange(c.high, c.low, c.close) }), scale: 'price' },
  ...[14, 1, 2, 50].map((p): OracleCase => ({ id: `ATR(${p})`, talib: 'ATR', inputs: (c) => ({ high: c.high, low: c.low, close: c.close }), opts: { optInTimePeriod: p }, ours: (c) => ({ outReal: I.atr(c.high, c.low, c.close, p) }), scale: 'price' })),
  { id: 'OBV', talib: 'OBV', inputs: (c) => ({ inReal: c.close, volume: c.volume }), opts: {}, ours: (c) => ({ outReal: I.obv(c.close, c.volume) }), scale: 'volume' },
  ...[14, 2, 30].map((p): OracleCase => ({ id: `ADX(${p})`, talib: 'ADX', inputs: (c) => ({ high: c.high, low: c.low, close: c.close }), opts: { optInTimePeriod: p }, ours: (c) => ({ outReal: I.adx(c.high, c.low, c.close, p) }), scale: 100 })),
  ...[20, 14, 2, 40].map((p): OracleCase => ({ id: `CCI(${p})`, talib: 'CCI', inputs: (c) => ({ high: c.high, low: c.low, close: c.close }), opts: { optInTimePeriod: p }, ours: (c) => ({ outReal: I.cci(c.high, c.low, c.close, p) }), scale: 100 })),
  ...[14, 2, 60].map((p): OracleCase => ({ id: `MFI(${p})`, talib: 'MFI', inputs: (c) => ({ high: c.high, low: c.low, close: c.close, volume: c.volume }), opts: { optInTimePeriod: p }, ours: (c) => ({ outReal: I.mfi(c.high, c.low, c.close, c.volume, p) }), scale: 100 })),
  ...[14, 2, 50].map((p): OracleCase => ({ id: `WILLR(${p})`, talib: 'WILLR', inputs: (c) => ({ high: c.high, low: c.low, close: c.close }), opts: { optInTimePeriod: p }, ours: (c) => ({ outReal: I.willr(c.high, c.low, c.close, p) }), scale: 100 })),
  ...[[0.02, 0.2], [0.01, 0.1], [0.3, 0.2]].map(([a, m]): OracleCase => ({ id: `SAR(${a},${m})`, talib: 'SAR', inputs: (c) => ({ high: c.high, low: c.low }), opts: { optInAcceleration: a, optInMaximum: m }, ours: (c) => ({ outReal: I.sar(c.high, c.low, a, m) }), scale: 'price' })),
  { id: 'CDLHAMMER', talib: 'CDLHAMMER', inputs: ohlc, opts: {}, ours: (c) => ({ outInteger: P.cdlHammer(c) }), scale: 100 },
  { id: 'CDLENGULFING', talib: 'CDLENGULFING', inputs: ohlc, opts: {}, ours: (c) => ({ outInteger: P.cdlEngulfing(c) }), scale: 100 },
  { id: 'CDLDOJI', talib: 'CDLDOJI', inputs: ohlc, opts: {}, ours: (c) => ({ outInteger: P.cdlDoji(c) }), scale: 100 },
  { id: 'CDLSHOOTINGSTAR', talib: 'CDLSHOOTINGSTAR', inputs: ohlc, opts: {}, ours: (c) => ({ outInteger: P.cdlShootingStar(c) }), scale: 100 },
  { id: 'CDLMORNINGSTAR', talib: 'CDLMORNINGSTAR', inputs: ohlc, opts: { optInPenetration: 0.3 }, ours: (c) => ({ outInteger: P.cdlMorningStar(c, 0.3) }), scale: 100 },
  { id: 'CDLEVENINGSTAR', talib: 'CDLEVENINGSTAR', inputs: ohlc, opts: { optInPenetration: 0.3 }, ours: (c) => ({ outInteger: P.cdlEveningStar(c, 0.3) }), scale: 100 },
  { id: 'CDLMORNINGSTAR(0)', talib: 'CDLMORNINGSTAR', inputs: ohlc, opts: { optInPenetration: 0 }, ours: (c) => ({ outInteger: P.cdlMorningStar(c, 0) }), scale: 100 },
  { id: 'CDLEVENINGSTAR(0.5)', talib: 'CDLEVENINGSTAR', inputs: ohlc, opts: { optInPenetration: 0.5 }, ours: (c) => ({ outInteger: P.cdlEveningStar(c, 0.5) }), scale: 100 },
];

/** Mean of |x| (NaN-free input expected); at least 1e-300 so it can serve as a scale. */
export function meanAbs(x: Float64Array): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += Math.abs(x[i]);
  return Math.max(s / Math.max(1, x.length), 1e-300);
}
