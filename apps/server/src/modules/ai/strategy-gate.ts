import { Z95 } from '@coinlens/contracts';
import type { LevelFact } from './facts';
import type { PlanNumbers } from './strategy';

/** Least reward/risk (to the first target, from the middle of the entry zone) a proposed strategy must offer. */
export const MIN_REWARD_RISK = 1.5;

/** Fewest independent blocks (see {@link setupRecordOf}) before a record can rule a setup out. */
export const MIN_RECORD_BLOCKS = 5;

/**
 * The record of one setup (author × timeframe × bias over every coin): scored strategies n, their
 * mean return after fees, the mean return of holding the coin in the same direction over the same
 * windows after fees (percent), and the mean difference with its 95 % interval (percentage
 * points). The interval is computed over `blocks`: per coin, the strategies whose creation falls in
 * the same horizon-long window are averaged into one block first, since their outcome windows
 * overlap and they are not independent cases.
 */
export interface SetupRecord {
  n: number;
  blocks: number;
  mean_return_pct: number;
  mean_hold_pct: number;
  diff_pct: number;
  diff_lo: number;
  diff_hi: number;
}

/** One scored strategy as the setup record reads it: return and long holding after fees (percent), coin, creation time (ms), horizon (h). */
export interface ScoredCase {
  bias: string;
  coinId: number;
  createdAt: number;
  horizonHours: number;
  returnPct: number;
  /** Holding the coin long over the window, after fees `feePct` per side. */
  holdLongPct: number;
}

/** Holding short over a window whose long holding returned `holdLongPct` after fees `feePct` per side (percent): the same gross move, reversed, after the same fees. */
export function shortHoldPct(holdLongPct: number, feePct: number): number {
  const keep = (1 - feePct / 100) ** 2;
  const gross = (1 + holdLongPct / 100) / keep - 1;
  return ((1 - gross) * keep - 1) * 100;
}

/** The {@link SetupRecord} of the given cases (all of one setup); null without a case. */
export function setupRecordOf(cases: readonly ScoredCase[], feePct: number): SetupRecord | null {
  if (!cases.length) return null;
  const blocks = new Map<string, { d: number; k: number }>();
  let ret = 0;
  let hold = 0;
  for (const c of cases) {
    const bench = c.bias === 'short' ? shortHoldPct(c.holdLongPct, feePct) : c.holdLongPct;
    ret += c.returnPct;
    hold += bench;
    const key = `${c.coinId}:${Math.floor(c.createdAt / (Math.max(1, c.horizonHours) * 3_600_000))}`;
    const b = blocks.get(key) ?? { d: 0, k: 0 };
    b.d += c.returnPct - bench;
    b.k++;
    blocks.set(key, b);
  }
  const means = [...blocks.values()].map((b) => b.d / b.k);
  const m = means.reduce((a, b) => a + b, 0) / means.length;
  const sd = means.length > 1 ? Math.sqrt(means.reduce((a, b) => a + (b - m) ** 2, 0) / (means.length - 1)) : Infinity;
  const half = Number.isFinite(sd) ? (Z95 * sd) / Math.sqrt(means.length) : Infinity;
  const r2 = (v: number) => Math.round(v * 100) / 100;
  return {
    n: cases.length,
    blocks: means.length,
    mean_return_pct: r2(ret / cases.length),
    mean_hold_pct: r2(hold / cases.length),
    diff_pct: r2(m),
    diff_lo: Number.isFinite(half) ? r2(m - half) : -1e9,
    diff_hi: Number.isFinite(half) ? r2(m + half) : 1e9,
  };
}

/** Why a plan is not proposed (see {@link decidePlan}). */
export type NoTradeReason = 'reward_risk_below_minimum' | 'record_worse_than_holding' | 'no_target';

/** Whether a plan is proposed, why not, the record it was judged on and the levels to watch. */
export interface PlanDecision {
  trade: boolean;
  reasons: NoTradeReason[];
  min_reward_risk: number;
  record: SetupRecord | null;
  watch: { support: number | null; resistance: number | null };
}

/**
 * The bar a plan must pass to be proposed: reward/risk to its first target ≥ MIN_REWARD_RISK, and
 * its setup's record not worse than holding in the same direction with 95 % confidence (the
 * interval of the mean difference lies wholly below 0, over at least MIN_RECORD_BLOCKS blocks).
 * Otherwise "no trade", with the reasons and the nearest support/resistance to watch.
 */
export function decidePlan(p: PlanNumbers, record: SetupRecord | null, levels: { supports: LevelFact[]; resistances: LevelFact[] }): PlanDecision {
  const reasons: NoTradeReason[] = [];
  if (p.reward_risk === null) reasons.push('no_target');
  else if (p.reward_risk < MIN_REWARD_RISK) reasons.push('reward_risk_below_minimum');
  if (record && record.blocks >= MIN_RECORD_BLOCKS && record.diff_hi < 0) reasons.push('record_worse_than_holding');
  return {
    trade: reasons.length === 0,
    reasons,
    min_reward_risk: MIN_REWARD_RISK,
    record,
    watch: { support: levels.supports[0]?.price ?? null, resistance: levels.resistances[0]?.price ?? null },
  };
}
