import { z } from 'zod';
import { TaTimeframe } from '../common/timeframe-schema';

/**
 * `ta_result` (SPEC §3 Signal item / Technical analysis attributes): the analysis of one coin on
 * one timeframe at its last closed candle, as produced by `analyze()` of `@coinlens/ta`
 * (packages/ta/src/analyze.ts, type `TaResult`; this schema mirrors it field by field).
 * Prices are in the quote currency (USDT); percentages are percent (1.5 = +1.5 %); times are ms
 * since the Unix epoch (UTC).
 */

/** Timeframes the analysis runs on (the one timeframe module: common/timeframe.ts). */
export const TaTimeframeSchema = TaTimeframe;

/** Direction of a signal or of the market. */
export const TaDirectionSchema = z.enum(['bullish', 'bearish', 'neutral']);

/** Probability wording; 'uncertain' whenever the sample has fewer than 20 cases. */
export const ProbabilityWordingSchema = z.enum(['very_unlikely', 'unlikely', 'uncertain', 'likely', 'very_likely']);

/** A frequency measured in the coin's own history: p = hits / n (0 when n = 0). */
export const ProbabilitySchema = z.object({
  p: z.number().min(0).max(1),
  n: z.number().int().min(0),
  wording: ProbabilityWordingSchema,
});

/** Text in both locales. */
export const BilingualSchema = z.object({ en: z.string(), zh: z.string() });

/** A catalogue signal that fired on the analysed candle, with its historical hit rate. */
export const SignalHitSchema = z.object({
  /** Catalogue label (docs/signals.md), e.g. `golden_cross`. */
  label: z.string().regex(/^[a-z][a-z0-9_]*$/),
  name: BilingualSchema,
  direction: TaDirectionSchema,
  category: z.enum(['cross', 'volume', 'momentum', 'bollinger', 'price_action', 'candlestick', 'market_condition']),
  hit_rate: ProbabilitySchema,
});

/** A support or resistance level. */
export const LevelSchema = z.object({
  price: z.number().positive(),
  /** Swing highs/lows clustered into the level. */
  touches: z.number().int().min(1),
  /** 1 − 0.5^touches. */
  strength: z.number().min(0).max(1),
  /** Distance from the last price in percent (≥ 0). */
  distance_pct: z.number().min(0),
});

/** Touch / breakthrough probabilities of one level. */
export const LevelProbabilitiesSchema = z.object({ touch: ProbabilitySchema, breakthrough: ProbabilitySchema });

const nullableNumber = z.number().nullable();

/** Key indicator values at the analysed candle (null while undefined). */
export const TaIndicatorsSchema = z.object({
  sma_20: nullableNumber, sma_50: nullableNumber, sma_200: nullableNumber,
  ema_12: nullableNumber, ema_20: nullableNumber, ema_26: nullableNumber, ema_50: nullableNumber, ema_200: nullableNumber,
  macd: nullableNumber, macd_signal: nullableNumber, macd_hist: nullableNumber,
  rsi_14: nullableNumber, stoch_k: nullableNumber, stoch_d: nullableNumber, stochrsi_k: nullableNumber, stochrsi_d: nullableNumber,
  bb_upper: nullableNumber, bb_middle: nullableNumber, bb_lower: nullableNumber,
  atr_14: nullableNumber, obv: nullableNumber, adx_14: nullableNumber, cci_20: nullableNumber,
  mfi_14: nullableNumber, willr_14: nullableNumber, sar: nullableNumber,
});

/** The full `ta_result`. */
export const TaResultSchema = z.object({
  cryptocurrency: z.string().min(1),
  current: z.object({
    timeframe: TaTimeframeSchema,
    candle_open_time: z.number().int(),
    candles_used: z.number().int().min(1),
  }),
  market: z.object({
    trend: z.enum(['uptrend', 'downtrend', 'sideways', 'reversal']),
    intense: z.enum(['weak', 'medium', 'strong', 'very_strong', 'extremely_strong']),
    signals: z.array(SignalHitSchema),
    cash_flow: z.enum(['neutral', 'inflow', 'outflow']),
    volatility: z.enum(['low', 'medium', 'high']),
    direction: TaDirectionSchema,
  }),
  resistance: z.array(LevelSchema),
  support: z.array(LevelSchema),
  last_price: z.number(),
  /** Change against the close `price_change_window_candles` earlier (24 h: 288 × 5m, 24 × 1h, 1 × 1d). */
  price_change_percent: z.number(),
  price_change_window_candles: z.number().int().min(0),
  support_price: nullableNumber,
  resistance_price: nullableNumber,
  /** Level the touch/breakthrough probabilities refer to. */
  probability_target: z.enum(['resistance', 'support']).nullable(),
  touch_probability: ProbabilitySchema,
  breakthrough_probability: ProbabilitySchema,
  probabilities: z.object({ resistance: LevelProbabilitiesSchema.nullable(), support: LevelProbabilitiesSchema.nullable() }),
  /** Candles over which signals, touches and breakthroughs are judged (288 × 5m, 168 × 1h, 30 × 1d). */
  horizon_candles: z.number().int().min(1),
  indicators: TaIndicatorsSchema,
});

/** `ta_result` as sent over the API. */
export type TaResultDto = z.infer<typeof TaResultSchema>;
