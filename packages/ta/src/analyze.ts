import { classifyCashFlow, classifyIntensity, classifyTrend, classifyVolatility, directionVerdict, type DirectionVerdict, type Trend } from './classify/classify';
import { findLevels, type Level } from './levels/levels';
import { detectSignalsAt, SIGNAL_CATALOGUE, type SignalDefinition } from './signals/catalogue';
import { computeSignalColumns, sliceSignalColumns, type SignalColumns } from './signals/columns';
import { episodeEdge, episodeEdgeRecord } from './signals/episode-edge';
import { baselineRate, measureBaseline, measureLevelProbabilities, measureSignalEpisodes, measureTypicalMove, toProbability } from './signals/probability';
import { SIGNAL_HORIZON_CANDLES } from './signals/scoring';
import { candleCount, type Candles } from './types';
import type { TaTimeframe } from '@coinlens/contracts/common/timeframe';
import type { TaSignal as SignalHit, TaResult } from '@coinlens/contracts/signals/ta-result';

/**
 * The result of {@link analyze} is the API's `ta_result`, whose one definition (a zod schema with
 * every field documented) is packages/contracts/src/signals/ta-result.ts: the engine returns that
 * type, so the API, the stored snapshots and the engine cannot drift apart.
 * `SignalHit` is a fired signal with its measured hit rate; `TaIndicators` the key indicator values.
 */
export type { TaResult, TaSignal as SignalHit, TaIndicators } from '@coinlens/contracts/signals/ta-result';

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

/** `h` up to and including the last candle that opens at or before `time` (ms). */
function cutAt(h: SignalColumns, time: number): SignalColumns {
  if (h.n === 0 || h.openTime[h.n - 1] <= time) return h;
  let lo = 0;
  let hi = h.n; // first index with openTime > time
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (h.openTime[mid] <= time) lo = mid + 1;
    else hi = mid;
  }
  return sliceSignalColumns(h, lo);
}

/**
 * The part of an analysis at candle i that needs no history: the signals fired on it, the trend,
 * the net direction with its votes (directionVerdict), the support/resistance levels (findLevels)
 * and ATR14 (NaN while undefined). One function, so the analysis, the strategy rules' inputs and
 * any other reader classify a candle the same way. Reads only candles up to i.
 */
export function classifyCandle(x: SignalColumns, i: number): {
  fired: SignalDefinition[];
  trend: Trend;
  verdict: DirectionVerdict;
  resistance: Level[];
  support: Level[];
  atr: number;
} {
  const fired = detectSignalsAt(x, i);
  const { trend, reversalTo } = classifyTrend(x, i);
  const verdict = directionVerdict(fired, trend, reversalTo);
  const { resistance, support } = findLevels(x, i);
  return { fired, trend, verdict, resistance, support, atr: x.atr14[i] };
}

/**
 * The analysis at index i of precomputed columns `x`, measuring on `hist` (may be `x`).
 * Exposed for servers that keep columns in memory; {@link analyze} is the usual entry point.
 * Out of sample by construction (expanding window): `hist` is cut after the last candle opening
 * at or before x.openTime[i], so hit rates, baselines and probabilities count only cases whose
 * scoring candle closed by the analysed candle's close, however long the given history is.
 */
export function analyzeColumns(x: SignalColumns, histIn: SignalColumns, i: number, opts: AnalyzeOptions, horizon = SIGNAL_HORIZON_CANDLES[opts.timeframe]): TaResult {
  const hist = cutAt(histIn, x.openTime[i]);
  const last = x.close[i];
  const { fired, trend, verdict: v, resistance, support, atr } = classifyCandle(x, i);
  const base = fired.length ? measureBaseline(hist, horizon) : null;
  const signals: SignalHit[] = fired.map((s) => {
    const baseP = base ? baselineRate(base, s.direction) : null;
    const { hitRate, episodes } = measureSignalEpisodes(hist, s, horizon, baseP ?? 0);
    // Family = the whole catalogue: a card shows whichever signals fired, so the verdict must
    // survive Holm over every pattern that could have been shown (m·p ≤ α), and the interval is
    // drawn at that corrected level. Overlapping cases form one episode (effective n).
    const edge = episodeEdgeRecord(episodeEdge(episodes, base?.n ?? 0, baseP !== null), SIGNAL_CATALOGUE.length);
    return { label: s.label, name: s.name, direction: s.direction, category: s.category, hit_rate: hitRate, edge };
  });
  const { direction, ...verdict } = v;
  const resistancePrice = resistance.length ? resistance[0].price : null;
  const supportPrice = support.length ? support[0].price : null;
  const measured = atr > 0
    ? measureLevelProbabilities(hist, horizon, resistancePrice === null ? null : (resistancePrice - last) / atr, supportPrice === null ? null : (last - supportPrice) / atr)
    : { resistance: null, support: null };
  const typical = measureTypicalMove(hist, horizon);
  const noise = (l: { distance_pct: number } | undefined) => !!typical && !!l && l.distance_pct < typical.pct;
  const probs = {
    resistance: measured.resistance ? { ...measured.resistance, within_noise: noise(resistance[0]) } : null,
    support: measured.support ? { ...measured.support, within_noise: noise(support[0]) } : null,
  };
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
      verdict,
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
    typical_move: typical,
    probability_within_noise: target ? probs[target]!.within_noise : false,
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
