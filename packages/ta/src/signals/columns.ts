import { computeTaColumns, type TaColumns } from '../columns';
import { ema } from '../indicators/ema';
import { sma } from '../indicators/sma';
import { nanArray } from '../indicators/util';
import { candleCount, type Candles } from '../types';

/**
 * Everything the signal detectors, levels and classifiers read: the candles, the standard
 * indicator columns under readable names, and a few extra averages. All columns have length `n`
 * (oldest first) with NaN before each indicator's lookback.
 */
export interface SignalColumns extends Candles {
  n: number;
  sma20: Float64Array;
  sma50: Float64Array;
  sma200: Float64Array;
  ema12: Float64Array;
  ema20: Float64Array;
  ema26: Float64Array;
  ema50: Float64Array;
  ema200: Float64Array;
  /** MACD(12,26,9) line, signal, histogram. */
  macd: Float64Array;
  macdSignal: Float64Array;
  macdHist: Float64Array;
  rsi14: Float64Array;
  /** STOCH(14,3,3) slow %K / %D. */
  stochK: Float64Array;
  stochD: Float64Array;
  /** STOCHRSI(14,14,3) fast %K / %D. */
  stochRsiK: Float64Array;
  stochRsiD: Float64Array;
  /** BBANDS(20,2,2). */
  bbUpper: Float64Array;
  bbMiddle: Float64Array;
  bbLower: Float64Array;
  atr14: Float64Array;
  obv: Float64Array;
  adx14: Float64Array;
  cci20: Float64Array;
  mfi14: Float64Array;
  willr14: Float64Array;
  /** SAR(0.02, 0.2). */
  sar: Float64Array;
  cdlHammer: Float64Array;
  cdlEngulfing: Float64Array;
  cdlDoji: Float64Array;
  cdlShootingStar: Float64Array;
  cdlMorningStar: Float64Array;
  cdlEveningStar: Float64Array;
  /** SMA(20) of volume (base-asset units). */
  volSma20: Float64Array;
}

/** Longest lookback a detector needs (SMA/EMA 200). */
export const SIGNAL_WARMUP = 200;

/**
 * Computes {@link SignalColumns} from candles (TA-Lib compatible indicators, see columns.ts).
 * `ta` may pass already computed standard columns. Throws RangeError on unequal column lengths.
 */
export function computeSignalColumns(candles: Candles, ta?: TaColumns): SignalColumns {
  const n = candleCount(candles);
  const t = ta ?? computeTaColumns(candles);
  const { close, volume } = candles;
  const safe = (f: () => Float64Array) => (n > 0 ? f() : nanArray(0));
  return {
    ...candles,
    n,
    sma20: t.sma_20,
    sma50: safe(() => sma(close, 50)),
    sma200: safe(() => sma(close, 200)),
    ema12: t.ema_12,
    ema20: t.ema_20,
    ema26: t.ema_26,
    ema50: safe(() => ema(close, 50)),
    ema200: safe(() => ema(close, 200)),
    macd: t.macd_12_26_9_macd,
    macdSignal: t.macd_12_26_9_signal,
    macdHist: t.macd_12_26_9_hist,
    rsi14: t.rsi_14,
    stochK: t.stoch_14_3_3_slowk,
    stochD: t.stoch_14_3_3_slowd,
    stochRsiK: t.stochrsi_14_14_3_fastk,
    stochRsiD: t.stochrsi_14_14_3_fastd,
    bbUpper: t.bbands_20_2_2_upper,
    bbMiddle: t.bbands_20_2_2_middle,
    bbLower: t.bbands_20_2_2_lower,
    atr14: t.atr_14,
    obv: t.obv,
    adx14: t.adx_14,
    cci20: t.cci_20,
    mfi14: t.mfi_14,
    willr14: t.willr_14,
    sar: t['sar_0.02_0.2'],
    cdlHammer: t.cdlhammer,
    cdlEngulfing: t.cdlengulfing,
    cdlDoji: t.cdldoji,
    cdlShootingStar: t.cdlshootingstar,
    cdlMorningStar: t.cdlmorningstar,
    cdlEveningStar: t.cdleveningstar,
    volSma20: safe(() => sma(volume, 20)),
  };
}

/**
 * The first `end` candles of columns (views, no copy): equal to computeSignalColumns of the first
 * `end` candles because every column is causal (value at i reads candles 0..i only; proven by
 * lookahead.test.ts). Throws RangeError when end is outside 0..n.
 */
export function sliceSignalColumns(c: SignalColumns, end: number): SignalColumns {
  if (!(end >= 0 && end <= c.n) || !Number.isInteger(end)) throw new RangeError(`slice end ${end} outside 0..${c.n}`);
  if (end === c.n) return c;
  const out: Record<string, unknown> = { n: end };
  for (const [k, v] of Object.entries(c)) if (v instanceof Float64Array) out[k] = v.subarray(0, end);
  return out as unknown as SignalColumns;
}
