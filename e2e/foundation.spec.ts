import { expect, test } from '@playwright/test';
import { ANY_VIEWPORT, expectChartReady, expectLivePrices, expectNoHorizontalOverflow, scrollToNewsColumn } from './helpers';

/**
 * The first things a visitor sees: real replayed prices on the home page, the coin page's chart on
 * every timeframe, the Chinese texts, no sideways scrolling, the header tabs and the contact dialog.
 * The language redirects, the stored locale and the not-found page are in e2e/routes.spec.ts; the
 * theme and language switches in e2e/shell.spec.ts.
 */
test.describe('foundation', () => {
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
    // The news column and the story of the day are on the page; on a phone, below the whole coin
    // list, they load when the reader scrolls towards them.
    if (isMobile) {
      await expect(page.getByTestId('home-news')).toHaveCount(0);
      await scrollToNewsColumn(page);
    }
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

  test('no horizontal overflow on home and coin pages', async ({ page }) => {
    await page.goto('/en-US/home');
    await expectLivePrices(page);
    await expectNoHorizontalOverflow(page);
    await page.goto('/zh-CN/crypto/bitcoin');
    await expectChartReady(page);
    await expectNoHorizontalOverflow(page);
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
