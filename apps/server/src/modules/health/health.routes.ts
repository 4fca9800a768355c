import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { HealthResponse, healthApi as api } from '@coinlens/contracts/health/api';
import type { AppContext } from '../../context';
import { encodeJson, fillTemplateBody, NOW_SLOT, sendJson, toTemplate, type JsonTemplate } from '../../platform/read-models';
import { route } from '../../platform/route';

/** The `result` of a health answer. */
type Health = z.infer<typeof HealthResponse>['result'];

/**
 * Health and readiness endpoint (GET /api/health; schema HealthResponse in packages/contracts/src/health/api.ts).
 * Load balancers and the benchmarks poll it, so the body is a template per backfill state (the
 * database and the market source do not change in a process) filled with the clock per request, and
 * sent within the handler's call.
 */
export async function healthRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'source' | 'clock' | 'signalsJobs'>) {
  const templates = new Map<string, JsonTemplate>();
  const templateOf = (signals: Health['jobs']['signals_backfill']): JsonTemplate => {
    let t = templates.get(signals);
    if (t === undefined) {
      const result: Health = {
        status: 'ok',
        readiness: signals === 'waiting' || signals === 'running' ? 'warming' : 'ready',
        database: ctx.db.kind,
        market_source: ctx.source.name,
        clock: NOW_SLOT,
        jobs: { signals_backfill: signals },
      };
      t = toTemplate(encodeJson(HealthResponse, { result }), [NOW_SLOT]);
      templates.set(signals, t);
    }
    return t;
  };
  route(app, api.getHealth, {}, (_req, reply) => {
    // processes without the worker role have no jobs: nothing to wait for
    sendJson(reply, fillTemplateBody(templateOf(ctx.signalsJobs?.backfillState ?? 'idle'), { [NOW_SLOT]: ctx.clock.now() }));
  });
}
