import { defineConfig } from '@playwright/test';

/**
 * Playwright against the built app served by the real server (see scripts/e2e.mjs, which starts it
 * on port 8090 with a fresh data dir). Uses Debian's Chromium at /usr/bin/chromium; browsers are
 * never downloaded.
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8090';

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
    storageState: { cookies: [], origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: 'isCookieAccepted', value: 'Yes' }] }] },
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
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
});
