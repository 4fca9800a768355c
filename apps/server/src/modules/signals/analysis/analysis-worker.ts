/**
 * Worker-thread entry of the analysis thread (analysis-thread.ts): answers `{ id, job }` with
 * `{ id, ok: true, output }` or `{ id, ok: false, error }`, one job at a time.
 */
import { parentPort } from 'node:worker_threads';
import { runAnalysisJob, type AnalysisJob } from './analysis-job';

parentPort!.on('message', (m: { id: number; job: AnalysisJob }) => {
  try {
    parentPort!.postMessage({ id: m.id, ok: true, output: runAnalysisJob(m.job) });
  } catch (e) {
    parentPort!.postMessage({ id: m.id, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
