import type { Candle } from '@coinlens/contracts';
import { TIMEFRAME_MS } from '@coinlens/contracts';
import { evaluatePlan } from '../ai/lab.service';

/** Default fee per side, percent of the traded value (0.1 %). */
export const DEFAULT_FEE_PCT = 0.1;

/** What a strategy says (prices in USDT, horizon in hours, createdAt = clock ms of generation). */
export interface PlanToScore {
  bias: string;
  entryLow: number;
  entryHigh: number;
  /** First target; null without one. */
  target: number | null;
  invalidation: number;
  horizonHours: number;
  createdAt: number;
}

/** Score of one strategy over the candles that followed it. */
export interface PlanScore {
  /** `target_hit` first target before the invalidation; `invalidated`; `horizon` entered and still open at the horizon (closed at its last close); `not_entered`. */
  status: 'target_hit' | 'invalidated' | 'horizon' | 'not_entered';
  entered: boolean;
  targetFirst: boolean;
  /** Return after fees, percent (0 when never entered: no trade, no fee). */
  returnPct: number;
  /** Holding the coin (long) from the first window candle's open to the last window candle's close, after fees, percent. */
  holdPct: number;
}

/** Net return (percent) of a gross return (percent) after paying `feePct` on entry and on exit: (1 + g)(1 − f)² − 1. */
export function afterFees(grossPct: number, feePct: number): number {
  const f = feePct / 100;
  return ((1 + grossPct / 100) * (1 - f) * (1 - f) - 1) * 100;
}

/**
 * Scores a strategy on the candles (oldest first; 5m, or `candleMs` long) of its window [createdAt, createdAt + horizon):
 * replayed with `evaluatePlan` of the trading-agent preview (fill at the entry zone, invalidation
 * checked before the target in each candle), cut at the horizon; a position still open at the
 * horizon exits at the last close of the window. Fees `feePct` per side on the strategy (when
 * entered) and on holding. Null when the window has no closed candle.
 */
export function scorePlan(p: PlanToScore, candles: readonly Candle[], feePct = DEFAULT_FEE_PCT, candleMs = TIMEFRAME_MS['5m']): PlanScore | null {
  const end = p.createdAt + p.horizonHours * 3_600_000;
  const win = candles.filter((c) => c.time >= p.createdAt && c.time + candleMs <= end);
  if (!win.length) return null;
  const r = evaluatePlan(p, win, end);
  const hold = afterFees((win[win.length - 1].close / win[0].open - 1) * 100, feePct);
  if (r.entry_price === null) return { status: 'not_entered', entered: false, targetFirst: false, returnPct: 0, holdPct: hold };
  const status = r.status === 'target_hit' ? 'target_hit' : r.status === 'invalidated' ? 'invalidated' : 'horizon';
  const long = p.bias === 'long';
  const exit = r.exit_price ?? win[win.length - 1].close;
  const gross = ((long ? exit - r.entry_price : r.entry_price - exit) / r.entry_price) * 100;
  return { status, entered: true, targetFirst: status === 'target_hit', returnPct: afterFees(gross, feePct), holdPct: hold };
}
