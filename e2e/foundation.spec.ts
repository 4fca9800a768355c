import { expect, test } from '@playwright/test';
import { ANY_VIEWPORT, expectChartReady, expectLivePrices, expectNoHorizontalOverflow } from './helpers';

test.describe('foundation', () => {
  test('/ lands on /en-US/home', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/en-US\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Today's cryptocurrency prices");
    await expect(page).toHaveTitle(/Coinlens/);
  });

  test('an unknown language goes to / and then home', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/xx-YY/crypto/bitcoin');
    await expect(page).toHaveURL(/\/en-US\/home$/);
  });

  test('the stored locale decides where / goes', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/en-US/home');
    await page.evaluate(() => localStorage.setItem('locale', 'zh_CN'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/zh-CN\/home$/);
  });

  test('home shows real prices with the Replay badge', async ({ page, isMobile }) => {
    await page.goto('/en-US/home');
    await expectLivePrices(page);
    const badge = page.getByTestId('replay-badge').first();
    await expect(badge).toHaveText(/^Replay · \d{1,2} [A-Z][a-z]{2} 2025 \d{2}:\d{2} UTC$/);
    await expect(page.getByTestId('card-market-cap')).toContainText('$');
    await expect(page.getByTestId('card-fear-greed')).toContainText('alternative.me');
    await expect(page.getByTestId('card-btc-dominance')).toContainText('%');
    // The movers card says what it ranks; the volume column says where its figure comes from.
    await expect(page.getByTestId('card-trending')).toContainText('By absolute 24 h change, Binance spot');
    // (a phone lists cards with a short "Vol" label, said in full once above the list)
    if (isMobile) await expect(page.getByTestId('coin-list-volume-note')).toHaveText('Vol: 24 h volume on Binance spot');
    else await expect(page.getByRole('columnheader', { name: 'Volume (Binance spot, 24 h)' })).toHaveCount(1);
    await expect(page.getByTestId('data-credits')).toContainText('Binance');
    // The news column and the story of the day are on the page.
    await expect(page.getByTestId('home-news')).toHaveCount(1);
    await expect(page.getByTestId('sotd')).toHaveCount(1);
  });

  test('open BTC: K-line chart renders and switches 5m / 1h / 1d', async ({ page }) => {
    await page.goto('/en-US/home');
    await expectLivePrices(page);
    await page.locator('a[href="/en-US/crypto/bitcoin"]:visible').first().click();
    await expect(page).toHaveURL(/\/en-US\/crypto\/bitcoin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bitcoin');
    await expect(page.getByTestId('coin-price')).toHaveText(/\$\d[\d,]*\.\d{2}/);
    await expect(page.getByTestId('replay-badge').first()).toBeVisible();
    await expect(page).toHaveTitle(/Bitcoin \(BTC\) price and chart · Coinlens/);
    await expectChartReady(page);
    for (const tf of ['5m', '1d', '1h']) {
      const button = page.getByTestId('timeframes').locator(`[data-timeframe="${tf}"]`);
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await expectChartReady(page);
    }
    await expect(page.getByTestId('coin-stats')).toContainText('Market cap');
    await expect(page.getByTestId('coin-stats')).toContainText('Volume (Binance spot, 24 h)');
    // The replay runs through 2025 before the shipped supply listing's date: never "as of" a later day.
    await expect(page.getByTestId('coin-credits')).toContainText('after the market date');
    await expect(page.getByTestId('coin-credits')).not.toContainText('Supply as of');
  });

  test('the coin page accepts a numeric id and shows not-found for unknown coins', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/en-US/crypto/no-such-coin-zz');
    await expect(page.getByTestId('coin-not-found')).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/en-US\/home$/);
  });

  test('zh-CN texts', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/zh-CN/home');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('今日加密货币价格');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expectLivePrices(page);
    await expect(page.getByTestId('replay-badge').first()).toHaveText(/^回放 · 2025年\d{1,2}月\d{1,2}日 \d{2}:\d{2} UTC$/);
    await expect(page.getByTestId('card-fear-greed')).toContainText('恐惧与贪婪');
    await expect(page.getByTestId('card-trending')).toContainText('按币安现货 24 小时价格涨跌幅绝对值排序');
  });

  test('the language button switches language and stores the locale', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/en-US/home');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '简体中文' }).click();
    await expect(page).toHaveURL(/\/zh-CN\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('zh_CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('今日加密货币价格');
  });

  test('dark theme persists after reload', async ({ page }, info) => {
    await page.goto('/en-US/home');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    if (info.project.name === 'phone') {
      // The phone top bar has no theme button: the switch is in the menu drawer.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('switch', { name: 'Dark mode' }).click();
    } else await page.getByRole('button', { name: 'Theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('no horizontal overflow on home and coin pages', async ({ page }) => {
    await page.goto('/en-US/home');
    await expectLivePrices(page);
    await expectNoHorizontalOverflow(page);
    await page.goto('/zh-CN/crypto/bitcoin');
    await expectChartReady(page);
    await expectNoHorizontalOverflow(page);
  });

  test('not-found page hides the header and links home', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/en-US/this/page/does-not-exist');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('app-header')).toHaveCount(0);
    await expect(page).toHaveTitle('Page not found · Coinlens');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/en-US\/home$/);
  });

  test('tabs follow the route and the footer opens the contact dialog', async ({ page, isMobile }) => {
    await page.goto('/en-US/trading-signals');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trading signals');
    if (!isMobile) await expect(page.getByRole('link', { name: 'Trading signals' })).toHaveAttribute('aria-current', 'page');
    const contact = page.getByRole('button', { name: 'Contact us' });
    await contact.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('@');
    // a modal dialog: the page behind does not scroll and Tab never leaves the dialog
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(contact).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await expect(page.getByTestId('copyright')).toContainText(String(new Date().getFullYear()));
  });
});
