import { describe, expect, it } from 'vitest';
import { firstLine, playwrightFailures, vitestFailures } from './test-failures.mjs';

describe('the failed-test lines at the end of npm test', () => {
  it('names each failed vitest test, and a failed file without one (a hook timeout)', () => {
    const report = {
      testResults: [
        { name: '/r/a.test.ts', status: 'passed', assertionResults: [{ fullName: 'ok', status: 'passed' }] },
        { name: '/r/b.int.test.ts', status: 'failed', assertionResults: [{ fullName: 'x > y', status: 'failed', failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at …'] }] },
        { name: '/r/c.int.test.ts', status: 'failed', message: 'Hook timed out in 300000ms.\nIf this is a long-running hook…', assertionResults: [{ fullName: 'z', status: 'passed' }] },
      ],
    };
    expect(vitestFailures(report, '/r', 'PostgreSQL')).toEqual([
      '[PostgreSQL] b.int.test.ts › x > y: AssertionError: expected 1 to be 2',
      '[PostgreSQL] c.int.test.ts: Hook timed out in 300000ms.',
    ]);
  });

  it('names failed and flaky Playwright tests in nested suites with project and line', () => {
    const report = {
      suites: [
        {
          file: 'shell.spec.ts',
          specs: [{ title: 'top', file: 'shell.spec.ts', line: 3, tests: [{ projectName: 'desktop', status: 'expected', results: [] }] }],
          suites: [
            {
              specs: [
                {
                  title: 'search opens',
                  file: 'shell.spec.ts',
                  line: 40,
                  tests: [
                    { projectName: 'desktop', status: 'unexpected', results: [{ error: { message: 'Error: expect(locator).toBeVisible() failed\n\nLocator: …' } }, {}] },
                    { projectName: 'phone', status: 'flaky', results: [{ errors: [{ message: 'TimeoutError: 30000ms' }] }, {}] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      '[Playwright desktop] shell.spec.ts:40 › search opens: Error: expect(locator).toBeVisible() failed',
      '[Playwright phone, flaky] shell.spec.ts:40 › search opens: TimeoutError: 30000ms',
    ]);
  });

  it('keeps a long first line to 200 characters', () => {
    expect(firstLine(`\n  ${'a'.repeat(300)}`)).toHaveLength(200);
  });
});
