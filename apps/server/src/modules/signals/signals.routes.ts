import type { FastifyInstance } from 'fastify';
import { signalsApi as api } from '@coinlens/contracts/signals/api';
import { currentUser, requireUser } from '../../platform/auth';
import { sendJson, sendJsonNow } from '../../platform/read-models';
import { LIMITS } from '../../platform/rate-limit';
import { heavyRead } from '../../platform/read-gate';
import { route } from '../../platform/route';
import { requireEntitlementWhen } from '../billing/entitlements';
import type { SignalsPresenter } from './signals.presenter';
import type { SignalsReads } from './signals.reads';

/** The track record and hit rates of one coin are signal details (`signals.full`, Pro); of all coins, the free overview. */
const perCoinDetails = requireEntitlementWhen('signals.full', (req) => !!(req.query as { coin?: string }).coin);
/** Every route here is an expensive read: rate-limited per IP (RATE_LIMIT_READS_PER_MINUTE) and run through the read gate. */
const config = { rateLimit: LIMITS.read };

/**
 * Technical analysis and trading-signal endpoints (`/api/crypto/ta/*`) and the track record
 * (`/api/signals/*`): every figure is computed from candles closed at or before the clock's now. Each is a
 * fair-use read: at most RATE_LIMIT_READS_PER_MINUTE per IP and route (429 RATE_LIMITED), run
 * through the read gate (503 SERVICE_UNAVAILABLE when it is full).
 */
export async function signalsRoutes(app: FastifyInstance, deps: { signals: SignalsReads; presenter: SignalsPresenter; followedCoinIds: (userId: number) => Promise<number[]> }) {
  const { signals, presenter } = deps;
  // The stored pages are not async handlers: a read-model hit is sent within the handler's call (sendJsonNow).

  route(app, api.getSignalsAll, { config }, (req, reply) => sendJsonNow(reply, presenter.allBody(req.query.offset, req.query.limit)));
  route(app, api.getSignalsHot, { config }, (req, reply) => sendJsonNow(reply, presenter.hotBody(req.query.offset, req.query.limit)));
  route(app, api.getSignalsFollowing, { config, preHandler: requireUser }, async (req, reply) => {
    const ids = await deps.followedCoinIds(currentUser(req).id);
    return sendJson(reply, await presenter.followingJson(ids, req.query.offset, req.query.limit));
  });
  route(app, api.getWithSignals, { config }, async (req) => ({ result: await heavyRead(req, () => signals.withSignals(req.query.search_term, req.query.type)) }));
  route(app, api.getLatestAccuracy, { config }, (req, reply) => sendJsonNow(reply, presenter.latestAccuracyBody(req.query.coin ? signals.coinId(req.query.coin) : undefined)));
  route(app, api.getCoinTa, { config }, async (req) => ({ result: await heavyRead(req, () => signals.coinTa(req.params.coin, req.params.timeframe, req.query.refresh)) }));
  route(app, api.getTrackRecord, { config, preHandler: perCoinDetails }, (req, reply) => sendJsonNow(reply, presenter.trackRecordBody(req.query)));
  route(app, api.getBacktest, { config }, async (req) => ({ result: await heavyRead(req, () => signals.backtest(req.query)) }));
  route(app, api.getPatternStats, { config, preHandler: perCoinDetails }, (req, reply) => sendJsonNow(reply, presenter.patternStatsBody(req.query)));
}
