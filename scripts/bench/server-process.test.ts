import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { benchServerSettings, percentile, Processes, waitReady } from './server-process';

describe('bench server processes', () => {
  it('waitReady ends as soon as the server it waits for has exited (a failed start does not poll until the limit)', async () => {
    const lines: string[] = [];
    const procs = new Processes((l) => lines.push(l), process.cwd());
    const agent = new http.Agent();
    try {
      const server = procs.spawn('server', ['-e', 'console.error("failed to start: database does not exist"); process.exit(1)'], process.env);
      const t0 = Date.now();
      // port 9 (discard) on loopback: nothing listens there
      await expect(waitReady(agent, 9, 60_000, () => undefined, server)).rejects.toThrow('server exited (1) before it was ready');
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(lines.join('\n')).toContain('database does not exist');
    } finally {
      agent.destroy();
      await procs.stopAll();
    }
  }, 20_000);

  it('the measured server runs at warn with the read limit off, so a flood from one address measures reads, not 429s (bench:restart flooded the default limit)', () => {
    expect(benchServerSettings({})).toEqual({ LOG_LEVEL: 'warn', RATE_LIMIT_READS_PER_MINUTE: '0' });
    expect(benchServerSettings({ LOG_LEVEL: 'info', RATE_LIMIT_READS_PER_MINUTE: '120' })).toEqual({ LOG_LEVEL: 'info', RATE_LIMIT_READS_PER_MINUTE: '120' });
  });

  it('percentile is the nearest rank of the sorted latencies (p50 of 1..10 is 5, p99 is 10; NaN when empty), whatever the input order', () => {
    const xs = [7, 3, 10, 1, 9, 2, 8, 4, 6, 5];
    expect(percentile(xs, 50)).toBe(5);
    expect(percentile(xs, 99)).toBe(10);
    expect(percentile(xs, 100)).toBe(10);
    expect(percentile(xs, 1)).toBe(1);
    expect(percentile([42], 99)).toBe(42);
    expect(percentile([], 50)).toBeNaN();
    expect(xs[0]).toBe(7); // the input is not sorted in place
  });
});
