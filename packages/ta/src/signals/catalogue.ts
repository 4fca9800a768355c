/**
 * The analysis signal catalogue: every pattern with its
 * label, bilingual name and description, direction, the exact detection rule in words, and the
 * detector that implements that rule over {@link SignalColumns} at candle index `i` (the last
 * closed candle when run live, any index when run historically). A detector only reads indices
 * ≤ i, never the future, and returns false when its inputs are not yet defined (NaN / too early).
 */
import type { Direction } from '../types';
import type { SignalColumns } from './columns';

/** Category of a catalogue entry (used for grouping in docs and UI). */
export type SignalCategory = 'cross' | 'volume' | 'momentum' | 'bollinger' | 'price_action' | 'candlestick' | 'market_condition';

/** Text in the two shipped locales. */
export interface Bilingual {
  en: string;
  zh: string;
}

/** One catalogue entry. */
export interface SignalDefinition {
  /** Stable snake_case id, e.g. `golden_cross`. */
  label: string;
  name: Bilingual;
  description: Bilingual;
  direction: Direction;
  category: SignalCategory;
  /** Human-readable detection rule with the exact thresholds. */
  rule: string;
  /** True when the signal fires at candle `i` (reads indices ≤ i only). */
  detect: (x: SignalColumns, i: number) => boolean;
}

/** Thresholds used by the detectors (documented in each rule). */
export const THRESHOLDS = {
  rsiOverbought: 70,
  rsiOversold: 30,
  stochOverbought: 80,
  stochOversold: 20,
  volumeBreakoutMultiple: 2,
  volumeSpikeMultiple: 3,
  volumeConfirmRatio: 1.2,
  volumeDivergeRatio: 0.8,
  channelPeriod: 20,
  squeezeLookback: 120,
  expansionRatio: 1.5,
  fibLookback: 100,
  fibMinLegAtr: 3,
  fibToleranceAtr: 0.25,
  flashCrashAtr: 4,
  flashCrashPct: 2,
  dryupRatio: 0.3,
  panicBodyAtr: 2.5,
  panicVolumeMultiple: 3,
  highVolatilityRatio: 1.5,
  extremeTrendAdx: 40,
  rangePeriod: 30,
  rangeMaxAtr: 4,
  exhaustionRsiDrop: 5,
  pumpAtr: 4,
  pumpCandles: 3,
  pumpVolumeMultiple: 2,
} as const;

const T = THRESHOLDS;

// ---- helpers (NaN-safe: every comparison with NaN is false) ----

function crossAbove(a: Float64Array, b: Float64Array, i: number): boolean {
  return i >= 1 && a[i - 1] <= b[i - 1] && a[i] > b[i];
}
function crossBelow(a: Float64Array, b: Float64Array, i: number): boolean {
  return i >= 1 && a[i - 1] >= b[i - 1] && a[i] < b[i];
}
/** max of src over [from, to] inclusive; NaN if the range is invalid or holds a NaN. */
function maxOf(src: Float64Array, from: number, to: number): number {
  if (from < 0 || to < from) return NaN;
  let m = -Infinity;
  for (let k = from; k <= to; k++) {
    const v = src[k];
    if (v !== v) return NaN;
    if (v > m) m = v;
  }
  return m;
}
function minOf(src: Float64Array, from: number, to: number): number {
  if (from < 0 || to < from) return NaN;
  let m = Infinity;
  for (let k = from; k <= to; k++) {
    const v = src[k];
    if (v !== v) return NaN;
    if (v < m) m = v;
  }
  return m;
}
function meanOf(src: Float64Array, from: number, to: number): number {
  if (from < 0 || to < from) return NaN;
  let s = 0;
  for (let k = from; k <= to; k++) s += src[k];
  return s / (to - from + 1);
}
/** Mean volume of the last 5 candles divided by the mean of the 20 candles before them. */
function volumeTrendRatio(x: SignalColumns, i: number): number {
  const prev = meanOf(x.volume, i - 24, i - 5);
  return prev > 0 ? meanOf(x.volume, i - 4, i) / prev : NaN;
}
const bbWidth = (x: SignalColumns, i: number) => (x.bbUpper[i] - x.bbLower[i]) / x.bbMiddle[i];
const newCloseHigh = (x: SignalColumns, i: number, w: number) => x.close[i] > maxOf(x.close, i - w + 1, i - 1);
const newCloseLow = (x: SignalColumns, i: number, w: number) => x.close[i] < minOf(x.close, i - w + 1, i - 1);

const FIB_RATIOS = [0.382, 0.5, 0.618] as const;

/**
 * Fibonacci bounce test. Over the `fibLookback` candles before i, take the highest high H and the
 * lowest low L; `up` needs L before H (retracement of an up leg: levels H − r·(H − L)), `down`
 * needs H before L (levels L + r·(H − L)); the leg must be ≥ fibMinLegAtr × ATR14[i].
 */
function fibBounce(x: SignalColumns, i: number, up: boolean): boolean {
  const w = T.fibLookback;
  if (i < w) return false;
  const a = x.atr14[i];
  if (!(a > 0)) return false;
  let hi = -Infinity;
  let hiIdx = -1;
  let lo = Infinity;
  let loIdx = -1;
  for (let k = i - w; k < i; k++) {
    if (x.high[k] > hi) {
      hi = x.high[k];
      hiIdx = k;
    }
    if (x.low[k] < lo) {
      lo = x.low[k];
      loIdx = k;
    }
  }
  const leg = hi - lo;
  if (!(leg >= T.fibMinLegAtr * a)) return false;
  const tol = T.fibToleranceAtr * a;
  if (up) {
    if (!(loIdx < hiIdx) || !(x.close[i] > x.open[i]) || !(x.close[i] < hi)) return false;
    return FIB_RATIOS.some((r) => {
      const level = hi - r * leg;
      return x.low[i] <= level + tol && x.low[i] >= level - tol && x.close[i] > level;
    });
  }
  if (!(hiIdx < loIdx) || !(x.close[i] < x.open[i]) || !(x.close[i] > lo)) return false;
  return FIB_RATIOS.some((r) => {
    const level = lo + r * leg;
    return x.high[i] >= level - tol && x.high[i] <= level + tol && x.close[i] < level;
  });
}

function rangeBreakout(x: SignalColumns, i: number, up: boolean): boolean {
  const p = T.rangePeriod;
  const top = maxOf(x.high, i - p, i - 1);
  const bottom = minOf(x.low, i - p, i - 1);
  if (!(top - bottom <= T.rangeMaxAtr * x.atr14[i - 1])) return false;
  return up ? x.close[i] > top : x.close[i] < bottom;
}

function momentumExhaustion(x: SignalColumns, i: number, top: boolean): boolean {
  if (i < 20) return false;
  const r = x.rsi14[i];
  if (top) {
    return newCloseHigh(x, i, 20) && r <= maxOf(x.rsi14, i - 19, i - 1) - T.exhaustionRsiDrop && x.macdHist[i] < x.macdHist[i - 1];
  }
  return newCloseLow(x, i, 20) && r >= minOf(x.rsi14, i - 19, i - 1) + T.exhaustionRsiDrop && x.macdHist[i] > x.macdHist[i - 1];
}

/** The catalogue, in documentation order. */
export const SIGNAL_CATALOGUE: readonly SignalDefinition[] = [
  // ---------------- crosses ----------------
  {
    label: 'golden_cross', category: 'cross', direction: 'bullish',
    name: { en: 'Golden cross', zh: '金叉' },
    description: {
      en: 'The 50-period simple moving average crossed above the 200-period one: the medium-term trend has turned up relative to the long-term trend.',
      zh: '50 周期简单移动平均线上穿 200 周期均线，中期趋势相对长期趋势转强。',
    },
    rule: 'SMA(50)[i−1] ≤ SMA(200)[i−1] and SMA(50)[i] > SMA(200)[i]',
    detect: (x, i) => crossAbove(x.sma50, x.sma200, i),
  },
  {
    label: 'death_cross', category: 'cross', direction: 'bearish',
    name: { en: 'Death cross', zh: '死叉' },
    description: {
      en: 'The 50-period simple moving average crossed below the 200-period one: the medium-term trend has turned down relative to the long-term trend.',
      zh: '50 周期简单移动平均线下穿 200 周期均线，中期趋势相对长期趋势转弱。',
    },
    rule: 'SMA(50)[i−1] ≥ SMA(200)[i−1] and SMA(50)[i] < SMA(200)[i]',
    detect: (x, i) => crossBelow(x.sma50, x.sma200, i),
  },
  {
    label: 'ema_golden_cross', category: 'cross', direction: 'bullish',
    name: { en: 'EMA golden cross', zh: 'EMA 金叉' },
    description: {
      en: 'The 50-period exponential moving average crossed above the 200-period one; it reacts faster than the simple-average cross.',
      zh: '50 周期指数移动平均线上穿 200 周期指数均线，比简单均线金叉反应更快。',
    },
    rule: 'EMA(50)[i−1] ≤ EMA(200)[i−1] and EMA(50)[i] > EMA(200)[i]',
    detect: (x, i) => crossAbove(x.ema50, x.ema200, i),
  },
  {
    label: 'ema_death_cross', category: 'cross', direction: 'bearish',
    name: { en: 'EMA death cross', zh: 'EMA 死叉' },
    description: {
      en: 'The 50-period exponential moving average crossed below the 200-period one; it reacts faster than the simple-average cross.',
      zh: '50 周期指数移动平均线下穿 200 周期指数均线，比简单均线死叉反应更快。',
    },
    rule: 'EMA(50)[i−1] ≥ EMA(200)[i−1] and EMA(50)[i] < EMA(200)[i]',
    detect: (x, i) => crossBelow(x.ema50, x.ema200, i),
  },
  {
    label: 'macd_golden_cross', category: 'cross', direction: 'bullish',
    name: { en: 'MACD golden cross', zh: 'MACD 金叉' },
    description: {
      en: 'The MACD line crossed above its signal line: short-term momentum is turning up.',
      zh: 'MACD 线上穿信号线，短期动能转强。',
    },
    rule: 'MACD(12,26,9) line[i−1] ≤ signal[i−1] and line[i] > signal[i]',
    detect: (x, i) => crossAbove(x.macd, x.macdSignal, i),
  },
  {
    label: 'macd_death_cross', category: 'cross', direction: 'bearish',
    name: { en: 'MACD death cross', zh: 'MACD 死叉' },
    description: {
      en: 'The MACD line crossed below its signal line: short-term momentum is turning down.',
      zh: 'MACD 线下穿信号线，短期动能转弱。',
    },
    rule: 'MACD(12,26,9) line[i−1] ≥ signal[i−1] and line[i] < signal[i]',
    detect: (x, i) => crossBelow(x.macd, x.macdSignal, i),
  },
  // ---------------- volume / price ----------------
  {
    label: 'volume_price_confirmation_bullish', category: 'volume', direction: 'bullish',
    name: { en: 'Volume confirms rally', zh: '量价齐升' },
    description: {
      en: 'Price closed at a 20-candle high while trading volume is rising: buyers are backing the move.',
      zh: '收盘价创 20 根 K 线新高，同时成交量放大，买盘支持上涨。',
    },
    rule: `close[i] > max(close[i−19..i−1]) and mean(volume[i−4..i]) ≥ ${T.volumeConfirmRatio} × mean(volume[i−24..i−5])`,
    detect: (x, i) => newCloseHigh(x, i, 20) && volumeTrendRatio(x, i) >= T.volumeConfirmRatio,
  },
  {
    label: 'volume_price_confirmation_bearish', category: 'volume', direction: 'bearish',
    name: { en: 'Volume confirms decline', zh: '放量下跌' },
    description: {
      en: 'Price closed at a 20-candle low while trading volume is rising: sellers are backing the move.',
      zh: '收盘价创 20 根 K 线新低，同时成交量放大，抛压确认下跌。',
    },
    rule: `close[i] < min(close[i−19..i−1]) and mean(volume[i−4..i]) ≥ ${T.volumeConfirmRatio} × mean(volume[i−24..i−5])`,
    detect: (x, i) => newCloseLow(x, i, 20) && volumeTrendRatio(x, i) >= T.volumeConfirmRatio,
  },
  {
    label: 'volume_price_divergence_bearish', category: 'volume', direction: 'bearish',
    name: { en: 'Rally on shrinking volume', zh: '量价背离（缩量上涨）' },
    description: {
      en: 'Price closed at a 20-candle high but volume is drying up: the rally lacks participation and may fade.',
      zh: '收盘价创 20 根 K 线新高，但成交量萎缩，上涨缺乏跟随，可能难以持续。',
    },
    rule: `close[i] > max(close[i−19..i−1]) and mean(volume[i−4..i]) ≤ ${T.volumeDivergeRatio} × mean(volume[i−24..i−5])`,
    detect: (x, i) => newCloseHigh(x, i, 20) && volumeTrendRatio(x, i) <= T.volumeDivergeRatio,
  },
  {
    label: 'volume_price_divergence_bullish', category: 'volume', direction: 'bullish',
    name: { en: 'Decline on shrinking volume', zh: '量价背离（缩量下跌）' },
    description: {
      en: 'Price closed at a 20-candle low but volume is drying up: selling pressure is fading.',
      zh: '收盘价创 20 根 K 线新低，但成交量萎缩，抛压正在减弱。',
    },
    rule: `close[i] < min(close[i−19..i−1]) and mean(volume[i−4..i]) ≤ ${T.volumeDivergeRatio} × mean(volume[i−24..i−5])`,
    detect: (x, i) => newCloseLow(x, i, 20) && volumeTrendRatio(x, i) <= T.volumeDivergeRatio,
  },
  {
    label: 'volume_breakout', category: 'volume', direction: 'bullish',
    name: { en: 'Volume breakout', zh: '放量突破' },
    description: {
      en: 'Price closed above the highest high of the previous 20 candles on at least twice the average volume.',
      zh: '收盘价突破前 20 根 K 线最高价，且成交量至少为均量的两倍。',
    },
    rule: `close[i] > max(high[i−20..i−1]) and volume[i] ≥ ${T.volumeBreakoutMultiple} × SMA(volume, 20)[i−1]`,
    detect: (x, i) => x.close[i] > maxOf(x.high, i - 20, i - 1) && x.volume[i] >= T.volumeBreakoutMultiple * x.volSma20[i - 1],
  },
  {
    label: 'volume_breakdown', category: 'volume', direction: 'bearish',
    name: { en: 'Volume breakdown', zh: '放量跌破' },
    description: {
      en: 'Price closed below the lowest low of the previous 20 candles on at least twice the average volume.',
      zh: '收盘价跌破前 20 根 K 线最低价，且成交量至少为均量的两倍。',
    },
    rule: `close[i] < min(low[i−20..i−1]) and volume[i] ≥ ${T.volumeBreakoutMultiple} × SMA(volume, 20)[i−1]`,
    detect: (x, i) => x.close[i] < minOf(x.low, i - 20, i - 1) && x.volume[i] >= T.volumeBreakoutMultiple * x.volSma20[i - 1],
  },
  // ---------------- momentum oscillators ----------------
  {
    label: 'rsi_overbought', category: 'momentum', direction: 'bearish',
    name: { en: 'RSI overbought', zh: 'RSI 超买' },
    description: {
      en: 'The 14-period RSI is above 70: the recent advance is stretched and a pullback becomes more likely.',
      zh: '14 周期 RSI 高于 70，近期涨幅过大，回调概率上升。',
    },
    rule: `RSI(14)[i] > ${T.rsiOverbought}`,
    detect: (x, i) => x.rsi14[i] > T.rsiOverbought,
  },
  {
    label: 'rsi_oversold', category: 'momentum', direction: 'bullish',
    name: { en: 'RSI oversold', zh: 'RSI 超卖' },
    description: {
      en: 'The 14-period RSI is below 30: the recent decline is stretched and a rebound becomes more likely.',
      zh: '14 周期 RSI 低于 30，近期跌幅过大，反弹概率上升。',
    },
    rule: `RSI(14)[i] < ${T.rsiOversold}`,
    detect: (x, i) => x.rsi14[i] < T.rsiOversold,
  },
  {
    label: 'stoch_overbought', category: 'momentum', direction: 'bearish',
    name: { en: 'Stochastic overbought', zh: 'KD 超买' },
    description: {
      en: 'Both slow stochastic lines are above 80: price closes near the top of its recent range.',
      zh: '慢速随机指标 K、D 两线均高于 80，收盘价处于近期区间顶部。',
    },
    rule: `STOCH(14,3,3) slow %K[i] > ${T.stochOverbought} and slow %D[i] > ${T.stochOverbought}`,
    detect: (x, i) => x.stochK[i] > T.stochOverbought && x.stochD[i] > T.stochOverbought,
  },
  {
    label: 'stoch_oversold', category: 'momentum', direction: 'bullish',
    name: { en: 'Stochastic oversold', zh: 'KD 超卖' },
    description: {
      en: 'Both slow stochastic lines are below 20: price closes near the bottom of its recent range.',
      zh: '慢速随机指标 K、D 两线均低于 20，收盘价处于近期区间底部。',
    },
    rule: `STOCH(14,3,3) slow %K[i] < ${T.stochOversold} and slow %D[i] < ${T.stochOversold}`,
    detect: (x, i) => x.stochK[i] < T.stochOversold && x.stochD[i] < T.stochOversold,
  },
  {
    label: 'macd_histogram_increasing', category: 'momentum', direction: 'bullish',
    name: { en: 'MACD histogram rising', zh: 'MACD 柱状线递增' },
    description: {
      en: 'The MACD histogram has just risen for a second candle in a row (it was not rising before): upward momentum is starting to build. Fires once per run, not on every rising candle.',
      zh: 'MACD 柱状线刚刚连续第二根 K 线上升（此前并未上升）：上涨动能开始增强。每段上升只触发一次，而非每根上升 K 线都触发。',
    },
    rule: 'hist[i] > hist[i−1] > hist[i−2] and not hist[i−2] > hist[i−3] (MACD 12,26,9 histogram)',
    detect: (x, i) => i >= 3 && x.macdHist[i] > x.macdHist[i - 1] && x.macdHist[i - 1] > x.macdHist[i - 2] && !(x.macdHist[i - 2] > x.macdHist[i - 3]),
  },
  {
    label: 'macd_histogram_decreasing', category: 'momentum', direction: 'bearish',
    name: { en: 'MACD histogram falling', zh: 'MACD 柱状线递减' },
    description: {
      en: 'The MACD histogram has just fallen for a second candle in a row (it was not falling before): downward momentum is starting to build. Fires once per run, not on every falling candle.',
      zh: 'MACD 柱状线刚刚连续第二根 K 线下降（此前并未下降）：下跌动能开始增强。每段下降只触发一次，而非每根下降 K 线都触发。',
    },
    rule: 'hist[i] < hist[i−1] < hist[i−2] and not hist[i−2] < hist[i−3] (MACD 12,26,9 histogram)',
    detect: (x, i) => i >= 3 && x.macdHist[i] < x.macdHist[i - 1] && x.macdHist[i - 1] < x.macdHist[i - 2] && !(x.macdHist[i - 2] < x.macdHist[i - 3]),
  },
  // ---------------- Bollinger ----------------
  {
    label: 'bollinger_squeeze', category: 'bollinger', direction: 'neutral',
    name: { en: 'Bollinger squeeze', zh: '布林带收口' },
    description: {
      en: 'The Bollinger band width is at its narrowest in 120 candles: volatility is compressed and a large move often follows, in either direction.',
      zh: '布林带宽度为 120 根 K 线内最窄，波动被压缩，之后常出现方向未定的大幅波动。',
    },
    rule: `width = (upper − lower) / middle of BBANDS(20,2,2); width[i] < min(width[i−${T.squeezeLookback - 1}..i−1])`,
    detect: (x, i) => {
      if (i < T.squeezeLookback - 1) return false;
      const w = bbWidth(x, i);
      if (!(w >= 0)) return false;
      for (let k = i - T.squeezeLookback + 1; k < i; k++) if (!(w < bbWidth(x, k))) return false;
      return true;
    },
  },
  {
    label: 'bollinger_expansion', category: 'bollinger', direction: 'neutral',
    name: { en: 'Bollinger expansion', zh: '布林带开口' },
    description: {
      en: 'The Bollinger band width grew by at least 50% over 5 candles and is still widening: volatility is expanding.',
      zh: '布林带宽度在 5 根 K 线内扩大至少 50% 且仍在扩大，波动率正在放大。',
    },
    rule: `width[i] ≥ ${T.expansionRatio} × width[i−5] and width[i] > width[i−1] (width as in bollinger_squeeze)`,
    detect: (x, i) => i >= 5 && bbWidth(x, i) >= T.expansionRatio * bbWidth(x, i - 5) && bbWidth(x, i) > bbWidth(x, i - 1),
  },
  {
    label: 'bollinger_upper_breakout', category: 'bollinger', direction: 'bullish',
    name: { en: 'Bollinger upper breakout', zh: '突破布林上轨' },
    description: {
      en: 'Price closed above the upper Bollinger band after closing inside it: a strong upward push.',
      zh: '收盘价由布林带内部收于上轨之上，上攻力度强。',
    },
    rule: 'close[i−1] ≤ upper[i−1] and close[i] > upper[i] (BBANDS 20,2,2)',
    detect: (x, i) => crossAbove(x.close, x.bbUpper, i),
  },
  {
    label: 'bollinger_lower_breakdown', category: 'bollinger', direction: 'bearish',
    name: { en: 'Bollinger lower breakdown', zh: '跌破布林下轨' },
    description: {
      en: 'Price closed below the lower Bollinger band after closing inside it: a strong downward push.',
      zh: '收盘价由布林带内部收于下轨之下，下跌力度强。',
    },
    rule: 'close[i−1] ≥ lower[i−1] and close[i] < lower[i] (BBANDS 20,2,2)',
    detect: (x, i) => crossBelow(x.close, x.bbLower, i),
  },
  {
    label: 'bollinger_upper_bounce', category: 'bollinger', direction: 'bearish',
    name: { en: 'Rejected at upper Bollinger band', zh: '布林上轨回落' },
    description: {
      en: 'The previous candle reached the upper Bollinger band and this candle turned down inside the band: the band acted as resistance.',
      zh: '前一根 K 线触及布林上轨，本根 K 线在带内收阴回落，上轨形成压力。',
    },
    rule: 'high[i−1] ≥ upper[i−1] and close[i] < open[i] and close[i] < close[i−1] and close[i] < upper[i]',
    detect: (x, i) => i >= 1 && x.high[i - 1] >= x.bbUpper[i - 1] && x.close[i] < x.open[i] && x.close[i] < x.close[i - 1] && x.close[i] < x.bbUpper[i],
  },
  {
    label: 'bollinger_lower_bounce', category: 'bollinger', direction: 'bullish',
    name: { en: 'Bounce off lower Bollinger band', zh: '布林下轨反弹' },
    description: {
      en: 'The previous candle reached the lower Bollinger band and this candle turned up inside the band: the band acted as support.',
      zh: '前一根 K 线触及布林下轨，本根 K 线在带内收阳反弹，下轨形成支撑。',
    },
    rule: 'low[i−1] ≤ lower[i−1] and close[i] > open[i] and close[i] > close[i−1] and close[i] > lower[i]',
    detect: (x, i) => i >= 1 && x.low[i - 1] <= x.bbLower[i - 1] && x.close[i] > x.open[i] && x.close[i] > x.close[i - 1] && x.close[i] > x.bbLower[i],
  },
  // ---------------- price action ----------------
  {
    label: 'channel_breakout_up', category: 'price_action', direction: 'bullish',
    name: { en: 'Channel breakout (up)', zh: '通道向上突破' },
    description: {
      en: 'Price closed above the 20-candle price channel (Donchian) for the first time.',
      zh: '收盘价首次突破 20 根 K 线价格通道（唐奇安通道）上沿。',
    },
    rule: 'close[i] > max(high[i−20..i−1]) and close[i−1] ≤ max(high[i−21..i−2])',
    detect: (x, i) => x.close[i] > maxOf(x.high, i - 20, i - 1) && x.close[i - 1] <= maxOf(x.high, i - 21, i - 2),
  },
  {
    label: 'channel_breakout_down', category: 'price_action', direction: 'bearish',
    name: { en: 'Channel breakout (down)', zh: '通道向下突破' },
    description: {
      en: 'Price closed below the 20-candle price channel (Donchian) for the first time.',
      zh: '收盘价首次跌破 20 根 K 线价格通道（唐奇安通道）下沿。',
    },
    rule: 'close[i] < min(low[i−20..i−1]) and close[i−1] ≥ min(low[i−21..i−2])',
    detect: (x, i) => x.close[i] < minOf(x.low, i - 20, i - 1) && x.close[i - 1] >= minOf(x.low, i - 21, i - 2),
  },
  {
    label: 'fibonacci_retracement_bounce', category: 'price_action', direction: 'bullish',
    name: { en: 'Fibonacci retracement bounce', zh: '斐波那契回撤支撑' },
    description: {
      en: 'After an up-leg, price pulled back to the 38.2%, 50% or 61.8% retracement level and closed higher above it.',
      zh: '一段上涨之后，价格回撤至 38.2%、50% 或 61.8% 斐波那契位并收阳站稳其上。',
    },
    rule: `over high/low of the previous ${T.fibLookback} candles (low before high, leg H−L ≥ ${T.fibMinLegAtr}×ATR14[i]): for a level H − r·(H−L), r ∈ {0.382, 0.5, 0.618}, |low[i] − level| ≤ ${T.fibToleranceAtr}×ATR14[i], close[i] > level, close[i] > open[i], close[i] < H`,
    detect: (x, i) => fibBounce(x, i, true),
  },
  {
    label: 'fibonacci_retracement_rejection', category: 'price_action', direction: 'bearish',
    name: { en: 'Fibonacci retracement rejection', zh: '斐波那契回撤阻力' },
    description: {
      en: 'After a down-leg, price rallied to the 38.2%, 50% or 61.8% retracement level and closed lower below it.',
      zh: '一段下跌之后，价格反弹至 38.2%、50% 或 61.8% 斐波那契位并收阴受阻回落。',
    },
    rule: `over high/low of the previous ${T.fibLookback} candles (high before low, leg H−L ≥ ${T.fibMinLegAtr}×ATR14[i]): for a level L + r·(H−L), r ∈ {0.382, 0.5, 0.618}, |high[i] − level| ≤ ${T.fibToleranceAtr}×ATR14[i], close[i] < level, close[i] < open[i], close[i] > L`,
    detect: (x, i) => fibBounce(x, i, false),
  },
  // ---------------- candlesticks (TA-Lib) ----------------
  {
    label: 'hammer', category: 'candlestick', direction: 'bullish',
    name: { en: 'Hammer', zh: '锤子线' },
    description: {
      en: 'A small body near the prior low with a long lower shadow and almost no upper shadow: sellers were absorbed.',
      zh: '实体短小、靠近前低，下影线长、几乎无上影线，卖压被承接。',
    },
    rule: 'TA-Lib CDLHAMMER[i] = 100',
    detect: (x, i) => x.cdlHammer[i] === 100,
  },
  {
    label: 'bullish_engulfing', category: 'candlestick', direction: 'bullish',
    name: { en: 'Bullish engulfing', zh: '看涨吞没' },
    description: {
      en: 'A white candle whose body engulfs the previous black body: buyers took over.',
      zh: '阳线实体完全包住前一根阴线实体，买方接管。',
    },
    rule: 'TA-Lib CDLENGULFING[i] > 0 (+100, or +80 when one body end is equal)',
    detect: (x, i) => x.cdlEngulfing[i] > 0,
  },
  {
    label: 'bearish_engulfing', category: 'candlestick', direction: 'bearish',
    name: { en: 'Bearish engulfing', zh: '看跌吞没' },
    description: {
      en: 'A black candle whose body engulfs the previous white body: sellers took over.',
      zh: '阴线实体完全包住前一根阳线实体，卖方接管。',
    },
    rule: 'TA-Lib CDLENGULFING[i] < 0 (−100, or −80 when one body end is equal)',
    detect: (x, i) => x.cdlEngulfing[i] < 0,
  },
  {
    label: 'doji', category: 'candlestick', direction: 'neutral',
    name: { en: 'Doji', zh: '十字星' },
    description: {
      en: 'Open and close are almost equal: buyers and sellers are in balance; often marks indecision before a turn.',
      zh: '开盘价与收盘价几乎相同，多空力量均衡，常是变盘前的犹豫信号。',
    },
    rule: 'TA-Lib CDLDOJI[i] = 100 (body ≤ 10% of the average range of the 10 previous candles)',
    detect: (x, i) => x.cdlDoji[i] === 100,
  },
  {
    label: 'shooting_star', category: 'candlestick', direction: 'bearish',
    name: { en: 'Shooting star', zh: '射击之星' },
    description: {
      en: 'A small body gapping up with a long upper shadow and almost no lower shadow: the rally was rejected.',
      zh: '实体短小并向上跳空，上影线长、几乎无下影线，上攻遭到拒绝。',
    },
    rule: 'TA-Lib CDLSHOOTINGSTAR[i] = −100',
    detect: (x, i) => x.cdlShootingStar[i] === -100,
  },
  {
    label: 'morning_star', category: 'candlestick', direction: 'bullish',
    name: { en: 'Morning star', zh: '启明星' },
    description: {
      en: 'A long black candle, a small body gapping down, then a white candle closing well into the first body: a three-candle bottom reversal.',
      zh: '长阴线后出现向下跳空的小实体，随后阳线收复第一根实体的大部分，是三根 K 线的底部反转形态。',
    },
    rule: 'TA-Lib CDLMORNINGSTAR(penetration 0.3)[i] = 100',
    detect: (x, i) => x.cdlMorningStar[i] === 100,
  },
  {
    label: 'evening_star', category: 'candlestick', direction: 'bearish',
    name: { en: 'Evening star', zh: '黄昏星' },
    description: {
      en: 'A long white candle, a small body gapping up, then a black candle closing well into the first body: a three-candle top reversal.',
      zh: '长阳线后出现向上跳空的小实体，随后阴线深入第一根实体，是三根 K 线的顶部反转形态。',
    },
    rule: 'TA-Lib CDLEVENINGSTAR(penetration 0.3)[i] = −100',
    detect: (x, i) => x.cdlEveningStar[i] === -100,
  },
  // ---------------- market conditions ----------------
  {
    label: 'flash_crash', category: 'market_condition', direction: 'bearish',
    name: { en: 'Flash crash', zh: '闪崩' },
    description: {
      en: 'Within a single candle price fell at least 4 average true ranges (and at least 2%) below the previous close.',
      zh: '单根 K 线内价格较前收盘下跌至少 4 倍平均真实波幅（且不少于 2%）。',
    },
    rule: `close[i−1] − low[i] ≥ ${T.flashCrashAtr} × ATR14[i−1] and (close[i−1] − low[i]) / close[i−1] ≥ ${T.flashCrashPct}%`,
    detect: (x, i) => i >= 1 && x.close[i - 1] - x.low[i] >= T.flashCrashAtr * x.atr14[i - 1] && (x.close[i - 1] - x.low[i]) / x.close[i - 1] >= T.flashCrashPct / 100,
  },
  {
    label: 'liquidity_dryup', category: 'market_condition', direction: 'neutral',
    name: { en: 'Liquidity dry-up', zh: '流动性枯竭' },
    description: {
      en: 'Three candles in a row traded less than 30% of the average volume: thin markets move erratically on small orders.',
      zh: '连续三根 K 线成交量低于均量的 30%，市场清淡，小额订单也可能引起剧烈波动。',
    },
    rule: `volume[k] < ${T.dryupRatio} × SMA(volume, 20)[i−3] for k = i−2, i−1, i`,
    detect: (x, i) => {
      if (i < 3) return false;
      const lim = T.dryupRatio * x.volSma20[i - 3];
      return x.volume[i] < lim && x.volume[i - 1] < lim && x.volume[i - 2] < lim;
    },
  },
  {
    label: 'panic_sell', category: 'market_condition', direction: 'bearish',
    name: { en: 'Panic selling', zh: '恐慌性抛售' },
    description: {
      en: 'A long black candle (body ≥ 2.5 ATR) on at least three times the average volume.',
      zh: '一根长阴线（实体不小于 2.5 倍 ATR），成交量至少为均量的三倍。',
    },
    rule: `open[i] − close[i] ≥ ${T.panicBodyAtr} × ATR14[i−1] and volume[i] ≥ ${T.panicVolumeMultiple} × SMA(volume, 20)[i−1]`,
    detect: (x, i) => i >= 1 && x.open[i] - x.close[i] >= T.panicBodyAtr * x.atr14[i - 1] && x.volume[i] >= T.panicVolumeMultiple * x.volSma20[i - 1],
  },
  {
    label: 'panic_buy', category: 'market_condition', direction: 'bullish',
    name: { en: 'Panic buying', zh: '恐慌性买入' },
    description: {
      en: 'A long white candle (body ≥ 2.5 ATR) on at least three times the average volume.',
      zh: '一根长阳线（实体不小于 2.5 倍 ATR），成交量至少为均量的三倍。',
    },
    rule: `close[i] − open[i] ≥ ${T.panicBodyAtr} × ATR14[i−1] and volume[i] ≥ ${T.panicVolumeMultiple} × SMA(volume, 20)[i−1]`,
    detect: (x, i) => i >= 1 && x.close[i] - x.open[i] >= T.panicBodyAtr * x.atr14[i - 1] && x.volume[i] >= T.panicVolumeMultiple * x.volSma20[i - 1],
  },
  {
    label: 'high_volatility', category: 'market_condition', direction: 'neutral',
    name: { en: 'High volatility', zh: '高波动' },
    description: {
      en: 'The average true range, relative to price, is at least 1.5 times its average of the previous 100 candles.',
      zh: '相对价格的平均真实波幅达到前 100 根 K 线均值的 1.5 倍以上。',
    },
    rule: `ATR14[i]/close[i] ≥ ${T.highVolatilityRatio} × mean(ATR14[k]/close[k], k = i−100..i−1)`,
    detect: (x, i) => {
      if (i < 100) return false;
      let s = 0;
      for (let k = i - 100; k < i; k++) s += x.atr14[k] / x.close[k];
      return x.atr14[i] / x.close[i] >= (T.highVolatilityRatio * s) / 100;
    },
  },
  {
    label: 'volume_spike', category: 'market_condition', direction: 'neutral',
    name: { en: 'Volume spike', zh: '成交量激增' },
    description: {
      en: 'This candle traded at least three times the average volume of the previous 20 candles.',
      zh: '本根 K 线成交量至少为前 20 根 K 线均量的三倍。',
    },
    rule: `volume[i] ≥ ${T.volumeSpikeMultiple} × SMA(volume, 20)[i−1]`,
    detect: (x, i) => i >= 1 && x.volume[i] >= T.volumeSpikeMultiple * x.volSma20[i - 1],
  },
  {
    label: 'extreme_uptrend', category: 'market_condition', direction: 'bullish',
    name: { en: 'Extreme uptrend', zh: '极端上升趋势' },
    description: {
      en: 'A very strong trend (ADX ≥ 40) with price above a rising 20 EMA that is above the 50 EMA.',
      zh: '趋势极强（ADX ≥ 40），价格位于上行的 20 EMA 之上，且 20 EMA 高于 50 EMA。',
    },
    rule: `ADX14[i] ≥ ${T.extremeTrendAdx} and close[i] > EMA20[i] > EMA50[i] and EMA20[i] > EMA20[i−1]`,
    detect: (x, i) => i >= 1 && x.adx14[i] >= T.extremeTrendAdx && x.close[i] > x.ema20[i] && x.ema20[i] > x.ema50[i] && x.ema20[i] > x.ema20[i - 1],
  },
  {
    label: 'extreme_downtrend', category: 'market_condition', direction: 'bearish',
    name: { en: 'Extreme downtrend', zh: '极端下降趋势' },
    description: {
      en: 'A very strong trend (ADX ≥ 40) with price below a falling 20 EMA that is below the 50 EMA.',
      zh: '趋势极强（ADX ≥ 40），价格位于下行的 20 EMA 之下，且 20 EMA 低于 50 EMA。',
    },
    rule: `ADX14[i] ≥ ${T.extremeTrendAdx} and close[i] < EMA20[i] < EMA50[i] and EMA20[i] < EMA20[i−1]`,
    detect: (x, i) => i >= 1 && x.adx14[i] >= T.extremeTrendAdx && x.close[i] < x.ema20[i] && x.ema20[i] < x.ema50[i] && x.ema20[i] < x.ema20[i - 1],
  },
  {
    label: 'price_gap_up', category: 'market_condition', direction: 'bullish',
    name: { en: 'Price gap up', zh: '向上跳空' },
    description: {
      en: 'The whole candle traded above the previous candle\'s high, leaving a gap.',
      zh: '整根 K 线都在前一根 K 线最高价之上，留下跳空缺口。',
    },
    rule: 'low[i] > high[i−1]',
    detect: (x, i) => i >= 1 && x.low[i] > x.high[i - 1],
  },
  {
    label: 'price_gap_down', category: 'market_condition', direction: 'bearish',
    name: { en: 'Price gap down', zh: '向下跳空' },
    description: {
      en: 'The whole candle traded below the previous candle\'s low, leaving a gap.',
      zh: '整根 K 线都在前一根 K 线最低价之下，留下跳空缺口。',
    },
    rule: 'high[i] < low[i−1]',
    detect: (x, i) => i >= 1 && x.high[i] < x.low[i - 1],
  },
  {
    label: 'oversold', category: 'market_condition', direction: 'bullish',
    name: { en: 'Oversold market', zh: '市场超卖' },
    description: {
      en: 'Several gauges agree the market is oversold: RSI below 30, Williams %R below −80 and price below the lower Bollinger band.',
      zh: '多项指标同时显示超卖：RSI 低于 30、威廉指标低于 −80，且价格位于布林下轨之下。',
    },
    rule: 'RSI(14)[i] < 30 and WILLR(14)[i] < −80 and close[i] < lower BBANDS(20,2,2)[i]',
    detect: (x, i) => x.rsi14[i] < 30 && x.willr14[i] < -80 && x.close[i] < x.bbLower[i],
  },
  {
    label: 'overbought', category: 'market_condition', direction: 'bearish',
    name: { en: 'Overbought market', zh: '市场超买' },
    description: {
      en: 'Several gauges agree the market is overbought: RSI above 70, Williams %R above −20 and price above the upper Bollinger band.',
      zh: '多项指标同时显示超买：RSI 高于 70、威廉指标高于 −20，且价格位于布林上轨之上。',
    },
    rule: 'RSI(14)[i] > 70 and WILLR(14)[i] > −20 and close[i] > upper BBANDS(20,2,2)[i]',
    detect: (x, i) => x.rsi14[i] > 70 && x.willr14[i] > -20 && x.close[i] > x.bbUpper[i],
  },
  {
    label: 'range_breakout_up', category: 'market_condition', direction: 'bullish',
    name: { en: 'Range breakout (up)', zh: '区间向上突破' },
    description: {
      en: 'After 30 candles of tight consolidation (range ≤ 4 ATR), price closed above the range.',
      zh: '经过 30 根 K 线的窄幅盘整（区间不超过 4 倍 ATR）后，收盘价突破区间上沿。',
    },
    rule: `max(high[i−${T.rangePeriod}..i−1]) − min(low[i−${T.rangePeriod}..i−1]) ≤ ${T.rangeMaxAtr} × ATR14[i−1] and close[i] > max(high[i−${T.rangePeriod}..i−1])`,
    detect: (x, i) => rangeBreakout(x, i, true),
  },
  {
    label: 'range_breakout_down', category: 'market_condition', direction: 'bearish',
    name: { en: 'Range breakout (down)', zh: '区间向下突破' },
    description: {
      en: 'After 30 candles of tight consolidation (range ≤ 4 ATR), price closed below the range.',
      zh: '经过 30 根 K 线的窄幅盘整（区间不超过 4 倍 ATR）后，收盘价跌破区间下沿。',
    },
    rule: `max(high[i−${T.rangePeriod}..i−1]) − min(low[i−${T.rangePeriod}..i−1]) ≤ ${T.rangeMaxAtr} × ATR14[i−1] and close[i] < min(low[i−${T.rangePeriod}..i−1])`,
    detect: (x, i) => rangeBreakout(x, i, false),
  },
  {
    label: 'momentum_exhaustion_top', category: 'market_condition', direction: 'bearish',
    name: { en: 'Upside momentum exhaustion', zh: '上涨动能衰竭' },
    description: {
      en: 'Price made a new 20-candle closing high, but RSI is at least 5 points below its recent peak and the MACD histogram is falling: the advance is running out of steam.',
      zh: '收盘价创 20 根 K 线新高，但 RSI 比近期高点低至少 5 点且 MACD 柱状线回落，上涨动能衰竭。',
    },
    rule: `close[i] > max(close[i−19..i−1]) and RSI14[i] ≤ max(RSI14[i−19..i−1]) − ${T.exhaustionRsiDrop} and hist[i] < hist[i−1]`,
    detect: (x, i) => momentumExhaustion(x, i, true),
  },
  {
    label: 'momentum_exhaustion_bottom', category: 'market_condition', direction: 'bullish',
    name: { en: 'Downside momentum exhaustion', zh: '下跌动能衰竭' },
    description: {
      en: 'Price made a new 20-candle closing low, but RSI is at least 5 points above its recent trough and the MACD histogram is rising: the decline is running out of steam.',
      zh: '收盘价创 20 根 K 线新低，但 RSI 比近期低点高至少 5 点且 MACD 柱状线回升，下跌动能衰竭。',
    },
    rule: `close[i] < min(close[i−19..i−1]) and RSI14[i] ≥ min(RSI14[i−19..i−1]) + ${T.exhaustionRsiDrop} and hist[i] > hist[i−1]`,
    detect: (x, i) => momentumExhaustion(x, i, false),
  },
  {
    label: 'pump', category: 'market_condition', direction: 'bullish',
    name: { en: 'Pump', zh: '急涨' },
    description: {
      en: 'Price rose at least 4 average true ranges within 3 candles on at least twice the average volume.',
      zh: '3 根 K 线内价格上涨至少 4 倍平均真实波幅，且成交量至少为均量的两倍。',
    },
    rule: `close[i] − close[i−${T.pumpCandles}] ≥ ${T.pumpAtr} × ATR14[i−${T.pumpCandles}] and volume[i] ≥ ${T.pumpVolumeMultiple} × SMA(volume, 20)[i−1]`,
    detect: (x, i) => i >= T.pumpCandles && x.close[i] - x.close[i - T.pumpCandles] >= T.pumpAtr * x.atr14[i - T.pumpCandles] && x.volume[i] >= T.pumpVolumeMultiple * x.volSma20[i - 1],
  },
  {
    label: 'dump', category: 'market_condition', direction: 'bearish',
    name: { en: 'Dump', zh: '急跌' },
    description: {
      en: 'Price fell at least 4 average true ranges within 3 candles on at least twice the average volume.',
      zh: '3 根 K 线内价格下跌至少 4 倍平均真实波幅，且成交量至少为均量的两倍。',
    },
    rule: `close[i−${T.pumpCandles}] − close[i] ≥ ${T.pumpAtr} × ATR14[i−${T.pumpCandles}] and volume[i] ≥ ${T.pumpVolumeMultiple} × SMA(volume, 20)[i−1]`,
    detect: (x, i) => i >= T.pumpCandles && x.close[i - T.pumpCandles] - x.close[i] >= T.pumpAtr * x.atr14[i - T.pumpCandles] && x.volume[i] >= T.pumpVolumeMultiple * x.volSma20[i - 1],
  },
];

/** Catalogue entries by label. */
export const SIGNALS_BY_LABEL: ReadonlyMap<string, SignalDefinition> = new Map(SIGNAL_CATALOGUE.map((s) => [s.label, s]));

/**
 * Runs every detector at candle index i (0 ≤ i < x.n) and returns the definitions that fire, in
 * catalogue order. Safe for any i: early indices simply fire nothing whose inputs are undefined.
 * Throws RangeError when i is outside [0, n).
 */
export function detectSignalsAt(x: SignalColumns, i: number): SignalDefinition[] {
  if (!Number.isInteger(i) || i < 0 || i >= x.n) throw new RangeError(`index ${i} outside [0, ${x.n})`);
  const out: SignalDefinition[] = [];
  for (const s of SIGNAL_CATALOGUE) if (s.detect(x, i)) out.push(s);
  return out;
}
