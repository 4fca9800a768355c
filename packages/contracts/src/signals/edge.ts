import { z } from 'zod';
import type { EdgeRecord } from './edge-stats';

/**
 * Zod schemas of the edge of a signal over its baseline (the math, the verdict and the one
 * wording live in the zod-free edge-stats.ts, which the web imports at run time).
 */

/** Verdict on an edge: a measurable positive edge, measurably worse than the baseline, or none. */
export const EdgeVerdict = z.enum(['edge', 'worse', 'none']);
export type EdgeVerdict = z.infer<typeof EdgeVerdict>;

/**
 * A hit rate beside its baseline with the edge and its uncertainty. Rates are fractions (0..1);
 * edge and interval are percentage points. Null rates when n = 0.
 */
export const EdgeStat = z.object({
  hits: z.number().int(),
  n: z.number().int(),
  /** Effective n: episodes of cases whose outcome windows do not overlap (≤ n). */
  n_eff: z.number().int(),
  hit_rate: z.number().nullable(),
  baseline: z.object({ p: z.number().nullable(), n: z.number().int() }),
  /** (hit_rate − baseline.p) × 100, percentage points. */
  edge_pp: z.number().nullable(),
  /**
   * Interval of edge_pp, percentage points, at 95 % family-wise confidence: cluster-robust over
   * episodes at the multiplicity-corrected level; excludes 0 exactly when the verdict is edge / worse.
   */
  ci95_pp: z.object({ lo: z.number(), hi: z.number() }).nullable(),
  /** Two-sided p-value of edge = 0 (cluster-robust t test over episodes; 1 when not testable). */
  p_value: z.number(),
  /** Holm-adjusted p-value over the family of rows shown together. */
  p_adjusted: z.number(),
  verdict: EdgeVerdict,
});
export type EdgeStat = z.infer<typeof EdgeStat>;


/** The schema and the zod-free record describe the same shape. */
const _sameShape: [EdgeStat extends EdgeRecord ? true : false, EdgeRecord extends EdgeStat ? true : false] = [true, true];
void _sameShape;

export {
  applyHolm, EDGE_ALPHA, edgeStat, formatEdge, formatN, holmAdjust, type EdgeRecord, type Interval, newcombeInterval, NO_MEASURABLE_EDGE, normalCdf, roundEdge, roundPct, roundPValue, roundRate, twoProportionPValue, wilsonInterval, Z95,
} from './edge-stats';
