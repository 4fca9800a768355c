/**
 * Worker-thread entry of the analysis thread (analysis-thread.ts): answers `{ id, job }` with
 * `{ id, ok: true, output }` or `{ id, ok: false, error }`, one job at a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, threadId } from 'node:worker_threads';
import { runAnalysisJob, type AnalysisJob } from './analysis-job';

// Background work: under CPU contention the HTTP thread goes first (Linux keeps a nice value per thread).
try {
  os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  // not Linux, or not permitted
}

parentPort!.on('message', (m: { id: number; job: AnalysisJob }) => {
  try {
    parentPort!.postMessage({ id: m.id, ok: true, output: { ...runAnalysisJob(m.job), threadId } });
  } catch (e) {
    parentPort!.postMessage({ id: m.id, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
