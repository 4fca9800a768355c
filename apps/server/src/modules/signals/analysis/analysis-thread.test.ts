import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseCandlesCsv, type Candles } from '@coinlens/ta';
import { REPO_ROOT } from '../../../platform/env';
import { runAnalysisJob, type AnalysisJob } from './analysis-job';
import { AnalysisThread } from './analysis-thread';

const all = parseCandlesCsv(gunzipSync(readFileSync(path.join(REPO_ROOT, 'data/candles/BTCUSDT-1h.csv.gz'))).toString('utf8'));
const last = (k: number): Candles => {
  const n = all.close.length;
  return { openTime: all.openTime.subarray(n - k), open: all.open.subarray(n - k), high: all.high.subarray(n - k), low: all.low.subarray(n - k), close: all.close.subarray(n - k), volume: all.volume.subarray(n - k) };
};

describe('analysis thread', () => {
  it('gives exactly the result of the same job run inline, and stops when idle', async () => {
    const history = last(2000);
    const job: AnalysisJob = { symbol: 'BTC', timeframe: '1h', latest: last(1000), history, detect: { on: 'history', after: history.openTime[1500], upTo: history.openTime[1999] } };
    const thread = new AnalysisThread({ idleMs: 200 });
    try {
      const [onThread, again] = await Promise.all([thread.run(job), thread.run(job)]);
      const inline = runAnalysisJob(job);
      const { threadId: onThreadId, ...onThreadResult } = onThread;
      const { threadId: againId, ...againResult } = again;
      expect(onThreadResult).toEqual(inline);
      expect(againResult).toEqual(inline);
      // computed on the worker thread, not on the main thread (threadId 0)
      expect(onThreadId).toBeGreaterThan(0);
      expect(againId).toBe(onThreadId);
      expect(onThread.detected.length).toBeGreaterThan(0);
      expect(onThread.result?.current.candle_open_time).toBe(history.openTime[1999]);
      await new Promise((r) => setTimeout(r, 600));
      expect((thread as unknown as { worker: unknown }).worker).toBeNull();
      // a later job starts a new thread
      const { threadId: laterId, ...later } = await thread.run(job);
      expect(later).toEqual(inline);
      expect(laterId).toBeGreaterThan(0);
    } finally {
      await thread.close();
    }
  }, 60_000);

  it('a thread stopped when idle that exits late fails none of the jobs of the thread after it', async () => {
    const history = last(1200);
    const job: AnalysisJob = { symbol: 'BTC', timeframe: '1h', latest: last(800), history, detect: { on: 'history', after: history.openTime[1100], upTo: history.openTime[1199] } };
    const thread = new AnalysisThread({ idleMs: 60_000 });
    try {
      await thread.run(job);
      // what the idle timer does: forget the thread and stop it; its 'exit' comes later
      const internals = thread as unknown as { worker: import('node:worker_threads').Worker | null };
      const old = internals.worker!;
      const oldId = old.threadId;
      internals.worker = null;
      void old.terminate();
      const next = thread.run(job);
      await new Promise<void>((r) => old.once('exit', () => r()));
      const { threadId, ...out } = await next; // rejected with "analysis thread exited" before the fix
      expect(threadId).toBeGreaterThan(0);
      expect(threadId).not.toBe(oldId);
      expect(out.result?.current.candle_open_time).toBe(history.openTime[1199]);
    } finally {
      await thread.close();
    }
  }, 60_000);
});
