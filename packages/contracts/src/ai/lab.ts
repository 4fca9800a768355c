import { z } from 'zod';
import { LangParam, resultOf } from '../common/envelope';
import { StrategyBias } from './aggregate';
import { CoinRef } from '../market/coin';

/**
 * A paper-trading plan of the trading-agent preview (lab permission): made from the short-term
 * strategy at `created_at` (clock time) and evaluated on the 5m candles that opened at or after it
 * and closed at or before the clock's now. Prices USDT; P&L in percent of the entry.
 */
export const PaperPlan = z.object({
  id: z.number().int(),
  coin: z.object({ id: z.number().int(), symbol: z.string() }),
  created_at: z.number(),
  timeframe: z.string(),
  bias: StrategyBias,
  entry_low: z.number(),
  entry_high: z.number(),
  target: z.number().nullable(),
  invalidation: z.number(),
  result: z.object({
    /** `waiting` (entry not reached), `open`, `target_hit`, `invalidated`, `expired` (entry never reached before the horizon). */
    status: z.enum(['waiting', 'open', 'target_hit', 'invalidated', 'expired']),
    entry_price: z.number().nullable(),
    entry_time: z.number().nullable(),
    exit_price: z.number().nullable(),
    exit_time: z.number().nullable(),
    /** Realised (closed) or marked-to-last-close (open) P&L in percent; null before entry. */
    pnl_pct: z.number().nullable(),
    candles_checked: z.number().int(),
    as_of: z.number(),
  }),
});
export type PaperPlan = z.infer<typeof PaperPlan>;
export const LabParams = z.object({ coin: CoinRef });
export const CreatePaperPlanBody = z.object({ lang: LangParam.default('en-US') });
export const GetPaperPlansResponse = resultOf(z.array(PaperPlan));
export const CreatePaperPlanResponse = resultOf(PaperPlan);
