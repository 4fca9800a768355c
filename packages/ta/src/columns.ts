import { adx } from './indicators/adx';
import { atr } from './indicators/atr';
import { bbands } from './indicators/bbands';
import { cci } from './indicators/cci';
import { ema } from './indicators/ema';
import { macd } from './indicators/macd';
import { mfi } from './indicators/mfi';
import { obv } from './indicators/obv';
import { rsi } from './indicators/rsi';
import { sar } from './indicators/sar';
import { sma } from './indicators/sma';
import { stoch } from './indicators/stoch';
import { stochRsiOfRsi } from './indicators/stochrsi';
import { willr } from './indicators/willr';
import { cdlDoji } from './patterns/cdl-doji';
import { cdlEngulfing } from './patterns/cdl-engulfing';
import { cdlEveningStar } from './patterns/cdl-evening-star';
import { cdlHammer } from './patterns/cdl-hammer';
import { cdlMorningStar } from './patterns/cdl-morning-star';
import { cdlShootingStar } from './patterns/cdl-shooting-star';
import { candleCount, type Candles } from './types';

/**
 * The standard indicator columns (output of `ta:compute`), in CSV column order. Keys are the CSV
 * header names; each maps to a column of the candles' length with NaN before its lookback.
 */
export const TA_COLUMN_NAMES = [
  'sma_20', 'ema_12', 'ema_20', 'ema_26',
  'macd_12_26_9_macd', 'macd_12_26_9_signal', 'macd_12_26_9_hist',
  'rsi_14', 'stoch_14_3_3_slowk', 'stoch_14_3_3_slowd',
  'stochrsi_14_5_3_fastk', 'stochrsi_14_5_3_fastd', 'stochrsi_14_14_3_fastk', 'stochrsi_14_14_3_fastd',
  'bbands_20_2_2_upper', 'bbands_20_2_2_middle', 'bbands_20_2_2_lower',
  'atr_14', 'obv', 'adx_14', 'cci_20', 'mfi_14', 'willr_14', 'sar_0.02_0.2',
  'cdlhammer', 'cdlengulfing', 'cdldoji', 'cdlshootingstar', 'cdlmorningstar', 'cdleveningstar',
] as const;

/** Name of one standard indicator column. */
export type TaColumnName = (typeof TA_COLUMN_NAMES)[number];

/** Standard indicator columns keyed by {@link TaColumnName}. */
export type TaColumns = Record<TaColumnName, Float64Array>;

/**
 * Computes every standard indicator column of {@link TA_COLUMN_NAMES} (TA-Lib semantics, default
 * parameters as named: STOCH/STOCHRSI smoothing SMA, BBANDS SMA 2/2, SAR 0.02/0.2, star
 * penetration 0.3). candles: see {@link Candles}. Returns columns of the candles' length.
 * Throws RangeError when candle columns differ in length.
 */
export function computeTaColumns(candles: Candles): TaColumns {
  candleCount(candles);
  const { open, high, low, close, volume } = candles;
  const m = macd(close, 12, 26, 9);
  const st = stoch(high, low, close, 14, 3, 3);
  const rsi14 = rsi(close, 14);
  const sr5 = stochRsiOfRsi(rsi14, 14, 5, 3);
  const sr14 = stochRsiOfRsi(rsi14, 14, 14, 3);
  const bb = bbands(close, 20, 2, 2);
  const ohlc = { open, high, low, close };
  return {
    sma_20: sma(close, 20),
    ema_12: ema(close, 12),
    ema_20: ema(close, 20),
    ema_26: ema(close, 26),
    macd_12_26_9_macd: m.macd,
    macd_12_26_9_signal: m.signal,
    macd_12_26_9_hist: m.hist,
    rsi_14: rsi14,
    stoch_14_3_3_slowk: st.slowK,
    stoch_14_3_3_slowd: st.slowD,
    stochrsi_14_5_3_fastk: sr5.fastK,
    stochrsi_14_5_3_fastd: sr5.fastD,
    stochrsi_14_14_3_fastk: sr14.fastK,
    stochrsi_14_14_3_fastd: sr14.fastD,
    bbands_20_2_2_upper: bb.upper,
    bbands_20_2_2_middle: bb.middle,
    bbands_20_2_2_lower: bb.lower,
    atr_14: atr(high, low, close, 14),
    obv: obv(close, volume),
    adx_14: adx(high, low, close, 14),
    cci_20: cci(high, low, close, 20),
    mfi_14: mfi(high, low, close, volume, 14),
    willr_14: willr(high, low, close, 14),
    'sar_0.02_0.2': sar(high, low, 0.02, 0.2),
    cdlhammer: cdlHammer(ohlc),
    cdlengulfing: cdlEngulfing(ohlc),
    cdldoji: cdlDoji(ohlc),
    cdlshootingstar: cdlShootingStar(ohlc),
    cdlmorningstar: cdlMorningStar(ohlc, 0.3),
    cdleveningstar: cdlEveningStar(ohlc, 0.3),
  };
}

/**
 * Formats standard columns as CSV: header `open_time_ms,<TA_COLUMN_NAMES…>`, one row per candle,
 * empty cell for NaN, numbers via `String(x)` (round-trips to the same double). Returns the text
 * with a trailing newline.
 */
export function formatTaColumnsCsv(openTime: Float64Array, cols: TaColumns): string {
  const n = openTime.length;
  const arrays = TA_COLUMN_NAMES.map((k) => cols[k]);
  const parts: string[] = ['open_time_ms,' + TA_COLUMN_NAMES.join(',')];
  for (let i = 0; i < n; i++) {
    let row = String(openTime[i]);
    for (let k = 0; k < arrays.length; k++) {
      const v = arrays[k][i];
      row += v === v ? ',' + String(v) : ',';
    }
    parts.push(row);
  }
  return parts.join('\n') + '\n';
}
