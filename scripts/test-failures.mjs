/**
 * The failed tests of a run, one line each, for the end of `npm test`'s output: a CI log keeps only
 * its tail, and the counts alone do not say what to look at.
 */
import path from 'node:path';

/** The first non-empty line of an error message, without colour codes, at most 200 characters. */
export function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  const line = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).find(Boolean) ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/**
 * A vitest JSON report (`--reporter=json`) → `[stage] file › test: error` per failed test, and
 * `[stage] file: error` for a failed file without a failed test (a hook that timed out, an import
 * error). Paths relative to `root`.
 */
export function vitestFailures(report, root, stage = 'vitest') {
  const out = [];
  for (const f of report.testResults ?? []) {
    const rel = path.relative(root, f.name ?? '');
    const bad = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of bad) out.push(`[${stage}] ${rel} › ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0])}`);
    if (!bad.length && f.status === 'failed') out.push(`[${stage}] ${rel}: ${firstLine(f.message)}`);
  }
  return out;
}

/**
 * A Playwright JSON report → `[Playwright project] file:line › title: error` per test that failed
 * (status `unexpected`) or passed only on its retry (`flaky`, marked so), with the first error.
 */
export function playwrightFailures(report) {
  const out = [];
  const walk = (suites) => {
    for (const suite of suites ?? []) {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
          const err = (t.results ?? []).map((r) => r.error?.message ?? r.errors?.[0]?.message).find(Boolean);
          out.push(`[Playwright ${t.projectName}${t.status === 'flaky' ? ', flaky' : ''}] ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(err)}`);
        }
      }
      walk(suite.suites);
    }
  };
  walk(report.suites);
  return out;
}
