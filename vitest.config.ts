import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three projects:
 *  - unit: pure logic next to the code (`*.test.ts`), no database.
 *  - int:  server modules against a real database (`*.int.test.ts`): PGlite by default,
 *          PostgreSQL when DATABASE_URL is set, Redis-backed paths when REDIS_URL is set.
 *  - web:  React components in jsdom (`apps/web/**\/*.test.tsx`).
 */
export default defineConfig({
  test: {
    // every core: vitest's own default for a run is one less than the cores, which is one worker on
    // a 2-core machine (decision 125: the vitest stage of npm test went from 8 min 53 s to 6 min 38 s)
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          // the unit files share a worker's module graph instead of importing it afresh per file:
          // `vitest run --project unit` 79.5 s → 42.3 s on a 2-core machine (import 30.9 s → 9.8 s).
          // A unit test therefore leaves no module state behind (restore what it stubs); the web
          // project keeps isolation, as its files mock modules (vi.mock)
          isolate: false,
          include: ['packages/**/*.test.ts', 'apps/server/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          // against PostgreSQL (DATABASE_URL) the project runs beside Playwright in .ci/run, where an
          // afterAll closing a test app timed out at 120 s and at 300 s; a test app's close now gives
          // up after 90 s and reports what it waited on (test/harness.ts reportHungClose)
          hookTimeout: process.env.DATABASE_URL ? 300_000 : 120_000,
          // a migrated PGlite data dir made once per run; each file opens a copy (test/harness.ts)
          globalSetup: ['apps/server/test/global-setup.ts'],
          // files run side by side: each has its own PGlite copy, or with DATABASE_URL its worker's
          // own PostgreSQL database (test/worker-database.ts), whose deployment id keeps Redis apart
          setupFiles: ['apps/server/test/worker-database.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
    ],
  },
});
