import { z } from 'zod';
import { ErrorResponse, resultOf } from '../common/envelope';
import { TaTimeframe } from '../common/timeframe-schema';
import { CoinRef } from '../market/coin';
import { ProbabilityWording } from '../signals/ta-result';
import { endpoint, GET } from '../api/endpoint';

/**
 * Calibration of the stated probabilities and the scored strategies. Every
 * figure comes from forecasts / strategies logged when they were stated and resolved on the
 * candles that closed after them, at or before the clock's now. Probabilities are 0..1; returns
 * are percent (1.5 = +1.5 %).
 */

/** Which logged rows a figure covers: `backfill` (start-up history: the in-sample period), `live` (stated after start-up), or `all`. */
export const EvidenceOrigin = z.enum(['all', 'live', 'backfill']);
export type EvidenceOrigin = z.infer<typeof EvidenceOrigin>;

/** Kind of a stated probability: touch of the level, or a close beyond it (breakthrough). */
export const ForecastKind = z.enum(['touch', 'breakthrough']);
export type ForecastKind = z.infer<typeof ForecastKind>;

/** One decile bin of a reliability diagram (stated in [lo, hi); the last bin includes 1). */
export const ReliabilityBin = z.object({
  lo: z.number(),
  hi: z.number(),
  n: z.number().int().min(0),
  /** Mean stated probability of the bin; null when empty. */
  stated: z.number().nullable(),
  /** Observed frequency of the event in the bin; null when empty. */
  observed: z.number().nullable(),
  /** Episodes the bin's forecasts fall into (effective n; forecasts whose outcome windows overlap count once). */
  n_eff: z.number().int().min(0),
  /** 95 % interval of `observed`, cluster-robust over episodes; null with fewer than 2 episodes. */
  observed_lo: z.number().nullable(),
  observed_hi: z.number().nullable(),
});

/**
 * A verbal label with the stated range it stands for and what was observed after probabilities
 * stated in that range (95 % interval over episodes, n and effective n). On a calibrated scale the range is the deciles
 * whose observed frequency earned the label (null when none earns it); otherwise the fixed range.
 */
export const CalibratedWording = z.object({
  wording: ProbabilityWording,
  stated_lo: z.number().nullable(),
  stated_hi: z.number().nullable(),
  n: z.number().int().min(0),
  /** Episodes behind n (effective n). */
  n_eff: z.number().int().min(0),
  observed: z.number().nullable(),
  observed_lo: z.number().nullable(),
  observed_hi: z.number().nullable(),
});
export type CalibratedWording = z.infer<typeof CalibratedWording>;

/** Calibration of one probability kind on one timeframe (resolved forecasts only). */
export const CalibrationGroup = z.object({
  kind: ForecastKind,
  timeframe: TaTimeframe,
  /** Resolved forecasts. */
  n: z.number().int().min(0),
  /** Of which from the start-up backfill (in-sample). */
  n_backfill: z.number().int().min(0),
  /** Forecasts still waiting for their horizon. */
  pending: z.number().int().min(0),
  /** Mean (p − outcome)²; null without resolved forecasts. */
  brier: z.number().nullable(),
  /** Share of events that happened (the base-rate forecast). */
  base_rate: z.number().nullable(),
  /** Brier score of always stating the base rate. */
  brier_ref: z.number().nullable(),
  /** Brier skill score 1 − brier / brier_ref (> 0 better than the base rate). */
  skill: z.number().nullable(),
  /** Episodes the resolved forecasts fall into (effective n; one coin's forecasts of one calendar block of two horizons are one). */
  n_eff: z.number().int().min(0),
  /** 95 % interval of `skill` (delete-one-episode jackknife, Student t on episodes − 1); null with fewer than 3 episodes. */
  skill_lo: z.number().nullable(),
  skill_hi: z.number().nullable(),
  /** `skill`: the interval lies above 0; `none`: it includes 0 (no skill over the base rate); `worse`: below 0; null without an interval. */
  skill_verdict: z.enum(['skill', 'none', 'worse']).nullable(),
  bins: z.array(ReliabilityBin),
  /**
   * `calibrated`: the labels shown beside this kind's probabilities come from `wording` (isotonic
   * fit of observed on stated per decile); `not_calibrated`: too few resolved forecasts
   * (min_total), the fixed scale is used and `wording` shows what followed each fixed range.
   */
  scale_status: z.enum(['calibrated', 'not_calibrated']),
  /** Resolved forecasts needed before the scale is calibrated, and per pooled stated range. */
  min_total: z.number().int(),
  min_block: z.number().int(),
  wording: z.array(CalibratedWording),
  /**
   * Which forecasts the labels served beside this kind's probabilities rest on, whatever `origin`
   * the query asked for: `live` once min_total live forecasts in min_live_episodes episodes are
   * resolved, otherwise `backfill` (in-sample).
   */
  scale_source: z.enum(['live', 'backfill']),
  /** Live resolved forecasts and their episodes (the out-of-sample evidence so far). */
  n_live: z.number().int().min(0),
  n_eff_live: z.number().int().min(0),
  /** Episodes of live forecasts needed before the served labels rest on them. */
  min_live_episodes: z.number().int(),
});
export type CalibrationGroup = z.infer<typeof CalibrationGroup>;

export const CalibrationQuery = z.object({
  timeframe: TaTimeframe.optional(),
  origin: EvidenceOrigin.default('all'),
});
export const Calibration = z.object({
  origin: EvidenceOrigin,
  /** Clock time (ms) the figures were computed at. */
  as_of: z.number(),
  groups: z.array(CalibrationGroup),
});
export type Calibration = z.infer<typeof Calibration>;
export const GetCalibrationResponse = resultOf(Calibration);

/** Track record of one author's strategies on one timeframe (and coin, or all coins when `coin` is null). */
export const StrategyRecordRow = z.object({
  /** `builtin` (the built-in analyst) or the model's name. */
  author: z.string(),
  coin: z.object({ id: z.number().int(), symbol: z.string() }).nullable(),
  timeframe: TaTimeframe,
  /** Scored strategies. */
  n: z.number().int().min(0),
  /** Of which from the start-up backfill (in-sample). */
  n_backfill: z.number().int().min(0),
  /** Strategies whose entry zone was reached. */
  entered: z.number().int().min(0),
  /** Strategies that reached their first target before the invalidation. */
  target_first: z.number().int().min(0),
  invalidated: z.number().int().min(0),
  /** Mean return after fees (percent; 0 for a strategy never entered); null when n = 0. */
  mean_return_pct: z.number().nullable(),
  /** Mean return of holding the coin over the same windows, after fees (percent). */
  mean_hold_pct: z.number().nullable(),
  /** Strategies still waiting for their horizon. */
  pending: z.number().int().min(0),
  /**
   * Episodes of the scored strategies (effective n): one coin's strategies of one term created within
   * one calendar block of two horizons are scored on overlapping candles and count as one.
   */
  n_eff: z.number().int().min(0),
  /** 95 % interval of target_first / n over episodes (0..1); null with fewer than 2 episodes. */
  target_first_lo: z.number().nullable(),
  target_first_hi: z.number().nullable(),
  /** Mean of (return − holding) in percentage points, with its 95 % interval over episodes; null when n = 0 / fewer than 2 episodes. */
  excess_pct: z.number().nullable(),
  excess_lo: z.number().nullable(),
  excess_hi: z.number().nullable(),
});
export type StrategyRecordRow = z.infer<typeof StrategyRecordRow>;

/** A stored strategy with its score (null fields while pending). */
export const ScoredStrategy = z.object({
  id: z.number().int(),
  author: z.string(),
  coin: z.object({ id: z.number().int(), symbol: z.string() }),
  term: z.enum(['short_term', 'medium_long_term']),
  timeframe: TaTimeframe,
  bias: z.string(),
  origin: z.enum(['live', 'backfill']),
  created_at: z.number(),
  candle_open_time: z.number(),
  entry_low: z.number(),
  entry_high: z.number(),
  targets: z.array(z.number()),
  invalidation: z.number(),
  horizon_hours: z.number(),
  status: z.enum(['pending', 'target_hit', 'invalidated', 'horizon', 'not_entered']),
  return_pct: z.number().nullable(),
  hold_pct: z.number().nullable(),
});
export type ScoredStrategy = z.infer<typeof ScoredStrategy>;

export const StrategyRecordQuery = z.object({
  coin: CoinRef.optional(),
  timeframe: TaTimeframe.optional(),
  author: z.string().min(1).max(120).optional(),
  origin: EvidenceOrigin.default('all'),
});
export const StrategyRecord = z.object({
  origin: EvidenceOrigin,
  /** Fee per side (percent) applied to the strategies and to holding. */
  fee_pct: z.number(),
  as_of: z.number(),
  /** Per author × timeframe over every coin (`coin` null), then per author × coin × timeframe. */
  rows: z.array(StrategyRecordRow),
  /** The latest 20 stored strategies matching the query, newest first. */
  recent: z.array(ScoredStrategy),
});
export type StrategyRecord = z.infer<typeof StrategyRecord>;
export const GetStrategyRecordResponse = resultOf(StrategyRecord);

/** First and last stored candle of one coin × timeframe (ms, open times; the last one closed at or before now). */
export const CoverageSeries = z.object({
  symbol: z.string(),
  timeframe: TaTimeframe,
  first: z.number(),
  last: z.number().nullable(),
});
export type CoverageSeries = z.infer<typeof CoverageSeries>;

/**
 * What every record, calibration figure and backtest is measured on: the coin universe (the coins
 * the app ships candles for, chosen when the data set was assembled among coins then listed on
 * Binance spot: coins that died or were delisted before are absent, so results carry survivorship
 * bias) and where each series starts (series start at different dates, e.g. a coin listed in 2025).
 */
export const EvidenceCoverage = z.object({
  as_of: z.number(),
  /** Coins with stored candles. */
  coins: z.number().int().min(0),
  /** One row per coin × timeframe with candles, by symbol then timeframe. */
  series: z.array(CoverageSeries),
});
export type EvidenceCoverage = z.infer<typeof EvidenceCoverage>;
export const GetEvidenceCoverageResponse = resultOf(EvidenceCoverage);

// ---- endpoint descriptors: method, path and the schemas above ----------------------------------

const errors = { 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };

/** Calibration and strategy-record endpoints. */
export const calibrationApi = {
  getCalibration: endpoint(GET('/api/signals/calibration'), {
    tags: ['signals'],
    summary: 'Calibration of the stated touch / breakthrough probabilities per kind and timeframe: reliability diagram by decile with n, Brier score and skill against the base rate, calibrated verbal scale',
    querystring: CalibrationQuery,
    response: { 200: GetCalibrationResponse, ...errors },
  }),
  getStrategyRecord: endpoint(GET('/api/strategies/record'), {
    tags: ['signals'],
    summary: 'Track record of the stored strategies per author, coin and timeframe: entered, first target before invalidation, mean return after fees vs holding the coin',
    querystring: StrategyRecordQuery,
    response: { 200: GetStrategyRecordResponse, ...errors },
  }),
  getEvidenceCoverage: endpoint(GET('/api/signals/coverage'), {
    tags: ['signals'],
    summary: 'Coverage of the evidence: the coins with stored candles and the first and last candle of each coin × timeframe, for the survivorship and coverage note beside every record',
    response: { 200: GetEvidenceCoverageResponse, ...errors },
  }),
};
