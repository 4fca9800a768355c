import { z } from 'zod';
import { TaTimeframe } from '../common/timeframe-schema';
import { EdgeStat } from './edge';

/**
 * `ta_result` (the technical-analysis attributes of a Signal item): the analysis of one coin on
 * one timeframe at its last closed candle, as produced by `analyze()` of `@coinlens/ta`
 * (packages/ta/src/analyze.ts returns exactly this type). The one definition of the shape: the API
 * responses, the stored snapshots and the TA engine all use it.
 * Prices are in the quote currency (USDT); percentages are percent (1.5 = +1.5 %); times are ms
 * since the Unix epoch (UTC).
 */

/** Timeframes the analysis runs on: the one timeframe module (common/timeframe.ts), re-exported for the ta_result readers. */
export { TaTimeframe };

/** Direction of a signal or of the market. */
export const SignalDirection = z.enum(['bullish', 'bearish', 'neutral']);
export type SignalDirection = z.infer<typeof SignalDirection>;

/** Probability wording; 'uncertain' whenever the sample has fewer than 20 cases; calibrated on the outcomes when served (see WordingCalibration). */
export const ProbabilityWording = z.enum(['very_unlikely', 'unlikely', 'uncertain', 'likely', 'very_likely']);
export type ProbabilityWording = z.infer<typeof ProbabilityWording>;

/**
 * How the verbal label of a stated probability was chosen (set by the server when it serves an
 * analysis; absent in the engine's own output): `calibrated` = the label of what probabilities
 * stated in the range [stated_lo, stated_hi) of this kind and timeframe have delivered (observed
 * frequency with its 95 % interval over episodes and n, from the calibration log, docs/calibration.md);
 * `not_calibrated` = too few resolved forecasts yet, the label is the fixed scale of p.
 * The observed frequency's interval is cluster-robust over episodes (forecasts whose outcome
 * windows overlap count as one, `n_eff`); `source` says whether the scale rests on live forecasts
 * (out of sample) or, until enough live ones are resolved, on the start-up backfill (in-sample);
 * `skill` is the Brier skill score of this kind × timeframe on that source with its 95 % interval,
 * and `no_skill` is true when the skill is ≤ 0 or its interval includes 0 (or lies below it): the probability is then
 * shown as "no skill over the base rate (base_rate of levels are touched anyway)", not by its label.
 */
export const WordingCalibration = z.object({
  status: z.enum(['calibrated', 'not_calibrated']),
  stated_lo: z.number().nullable(),
  stated_hi: z.number().nullable(),
  observed: z.number().nullable(),
  observed_lo: z.number().nullable(),
  observed_hi: z.number().nullable(),
  n: z.number().int().min(0),
  /** Episodes behind `n` (effective n). */
  n_eff: z.number().int().min(0).optional(),
  /** Which forecasts the scale rests on: `live` (out of sample) or `backfill` (in-sample, until enough live ones are resolved). */
  source: z.enum(['live', 'backfill']).optional(),
  /** Brier skill score of the kind × timeframe on `source` with its 95 % interval, the base rate and the episodes; null when not measurable. */
  skill: z.object({ value: z.number(), lo: z.number().nullable(), hi: z.number().nullable(), base_rate: z.number(), n: z.number().int().min(0), n_eff: z.number().int().min(0) }).nullable().optional(),
  /** True when the point skill is ≤ 0 or its interval includes 0 or lies below it: no skill over the base rate. */
  no_skill: z.boolean().optional(),
});
export type WordingCalibration = z.infer<typeof WordingCalibration>;

/** A frequency measured in the coin's own history: p = hits / n (0..1; 0 when n = 0), n = sample size. */
export const Probability = z.object({
  p: z.number().min(0).max(1),
  n: z.number().int().min(0),
  wording: ProbabilityWording,
  /** How `wording` was chosen (served analyses only). */
  calibration: WordingCalibration.optional(),
});
export type Probability = z.infer<typeof Probability>;

/** Text in both shipped locales. */
export const Bilingual = z.object({ en: z.string(), zh: z.string() });
export type Bilingual = z.infer<typeof Bilingual>;

/** Catalogue category of a signal (docs/signals.md). */
export const SignalCategory = z.enum(['cross', 'volume', 'momentum', 'bollinger', 'price_action', 'candlestick', 'market_condition']);

/**
 * A catalogue signal that fired on the analysed candle, with its hit rate: how often this signal,
 * in this coin's and timeframe's own history, was followed by a move in its direction over
 * SIGNAL_HORIZON_CANDLES (see scoreSignal of @coinlens/ta), with the sample size.
 */
export const TaSignal = z.object({
  /** Catalogue label (docs/signals.md), e.g. `golden_cross`. */
  label: z.string().regex(/^[a-z][a-z0-9_]*$/),
  name: Bilingual,
  direction: SignalDirection,
  category: SignalCategory,
  hit_rate: Probability,
  /**
   * The hit rate beside its baseline (how often the same move followed ANY candle of the same
   * history over the same horizon), the edge in percentage points with its 95 % interval and the
   * verdict, Holm-corrected for the whole catalogue (see signals/edge.ts). Out of sample: measured
   * only on cases whose scoring candle closed at or before the analysed candle.
   */
  edge: EdgeStat,
});
export type TaSignal = z.infer<typeof TaSignal>;

/** A support or resistance level. */
export const TaLevel = z.object({
  /** Level price (quote currency): mean of the swing prices merged into it (levels closer than 0.5 ATR14 merge). */
  price: z.number().positive(),
  /** Swing highs/lows merged into the level. */
  touches: z.number().int().min(1),
  /** Ranking strength 0..1 from touches, the swing candles' volume and their age (findLevels of @coinlens/ta). */
  strength: z.number().min(0).max(1),
  /** |price − last close| / last close × 100 (percent, ≥ 0). */
  distance_pct: z.number().min(0),
  /** Mean volume of the level's swing candles / mean volume of the scanned window (absent in snapshots stored before it existed). */
  volume_ratio: z.number().min(0).optional(),
  /** Candles from the level's newest swing to the analysed candle. */
  age_candles: z.number().int().min(0).optional(),
});
export type TaLevel = z.infer<typeof TaLevel>;

/**
 * Touch / breakthrough probabilities of one level. `within_noise`: the level lies closer to the
 * analysed close than the typical move of the horizon (TaResult.typical_move), so touching it says
 * nothing: the probabilities are measured but not to be stated (absent in older snapshots = false).
 */
export const LevelProbabilities = z.object({ touch: Probability, breakthrough: Probability, within_noise: z.boolean().optional() });
export type LevelProbabilities = z.infer<typeof LevelProbabilities>;

const nullableNumber = z.number().nullable();

/** Key indicator values at the analysed candle (null while undefined). */
export const TaIndicators = z.object({
  sma_20: nullableNumber, sma_50: nullableNumber, sma_200: nullableNumber,
  ema_12: nullableNumber, ema_20: nullableNumber, ema_26: nullableNumber, ema_50: nullableNumber, ema_200: nullableNumber,
  macd: nullableNumber, macd_signal: nullableNumber, macd_hist: nullableNumber,
  rsi_14: nullableNumber, stoch_k: nullableNumber, stoch_d: nullableNumber, stochrsi_k: nullableNumber, stochrsi_d: nullableNumber,
  bb_upper: nullableNumber, bb_middle: nullableNumber, bb_lower: nullableNumber,
  atr_14: nullableNumber, obv: nullableNumber, adx_14: nullableNumber, cci_20: nullableNumber,
  mfi_14: nullableNumber, willr_14: nullableNumber, sar: nullableNumber,
});
export type TaIndicators = z.infer<typeof TaIndicators>;

/** The full `ta_result`. */
export const TaResult = z.object({
  /** Coin symbol as given, e.g. `BTC`. */
  cryptocurrency: z.string().min(1),
  current: z.object({
    timeframe: TaTimeframe,
    /** Open time of the analysed (last) candle, ms since epoch UTC. */
    candle_open_time: z.number().int(),
    /** Candles the analysis was computed on. */
    candles_used: z.number().int().min(1),
  }),
  market: z.object({
    trend: z.enum(['uptrend', 'downtrend', 'sideways', 'reversal']),
    intense: z.enum(['weak', 'medium', 'strong', 'very_strong', 'extremely_strong']),
    signals: z.array(TaSignal),
    cash_flow: z.enum(['neutral', 'inflow', 'outflow']),
    volatility: z.enum(['low', 'medium', 'high']),
    direction: SignalDirection,
    /**
     * The votes behind `direction` (directionVerdict of @coinlens/ta): fired bullish / bearish
     * signals, the trend's vote (±2 or 0), why the net verdict is what it is, and whether the votes
     * disagree (`conflicting`: shown as "conflicting signals"). Absent in older snapshots.
     */
    verdict: z
      .object({
        reason: z.enum(['trend', 'reversal', 'signals', 'against_trend', 'balanced', 'none']),
        bullish: z.number().int().min(0),
        bearish: z.number().int().min(0),
        trend_vote: z.number().int(),
        conflicting: z.boolean(),
      })
      .optional(),
  }),
  /** Resistance levels above the last price, nearest first. */
  resistance: z.array(TaLevel),
  /** Support levels below the last price, nearest first. */
  support: z.array(TaLevel),
  /** Close of the analysed candle (quote currency). */
  last_price: z.number(),
  /**
   * Change in percent of last_price against the close `price_change_window_candles` candles
   * earlier: a 24 h window (288 × 5m, 24 × 1h, 1 × 1d), shortened to the candles available.
   */
  price_change_percent: z.number(),
  price_change_window_candles: z.number().int().min(0),
  /** Nearest support / resistance price, null when there is none. */
  support_price: nullableNumber,
  resistance_price: nullableNumber,
  /**
   * Which level touch/breakthrough probabilities refer to: resistance for a bullish or neutral
   * direction, support for a bearish one (the other side when the preferred one has no level).
   */
  probability_target: z.enum(['resistance', 'support']).nullable(),
  /** Measured probability that price touches the target level within horizon_candles. */
  touch_probability: Probability,
  /** Measured probability that price closes beyond the target level within horizon_candles. */
  breakthrough_probability: Probability,
  /**
   * The typical move of the horizon: median of |close[j + horizon] − close[j]| / close[j] × 100
   * (percent) over the measured history, with its n; null when the history is shorter than the
   * horizon. A level closer than this is "within normal noise". Absent in older snapshots.
   */
  typical_move: z.object({ pct: z.number().min(0), n: z.number().int().min(0) }).nullable().optional(),
  /** True when the target level lies within the typical move (the touch/breakthrough figures are not stated). */
  probability_within_noise: z.boolean().optional(),
  /** Both sides' measured probabilities (null for a side without a level). */
  probabilities: z.object({ resistance: LevelProbabilities.nullable(), support: LevelProbabilities.nullable() }),
  /** Candles over which signals, touches and breakthroughs are judged (SIGNAL_HORIZON_CANDLES: 288 × 5m, 168 × 1h, 30 × 1d). */
  horizon_candles: z.number().int().min(1),
  indicators: TaIndicators,
});
export type TaResult = z.infer<typeof TaResult>;
