import { expect, test, type Page } from '@playwright/test';

/**
 * Visual review screenshots of the shell and the main pages (desktop and 390 px phone through the
 * two projects × light and dark × en-US and zh-CN) into screenshots/ (gitignored): home, coin,
 * trading signals, feeds, pricing, login, terms of service, not-found, and the search overlay and
 * phone drawer opened. Not a test (it asserts nothing): a tool run by `npm run screenshots`
 * (scripts/review-screenshots/playwright.config.ts), which starts the e2e servers like `npm run test:e2e`.
 */

const PAGES: Array<{ name: string; path: string; ready: (page: Page) => Promise<void> }> = [
  { name: 'home', path: 'home', ready: (p) => expect(p.locator('[data-testid="coin-price"]:visible').first()).toHaveText(/\d/, { timeout: 30_000 }) },
  { name: 'coin', path: 'crypto/bitcoin', ready: (p) => expect(p.getByTestId('chart-panel')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 }) },
  { name: 'signals', path: 'trading-signals', ready: (p) => expect(p.getByTestId('app-footer')).toBeVisible() },
  { name: 'feeds', path: 'feeds', ready: (p) => expect(p.getByTestId('app-footer')).toBeVisible() },
  { name: 'pricing', path: 'pricing', ready: (p) => expect(p.getByTestId('app-footer')).toBeVisible() },
  { name: 'login', path: 'login', ready: (p) => expect(p.getByTestId('app-footer')).toBeVisible() },
  { name: 'terms', path: 'terms-of-service', ready: (p) => expect(p.getByTestId('terms-text')).toBeVisible() },
  { name: 'privacy', path: 'privacy-policy', ready: (p) => expect(p.getByTestId('privacy-page')).toBeVisible() },
  { name: 'notfound', path: 'no/such/page', ready: (p) => expect(p.getByTestId('not-found')).toBeVisible() },
];

for (const lang of ['en-US', 'zh-CN'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`shell screenshots ${lang} ${theme}`, async ({ page, isMobile }, info) => {
      test.setTimeout(420_000);
      await page.addInitScript((t) => {
        localStorage.setItem('theme', t);
        localStorage.setItem('isCookieAccepted', 'Yes');
      }, theme);
      const shot = (name: string, fullPage = false) =>
        page.screenshot({ path: `screenshots/shell-${name}-${info.project.name}-${theme}-${lang}.png`, fullPage });
      for (const p of PAGES) {
        await page.goto(`/${lang}/${p.path}`);
        await p.ready(page);
        await page.waitForTimeout(600);
        await shot(p.name, p.name === 'terms' || p.name === 'privacy');
      }
      await page.goto(`/${lang}/home`);
      await page.getByTestId('search-button').click();
      await page.getByTestId('search-input').fill('eth');
      await expect(page.getByTestId('search-row').first()).toBeVisible({ timeout: 30_000 });
      await page.waitForTimeout(500);
      await shot('search');
      await page.keyboard.press('Escape');
      if (isMobile) {
        await page.getByTestId('menu-button').click();
        await expect(page.getByTestId('mobile-drawer')).toBeVisible();
        await shot('drawer');
      }
    });
  }
}

test('cookie banner screenshot', async ({ page }, info) => {
  await page.goto('/zh-CN/home');
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  await page.screenshot({ path: `screenshots/shell-cookie-${info.project.name}-zh-CN.png` });
});
