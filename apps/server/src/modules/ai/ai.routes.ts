import type { FastifyInstance } from 'fastify';
import { aiApi as api } from '@coinlens/contracts/ai/api';
import { currentUser, optionalUser } from '../../platform/auth';
import { requireEntitlement } from '../billing/entitlements';
import { LIMITS } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import type { AiService } from './ai.service';
import { sendJsonNow } from '../../platform/read-models';

/** The coin page's content is written once per coin, basis candle and language (single flight), so a read budget bounds it. */
const read = { rateLimit: LIMITS.read };
/** Strategy and full analysis can start a model call: RATE_LIMIT_MODEL_PER_MINUTE per user and route. */
const modelCall = { rateLimit: LIMITS.modelCall };

/**
 * Coin AI content: highlights + K-line insights (free), the strategy (signed in,
 * `strategy_per_day`), and the full multi-timeframe analysis (Pro, 403 VIP_REQUIRED otherwise).
 */
export async function aiRoutes(app: FastifyInstance, deps: { ai: AiService }) {
  const { ai } = deps;

  route(app, api.getAggregate, { config: read, preHandler: optionalUser }, (req, reply) => {
    // visitors all get the same page: served from the read model as stored JSON bytes, within this
    // call when the process holds them (not async: sendJsonNow)
    if (!req.user) return sendJsonNow(reply, ai.aggregateJson(req.params.coin, req.query.lang));
    return ai.aggregate(req.params.coin, req.query.lang, req.user.id).then((result) => ({ result }));
  });

  route(app, api.generateStrategy, { config: modelCall, preHandler: requireEntitlement('strategy.generate') }, async (req) => ({
    result: await ai.generateStrategy(req.params.coin, req.body.lang, currentUser(req).id),
  }));

  route(app, api.getFullAnalysis, { config: modelCall, preHandler: requireEntitlement('ta.full') }, async (req) => ({ result: await ai.fullAnalysis(req.params.coin, req.query.lang) }));
}
