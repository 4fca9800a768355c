import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthResponse } from '@coinlens/contracts/health/api';
import { createTestApp, T0 } from '../../../test/harness';
import { encodeJson, JSON_CONTENT_TYPE } from '../../platform/read-models';

/**
 * GET /api/health: the body is filled from a stored template per backfill state; it must be what
 * the response schema writes, with this request's clock and the current readiness.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'] });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const health = async () => {
  const r = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toBe(JSON_CONTENT_TYPE);
  return r.body;
};
const expected = (signals: 'idle' | 'waiting' | 'running' | 'done' | 'follower', clock: number) =>
  encodeJson(HealthResponse, {
    result: {
      status: 'ok',
      readiness: signals === 'waiting' || signals === 'running' ? 'warming' : 'ready',
      database: t.ctx.db.kind,
      market_source: t.ctx.source.name,
      clock,
      jobs: { signals_backfill: signals },
    },
  });

describe('GET /api/health', () => {
  it('answers the schema’s text with the clock of each request and the readiness of the backfill state', async () => {
    const jobs = t.ctx.signalsJobs!;
    const original = jobs.backfillState;
    try {
      t.clock.set(T0);
      jobs.backfillState = 'running';
      expect(await health()).toBe(expected('running', T0));
      t.clock.set(T0 + 1);
      expect(await health()).toBe(expected('running', T0 + 1));
      jobs.backfillState = 'done';
      expect(await health()).toBe(expected('done', T0 + 1));
      expect(JSON.parse(await health()).result.readiness).toBe('ready');
      t.clock.set(T0 + 5 * 60_000);
      expect(await health()).toBe(expected('done', T0 + 5 * 60_000));
    } finally {
      jobs.backfillState = original;
      t.clock.set(T0);
    }
  });
});
