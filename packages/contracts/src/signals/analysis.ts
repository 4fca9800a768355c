import { z } from 'zod';
import { TaResult } from './ta-result';

// The ta_result shape and its parts are defined once, in ta-result.ts.
export * from './ta-result';

/** Display label of a timeframe (SPEC §3/§9): 5m → "1D", 1h → "7D", anything else → "1M". */
export const TimeframeLabel = z.enum(['1D', '7D', '1M']);
export type TimeframeLabel = z.infer<typeof TimeframeLabel>;

/** A `ta_result` merged into a coin's Signal item, with its display label and when it was computed. */
export const LabelledTaResult = TaResult.extend({
  label: TimeframeLabel,
  /** Close time of the analysed candle (ms). */
  candle_close_time: z.number(),
});
export type LabelledTaResult = z.infer<typeof LabelledTaResult>;
