import { expect, test, type Page } from '@playwright/test';
import { signUpThroughUi, uniqueEmail } from '../../e2e/helpers';

/**
 * Review screenshots of every main screen: home, coin page (BTC, signed in,
 * with an assistant answer), feeds list and a feed detail, signals (track record, calibration,
 * backtest), pricing, settings (account data: export / delete), sign-in; en-US and zh-CN, light and
 * dark, 1366×900 desktop and a 390×844 phone; full page, into screenshots/review/ (gitignored).
 * Not a test (it asserts nothing): a tool run by `npm run screenshots`
 * (scripts/review-screenshots/playwright.config.ts), which starts the e2e servers like `npm run test:e2e`.
 * Against a running server: E2E_BASE_URL and E2E_DATA_DIR. Runs in the desktop project only (it
 * opens both devices itself).
 */
test.describe.configure({ timeout: 600_000 });

const DEVICES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** Full-page screenshot after the page settled (no skeleton left, fonts and charts drawn). */
async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await expect(page.locator('.skeleton:visible')).toHaveCount(0, { timeout: 20_000 }).catch(() => {});
  await page.waitForTimeout(600);
  await page.screenshot({ path: `screenshots/review/${name}.png`, fullPage: true });
}

for (const device of ['desktop', 'phone'] as const) {
  for (const lang of ['en-US', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`review ${device} ${lang} ${theme}`, async ({ browser }) => {
        const ctx = await browser.newContext({
          viewport: DEVICES[device],
          isMobile: device === 'phone',
          hasTouch: device === 'phone',
          deviceScaleFactor: 1,
          locale: lang,
          timezoneId: 'UTC',
          storageState: { cookies: [], origins: [{ origin: new URL(test.info().project.use.baseURL!).origin, localStorage: [{ name: 'isCookieAccepted', value: 'Yes' }, { name: 'theme', value: theme }] }] },
        });
        const page = await ctx.newPage();
        const tag = `${device}-${lang}-${theme}`;
        await page.goto(`/${lang}/login`);
        await shot(page, `signin-${tag}`);
        await page.goto(`/${lang}/home`);
        await shot(page, `home-${tag}`);
        await page.goto(`/${lang}/feeds`);
        await shot(page, `feeds-${tag}`);
        const first = page.locator(`a[href*="/${lang}/feeds/"]`).first();
        await page.goto((await first.getAttribute('href'))!);
        await shot(page, `feed-${tag}`);
        for (const tab of ['trackRecord', 'calibration', 'backtest']) {
          await page.goto(`/${lang}/trading-signals?tab=${tab}`);
          await shot(page, `signals-${tab}-${tag}`);
        }
        await page.goto(`/${lang}/pricing`);
        await shot(page, `pricing-${tag}`);
        await signUpThroughUi(page, uniqueEmail(`review-${device}`), { lang, redirect: `/${lang}/crypto/bitcoin` });
        const input = page.getByTestId('chat-input');
        await expect(input).toBeVisible({ timeout: 60_000 });
        await input.fill(lang === 'zh-CN' ? '支撑位在哪里？什么会让看涨判断失效？' : 'Where is support, and what would invalidate the bullish case?');
        await page.getByTestId('chat-send').click();
        await expect(page.getByTestId('chat-answer').last()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
        await shot(page, `coin-${tag}`);
        await page.goto(`/${lang}/settings`);
        await shot(page, `settings-${tag}`);
        await page.getByTestId('delete-account').click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `screenshots/review/settings-delete-${tag}.png` });
        await ctx.close();
      });
    }
  }
}
