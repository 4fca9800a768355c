import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';

/** GET /api/health — liveness and readiness of this process (for load balancers and the e2e runner). */
export const HealthResponse = z.object({
  result: z.object({
    status: z.literal('ok'),
    /** `ready` once start-up jobs of this process are done (or run elsewhere); `warming` before. */
    readiness: z.enum(['ready', 'warming']),
    database: z.enum(['pglite', 'postgres']),
    market_source: z.string(),
    clock: z.number(),
    jobs: z.object({ signals_backfill: z.enum(['idle', 'waiting', 'running', 'done', 'follower']) }),
  }),
});

/** Health and readiness endpoint. */
export async function healthRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'source' | 'clock' | 'signalsJobs'>) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', { schema: { tags: ['health'], summary: 'Liveness and readiness of this process', response: { 200: HealthResponse } } }, async () => {
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
