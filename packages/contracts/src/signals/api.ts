import { z } from 'zod';
import { ErrorResponse, MAX_PAGE_OFFSET, resultOf } from '../common/envelope';
import { Coin, CoinRef } from '../market/coin';
import { TaTimeframe } from '../common/timeframe-schema';
import { Bilingual, LabelledTaResult, Probability, SignalDirection } from './analysis';
import { EdgeStat } from './edge';
import { BEARER, endpoint, GET } from '../api/endpoint';
import { BacktestQuery, GetBacktestResponse } from './backtest';

/** Accuracy of scored signals: hits / total (0..1), null when total = 0 — always shown with its denominator. */
export const AccuracyFigure = z.object({ accuracy: z.number().nullable(), hits: z.number().int(), total: z.number().int() });
export type AccuracyFigure = z.infer<typeof AccuracyFigure>;

// GET /api/crypto/{coin}/ta/{timeframe}?refresh
export const CoinTaParams = z.object({ coin: CoinRef, timeframe: TaTimeframe });
export const CoinTaQuery = z.object({
  /** true: recompute now from the latest closed candles instead of serving the stored snapshot. */
  refresh: z.enum(['true', 'false', '1', '0']).optional().transform((v) => v === 'true' || v === '1'),
});
export const GetCoinTaResponse = resultOf(LabelledTaResult);

/**
 * A `ta_result` as a Signal item carries it: the analysis without `indicators` and `probabilities`
 * (both sides' level probabilities), which the lists do not show; the coin's full analysis of a
 * timeframe is `GET /api/crypto/{coin}/ta/{timeframe}`.
 */
export const SignalTaResult = LabelledTaResult.omit({ indicators: true, probabilities: true });
export type SignalTaResult = z.infer<typeof SignalTaResult>;

/**
 * One Signal item: the coin, its `ta_result` per timeframe (merged, labelled 5m "1D",
 * 1h "7D", else "1M", ordered by minutes), and the headline figures of its default timeframe
 * (5m, else 1h, else the first): direction, nearest support/resistance, touch/breakthrough
 * probabilities (with their sample sizes), plus the coin's signal accuracy over the last 7 days.
 * Served figures are rounded: rates and probabilities to 4 decimals, percents and percentage points
 * to 2, p-values to 4 significant digits, level prices by roundPrice.
 */
export const SignalItem = z.object({
  cryptocurrency: Coin,
  ta_result: z.array(SignalTaResult),
  /** Close time (ISO 8601) of the newest analysed candle. */
  created_date: z.string(),
  default_timeframe: TaTimeframe,
  direction: SignalDirection,
  support_price: z.number().nullable(),
  resistance_price: z.number().nullable(),
  breakthrough_probability: Probability,
  touch_probability: Probability,
  accuracy: AccuracyFigure,
  /** Hot list only: signals of the last 24 h (clock) weighted 5m ×1, 1h ×2, 1d ×3. */
  hot_score: z.number().optional(),
});
export type SignalItem = z.infer<typeof SignalItem>;

export const SignalsPageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(MAX_PAGE_OFFSET).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(5),
});
export const SignalsPage = z.object({ signals: z.array(SignalItem), hasNext: z.boolean() });
export type SignalsPage = z.infer<typeof SignalsPage>;
// GET /api/crypto/ta/all, /api/crypto/ta/hot, /api/crypto/ta/following
export const GetSignalsPageResponse = resultOf(SignalsPage);

// GET /api/crypto/with_signals?search_term&type
export const WithSignalsQuery = z.object({
  search_term: z.string().max(100).optional().default(''),
  type: z.enum(['bullish', 'bearish', 'all']).default('all'),
});
/** A coin with the signals it fired in the last 24 h of the clock. */
export const CoinWithSignals = Coin.extend({
  signal_count: z.number().int(),
  bullish_count: z.number().int(),
  bearish_count: z.number().int(),
  last_signal_at: z.number(),
});
export type CoinWithSignals = z.infer<typeof CoinWithSignals>;
export const GetWithSignalsResponse = resultOf(z.array(CoinWithSignals));

// GET /api/crypto/latest_accuracy?coin
/** `coin` (id, slug or symbol) restricts the figures to one coin. */
export const LatestAccuracyQuery = z.object({ coin: CoinRef.optional() });
export const TimeframeAccuracy = AccuracyFigure.extend({
  timeframe: TaTimeframe,
  /** Signals of the window whose horizon has not passed yet (not counted in total). */
  pending: z.number().int(),
  horizon_candles: z.number().int(),
  /** The hit rate against its base rate (see {@link LatestAccuracy}.edge), this timeframe's signals only. */
  edge: EdgeStat,
});
/**
 * Accuracy of signals fired in [since, until] (the last 7 days of the clock) and already scored.
 * `edge` sets the hit rate beside its base rate: for each scored signal, the unconditional rate of
 * its outcome (same coin, timeframe, direction and horizon; bullish: up-moves, bearish:
 * down-moves, neutral: |move| < 1 %) over every candle of the window, averaged over the signals
 * (weighted by their count per coin × timeframe × direction); baseline.n = candles measured.
 * edge_pp / ci95_pp in percentage points, cluster-robust over episodes (signals of any pattern on
 * one coin and timeframe whose outcome windows overlap; n_eff = episodes), verdict and interval
 * Holm-corrected over the overall row and the timeframe rows shown together.
 */
export const LatestAccuracy = AccuracyFigure.extend({
  since: z.number(),
  until: z.number(),
  pending: z.number().int(),
  edge: EdgeStat,
  by_timeframe: z.array(TimeframeAccuracy),
});
export type LatestAccuracy = z.infer<typeof LatestAccuracy>;
export const GetLatestAccuracyResponse = resultOf(LatestAccuracy);

// GET /api/signals/track-record?coin&timeframe&label&status&offset&limit
export const TrackRecordQuery = z.object({
  coin: CoinRef.optional(),
  timeframe: TaTimeframe.optional(),
  label: z.string().regex(/^[a-z0-9_]{1,64}$/, 'must be a catalogue label').optional(),
  /** scored = hit or miss. */
  status: z.enum(['hit', 'miss', 'pending', 'scored']).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_PAGE_OFFSET).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const SignalStatus = z.enum(['hit', 'miss', 'pending']);
export type SignalStatus = z.infer<typeof SignalStatus>;
/** One logged signal and its outcome. Prices USDT, times ms (UTC), move in signed percent. */
export const TrackRecordItem = z.object({
  id: z.number().int(),
  coin: z.object({ id: z.number().int(), symbol: z.string(), name: z.string(), slug: z.string(), logo: z.string() }),
  timeframe: TaTimeframe,
  label: z.string(),
  /** Catalogue name in both locales (the raw label when the catalogue no longer has it). */
  name: Bilingual,
  direction: SignalDirection,
  origin: z.enum(['backfill', 'live']),
  candle_time: z.number(),
  fired_at: z.number(),
  due_at: z.number(),
  horizon_candles: z.number().int(),
  entry_price: z.number(),
  exit_price: z.number().nullable(),
  move_pct: z.number().nullable(),
  status: SignalStatus,
});
export type TrackRecordItem = z.infer<typeof TrackRecordItem>;
export const TrackRecord = z.object({ items: z.array(TrackRecordItem), total: z.number().int(), hasNext: z.boolean(), now: z.number() });
export type TrackRecord = z.infer<typeof TrackRecord>;
export const GetTrackRecordResponse = resultOf(TrackRecord);

// GET /api/signals/pattern-stats?coin&timeframe
export const PatternStatsQuery = z.object({ coin: CoinRef.optional(), timeframe: TaTimeframe.optional() });
/**
 * Hit rate of one pattern on one timeframe over signals resolved in the window, beside the
 * baseline: how often a move in the pattern's direction happened over the same horizon from ANY
 * candle of the same coins in the same window (bullish: up-moves, bearish: down-moves, neutral:
 * |move| < 1 %), weighted by where the pattern fired. Its name is in {@link PatternStats} `names`.
 * Rates to 4 decimals, percentage points and percents to 2, p-values to 4 significant digits.
 */
export const PatternStat = z.object({
  label: z.string(),
  direction: SignalDirection,
  timeframe: TaTimeframe,
  /**
   * Mean move (percent) of the signals of the window, signed in the pattern's direction: positive
   * when the price moved the way the pattern pointed (a fall after a bearish pattern counts +);
   * for a neutral pattern the plain move.
   */
  avg_move_pct: z.number().nullable(),
  /** All signals of the window: hits / n, baseline, edge in pp with its 95 % interval and verdict (Holm over every row of the answer). */
  all: EdgeStat,
  /**
   * In sample: signals of the start-up backfill (origin `backfill`). Present only when the answer
   * holds signals of both samples; otherwise see {@link PatternSamples} (patternSample() reads either).
   */
  in_sample: EdgeStat.optional(),
  /** Out of sample: signals logged live, after the backfill (origin `live`). Present like `in_sample`. */
  out_of_sample: EdgeStat.optional(),
});
export type PatternStat = z.infer<typeof PatternStat>;
/**
 * Signals of the answer per sample. When one of them is 0, every row's figures of the other sample
 * are exactly its `all` (same signals, same Holm family) and the rows omit `in_sample` and
 * `out_of_sample`: the sample with signals is `all`, the one without has n = 0.
 */
export const PatternSamples = z.object({ in_sample: z.number().int(), out_of_sample: z.number().int() });
export type PatternSamples = z.infer<typeof PatternSamples>;
export const PatternStats = z.object({
  /** Signals whose horizon ended in (since, until] are counted (the last 7 days of the clock). */
  since: z.number(),
  until: z.number(),
  samples: PatternSamples,
  /** Catalogue name of every label of `items`, in both locales (once per label, not per timeframe). */
  names: z.record(z.string(), Bilingual),
  items: z.array(PatternStat),
});
export type PatternStats = z.infer<typeof PatternStats>;
export const GetPatternStatsResponse = resultOf(PatternStats);

// ---- endpoint descriptors: method, path and the schemas above ----------------------------------

const tags = ['signals'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };

/**
 * Technical analysis and trading-signal endpoints and the track record:
 * every figure is computed from candles closed at or before the clock's now.
 */
export const signalsApi = {
  getSignalsAll: endpoint(GET('/api/crypto/ta/all'), { tags, summary: 'Signal items of every analysed coin (CoinMarketCap rank order), paged by 5', querystring: SignalsPageQuery, response: { 200: GetSignalsPageResponse, ...errors } }),
  getSignalsHot: endpoint(GET('/api/crypto/ta/hot'), {
    tags,
    summary: 'Hot signal items: coins by signals fired in the last 24 h (clock), weighted 5m ×1, 1h ×2, 1d ×3, then by the newest signal',
    querystring: SignalsPageQuery,
    response: { 200: GetSignalsPageResponse, ...errors },
  }),
  getSignalsFollowing: endpoint(GET('/api/crypto/ta/following'), {
    tags,
    summary: "Signal items of the signed-in user's followed coins, newest follow first (401 for visitors)",
    security: BEARER,
    querystring: SignalsPageQuery,
    response: { 200: GetSignalsPageResponse, ...errors },
  }),
  getWithSignals: endpoint(GET('/api/crypto/with_signals'), { tags, summary: 'Coins with signals in the last 24 h, by search term and direction', querystring: WithSignalsQuery, response: { 200: GetWithSignalsResponse, ...errors } }),
  getLatestAccuracy: endpoint(GET('/api/crypto/latest_accuracy'), {
    tags,
    summary: 'Accuracy of the signals fired in the last 7 days and already scored, with counts (optionally of one coin: a CoinRef)',
    querystring: LatestAccuracyQuery,
    response: { 200: GetLatestAccuracyResponse, ...errors },
  }),
  getCoinTa: endpoint(GET('/api/crypto/:coin/ta/:timeframe'), {
    tags,
    summary: 'Technical analysis of a coin (CoinRef) on a timeframe (5m, 1h, 1d); refresh=true recomputes now',
    params: CoinTaParams,
    querystring: CoinTaQuery,
    response: { 200: GetCoinTaResponse, ...errors },
  }),
  getTrackRecord: endpoint(GET('/api/signals/track-record'), { tags, summary: 'Logged signals with their outcomes (hit, miss, pending), newest first; with `coin` (Pro: signals.full, 403 VIP_REQUIRED otherwise)', querystring: TrackRecordQuery, response: { 200: GetTrackRecordResponse, ...errors } }),
  getPatternStats: endpoint(GET('/api/signals/pattern-stats'), { tags, summary: 'Hit rate per pattern with sample size beside the unconditional baseline; with `coin` (Pro: signals.full, 403 VIP_REQUIRED otherwise)', querystring: PatternStatsQuery, response: { 200: GetPatternStatsResponse, ...errors } }),
  getBacktest: endpoint(GET('/api/signals/backtest'), {
    tags,
    summary: "Backtest of the catalogue's directional patterns on a coin's candles: per pattern trades, win rate, mean return, profit factor, max drawdown and buy-and-hold, in-sample and out-of-sample, with equity curves",
    querystring: BacktestQuery,
    response: { 200: GetBacktestResponse, ...errors },
  }),
};
