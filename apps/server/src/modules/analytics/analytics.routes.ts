import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '@coinlens/db';
import { EVENT_LIMITS } from '@coinlens/contracts';
import { analyticsApi as api } from '@coinlens/contracts/analytics/api';
import { optionalUser } from '../../platform/auth';
import type { Env } from '../../platform/env';
import { LIMITS } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { AnalyticsRepository } from './analytics.repository';

/** Header names of the analytics visitor id (10-year cookie) and session id (30 minutes). */
export const VISITOR_HEADER = 'x-visitor-id';
export const SESSION_HEADER = 'x-session-id';

const idHeader = (v: unknown) => (typeof v === 'string' && /^[\w-]{8,64}$/.test(v) ? v : null);

/** Whether `url` is a page of the analytics host (`ANALYTICS_HOST`, compared case-insensitively). */
function onAnalyticsHost(url: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(url).hostname.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Self-hosted analytics (`POST /collect_event`, also under `/api/collect_event`) and the public
 * runtime config (`GET /api/config`). Events are stored only when analytics is on (`ANALYTICS_HOST`)
 * and the page is on that host; otherwise they are accepted and dropped (same answer, nothing
 * stored). Bodies are capped at EVENT_LIMITS.maxBodyBytes (413), props by the contract, and events
 * at RATE_LIMIT_EVENTS_PER_MINUTE per IP (429). Nothing is forwarded anywhere.
 */
export async function analyticsRoutes(app: FastifyInstance, deps: { db: DatabaseHandle; env: Env; aiWriter: string; marketSource: string; now?: () => number }) {
  const events = new AnalyticsRepository(deps.db);
  for (const e of [api.collectEvent, api.collectEventApi]) {
    route(
      app,
      e,
      { bodyLimit: EVENT_LIMITS.maxBodyBytes, config: { rateLimit: LIMITS.event }, preHandler: optionalUser },
      async (req) => {
        const b = req.body;
        if (!onAnalyticsHost(b.url, deps.env.ANALYTICS_HOST)) return { result: { ok: true as const } };
        const u = new URL(b.url);
        await events.record({
          type: b.type,
          name: b.name ?? null,
          url: b.url,
          path: u.pathname,
          route: b.route ?? null,
          title: b.title ?? null,
          referrer: b.referrer ?? null,
          props: b.props,
          utm: b.utm as Record<string, string>,
          visitorId: idHeader(req.headers[VISITOR_HEADER]),
          sessionId: idHeader(req.headers[SESSION_HEADER]),
          userId: req.user?.id ?? null,
          lang: typeof b.props.lang === 'string' ? b.props.lang : null,
          createdAt: (deps.now ?? Date.now)(),
        });
        return { result: { ok: true as const } };
      },
    );
  }
  route(app, api.getConfig, {}, async () => ({
    result: { support_email: deps.env.SUPPORT_EMAIL, analytics_host: deps.env.ANALYTICS_HOST ?? null, market_source: deps.marketSource, ai_writer: deps.aiWriter },
  }));
}
