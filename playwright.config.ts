import { defineConfig } from '@playwright/test';

/**
 * Playwright against the built app served by the real server (see scripts/e2e.mjs, which starts it
 * on port 8090 with a fresh data dir). Uses Debian's Chromium at /usr/bin/chromium; browsers are
 * never downloaded.
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8090';
const llmURL = process.env.E2E_LLM_BASE_URL ?? 'http://127.0.0.1:8091';
/** A storage state with the cookie notice already accepted on `url`'s origin. */
const cookiesAccepted = (url: string) => ({ cookies: [], origins: [{ origin: new URL(url).origin, localStorage: [{ name: 'isCookieAccepted', value: 'Yes' }] }] });

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // scripts/test.mjs sets PLAYWRIGHT_JSON_OUTPUT_NAME to count results for its closing line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    // Cookies accepted up front so the consent banner never covers what a spec clicks; the shell
    // spec tests the banner itself with an empty storage state.
    storageState: cookiesAccepted(baseURL),
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: /llm\.spec\.ts/, use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', testIgnore: /llm\.spec\.ts/, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
    // e2e/llm.spec.ts against the model-backed server scripts/e2e.mjs starts (E2E_LLM_BASE_URL)
    { name: 'llm', testMatch: /llm\.spec\.ts/, use: { baseURL: llmURL, storageState: cookiesAccepted(llmURL), viewport: { width: 1280, height: 800 } } },
    { name: 'llm-phone', testMatch: /llm\.spec\.ts/, use: { baseURL: llmURL, storageState: cookiesAccepted(llmURL), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
});
