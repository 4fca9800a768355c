import type { SignalDefinition } from '../signals/catalogue';
import type { SignalColumns } from '../signals/columns';
import type { Direction } from '../types';

/** Market trend class (a technical-analysis attribute). */
export type Trend = 'uptrend' | 'downtrend' | 'sideways' | 'reversal';
/** Trend intensity class. */
export type Intensity = 'weak' | 'medium' | 'strong' | 'very_strong' | 'extremely_strong';
/** Money-flow class. */
export type CashFlow = 'neutral' | 'inflow' | 'outflow';
/** Volatility class. */
export type Volatility = 'low' | 'medium' | 'high';

/** EMA20 must move at least this many ATR14 over 5 candles for a trend (filters flat markets). */
export const TREND_MIN_SLOPE_ATR = 0.2;

function baseTrend(x: SignalColumns, j: number): 'up' | 'down' | 'side' {
  if (j < 5) return 'side';
  const c = x.close[j];
  const e20 = x.ema20[j];
  const e50 = x.ema50[j];
  const slope = e20 - x.ema20[j - 5];
  const minSlope = TREND_MIN_SLOPE_ATR * x.atr14[j];
  if (c > e20 && e20 > e50 && slope >= minSlope) return 'up';
  if (c < e20 && e20 < e50 && -slope >= minSlope) return 'down';
  return 'side';
}

/**
 * Trend at candle i. Base rule: 'up' when close > EMA20 > EMA50 and EMA20 rose by at least
 * TREND_MIN_SLOPE_ATR × ATR14 over 5 candles,
 * 'down' mirrored. uptrend/downtrend when the base rule holds at i. Otherwise 'reversal' when the
 * base rule said 'up' at some candle in i−10..i−5 and now MACD line < signal and close < EMA50 (or
 * mirrored after a 'down'), else 'sideways'. Returns also the direction a reversal points to.
 */
export function classifyTrend(x: SignalColumns, i: number): { trend: Trend; reversalTo: Direction } {
  const now = baseTrend(x, i);
  if (now === 'up') return { trend: 'uptrend', reversalTo: 'neutral' };
  if (now === 'down') return { trend: 'downtrend', reversalTo: 'neutral' };
  let wasUp = false;
  let wasDown = false;
  for (let j = i - 10; j <= i - 5; j++) {
    if (j < 0) continue;
    const b = baseTrend(x, j);
    if (b === 'up') wasUp = true;
    if (b === 'down') wasDown = true;
  }
  if (wasUp && x.macd[i] < x.macdSignal[i] && x.close[i] < x.ema50[i]) return { trend: 'reversal', reversalTo: 'bearish' };
  if (wasDown && x.macd[i] > x.macdSignal[i] && x.close[i] > x.ema50[i]) return { trend: 'reversal', reversalTo: 'bullish' };
  return { trend: 'sideways', reversalTo: 'neutral' };
}

/** ADX thresholds of the intensity classes: < 20 weak, < 25 medium, < 35 strong, < 50 very strong, else extremely strong. */
export const INTENSITY_ADX = [20, 25, 35, 50] as const;

/** Intensity from ADX14[i] (see INTENSITY_ADX); 'weak' while ADX is undefined. */
export function classifyIntensity(x: SignalColumns, i: number): Intensity {
  const a = x.adx14[i];
  if (!(a >= INTENSITY_ADX[0])) return 'weak';
  if (a < INTENSITY_ADX[1]) return 'medium';
  if (a < INTENSITY_ADX[2]) return 'strong';
  if (a < INTENSITY_ADX[3]) return 'very_strong';
  return 'extremely_strong';
}

/**
 * Cash flow at i: 'inflow' when MFI14 ≥ 60 and OBV rose over the last 10 candles, 'outflow' when
 * MFI14 ≤ 40 and OBV fell over the last 10 candles, else 'neutral'.
 */
export function classifyCashFlow(x: SignalColumns, i: number): CashFlow {
  if (i < 10) return 'neutral';
  const m = x.mfi14[i];
  const d = x.obv[i] - x.obv[i - 10];
  if (m >= 60 && d > 0) return 'inflow';
  if (m <= 40 && d < 0) return 'outflow';
  return 'neutral';
}

/**
 * Volatility at i: percentile rank of ATR14[i]/close[i] among the defined values of the last 200
 * candles (including i): below 1/3 'low', below 2/3 'medium', else 'high'. 'medium' while ATR is
 * undefined.
 */
export function classifyVolatility(x: SignalColumns, i: number): Volatility {
  const v = x.atr14[i] / x.close[i];
  if (!(v >= 0)) return 'medium';
  let below = 0;
  let total = 0;
  for (let k = Math.max(0, i - 199); k <= i; k++) {
    const w = x.atr14[k] / x.close[k];
    if (!(w >= 0)) continue;
    total++;
    if (w < v) below++;
  }
  const rank = below / total;
  return rank < 1 / 3 ? 'low' : rank < 2 / 3 ? 'medium' : 'high';
}

/** Why the net direction is what it is (see {@link directionVerdict}). */
export type DirectionReason = 'trend' | 'reversal' | 'signals' | 'against_trend' | 'balanced' | 'none';

/** The net direction of a coin and timeframe with the votes behind it. */
export interface DirectionVerdict {
  direction: Direction;
  /**
   * trend: the trend decided and the signals did not outvote it; reversal: a reversal decided;
   * signals: no trend (sideways), the fired signals decided; against_trend: the fired signals
   * outvoted the trend; balanced: votes on both sides cancelled out (neutral); none: no trend and
   * no directional signal (neutral).
   */
  reason: DirectionReason;
  /** Bullish / bearish signals fired on the candle. */
  bullish: number;
  bearish: number;
  /** +2 for an uptrend or a reversal to bullish, −2 for a downtrend or a reversal to bearish, else 0. */
  trend_vote: number;
  /** True when the votes disagree: signals of both directions fired, or the signals oppose the trend. */
  conflicting: boolean;
}

/**
 * Net direction: score = (#bullish − #bearish fired signals) + trend_vote (+2 for an uptrend or a
 * reversal to bullish, −2 for a downtrend or a reversal to bearish); > 0 bullish, < 0 bearish,
 * else neutral. Returns the votes, the reason (DirectionReason) and whether they conflict.
 */
export function directionVerdict(signals: readonly Pick<SignalDefinition, 'direction'>[], trend: Trend, reversalTo: Direction): DirectionVerdict {
  let bullish = 0;
  let bearish = 0;
  for (const d of signals) {
    if (d.direction === 'bullish') bullish++;
    else if (d.direction === 'bearish') bearish++;
  }
  const trendVote = trend === 'uptrend' || (trend === 'reversal' && reversalTo === 'bullish') ? 2 : trend === 'downtrend' || (trend === 'reversal' && reversalTo === 'bearish') ? -2 : 0;
  const s = bullish - bearish + trendVote;
  const direction: Direction = s > 0 ? 'bullish' : s < 0 ? 'bearish' : 'neutral';
  const signalSide = Math.sign(bullish - bearish);
  const against = trendVote !== 0 && signalSide !== 0 && signalSide !== Math.sign(trendVote);
  let reason: DirectionReason;
  if (direction === 'neutral') reason = bullish + bearish + Math.abs(trendVote) > 0 ? 'balanced' : 'none';
  else if (trendVote === 0) reason = 'signals';
  else if (Math.sign(s) !== Math.sign(trendVote)) reason = 'against_trend';
  else reason = trend === 'reversal' ? 'reversal' : 'trend';
  return { direction, reason, bullish, bearish, trend_vote: trendVote, conflicting: (bullish > 0 && bearish > 0) || against };
}

/** The direction of {@link directionVerdict} alone. */
export function classifyDirection(signals: readonly Pick<SignalDefinition, 'direction'>[], trend: Trend, reversalTo: Direction): Direction {
  return directionVerdict(signals, trend, reversalTo).direction;
}
