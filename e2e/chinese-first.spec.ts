import { expect, test, type Page } from '@playwright/test';
import { signUpThroughUi, uniqueEmail } from './helpers';

/**
 * A zh-CN reader: Chinese coin names in lists and search (比特币 finds BTC), rise/fall colours that
 * default to red-up in Chinese and can be switched in Settings, and a story of the day written in
 * Chinese that says which window it covers.
 */

const RED = { light: 'rgb(224, 56, 75)', dark: 'rgb(246, 70, 93)' };
const GREEN = { light: 'rgb(10, 155, 99)', dark: 'rgb(31, 196, 125)' };

/** The computed colour of the `--cl-up` token on the page (what every ▲ and text-up uses). */
const upColour = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--cl-up)';
    document.body.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('isCookieAccepted', 'Yes'));
  // a server still warming up answers the market reads with 503 (its read gate): wait for it
  await expect.poll(async () => (await page.request.get('/api/crypto/all')).status(), { timeout: 180_000 }).toBe(200);
});

test('a zh-CN reader sees Chinese coin names, red-up colours and finds BTC by typing 比特币', async ({ page }) => {
  await page.goto('/zh-CN/home');
  const firstRow = page.getByRole('link', { name: /比特币/ }).first();
  await expect(firstRow).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('html')).toHaveAttribute('data-price-colors', 'red-up');
  expect(await upColour(page)).toBe(RED.light);
  // the English page keeps green-up and English names
  await page.goto('/en-US/home');
  await expect(page.getByRole('link', { name: /Bitcoin/ }).first()).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('html')).toHaveAttribute('data-price-colors', 'green-up');
  expect(await upColour(page)).toBe(GREEN.light);

  await page.goto('/zh-CN/home');
  await expect(firstRow).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: '搜索' }).first().click();
  await page.getByTestId('search-input').fill('比特币');
  const results = page.getByTestId('search-row');
  await expect(results.first()).toContainText('比特币', { timeout: 20_000 });
  await expect(results.first()).toContainText('BTC');
});

test('the story of the day is written in Chinese for a zh-CN reader and says what it covers', async ({ page }) => {
  await page.goto('/zh-CN/home');
  const title = page.getByTestId('sotd-title');
  await expect(title).toBeVisible({ timeout: 60_000 });
  await expect(title).toHaveText(/[\u4e00-\u9fff]/);
  await expect(page.getByTestId('sotd')).toContainText(/今日截至目前|最近 24 小时/);
});

test('the red-up / green-down choice is stored in Settings and followed in both themes', async ({ page }) => {
  await signUpThroughUi(page, uniqueEmail('pricecolours'), { lang: 'en-US' });
  await page.goto('/en-US/settings');
  const group = page.getByRole('radiogroup', { name: 'Price colours' });
  await expect(group).toBeVisible({ timeout: 45_000 });
  await expect(group.getByRole('radio', { name: /Green up, red down/ })).toHaveAttribute('aria-checked', 'true');
  await group.getByRole('radio', { name: /Red up, green down/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-price-colors', 'red-up');
  expect(await upColour(page)).toBe(RED.light);
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  // stored: a reload keeps it (applied by the boot script before the app runs), in the dark theme too
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-price-colors', 'red-up');
  expect(await upColour(page)).toBe(RED.dark);
  // and a stored choice wins over the language's default
  await page.goto('/zh-CN/settings');
  await page.getByRole('radiogroup', { name: '涨跌颜色' }).getByRole('radio', { name: /绿涨红跌/ }).click();
  await page.goto('/zh-CN/home');
  await expect(page.locator('html')).toHaveAttribute('data-price-colors', 'green-up');
  expect(await upColour(page)).toBe(GREEN.dark);
});
