/** Types of scripts/test-failures.mjs (plain JavaScript: `npm test` runs it before any build). */

/** The first non-empty line of an error message, without colour codes, at most 200 characters. */
export function firstLine(text: unknown): string;

/** A vitest JSON report → `[stage] file › test: error` per failed test (or failed file). */
export function vitestFailures(report: unknown, root: string, stage?: string): string[];

/** A Playwright JSON report → `[Playwright project] file:line › title: error` per failed or flaky test. */
export function playwrightFailures(report: unknown): string[];
