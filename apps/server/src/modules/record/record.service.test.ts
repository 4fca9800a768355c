import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { RecordService } from './record.service';
import type { RecordRepository } from './record.repository';

/** A repository whose append passes take `passMs` and find nothing to chain; it notes when each pass started. */
function repoOf(passMs: number) {
  const starts: number[] = [];
  const repo = {
    searchStart: async () => 0,
    appendBatch: async () => {
      starts.push(Date.now());
      await new Promise((r) => setTimeout(r, passMs));
      return { counts: { signal: 0, probability: 0, strategy: 0, news_mark: 0 }, next: { signal: 0, probability: 0, strategy: 0, news_mark: 0 } };
    },
  } as unknown as RecordRepository;
  return { repo, starts };
}

describe('RecordService.requestAppend', () => {
  it('folds the requests of a burst (every pair closing at once) into one more pass, not sooner than the gap', async () => {
    const { repo, starts } = repoOf(20);
    const record = new RecordService({ repo, clock: new ManualClock(0), minGapMs: 300 });
    for (let i = 0; i < 50; i++) {
      record.requestAppend();
      await new Promise((r) => setTimeout(r, 2));
    }
    await record.idle();
    expect(starts).toHaveLength(2);
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(295);
  });

  it('a lone request runs at once', async () => {
    const { repo, starts } = repoOf(1);
    const record = new RecordService({ repo, clock: new ManualClock(0), minGapMs: 10_000 });
    const t0 = Date.now();
    record.requestAppend();
    await record.idle();
    expect(starts).toHaveLength(1);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('a pass ends with a batch that was not full, and goes on while batches are full', async () => {
    const sizes = [5, 5, 2, 7];
    const calls: number[] = [];
    const repo = {
      searchStart: async () => 0,
      appendBatch: async (_at: number, _since: unknown, budget: number) => {
        const n = Math.min(budget, sizes[calls.length] ?? 0);
        calls.push(n);
        return { counts: { signal: n, probability: 0, strategy: 0, news_mark: 0 }, next: { signal: 0, probability: 0, strategy: 0, news_mark: 0 } };
      },
    } as unknown as RecordRepository;
    const record = new RecordService({ repo, clock: new ManualClock(0), batchSize: 5 });
    expect((await record.appendPending()).signal).toBe(12);
    expect(calls).toEqual([5, 5, 2]);
  });
});
