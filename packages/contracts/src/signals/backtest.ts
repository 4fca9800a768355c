import { z } from 'zod';
import { resultOf } from '../common/envelope';
import { TaTimeframe } from '../common/timeframe-schema';
import { CoinRef } from '../market/coin';
import { Bilingual } from './analysis';
import { EdgeVerdict } from './edge';

/** A UTC calendar date, YYYY-MM-DD. */
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine((s) => Number.isFinite(Date.parse(`${s}T00:00:00Z`)), 'must be a valid date');

/**
 * GET /api/signals/backtest: the catalogue's directional patterns traded as rules on a coin's
 * stored candles (rules: docs/backtest.md).
 * `from` / `to` are UTC dates (`to` inclusive, whole day); `stop`: none, `atr` (stop_value ×
 * ATR(14), default 2) or `pct` (stop_value %, default 5); `horizon` in candles (default the scoring
 * horizon); `fee` percent a side (default 0.1).
 */
export const BacktestQuery = z
  .object({
    coin: CoinRef,
    timeframe: TaTimeframe,
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    pattern: z.string().regex(/^[a-z0-9_]{1,64}$/, 'must be a catalogue label').optional(),
    stop: z.enum(['none', 'atr', 'pct']).default('none'),
    stop_value: z.coerce.number().positive().max(99).optional(),
    horizon: z.coerce.number().int().min(1).max(2000).optional(),
    fee: z.coerce.number().min(0).max(5).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type BacktestQuery = z.infer<typeof BacktestQuery>;

/**
 * Figures of a set of trades; percentages in percent, win_rate 0..1 (see runBacktest). A trade is
 * counted in the part where it closes; a trade loses at most its stake (return ≥ −100 %, so
 * total_return_pct ≥ −100 and max_drawdown_pct ≤ 100).
 */
export const BacktestStats = z.object({
  trades: z.number().int(),
  wins: z.number().int(),
  win_rate: z.number().nullable(),
  mean_return_pct: z.number().nullable(),
  total_return_pct: z.number(),
  /** Gross gains / gross losses; null when no trade lost. */
  profit_factor: z.number().nullable(),
  max_drawdown_pct: z.number(),
  skipped: z.number().int(),
  buy_hold_return_pct: z.number().nullable(),
  /** Trades counted here (closed in this part) whose signal candle lies in the part before (0 in sample). */
  carried_over: z.number().int(),
  /** 95 % interval of mean_return_pct (moving-block bootstrap standard error, Student t with effective_n − 1 df); null with < 2 trades. */
  mean_ci_low_pct: z.number().nullable(),
  mean_ci_high_pct: z.number().nullable(),
  /** Independent trades giving the same standard error (1..trades); null with < 2 trades. */
  effective_n: z.number().nullable(),
  /** Two-sided p-value of mean return = 0 (1 with < 2 trades). */
  p_value: z.number(),
  /** p_value Holm-adjusted over every pattern × part of the run (`holm_family` tests). */
  p_adjusted: z.number(),
  /**
   * The interval shown beside the verdict: mean_return_pct's interval at the Holm-corrected level
   * (same standard error and df, level 1 − 0.05 · p / p̃ with p̃ the uncapped Holm-adjusted p), so
   * it excludes 0 exactly when p_adjusted ≤ 0.05; never below −100 % (a trade loses at most its
   * stake); null with < 2 trades or when every return is the same (nothing to test).
   */
  mean_ci_holm_low_pct: z.number().nullable(),
  mean_ci_holm_high_pct: z.number().nullable(),
  /** edge / worse when p_adjusted ≤ 0.05 and the corrected interval excludes 0; none otherwise. */
  verdict: EdgeVerdict,
});
export type BacktestStats = z.infer<typeof BacktestStats>;

/** A point of an equity curve: time (ms, UTC) and equity (1 = start). */
export const EquityPoint = z.object({ t: z.number(), equity: z.number() });

/** Backtest of one pattern. */
export const PatternBacktest = z.object({
  label: z.string(),
  name: Bilingual,
  direction: z.enum(['bullish', 'bearish']),
  all: BacktestStats,
  in_sample: BacktestStats,
  out_of_sample: BacktestStats,
  equity: z.array(EquityPoint),
});
export type PatternBacktest = z.infer<typeof PatternBacktest>;

/** Result of a backtest (times ms UTC; buy-and-hold in percent after fees). */
export const Backtest = z.object({
  coin: z.object({ id: z.number().int(), symbol: z.string(), name: z.string() }),
  timeframe: TaTimeframe,
  horizon: z.number().int(),
  fee_pct: z.number(),
  /** Number of tests (patterns × 3 parts) the verdicts are Holm-corrected over. */
  holm_family: z.number().int(),
  stop: z.discriminatedUnion('kind', [z.object({ kind: z.literal('none') }), z.object({ kind: z.literal('atr'), multiple: z.number() }), z.object({ kind: z.literal('pct'), pct: z.number() })]),
  from: z.number().nullable(),
  to: z.number().nullable(),
  split: z.number().nullable(),
  candles: z.number().int(),
  buy_hold: z.object({ all: z.number().nullable(), in_sample: z.number().nullable(), out_of_sample: z.number().nullable() }),
  buy_hold_equity: z.array(EquityPoint),
  patterns: z.array(PatternBacktest),
});
export type Backtest = z.infer<typeof Backtest>;
export const GetBacktestResponse = resultOf(Backtest);
