import { endpoint } from '../api/endpoint';
import { ROUTES } from '../api/routes';
import { BEARER } from '../api/endpoint';
import { ErrorResponse } from '../common/envelope';
import { BacktestQuery, GetBacktestResponse } from './backtest';
import {
  CoinTaParams, CoinTaQuery, GetCoinTaResponse, GetLatestAccuracyResponse, GetPatternStatsResponse, GetSignalsPageResponse, GetTrackRecordResponse, GetWithSignalsResponse,
  LatestAccuracyQuery, PatternStatsQuery, SignalsPageQuery, TrackRecordQuery, WithSignalsQuery,
} from './endpoints';

const tags = ['signals'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };

/**
 * Technical analysis and trading-signal endpoints and the track record:
 * every figure is computed from candles closed at or before the clock's now.
 */
export const signalsApi = {
  getSignalsAll: endpoint(ROUTES.getSignalsAll, { tags, summary: 'Signal items of every analysed coin (CoinMarketCap rank order), paged by 5', querystring: SignalsPageQuery, response: { 200: GetSignalsPageResponse, ...errors } }),
  getSignalsHot: endpoint(ROUTES.getSignalsHot, {
    tags,
    summary: 'Hot signal items: coins by signals fired in the last 24 h (clock), weighted 5m ×1, 1h ×2, 1d ×3, then by the newest signal',
    querystring: SignalsPageQuery,
    response: { 200: GetSignalsPageResponse, ...errors },
  }),
  getSignalsFollowing: endpoint(ROUTES.getSignalsFollowing, {
    tags,
    summary: "Signal items of the signed-in user's followed coins, newest follow first (401 for visitors)",
    security: BEARER,
    querystring: SignalsPageQuery,
    response: { 200: GetSignalsPageResponse, ...errors },
  }),
  getWithSignals: endpoint(ROUTES.getWithSignals, { tags, summary: 'Coins with signals in the last 24 h, by search term and direction', querystring: WithSignalsQuery, response: { 200: GetWithSignalsResponse, ...errors } }),
  getLatestAccuracy: endpoint(ROUTES.getLatestAccuracy, {
    tags,
    summary: 'Accuracy of the signals fired in the last 7 days and already scored, with counts (optionally of one coin: a CoinRef)',
    querystring: LatestAccuracyQuery,
    response: { 200: GetLatestAccuracyResponse, ...errors },
  }),
  getCoinTa: endpoint(ROUTES.getCoinTa, {
    tags,
    summary: 'Technical analysis of a coin (CoinRef) on a timeframe (5m, 1h, 1d); refresh=true recomputes now',
    params: CoinTaParams,
    querystring: CoinTaQuery,
    response: { 200: GetCoinTaResponse, ...errors },
  }),
  getTrackRecord: endpoint(ROUTES.getTrackRecord, { tags, summary: 'Logged signals with their outcomes (hit, miss, pending), newest first; with `coin` (Pro: signals.full, 403 VIP_REQUIRED otherwise)', querystring: TrackRecordQuery, response: { 200: GetTrackRecordResponse, ...errors } }),
  getPatternStats: endpoint(ROUTES.getPatternStats, { tags, summary: 'Hit rate per pattern with sample size beside the unconditional baseline; with `coin` (Pro: signals.full, 403 VIP_REQUIRED otherwise)', querystring: PatternStatsQuery, response: { 200: GetPatternStatsResponse, ...errors } }),
  getBacktest: endpoint(ROUTES.getBacktest, {
    tags,
    summary: "Backtest of the catalogue's directional patterns on a coin's candles: per pattern trades, win rate, mean return, profit factor, max drawdown and buy-and-hold, in-sample and out-of-sample, with equity curves",
    querystring: BacktestQuery,
    response: { 200: GetBacktestResponse, ...errors },
  }),
};
