/**
 * Summary of repeated Lighthouse runs of one page (scripts/bench/web.mjs).
 *
 * A run that Lighthouse could not complete (its report carries `runtimeError`, e.g. NO_NAVSTART when
 * the trace lost the navigation on a loaded machine) has no score: it scored 0 and NaN metrics, which
 * pulled the median down and broke the sort. Such runs are left out of the medians and counted.
 */

/**
 * Figures of one run from a Lighthouse result, or null when the run failed.
 * @param {{ runtimeError?: { code: string }, categories: { performance: { score: number | null } }, audits: Record<string, any>, environment?: { benchmarkIndex?: number } }} lhr
 * @returns {{ score: number, lcp: number, fcp: number, tbt: number, cls: number, js: number, total: number, index: number } | null}
 *   score 0–100; lcp and fcp in s; tbt in ms; js and total in KB on the wire.
 */
export function runFigures(lhr) {
  const score = lhr.categories?.performance?.score;
  if (lhr.runtimeError || typeof score !== 'number') return null;
  const a = lhr.audits;
  const items = a['network-requests']?.details?.items ?? [];
  const js = items.filter((x) => x.resourceType === 'Script').reduce((s, x) => s + (x.transferSize ?? 0), 0);
  const total = items.reduce((s, x) => s + (x.transferSize ?? 0), 0);
  return {
    score: Math.round(score * 100),
    lcp: a['largest-contentful-paint'].numericValue / 1000,
    fcp: a['first-contentful-paint'].numericValue / 1000,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    js: js / 1024,
    total: total / 1024,
    index: lhr.environment?.benchmarkIndex ?? 0,
  };
}

/**
 * Median (the upper one of an even count) of `key` over the completed runs; NaN when none completed.
 * @param {Array<Record<string, number> | null>} runs figures per run, null for a failed run
 * @param {string} key
 */
export function medianOf(runs, key) {
  const xs = runs.filter((r) => r !== null).map((r) => r[key]).sort((a, b) => a - b);
  return xs.length ? xs[Math.floor(xs.length / 2)] : NaN;
}
