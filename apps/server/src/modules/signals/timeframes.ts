import type { TaTimeframe, TimeframeLabel } from '@coinlens/contracts';

/** Timeframes the signals job and the TA endpoints cover, finest first. */
export const TA_TIMEFRAMES: readonly TaTimeframe[] = ['5m', '1h', '1d'];

/** True for a timeframe the TA covers (15m candles exist but are not analysed). */
export function isTaTimeframe(tf: string): tf is TaTimeframe {
  return (TA_TIMEFRAMES as readonly string[]).includes(tf);
}

/** Display label of a timeframe (SPEC §9): 5m → "1D", 1h → "7D", anything else → "1M". */
export function timeframeLabel(tf: string): TimeframeLabel {
  return tf === '5m' ? '1D' : tf === '1h' ? '7D' : '1M';
}

const UNIT_MINUTES: Record<string, number> = { m: 1, h: 60, d: 1440, w: 10080 };

/** Length of a timeframe in minutes (SPEC §9 ordering: m = 1, h = 60, d = 1440); Infinity when unparseable. */
export function timeframeMinutes(tf: string): number {
  const m = /^(\d+)([mhdw])$/.exec(tf);
  return m ? Number(m[1]) * UNIT_MINUTES[m[2]] : Number.POSITIVE_INFINITY;
}

/** Sorts items by their timeframe's length in minutes (stable; a new array). */
export function orderByTimeframe<T>(items: readonly T[], tfOf: (x: T) => string): T[] {
  return [...items].sort((a, b) => timeframeMinutes(tfOf(a)) - timeframeMinutes(tfOf(b)));
}

/** The default timeframe of a coin (SPEC §4 Signals lists): 5m, else 1h, else the finest available. */
export function defaultTimeframe<T extends string>(available: readonly T[]): T | null {
  if (available.includes('5m' as T)) return '5m' as T;
  if (available.includes('1h' as T)) return '1h' as T;
  return orderByTimeframe(available, (x) => x)[0] ?? null;
}
