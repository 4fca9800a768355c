import { describe, expect, it } from 'vitest';
import { MAX_AGE_CAP_MS, MAX_BACKOFF_MS, maxAgeOf, nextPollDelay, paceOf, PUSHED_POLL_MS, retryAfterOf } from './poll-schedule';

const bounds = { minMs: 15_000, maxMs: 60_000 };
const every = (gapMs: number, n: number) => Array.from({ length: n }, (_, i) => 1_700_000_000_000 - i * gapMs);

describe('poll pace from the publishing rate', () => {
  it('a quarter of the median gap, bounded', () => {
    expect(paceOf(every(120_000, 10), bounds)).toBe(30_000); // an item every 2 min → every 30 s
    expect(paceOf(every(20_000, 10), bounds)).toBe(15_000); // 3 a minute → the floor
    expect(paceOf(every(3_600_000, 10), bounds)).toBe(60_000); // hourly → the ceiling
  });
  it('quiet or undated feeds get the ceiling; order and outliers do not matter', () => {
    expect(paceOf([], bounds)).toBe(60_000);
    expect(paceOf([1], bounds)).toBe(60_000);
    const t = every(160_000, 9);
    expect(paceOf([...t].reverse(), bounds)).toBe(40_000);
    expect(paceOf([...t, t[8] - 86_400_000], bounds)).toBe(40_000); // one old item: the median holds
  });
});

describe('next poll', () => {
  it('fresh and unchanged answers keep the pace', () => {
    expect(nextPollDelay(30_000, { kind: 'fresh' }, bounds)).toBe(30_000);
    expect(nextPollDelay(30_000, { kind: 'unchanged' }, bounds)).toBe(30_000);
    expect(nextPollDelay(1_000, { kind: 'unchanged' }, bounds)).toBe(15_000);
  });
  it('respects Cache-Control max-age up to its cap', () => {
    expect(nextPollDelay(15_000, { kind: 'fresh', maxAgeMs: 45_000 }, bounds)).toBe(45_000);
    expect(nextPollDelay(15_000, { kind: 'fresh', maxAgeMs: 10_000 }, bounds)).toBe(15_000);
    expect(nextPollDelay(15_000, { kind: 'fresh', maxAgeMs: 86_400_000 }, bounds)).toBe(MAX_AGE_CAP_MS);
  });
  it('backs off on failures and waits out Retry-After', () => {
    expect(nextPollDelay(15_000, { kind: 'failed', failures: 1 }, bounds)).toBe(30_000);
    expect(nextPollDelay(15_000, { kind: 'failed', failures: 3 }, bounds)).toBe(120_000);
    expect(nextPollDelay(15_000, { kind: 'failed', failures: 30 }, bounds)).toBe(MAX_BACKOFF_MS);
    expect(nextPollDelay(15_000, { kind: 'failed', failures: 1, retryAfterMs: 600_000 }, bounds)).toBe(600_000);
  });
  it('a pushed feed is polled as a safety net only', () => {
    expect(nextPollDelay(15_000, { kind: 'unchanged', pushed: true }, bounds)).toBe(PUSHED_POLL_MS);
  });
  it('reads the headers', () => {
    expect(maxAgeOf('public, max-age=120')).toBe(120_000);
    expect(maxAgeOf('no-cache')).toBe(0);
    expect(maxAgeOf(undefined)).toBeNull();
    expect(retryAfterOf('30', 0)).toBe(30_000);
    expect(retryAfterOf(new Date(1_000_000 + 90_000).toUTCString(), 1_000_000)).toBe(90_000);
    expect(retryAfterOf('soon', 0)).toBeNull();
  });
});
