import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { requireUser } from '../../platform/auth';

/**
 * The Free/Pro matrix (SPEC §1), enforced by the server. `true` = the tier may use the feature.
 * Quota-limited features (`strategy.generate`, `assistant.ask`) are open to both tiers; the daily
 * limit is enforced by `QuotaService.consumeQuota`.
 */
export const ENTITLEMENTS = {
  /** News with AI interpretation and bullish/bearish marks. */
  'news.interpretation': { free: true, pro: true },
  /** Coin basics and K-line charts. */
  'coin.basics': { free: true, pro: true },
  /** Analysis of news impact. */
  'news.impact': { free: true, pro: true },
  /** Watchlist of followed coins. */
  watchlist: { free: true, pro: true },
  /** The signals overview (lists of coins with signals). */
  'signals.overview': { free: true, pro: true },
  /** Strategy generation within the daily quota (`strategy_per_day`). */
  'strategy.generate': { free: true, pro: true },
  /** Assistant questions within the daily quota (`qa_per_day`). */
  'assistant.ask': { free: true, pro: true },
  /** Personalised news filtering (saved filters, followed-coin feeds). */
  'news.personalised_filter': { free: false, pro: true },
  /** The full AI technical analysis of a coin (all sections, all timeframes). */
  'ta.full': { free: false, pro: true },
  /** Full AI strategies and signal details (levels, probabilities, track record per coin). */
  'signals.full': { free: false, pro: true },
  /** Followed coins shown in the global search. */
  'search.followed_coins': { free: false, pro: true },
} as const satisfies Record<string, { free: boolean; pro: boolean }>;

/** A feature key of {@link ENTITLEMENTS}. */
export type Feature = keyof typeof ENTITLEMENTS;

/** Whether a member (`isPro`) or free user may use `feature`. */
export function isEntitled(feature: Feature, isPro: boolean): boolean {
  const row = ENTITLEMENTS[feature];
  return isPro ? row.pro : row.free;
}

/**
 * Fastify preHandler for a feature of the matrix: signs the caller in (`requireUser`: 401 without
 * a valid token) and answers 403 `VIP_REQUIRED` (details `{feature}`) when their tier lacks it.
 *
 * ```ts
 * r.get('/api/crypto/:id/ta/:timeframe', { preHandler: requireEntitlement('ta.full') }, handler);
 * ```
 */
export function requireEntitlement(feature: Feature) {
  return async function entitlementPreHandler(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!req.user) await requireUser(req, reply);
    if (!isEntitled(feature, req.user!.isPro)) throw new AppError('VIP_REQUIRED', 'This feature needs a Pro membership', { details: { feature } });
  };
}
