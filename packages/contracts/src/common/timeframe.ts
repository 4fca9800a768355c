/**
 * The one timeframe vocabulary of Coinlens (contracts, server, web and `@coinlens/ta`).
 * A timeframe is the length of one candle, written `<n><unit>` with m = minute, h = hour, d = day.
 * Zod-free, so the web imports its run-time values from `@coinlens/contracts/common/timeframe`;
 * the zod schemas of the same names are in `timeframe-schema.ts`.
 */

/** Candle timeframes stored and served, finest first: 5 min, 1 hour, 1 day (15m kept as a finer series). */
export const TIMEFRAMES = ['5m', '15m', '1h', '1d'] as const;
/** A stored candle timeframe ({@link TIMEFRAMES}). */
export type Timeframe = (typeof TIMEFRAMES)[number];

/** Timeframes the technical analysis and the signals cover, finest first (15m candles are not analysed). */
export const TA_TIMEFRAMES = ['5m', '1h', '1d'] as const;
/** An analysed timeframe ({@link TA_TIMEFRAMES}). */
export type TaTimeframe = (typeof TA_TIMEFRAMES)[number];

/** Candle length of each stored timeframe, in ms. */
export const TIMEFRAME_MS: Readonly<Record<Timeframe, number>> = {
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
};

/** Display labels of the timeframes. */
export const TIMEFRAME_LABELS = ['1D', '7D', '1M'] as const;
/** Display label of a timeframe: 5m → "1D", 1h → "7D", anything else → "1M". */
export type TimeframeLabel = (typeof TIMEFRAME_LABELS)[number];

/** True for a timeframe the analysis covers. */
export function isTaTimeframe(tf: string): tf is TaTimeframe {
  return (TA_TIMEFRAMES as readonly string[]).includes(tf);
}

/** Display label of `tf` ({@link TimeframeLabel}): 5m → "1D", 1h → "7D", anything else → "1M". */
export function timeframeLabel(tf: string): TimeframeLabel {
  return tf === '5m' ? '1D' : tf === '1h' ? '7D' : '1M';
}

const UNIT_MINUTES: Record<string, number> = { m: 1, h: 60, d: 1440, w: 10080 };

/** Length of a timeframe in minutes (m = 1, h = 60, d = 1440, w = 10080); Infinity when unparseable. */
export function timeframeMinutes(tf: string): number {
  const m = /^(\d+)([mhdw])$/.exec(tf);
  return m ? Number(m[1]) * UNIT_MINUTES[m[2]] : Number.POSITIVE_INFINITY;
}

/** Sorts items by their timeframe's length in minutes, finest first (stable; a new array). */
export function orderByTimeframe<T>(items: readonly T[], tfOf: (x: T) => string): T[] {
  return [...items].sort((a, b) => timeframeMinutes(tfOf(a)) - timeframeMinutes(tfOf(b)));
}

/** The default timeframe of a coin (in the signal lists): 5m, else 1h, else the finest available; null when none. */
export function defaultTimeframe<T extends string>(available: readonly T[]): T | null {
  if (available.includes('5m' as T)) return '5m' as T;
  if (available.includes('1h' as T)) return '1h' as T;
  return orderByTimeframe(available, (x) => x)[0] ?? null;
}
