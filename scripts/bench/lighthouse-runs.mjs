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

/**
 * A note for a host slower than the one Lighthouse's default 4× CPU slowdown is meant for, or null.
 * Lighthouse's docs/throttling.md ("Calibrating the CPU slowdown", classes as of Chrome m86): a
 * benchmark index of 1,500–2,000 is a high-end desktop, for which 4× emulates its mid-tier phone;
 * 1,000–1,500 a low-end desktop, for which it suggests 2× (1–5×). Below 1,500 the default 4× stands
 * for a slower phone than intended, and scores come out lower. The figures stay those of the
 * default: this only says so.
 * @param {number} index median benchmark index of the runs
 * @returns {string | null}
 */
export function slowHostNote(index) {
  if (!Number.isFinite(index) || index <= 0 || index >= 1500) return null;
  const kind = index >= 1000 ? 'a low-end desktop' : 'a phone-class CPU';
  return `note: benchmark index ${Math.round(index)} is ${kind} in Lighthouse's classes (docs/throttling.md); its default 4× CPU slowdown is meant for a high-end desktop (1,500–2,000), so these runs emulate a slower phone than Lighthouse's mid-tier one and score lower`;
}

/**
 * The page's first-content mark (apps/web/src/lib/perf-marks.ts: `coinlens:prices` on the home
 * page, `coinlens:chart` on the coin page) from a Lighthouse result's user-timings audit, in s
 * from the navigation's start; null when the run failed or the page never set the mark.
 * @param {{ runtimeError?: { code: string }, audits: Record<string, any> }} lhr
 * @param {string} name the mark's name
 * @returns {number | null}
 */
export function markSeconds(lhr, name) {
  if (lhr.runtimeError) return null;
  const items = lhr.audits?.['user-timings']?.details?.items ?? [];
  const mark = items.find((x) => x.name === name && x.timingType === 'Mark');
  return mark && Number.isFinite(mark.startTime) ? mark.startTime / 1000 : null;
}
