import { z } from 'zod';
import { TimeframeLabel } from '../common/timeframe-schema';
import { TaResult } from './ta-result';

// The ta_result shape and its parts are defined once, in ta-result.ts; re-exported here by name.
export { Bilingual, LevelProbabilities, Probability, ProbabilityWording, WordingCalibration, SignalCategory, SignalDirection, TaIndicators, TaLevel, TaResult, TaSignal, TaTimeframe } from './ta-result';
export { TimeframeLabel };

/** A `ta_result` merged into a coin's Signal item, with its display label and when it was computed. */
export const LabelledTaResult = TaResult.extend({
  label: TimeframeLabel,
  /** Close time of the analysed candle (ms). */
  candle_close_time: z.number(),
});
export type LabelledTaResult = z.infer<typeof LabelledTaResult>;
