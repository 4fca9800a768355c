import type { FastifyInstance } from 'fastify';
import { healthApi as api } from '@coinlens/contracts/health/api';
import type { AppContext } from '../../context';
import { route } from '../../platform/route';

/** Health and readiness endpoint (GET /api/health; schema HealthResponse in packages/contracts/src/health/api.ts). */
export async function healthRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'source' | 'clock' | 'signalsJobs'>) {
  route(app, api.getHealth, {}, async () => {
    // processes without the worker role have no jobs: nothing to wait for
    const signals = ctx.signalsJobs?.backfillState ?? 'idle';
    return {
      result: {
        status: 'ok' as const,
        readiness: signals === 'waiting' || signals === 'running' ? ('warming' as const) : ('ready' as const),
        database: ctx.db.kind,
        market_source: ctx.source.name,
        clock: ctx.clock.now(),
        jobs: { signals_backfill: signals },
      },
    };
  });
}
