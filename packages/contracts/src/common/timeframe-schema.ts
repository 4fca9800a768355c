import { z } from 'zod';
import { TA_TIMEFRAMES, TIMEFRAME_LABELS, TIMEFRAMES } from './timeframe';

/** A stored candle timeframe (5m, 15m, 1h, 1d), as a schema; the vocabulary is in `timeframe.ts`. */
export const Timeframe = z.enum(TIMEFRAMES);
export type Timeframe = z.infer<typeof Timeframe>;

/** An analysed timeframe (5m, 1h, 1d), as a schema. */
export const TaTimeframe = z.enum(TA_TIMEFRAMES);
export type TaTimeframe = z.infer<typeof TaTimeframe>;

/** Display label of a timeframe: 5m → "1D", 1h → "7D", anything else → "1M", as a schema. */
export const TimeframeLabel = z.enum(TIMEFRAME_LABELS);
export type TimeframeLabel = z.infer<typeof TimeframeLabel>;
