import { defineConfig } from '@playwright/test';

/**
 * Playwright against the built app served by the real server (see scripts/e2e.mjs, which starts it
 * on port 8090 with a fresh data dir). Uses Debian's Chromium at /usr/bin/chromium; browsers are
 * never downloaded. The review screenshots (not tests) have their own config:
 * scripts/review-screenshots/playwright.config.ts (`npm run screenshots`).
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8090';
export const LLM_URL = process.env.E2E_LLM_BASE_URL ?? 'http://127.0.0.1:8091';
const telegramURL = process.env.E2E_TELEGRAM_BASE_URL ?? 'http://127.0.0.1:8092';
const liveURL = process.env.E2E_LIVE_BASE_URL ?? 'http://127.0.0.1:8093';
/** A storage state with the cookie notice already accepted on `url`'s origin. */
export const cookiesAccepted = (url: string) => ({ cookies: [], origins: [{ origin: new URL(url).origin, localStorage: [{ name: 'isCookieAccepted', value: 'Yes' }] }] });
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/**
 * Every spec runs on the desktop; the phone project runs only the specs whose assertions differ on
 * a 390 px touch phone or that check layout, each for the reason given. The others assert the
 * same things at any size (routes, CSP, chat, sign-up data, payments' server side…), and the specs
 * that need a phone next to a desktop user (alerts, telegram) open one themselves. Within a phone
 * spec, the tests tagged `@any-viewport` (e2e/helpers.ts ANY_VIEWPORT: redirects, texts, flows that
 * look the same at any size) run on the desktop only.
 */
const PHONE_SPECS: Record<string, string> = {
  accounts: 'on a phone the avatar opens Settings instead of the popup menu',
  backtest: 'the backtest page must not scroll sideways at 390 px',
  'chat-answers': 'the chat panel takes the full width on a phone; back-to-top must not cover it',
  'coin-chart': 'layout shift, canvas sizing under device emulation, the scroll to the last panel (fell short on a phone once)',
  edge: 'the track record and signal cards must not scroll sideways at 390 px',
  foundation: 'the header tabs are hidden, the home list is cards, no sideways scrolling',
  news: 'the news list and feed detail must not scroll sideways at 390 px',
  pricing: 'the phone run pays from a second wallet and checks the unlinked-wallet dialog in en-US',
  push: 'the push control in zh-CN and the dark theme, no sideways scrolling at 390 px',
  screens: 'figures must not overlap or sit under the back-to-top button at 390 px',
  shell: 'the Menu drawer, header tabs and theme toggle differ below md',
  signals: 'signal cards and the track record must not scroll sideways at 390 px',
  'ux-phone-home': 'the phone home page: no sideways scrolling or clipped figures',
  'ux-phone-signals': 'the signals tab strip and backtest results fit 390 px',
};
const phoneSpecs = new RegExp(`(^|/)(${Object.keys(PHONE_SPECS).join('|')})\\.spec\\.ts$`);

export default defineConfig({
  testDir: 'e2e',
  // In CI a test may take 180 s and an assertion wait 30 s: the same suite ran 2.5× slower there than
  // on a quiet machine (a 5 s step takes 12 s), and only a test that fails waits the whole time.
  timeout: process.env.CI ? 180_000 : 90_000,
  expect: { timeout: process.env.CI ? 30_000 : 15_000 },
  // Two spec files at a time against the one server: the alert specs spend minutes waiting for the
  // replay clock's next 5m candle, and the rest runs meanwhile. A file's tests keep their order in one
  // worker; specs share no account (unique addresses; the lab and payer accounts are per project).
  fullyParallel: false,
  workers: 2,
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
    // The app honours prefers-reduced-motion (the loading shimmer and the price flash stop): the
    // headless browser composites those animations in software on the CPU the servers and the
    // other worker share, and no spec tests an animation.
    reducedMotion: 'reduce',
    // A click or fill that cannot happen fails after 2 (CI: 4) assertion waits instead of holding its
    // worker until the test's own timeout (the alert spec's is ~15 min: one lost click once did).
    actionTimeout: process.env.CI ? 120_000 : 60_000,
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
    { name: 'desktop', testIgnore: /(llm|telegram|live)\.spec\.ts/, use: DESKTOP },
    { name: 'phone', testMatch: phoneSpecs, grepInvert: /@any-viewport/, use: PHONE },
    // e2e/llm.spec.ts against the model-backed server scripts/e2e.mjs starts (E2E_LLM_BASE_URL);
    // its assertions do not depend on the viewport (the review screenshots also take it on a phone)
    { name: 'llm', testMatch: /llm\.spec\.ts/, use: { baseURL: LLM_URL, storageState: cookiesAccepted(LLM_URL), ...DESKTOP } },
    // e2e/telegram.spec.ts against the server whose bot talks to the Bot API stand-in (E2E_TELEGRAM_BASE_URL);
    // the spec opens its phone user itself
    { name: 'telegram', testMatch: /telegram\.spec\.ts/, use: { baseURL: telegramURL, storageState: cookiesAccepted(telegramURL), ...DESKTOP } },
    // e2e/live.spec.ts against the live-mode server on the local Binance stand-in (E2E_LIVE_BASE_URL);
    // the spec opens its phone page itself
    { name: 'live', testMatch: /live\.spec\.ts/, use: { baseURL: liveURL, storageState: cookiesAccepted(liveURL), ...DESKTOP } },
  ],
});
