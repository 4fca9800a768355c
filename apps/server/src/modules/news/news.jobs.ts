import { LOCKS, type DatabaseHandle } from '@coinlens/db';
import type { NewsPipeline } from './news.pipeline';

/**
 * Runs the news jobs on an interval in a worker process: every `intervalMs`, the live providers
 * that are due (each source keeps its own poll schedule), then analysis, impact and release. Only
 * the process holding the `news` advisory lock works (one of N); the others keep trying, so a
 * successor takes over when the leader stops. Runs never overlap. Returns a stop function that
 * waits for a running pass.
 */
export function startNewsJobs(deps: { news: NewsPipeline; db: DatabaseHandle; intervalMs: number; startDelayMs: number; log: (m: string) => void }): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    if (!(await deps.db.tryLock(LOCKS.news))) return;
    // A first start has a backlog of released news: analyse it in a few passes, newest first.
    for (let i = 0; i < 20 && !stopped; i++) {
      const r = await deps.news.runJobsOnce({ ingest: i === 0 });
      if (r.ingested) deps.log(`news: ingested ${r.ingested} items`);
      if (r.analysed < 400) break;
    }
  };
  // The first pass waits until start-up (HTTP plugins, listen) is done: a first start has a backlog.
  const startAt = Date.now() + deps.startDelayMs;
  const timer = setInterval(() => {
    if (running || stopped || Date.now() < startAt) return;
    running = pass()
      .catch((e) => deps.log(`news jobs failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        running = null;
      });
  }, deps.intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
