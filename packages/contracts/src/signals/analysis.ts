import { z } from 'zod';
import { TaTimeframe, TimeframeLabel } from '../common/timeframe-schema';

export const SignalDirection = z.enum(['bullish', 'bearish', 'neutral']);
export type SignalDirection = z.infer<typeof SignalDirection>;

export const ProbabilityWording = z.enum(['very_unlikely', 'unlikely', 'uncertain', 'likely', 'very_likely']);
export type ProbabilityWording = z.infer<typeof ProbabilityWording>;

/** A measured frequency in the coin's own history: p = hits / n (0..1), n = sample size, wording (SPEC §3). */
export const Probability = z.object({ p: z.number(), n: z.number().int(), wording: ProbabilityWording });
export type Probability = z.infer<typeof Probability>;

/** Text in both shipped locales. */
export const Bilingual = z.object({ en: z.string(), zh: z.string() });

/** A catalogue signal that fired on the analysed candle, with its measured hit rate on this coin/timeframe. */
export const TaSignal = z.object({
  label: z.string(),
  name: Bilingual,
  direction: SignalDirection,
  category: z.string(),
  hit_rate: Probability,
});
export type TaSignal = z.infer<typeof TaSignal>;

/** A support or resistance level: price (USDT), swings clustered, strength 0..1, distance from the last price in %. */
export const TaLevel = z.object({ price: z.number(), touches: z.number().int(), strength: z.number(), distance_pct: z.number() });
export type TaLevel = z.infer<typeof TaLevel>;

const LevelProbabilities = z.object({ touch: Probability, breakthrough: Probability }).nullable();

/**
 * `ta_result` (SPEC §3): the analysis of one coin on one timeframe at its last closed candle, as
 * computed by `analyze` of @coinlens/ta. Prices in USDT; times in ms since epoch (UTC).
 */
export const TaResult = z.object({
  cryptocurrency: z.string(),
  current: z.object({ timeframe: TaTimeframe, candle_open_time: z.number(), candles_used: z.number().int() }),
  market: z.object({
    trend: z.enum(['uptrend', 'downtrend', 'sideways', 'reversal']),
    intense: z.enum(['weak', 'medium', 'strong', 'very_strong', 'extremely_strong']),
    signals: z.array(TaSignal),
    cash_flow: z.enum(['neutral', 'inflow', 'outflow']),
    volatility: z.enum(['low', 'medium', 'high']),
    direction: SignalDirection,
  }),
  resistance: z.array(TaLevel),
  support: z.array(TaLevel),
  last_price: z.number(),
  price_change_percent: z.number(),
  price_change_window_candles: z.number().int(),
  support_price: z.number().nullable(),
  resistance_price: z.number().nullable(),
  probability_target: z.enum(['resistance', 'support']).nullable(),
  touch_probability: Probability,
  breakthrough_probability: Probability,
  probabilities: z.object({ resistance: LevelProbabilities, support: LevelProbabilities }),
  horizon_candles: z.number().int(),
  indicators: z.record(z.string(), z.number().nullable()),
});
export type TaResult = z.infer<typeof TaResult>;

/** A `ta_result` merged into a coin's Signal item, with its display label and when it was computed. */
export const LabelledTaResult = TaResult.extend({
  label: TimeframeLabel,
  /** Close time of the analysed candle (ms). */
  candle_close_time: z.number(),
});
export type LabelledTaResult = z.infer<typeof LabelledTaResult>;
