import { expect as baseExpect, test } from '@playwright/test';
import { E2E_PASSWORD, signUpThroughUi, uniqueEmail } from './helpers';

/**
 * What a new user hits in the first hour: coins without replayed market
 * data say so and cause no failing request; missing resources get their own not-found state; the
 * account can export its data and delete itself from Settings.
 */
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 240_000 });

test('SHIB and USDC: "no replayed market data" on home, search and the coin page, with no failing request', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await page.goto('/en-US/home');
  const shibRow = page.locator('[data-testid="coin-table"] tr[data-symbol="SHIB"], [data-testid="coin-list"] li:has-text("SHIB")').first();
  await expect(shibRow).toContainText('No replayed market data for SHIB');
  await expect(shibRow).toContainText('Circulating supply');
  await expect(page.locator('[data-testid="coin-table"] tr[data-symbol="USDC"], [data-testid="coin-list"] li:has-text("USDC")').first()).toContainText('No replayed market data for USDC');
  await page.waitForLoadState('networkidle');
  expect(failed.filter((f) => f.includes('cmc_price'))).toEqual([]);

  await page.goto('/en-US/crypto/shiba-inu');
  await expect(page.getByTestId('coin-header')).toContainText('No replayed market data for SHIB');
  await expect(page.getByTestId('chart-panel')).toContainText('no SHIB/USDT candles');
  await expect(page.getByTestId('chart-panel')).not.toContainText('no USDT trading pair');
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);

  await page.goto('/zh-CN/crypto/usd-coin');
  await expect(page.getByTestId('coin-header')).toContainText('暂无 USDC 的回放行情数据');
});

test('missing feed and coin ids show their own translated not-found state', async ({ page }) => {
  await page.goto('/en-US/feeds/nonexistent-id');
  await expect(page.getByTestId('feed-not-found')).toContainText('News item not found');
  await expect(page.locator('body')).not.toContainText(/Failed to fetch/i);
  await page.goto('/zh-CN/feeds/cp:99999999');
  await expect(page.getByTestId('feed-not-found')).toContainText('未找到这条新闻');
  await page.goto('/en-US/crypto/no-such-coin');
  await expect(page.getByTestId('coin-not-found')).toContainText('Coin not found');
});

test('Settings: export my data, then delete the account (password re-authentication); the e-mail registers again', async ({ page, request }) => {
  const email = uniqueEmail('erase');
  await signUpThroughUi(page, email);
  await page.goto('/en-US/settings');
  await expect(page.getByTestId('settings-page')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByTestId('export-data').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^coinlens-account-\d+\.json$/);
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
  const data = JSON.parse(text);
  expect(data.account.email).toBe(email);
  expect(text).not.toContain('argon2');

  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByTestId('delete-account').click();
  await page.getByTestId('delete-account-input').fill('Wr0ng!pass');
  await page.getByTestId('delete-account-confirm').click();
  await expect(page.getByTestId('delete-account-error')).toContainText('not right');
  await page.getByTestId('delete-account-input').fill(E2E_PASSWORD);
  await page.getByTestId('delete-account-confirm').click();
  await expect(page).toHaveURL(/\/en-US\/home$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const old = await request.get('/api/users/profile/me', { headers: { authorization: `Bearer ${token}` } });
  expect(old.status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { email, password: E2E_PASSWORD } })).status()).toBe(401);

  await signUpThroughUi(page, email);
});
