import { expect, test } from '@playwright/test';
import { expectChartReady, signUpThroughUi, uniqueEmail, watchCspViolations } from './helpers';

/**
 * The Content-Security-Policy the server sends (apps/server/src/platform/security-headers.ts) is one
 * the built app keeps: the main pages, signed out and signed in, in both languages, cause no
 * `securitypolicyviolation` and no CSP console error; the Swagger UI works under its own policy.
 */
test.describe.configure({ timeout: 240_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('isCookieAccepted', 'Yes'));
});

test('the main pages keep to the CSP (home, coin, news, signals, pricing, login, settings)', async ({ page }) => {
  const csp = await watchCspViolations(page);
  const first = await page.goto('/en-US/home');
  const header = first?.headers()['content-security-policy'] ?? '';
  expect(header).toContain("frame-ancestors 'none'");
  expect(header).not.toContain("'unsafe-inline'");
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', /light|dark/);

  await page.goto('/en-US/crypto/bitcoin');
  await expectChartReady(page);
  for (const path of ['/en-US/feeds', '/en-US/trading-signals', '/en-US/pricing', '/en-US/login', '/zh-CN/home', '/zh-CN/crypto/ethereum']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  }
  // A story: the share card (html-to-image renders it through a data: SVG) and the WeChat QR code.
  await page.goto('/en-US/feeds');
  await page.getByTestId('feed-list').getByTestId('feed-title').first().click();
  await expect(page.getByTestId('feed-detail-title')).toBeVisible();
  await page.getByTestId('share-button').first().click();
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId('share-image').click();
  await download;
  await page.getByTestId('share-button').first().click();
  await page.getByTestId('share-wechat').click();
  await expect(page.getByTestId('wechat-qr')).toBeVisible();

  // Dark theme through the bootstrap script (no inline script).
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/en-US/home');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await signUpThroughUi(page, uniqueEmail('csp'));
  await page.goto('/en-US/settings');
  await expect(page.locator('main')).toBeVisible();
  await page.goto('/en-US/pricing');
  await expect(page.locator('main')).toBeVisible();
  // bounded: a signed-in page keeps the notification stream (server-sent events) open, so it never goes idle
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  expect(await csp.violations()).toEqual([]);
});

test('the Swagger UI at /api/docs renders the operations under its own CSP', async ({ page }) => {
  const csp = await watchCspViolations(page);
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible({ timeout: 60_000 });
  expect(await csp.violations()).toEqual([]);
});
