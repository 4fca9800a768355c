import { describe, expect, it } from 'vitest';
import { ReadGate } from './read-gate';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ReadGate', () => {
  it('runs at most `concurrency` jobs at once, the waiting ones first come first served', async () => {
    const gate = new ReadGate({ concurrency: 2, maxQueue: 10, maxWaitMs: 5000 });
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (i: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      order.push(i);
      await sleep(5);
      running--;
      return i;
    };
    const out = await Promise.all(Array.from({ length: 8 }, (_, i) => gate.run(job(i))));
    expect(out).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('sheds jobs beyond the queue at once with 503 SERVICE_UNAVAILABLE and retry_after_s', async () => {
    const gate = new ReadGate({ concurrency: 1, maxQueue: 2, maxWaitMs: 5000 });
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => gate.run(() => sleep(5))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, details: { retry_after_s: 1 } });
    }
    expect(gate.shed).toBe(3);
  });

  it('sheds a job that waited longer than maxWaitMs, and frees its slot after a failing job', async () => {
    const gate = new ReadGate({ concurrency: 1, maxQueue: 5, maxWaitMs: 20 });
    const slow = gate.run(() => sleep(100));
    await expect(gate.run(async () => 'late')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await slow;
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('is reentrant (a nested job runs in its caller\'s slot) and turns its context tracking off when it empties', async () => {
    const gate = new ReadGate({ concurrency: 1, maxQueue: 0, maxWaitMs: 5000 });
    expect(gate.tracking).toBe(false);
    for (let round = 0; round < 2; round++) {
      const out = await gate.run(async () => {
        expect(gate.tracking).toBe(true);
        await sleep(1);
        // with one slot and no queue, a nested job that waited for a slot would be shed
        return gate.run(async () => gate.run(async () => 'nested'));
      });
      expect(out).toBe('nested');
      expect(gate.tracking).toBe(false);
    }
  });
});
