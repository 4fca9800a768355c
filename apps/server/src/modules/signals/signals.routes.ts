import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CoinTaParams, CoinTaQuery, ErrorResponse, GetCoinTaResponse, GetLatestAccuracyResponse, GetPatternStatsResponse, GetSignalsPageResponse, GetTrackRecordResponse,
  GetWithSignalsResponse, LatestAccuracyQuery, PatternStatsQuery, SignalsPageQuery, TrackRecordQuery, WithSignalsQuery,
} from '@coinlens/contracts';
import { currentUser, requireUser } from '../../platform/auth';
import { sendJson } from '../../platform/read-models';
import { LIMITS } from '../../platform/rate-limit';
import { heavyRead } from '../../platform/read-gate';
import type { SignalsReads } from './signals.reads';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };
/** Every route here is an expensive read: rate-limited per IP (RATE_LIMIT_READS_PER_MINUTE) and run through the read gate. */
const config = { rateLimit: LIMITS.read };

/**
 * Technical analysis and trading-signal endpoints (SPEC §7 Crypto TA calls) and the track record
 * (issue 3): every figure is computed from candles closed at or before the clock's now. Each is a
 * fair-use read: at most RATE_LIMIT_READS_PER_MINUTE per IP and route (429 RATE_LIMITED), run
 * through the read gate (503 SERVICE_UNAVAILABLE when it is full).
 */
export async function signalsRoutes(app: FastifyInstance, deps: { signals: SignalsReads; followedCoinIds: (userId: number) => Promise<number[]> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { signals } = deps;
  const tags = ['signals'];

  r.get('/api/crypto/ta/all', { config, schema: { tags, summary: 'Signal items of every analysed coin (CoinMarketCap rank order), paged by 5', querystring: SignalsPageQuery, response: { 200: GetSignalsPageResponse, ...errors } } }, async (req, reply) =>
    sendJson(reply, await signals.allJson(req.query.offset, req.query.limit)),
  );

  r.get(
    '/api/crypto/ta/hot',
    {
      config,
      schema: {
        tags,
        summary: 'Hot signal items: coins by signals fired in the last 24 h (clock), weighted 5m ×1, 1h ×2, 1d ×3, then by the newest signal',
        querystring: SignalsPageQuery,
        response: { 200: GetSignalsPageResponse, ...errors },
      },
    },
    async (req, reply) => sendJson(reply, await signals.hotJson(req.query.offset, req.query.limit)),
  );

  r.get(
    '/api/crypto/ta/following',
    { config, preHandler: requireUser, schema: { tags, summary: "Signal items of the signed-in user's followed coins, newest follow first (401 for visitors)", security: [{ bearerAuth: [] }], querystring: SignalsPageQuery, response: { 200: GetSignalsPageResponse, ...errors } } },
    async (req, reply) => {
      const ids = await deps.followedCoinIds(currentUser(req).id);
      return sendJson(reply, await signals.followingJson(ids, req.query.offset, req.query.limit));
    },
  );

  r.get('/api/crypto/with_signals', { config, schema: { tags, summary: 'Coins with signals in the last 24 h, by search term and direction', querystring: WithSignalsQuery, response: { 200: GetWithSignalsResponse, ...errors } } }, async (req) => ({
    result: await heavyRead(req, () => signals.withSignals(req.query.search_term, req.query.type)),
  }));

  r.get('/api/crypto/latest_accuracy', { config, schema: { tags, summary: 'Accuracy of the signals fired in the last 7 days and already scored, with counts (optionally of one coin)', querystring: LatestAccuracyQuery, response: { 200: GetLatestAccuracyResponse, ...errors } } }, async (req, reply) =>
    sendJson(reply, await signals.latestAccuracyJson(req.query.coin ? signals.coinId(req.query.coin) : undefined)),
  );

  r.get('/api/crypto/:id/ta/:timeframe', { config, schema: { tags, summary: 'Technical analysis of a coin on a timeframe (5m, 1h, 1d); refresh=true recomputes now', params: CoinTaParams, querystring: CoinTaQuery, response: { 200: GetCoinTaResponse, ...errors } } }, async (req) => ({
    result: await heavyRead(req, () => signals.coinTa(req.params.id, req.params.timeframe, req.query.refresh)),
  }));

  r.get('/api/signals/track-record', { config, schema: { tags, summary: 'Logged signals with their outcomes (hit, miss, pending), newest first', querystring: TrackRecordQuery, response: { 200: GetTrackRecordResponse, ...errors } } }, async (req, reply) =>
    sendJson(reply, await signals.trackRecordJson(req.query)),
  );

  r.get('/api/signals/pattern-stats', { config, schema: { tags, summary: 'Hit rate per pattern with sample size beside the unconditional baseline', querystring: PatternStatsQuery, response: { 200: GetPatternStatsResponse, ...errors } } }, async (req, reply) =>
    sendJson(reply, await signals.patternStatsJson(req.query)),
  );
}
