import { z } from 'zod';
import { endpoint, GET } from '../api/endpoint';

/** GET /api/health — liveness and readiness of one process (for load balancers and the e2e runner). */
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

/** Health endpoint. */
export const healthApi = {
  getHealth: endpoint(GET('/api/health'), { tags: ['health'], summary: 'Liveness and readiness of this process', response: { 200: HealthResponse } }),
};
