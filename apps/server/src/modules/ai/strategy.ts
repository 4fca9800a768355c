import { levelsAtPrice, roundPrice, type TaLevel, type TaTimeframe, TIMEFRAME_MS } from '@coinlens/contracts';
import type { LevelFact, TimeframeFacts } from './facts';
import type { PlanDecision } from './strategy-gate';

/**
 * The built-in strategy rules (documented in docs/decisions/030-ai-strategies-and-quotas.md). Pure functions
 * over one timeframe's analysis; every price they produce is rounded as the texts show it.
 *
 * 1. Bias: uptrend → long, downtrend → short (setup `trend`). Otherwise (sideways, reversal) the
 *    market direction decides (bullish → long, bearish → short); a neutral market takes the side of
 *    the nearer level (nearer support → long, nearer resistance → short) as a `range` setup.
 * 2. Entry zone: long = [S1, S1 + 0.25 ATR] (capped at the last price) around the nearest support
 *    S1; short = [R1 − 0.25 ATR, R1] (floored at the last price) around the nearest resistance R1.
 *    Without a level on that side the zone is one ATR away from the last price.
 * 3. Targets: the next one or two levels on the other side (long: resistances R1, R2; short:
 *    supports S1, S2); with none, one target 2 ATR beyond the entry zone.
 * 4. Invalidation: beyond the level that would prove the bias wrong: long S1 − 0.5 ATR, short
 *    R1 + 0.5 ATR.
 * 5. Horizon: the analysis horizon of the timeframe (horizon_candles × timeframe). Short term uses
 *    1h (else 5m), medium/long term uses 1d.
 * ATR is the 14-period ATR of the timeframe; without it 1 % of the last price stands in.
 */
export interface PlanNumbers {
  timeframe: TaTimeframe;
  candle_open_time: number;
  bias: 'long' | 'short';
  setup: 'trend' | 'range';
  last_price: number;
  /** The ATR the plan used (USDT). */
  atr: number;
  /** The level the entry rests on (S1 for long, R1 for short), or null when derived from ATR. */
  level: number | null;
  entry_low: number;
  entry_high: number;
  targets: number[];
  invalidation: number;
  reward_risk: number | null;
  horizon_hours: number;
  /**
   * Whether the plan is proposed (strategy-gate.ts decidePlan: reward/risk ≥ 1.5 and a setup record
   * not worse than holding); set by the facts, absent on a bare buildPlan result.
   */
  decision?: PlanDecision;
}


/**
 * Splits levels at `last` (the price the facts refer to) by the one shared rule (levelsAtPrice of
 * @coinlens/contracts, as the chart and the panel do): supports below, resistances above, nearest
 * first, up to 3 each; distance_pct signed (level − price) / price × 100, one decimal.
 */
export function levelsOf(support: TaLevel[], resistance: TaLevel[], last: number): { supports: LevelFact[]; resistances: LevelFact[] } {
  const fact = (l: TaLevel): LevelFact => ({ price: roundPrice(l.price), distance_pct: Math.round(((l.price - last) / last) * 1000) / 10, touches: l.touches, strength: Math.round(l.strength * 100) / 100 });
  const split = levelsAtPrice(support, resistance, last);
  return { supports: split.support.map(fact), resistances: split.resistance.map(fact) };
}

/** Picks the bias and setup of rule 1. */
export function biasOf(tf: Pick<TimeframeFacts, 'trend' | 'direction' | 'supports' | 'resistances'>): { bias: 'long' | 'short'; setup: 'trend' | 'range' } {
  if (tf.trend === 'uptrend') return { bias: 'long', setup: 'trend' };
  if (tf.trend === 'downtrend') return { bias: 'short', setup: 'trend' };
  if (tf.direction === 'bullish') return { bias: 'long', setup: 'range' };
  if (tf.direction === 'bearish') return { bias: 'short', setup: 'range' };
  const ds = tf.supports[0] ? Math.abs(tf.supports[0].distance_pct) : Infinity;
  const dr = tf.resistances[0] ? Math.abs(tf.resistances[0].distance_pct) : Infinity;
  return { bias: dr < ds ? 'short' : 'long', setup: 'range' };
}

/** The facts of one timeframe the rules read (a TimeframeFacts has them all). */
export type PlanFacts = Pick<TimeframeFacts, 'timeframe' | 'candle_open_time' | 'last_price' | 'atr' | 'trend' | 'direction' | 'supports' | 'resistances' | 'horizon_candles'>;

/** The plan of one timeframe by rules 1–5; null when the last price is unknown. */
export function buildPlan(tf: PlanFacts): PlanNumbers | null {
  const last = tf.last_price;
  if (!(last > 0)) return null;
  const atr = tf.atr && tf.atr > 0 ? tf.atr : last * 0.01;
  const { bias, setup } = biasOf(tf);
  const horizon_hours = (tf.horizon_candles * TIMEFRAME_MS[tf.timeframe]) / 3_600_000;
  let level: number | null;
  let low: number;
  let high: number;
  let targets: number[];
  let invalidation: number;
  if (bias === 'long') {
    level = tf.supports[0]?.price ?? null;
    const base = level ?? last - atr;
    low = base;
    high = Math.min(base + 0.25 * atr, last);
    targets = tf.resistances.slice(0, 2).map((r) => r.price);
    if (!targets.length) targets = [high + 2 * atr];
    invalidation = base - 0.5 * atr;
  } else {
    level = tf.resistances[0]?.price ?? null;
    const base = level ?? last + atr;
    high = base;
    low = Math.max(base - 0.25 * atr, last);
    targets = tf.supports.slice(0, 2).map((s) => s.price);
    if (!targets.length) targets = [low - 2 * atr];
    invalidation = base + 0.5 * atr;
  }
  low = roundPrice(low);
  high = roundPrice(high);
  targets = targets.map(roundPrice);
  invalidation = roundPrice(invalidation);
  const mid = (low + high) / 2;
  const risk = Math.abs(mid - invalidation);
  const reward = Math.abs(targets[0] - mid);
  return {
    timeframe: tf.timeframe,
    candle_open_time: tf.candle_open_time,
    bias,
    setup,
    last_price: last,
    atr: roundPrice(atr),
    level: level === null ? null : roundPrice(level),
    entry_low: low,
    entry_high: high,
    targets,
    invalidation,
    reward_risk: risk > 0 ? Math.round((reward / risk) * 100) / 100 : null,
    horizon_hours,
  };
}
