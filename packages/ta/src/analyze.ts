import { classifyCashFlow, classifyDirection, classifyIntensity, classifyTrend, classifyVolatility, type CashFlow, type Intensity, type Trend, type Volatility } from './classify/classify';
import { findLevels, type Level } from './levels/levels';
import { detectSignalsAt, type Bilingual, type SignalCategory } from './signals/catalogue';
import { computeSignalColumns, type SignalColumns } from './signals/columns';
import { measureLevelProbabilities, measureSignalHitRate, toProbability, type LevelProbabilities, type Probability } from './signals/probability';
import { SIGNAL_HORIZON_CANDLES } from './signals/scoring';
import type { TaTimeframe } from '@coinlens/contracts';
import { candleCount, type Candles, type Direction } from './types';

/** A signal that fired on the analysed candle, with its measured history on this coin/timeframe. */
export interface SignalHit {
  label: string;
  name: Bilingual;
  direction: Direction;
  category: SignalCategory;
  /**
   * How often this signal, in this coin's and timeframe's own history, was followed by a move in
   * its direction over SIGNAL_HORIZON_CANDLES (see scoreSignal), with the sample size.
   */
  hit_rate: Probability;
}

/** Key indicator values at the analysed candle (null while undefined). */
export interface TaIndicators {
  sma_20: number | null;
  sma_50: number | null;
  sma_200: number | null;
  ema_12: number | null;
  ema_20: number | null;
  ema_26: number | null;
  ema_50: number | null;
  ema_200: number | null;
  macd: number | null;
  macd_signal: number | null;
  macd_hist: number | null;
  rsi_14: number | null;
  stoch_k: number | null;
  stoch_d: number | null;
  stochrsi_k: number | null;
  stochrsi_d: number | null;
  bb_upper: number | null;
  bb_middle: number | null;
  bb_lower: number | null;
  atr_14: number | null;
  obv: number | null;
  adx_14: number | null;
  cci_20: number | null;
  mfi_14: number | null;
  willr_14: number | null;
  sar: number | null;
}

/** The analysis of one coin on one timeframe at its last closed candle (SPEC §3 `ta_result`). */
export interface TaResult {
  /** Coin symbol as given, e.g. `BTC`. */
  cryptocurrency: string;
  current: {
    timeframe: TaTimeframe;
    /** Open time of the analysed (last) candle, ms since epoch UTC. */
    candle_open_time: number;
    /** Candles the analysis was computed on. */
    candles_used: number;
  };
  market: {
    trend: Trend;
    intense: Intensity;
    signals: SignalHit[];
    cash_flow: CashFlow;
    volatility: Volatility;
    direction: Direction;
  };
  /** Resistance levels above the last price, nearest first. */
  resistance: Level[];
  /** Support levels below the last price, nearest first. */
  support: Level[];
  /** Close of the analysed candle (quote currency). */
  last_price: number;
  /**
   * Change in percent of last_price against the close `price_change_window_candles` candles
   * earlier: a 24 h window (288 × 5m, 24 × 1h, 1 × 1d), shortened to the candles available.
   */
  price_change_percent: number;
  price_change_window_candles: number;
  /** Nearest support / resistance price, null when there is none. */
  support_price: number | null;
  resistance_price: number | null;
  /**
   * Which level touch/breakthrough probabilities refer to: resistance for a bullish or neutral
   * direction, support for a bearish one (the other side when the preferred one has no level).
   */
  probability_target: 'resistance' | 'support' | null;
  /** Measured probability that price touches the target level within horizon_candles. */
  touch_probability: Probability;
  /** Measured probability that price closes beyond the target level within horizon_candles. */
  breakthrough_probability: Probability;
  /** Both sides' measured probabilities (null for a side without a level). */
  probabilities: { resistance: LevelProbabilities | null; support: LevelProbabilities | null };
  /** SIGNAL_HORIZON_CANDLES of the timeframe. */
  horizon_candles: number;
  indicators: TaIndicators;
}

/** Options of {@link analyze}. */
export interface AnalyzeOptions {
  timeframe: TaTimeframe;
  /** Coin symbol reported as `cryptocurrency`. */
  symbol: string;
  /**
   * A longer series of the same coin and timeframe ending at or before the analysed candle; when
   * given, probabilities and hit rates are measured on it instead of on `candles`.
   */
  history?: Candles;
}

/**
 * Fewest candles analyze() accepts. Indicators with longer lookbacks are simply null and their
 * signals do not fire until enough candles exist (SMA200 needs 200; ~1000 is recommended).
 */
export const MIN_ANALYZE_CANDLES = 2;

const numOrNull = (v: number) => (Number.isFinite(v) ? v : null);

/** 24 h window of each timeframe, in candles. */
export const PRICE_CHANGE_WINDOW: Readonly<Record<TaTimeframe, number>> = { '5m': 288, '1h': 24, '1d': 1 };

/**
 * Analyses the last candle of `candles` (oldest first; see {@link Candles}) for one coin and
 * timeframe: indicators, fired catalogue signals with measured hit rates, trend / intensity /
 * cash-flow / volatility / direction classes, support and resistance levels, and measured touch /
 * breakthrough probabilities. Pure and deterministic. ~1000 candles are a good input size (the
 * longest indicator is SMA200; measurements need history beyond the horizon).
 * Throws RangeError with fewer than MIN_ANALYZE_CANDLES candles, unequal columns, or an unknown
 * timeframe.
 */
export function analyze(candles: Candles, opts: AnalyzeOptions): TaResult {
  const n = candleCount(candles);
  if (n < MIN_ANALYZE_CANDLES) throw new RangeError(`analyze needs at least ${MIN_ANALYZE_CANDLES} candles, got ${n}`);
  const horizon = SIGNAL_HORIZON_CANDLES[opts.timeframe];
  if (horizon === undefined) throw new RangeError(`unsupported timeframe ${String(opts.timeframe)}`);
  const x = computeSignalColumns(candles);
  const hist: SignalColumns = opts.history ? computeSignalColumns(opts.history) : x;
  return analyzeColumns(x, hist, n - 1, opts, horizon);
}

/**
 * The analysis at index i of precomputed columns `x`, measuring on `hist` (may be `x`).
 * Exposed for servers that keep columns in memory; {@link analyze} is the usual entry point.
 */
export function analyzeColumns(x: SignalColumns, hist: SignalColumns, i: number, opts: AnalyzeOptions, horizon = SIGNAL_HORIZON_CANDLES[opts.timeframe]): TaResult {
  const last = x.close[i];
  const fired = detectSignalsAt(x, i);
  const signals: SignalHit[] = fired.map((s) => ({
    label: s.label,
    name: s.name,
    direction: s.direction,
    category: s.category,
    hit_rate: measureSignalHitRate(hist, s, horizon),
  }));
  const { trend, reversalTo } = classifyTrend(x, i);
  const direction = classifyDirection(fired, trend, reversalTo);
  const { resistance, support } = findLevels(x, i);
  const atr = x.atr14[i];
  const resistancePrice = resistance.length ? resistance[0].price : null;
  const supportPrice = support.length ? support[0].price : null;
  const probs = atr > 0
    ? measureLevelProbabilities(hist, horizon, resistancePrice === null ? null : (resistancePrice - last) / atr, supportPrice === null ? null : (last - supportPrice) / atr)
    : { resistance: null, support: null };
  let target: 'resistance' | 'support' | null = direction === 'bearish' ? 'support' : 'resistance';
  if (!probs[target]) target = target === 'resistance' ? (probs.support ? 'support' : null) : probs.resistance ? 'resistance' : null;
  const empty = toProbability(0, 0);
  const window = Math.min(PRICE_CHANGE_WINDOW[opts.timeframe], i);
  const ref = x.close[i - window];
  return {
    cryptocurrency: opts.symbol,
    current: { timeframe: opts.timeframe, candle_open_time: x.openTime[i], candles_used: i + 1 },
    market: {
      trend,
      intense: classifyIntensity(x, i),
      signals,
      cash_flow: classifyCashFlow(x, i),
      volatility: classifyVolatility(x, i),
      direction,
    },
    resistance,
    support,
    last_price: last,
    price_change_percent: window > 0 && ref > 0 ? ((last - ref) / ref) * 100 : 0,
    price_change_window_candles: window,
    support_price: supportPrice,
    resistance_price: resistancePrice,
    probability_target: target,
    touch_probability: target ? probs[target]!.touch : empty,
    breakthrough_probability: target ? probs[target]!.breakthrough : empty,
    probabilities: probs,
    horizon_candles: horizon,
    indicators: {
      sma_20: numOrNull(x.sma20[i]), sma_50: numOrNull(x.sma50[i]), sma_200: numOrNull(x.sma200[i]),
      ema_12: numOrNull(x.ema12[i]), ema_20: numOrNull(x.ema20[i]), ema_26: numOrNull(x.ema26[i]),
      ema_50: numOrNull(x.ema50[i]), ema_200: numOrNull(x.ema200[i]),
      macd: numOrNull(x.macd[i]), macd_signal: numOrNull(x.macdSignal[i]), macd_hist: numOrNull(x.macdHist[i]),
      rsi_14: numOrNull(x.rsi14[i]), stoch_k: numOrNull(x.stochK[i]), stoch_d: numOrNull(x.stochD[i]),
      stochrsi_k: numOrNull(x.stochRsiK[i]), stochrsi_d: numOrNull(x.stochRsiD[i]),
      bb_upper: numOrNull(x.bbUpper[i]), bb_middle: numOrNull(x.bbMiddle[i]), bb_lower: numOrNull(x.bbLower[i]),
      atr_14: numOrNull(x.atr14[i]), obv: numOrNull(x.obv[i]), adx_14: numOrNull(x.adx14[i]),
      cci_20: numOrNull(x.cci20[i]), mfi_14: numOrNull(x.mfi14[i]), willr_14: numOrNull(x.willr14[i]), sar: numOrNull(x.sar[i]),
    },
  };
}
