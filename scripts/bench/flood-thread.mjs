/**
 * The load generator of bench:api, on its own thread: runs autocannon with the options it is sent
 * and posts back autocannon's raw result (request counts, error counts and the latency histogram
 * encoded as base64), which the caller pools over rounds with `autocannon.aggregateResult`. Off
 * the caller's thread, so the caller's own timing (the /api/health sampler) is not delayed by it.
 */
import { parentPort } from 'node:worker_threads';
import autocannon from 'autocannon';

parentPort.on('message', async (opts) => {
  try {
    parentPort.postMessage({ ok: true, result: await autocannon(opts) });
  } catch (e) {
    parentPort.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
