import { defineConfig } from '@playwright/test';
import base, { cookiesAccepted, DESKTOP, LLM_URL, PHONE } from '../../playwright.config';

/**
 * Review screenshots (not tests: they assert nothing), kept out of `npm test`. Take them with
 *
 *   npm run screenshots            # starts the e2e servers (scripts/e2e.mjs), then this config
 *   npm run screenshots -- -g lab  # only some of them (Playwright's usual filters)
 *
 * or against running servers: E2E_BASE_URL=… E2E_DATA_DIR=… npx playwright test -c scripts/review-screenshots.
 * The PNGs go to screenshots/ (gitignored). Besides the files here, e2e/llm.spec.ts saves the
 * model-backed chat panel when SCREENSHOTS is set (desktop and phone).
 */
process.env.SCREENSHOTS ??= '1';

export default defineConfig({
  ...base,
  testDir: '../..',
  outputDir: '../../test-results/review-screenshots',
  workers: 1,
  projects: [
    { name: 'desktop', testMatch: /scripts\/review-screenshots\/.*\.spec\.ts$/, use: DESKTOP },
    // review.spec.ts opens both devices itself
    { name: 'phone', testMatch: /scripts\/review-screenshots\/(?!review\.).*\.spec\.ts$/, use: PHONE },
    { name: 'llm', testMatch: /e2e\/llm\.spec\.ts$/, use: { baseURL: LLM_URL, storageState: cookiesAccepted(LLM_URL), ...DESKTOP } },
    { name: 'llm-phone', testMatch: /e2e\/llm\.spec\.ts$/, use: { baseURL: LLM_URL, storageState: cookiesAccepted(LLM_URL), ...PHONE } },
  ],
});
