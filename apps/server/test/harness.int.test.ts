import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-hang-')), 'hangs.txt');
afterAll(() => fs.rmSync(path.dirname(report), { recursive: true, force: true }));

describe('a test app whose close hangs', () => {
  it('is reported with the step it is in and abandoned after the close limit, so the file goes on', async () => {
    vi.stubEnv('COINLENS_TEST_CLOSE_LIMIT_MS', '1500');
    vi.stubEnv('COINLENS_TEST_HANG_REPORT', report);
    const { createTestApp } = await import('./harness');
    const t = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'] });
    // the market source's stop never settles, as a close waiting on a lost connection would not
    const stop = vi.spyOn(t.ctx.source, 'stop').mockImplementation(() => new Promise<void>(() => undefined));
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const t0 = performance.now();
    await t.close();
    expect(performance.now() - t0).toBeLessThan(30_000);
    expect(stop).toHaveBeenCalled();
    const text = fs.readFileSync(report, 'utf8');
    expect(text).toMatch(/harness\.int\.test\.ts: the test app's close did not finish in 1\.5 s; still in "market source" \(done: http \d+ ms, signals jobs \d+ ms/);
    expect(text).toMatch(/active handles: /);
    if (process.env.DATABASE_URL) expect(text).toMatch(/database sessions: \d+/);
    expect(err).toHaveBeenCalledWith(text.slice(0, -1));
    err.mockRestore();
    vi.unstubAllEnvs();
  });
});
