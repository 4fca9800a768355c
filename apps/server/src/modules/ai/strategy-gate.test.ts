import { describe, expect, it } from 'vitest';
import { buildPlan } from './strategy';
import { decidePlan, MIN_REWARD_RISK, setupRecordOf, shortHoldPct, type ScoredCase } from './strategy-gate';

const HOUR = 3_600_000;

describe('decidePlan: a strategy is proposed only when it passes its own bar', () => {
  // BTC 1h, sideways, nearer support → range long; the resistance right above gives reward/risk < 1
  const facts = {
    timeframe: '1h' as const,
    candle_open_time: 0,
    last_price: 103_700,
    atr: 400,
    trend: 'sideways' as const,
    direction: 'neutral' as const,
    supports: [{ price: 103_440.94, distance_pct: -0.25, touches: 2, strength: 0.7 }],
    resistances: [{ price: 103_905.5, distance_pct: 0.2, touches: 1, strength: 0.5 }],
    horizon_candles: 168,
  };

  it('says "no trade" for a range long with reward/risk 0.86-like figures, naming the reason and the levels to watch', () => {
    const plan = buildPlan({ ...facts, resistances: [{ price: 103_800, distance_pct: 0.1, touches: 1, strength: 0.5 }] })!;
    expect(plan.reward_risk!).toBeLessThan(MIN_REWARD_RISK);
    const d = decidePlan(plan, null, facts);
    expect(d).toMatchObject({ trade: false, reasons: ['reward_risk_below_minimum'], min_reward_risk: 1.5, watch: { support: 103_440.94, resistance: 103_905.5 } });
  });

  it('proposes a plan with reward/risk ≥ 1.5 and a record not worse than holding', () => {
    const plan = buildPlan({ ...facts, resistances: [{ price: 105_500, distance_pct: 1.7, touches: 3, strength: 0.8 }] })!;
    expect(plan.reward_risk!).toBeGreaterThanOrEqual(MIN_REWARD_RISK);
    expect(decidePlan(plan, null, facts).trade).toBe(true);
  });

  it('refuses a setup whose record is worse than holding with 95 % confidence, and only then', () => {
    const plan = buildPlan({ ...facts, resistances: [{ price: 105_500, distance_pct: 1.7, touches: 3, strength: 0.8 }] })!;
    // 40 independent windows (one per coin and horizon), the strategy 10 pp behind holding each time ± noise
    const cases: ScoredCase[] = Array.from({ length: 40 }, (_, i) => ({ bias: 'long', coinId: i % 4, createdAt: i * 200 * HOUR, horizonHours: 168, returnPct: -0.1 + (i % 3) * 0.2, holdLongPct: 10.5 - (i % 5) * 0.3 }));
    const worse = setupRecordOf(cases, 0.1)!;
    expect(worse.diff_hi).toBeLessThan(0);
    expect(decidePlan(plan, worse, facts)).toMatchObject({ trade: false, reasons: ['record_worse_than_holding'] });
    // the same cases crowded into one window per coin are 4 blocks: too few to rule the setup out
    const crowded = setupRecordOf(cases.map((c) => ({ ...c, createdAt: c.coinId * 1000 * HOUR })), 0.1)!;
    expect(crowded.n).toBe(40);
    expect(crowded.blocks).toBe(4);
    expect(decidePlan(plan, crowded, facts).trade).toBe(true);
  });

  it('compares a short setup with holding short: the same gross move reversed, after the same fees', () => {
    expect(shortHoldPct(-0.1999, 0.1)).toBeCloseTo(-0.1999, 3); // a flat window: both pay the two fees
    expect(shortHoldPct(9.78, 0.1)).toBeLessThan(-9.9);
    const rec = setupRecordOf([{ bias: 'short', coinId: 1, createdAt: 0, horizonHours: 24, returnPct: 1, holdLongPct: 9.78 }], 0.1)!;
    expect(rec.mean_hold_pct).toBeLessThan(-9.9);
    expect(rec.diff_pct).toBeGreaterThan(10);
  });
});
