import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { requireUser, type AuthUser } from '../../platform/auth';

/**
 * The Free/Pro matrix, enforced by the server: the one place that says which tier gets
 * what. `true` = the tier may use the feature. Quota-limited features (`strategy.generate`,
 * `assistant.ask`) are open to both tiers; the daily limit is enforced by `QuotaService.consumeQuota`.
 *
 * Where each gated feature is enforced (all through {@link requireEntitlement},
 * {@link requireEntitlementWhen} or {@link assertEntitled}):
 *  - `news.personalised_filter`: `GET|PUT /api/feeds/filter`, `GET /api/feeds/latest?personal=true`
 *  - `ta.full`: `GET /api/crypto/{coin}/analysis`
 *  - `signals.full`: `GET /api/signals/track-record?coin=…` and `GET /api/signals/pattern-stats?coin=…`
 *    (the track record and hit rates of one coin; the all-coins track record is the free overview)
 *  - `search.followed_coins`: `GET /api/crypto/search/following` (the search overlay's empty query)
 *  - `news.story_rewrite`: a forced story-of-the-day rewrite by the model (`force_update`, lab users too)
 *  - `strategy.generate`, `assistant.ask`: signed in, then the daily quota
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
  /** Saved screener screens within the plan's limit (`savedScreens`: Free 1, Pro 20); running a screen needs no sign-in. */
  'screener.save': { free: true, pro: true },
  /** Personalised news filtering (saved filters, followed-coin feeds). */
  'news.personalised_filter': { free: false, pro: true },
  /** The full AI technical analysis of a coin (all sections, all timeframes). */
  'ta.full': { free: false, pro: true },
  /** Full AI strategies and signal details (levels, probabilities, track record per coin). */
  'signals.full': { free: false, pro: true },
  /** Followed coins shown in the global search. */
  'search.followed_coins': { free: false, pro: true },
  /** A forced rewrite of the story of the day by the model (also granted by the `lab` permission). */
  'news.story_rewrite': { free: false, pro: true },
} as const satisfies Record<string, { free: boolean; pro: boolean }>;

/** A feature key of {@link ENTITLEMENTS}. */
export type Feature = keyof typeof ENTITLEMENTS;

/** Whether a member (`isPro`) or free user may use `feature`. */
export function isEntitled(feature: Feature, isPro: boolean): boolean {
  const row = ENTITLEMENTS[feature];
  return isPro ? row.pro : row.free;
}

/**
 * Throws unless `user` may use `feature`: 401 UNAUTHORIZED for a visitor (null), 403 VIP_REQUIRED
 * (details `{feature}`) when their tier lacks it. For handlers that decide per request.
 */
export function assertEntitled(user: AuthUser | null | undefined, feature: Feature): asserts user is AuthUser {
  if (!user) throw new AppError('UNAUTHORIZED', 'Sign-in required');
  if (!isEntitled(feature, user.isPro)) throw new AppError('VIP_REQUIRED', 'This feature needs a Pro membership', { details: { feature } });
}

/**
 * Fastify preHandler for a feature of the matrix: signs the caller in (`requireUser`: 401 without
 * a valid token) and answers 403 `VIP_REQUIRED` (details `{feature}`) when their tier lacks it.
 *
 * ```ts
 * r.get('/api/crypto/:coin/ta/:timeframe', { preHandler: requireEntitlement('ta.full') }, handler);
 * ```
 */
export function requireEntitlement(feature: Feature) {
  return async function entitlementPreHandler(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!req.user) await requireUser(req, reply);
    assertEntitled(req.user, feature);
  };
}

/**
 * Fastify preHandler for a request that uses `feature` only sometimes (e.g. a per-coin filter):
 * when `uses(req)` holds it acts as {@link requireEntitlement}; otherwise the request passes as is
 * (visitors included). Runs after validation, so `req.query` and `req.params` are parsed.
 *
 * ```ts
 * r.get('/api/signals/track-record', { preHandler: requireEntitlementWhen('signals.full', (req) => !!(req.query as { coin?: string }).coin) }, handler);
 * ```
 */
export function requireEntitlementWhen(feature: Feature, uses: (req: FastifyRequest) => boolean) {
  const gate = requireEntitlement(feature);
  return async function conditionalEntitlementPreHandler(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (uses(req)) await gate(req, reply);
  };
}
