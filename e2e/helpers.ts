import { expect, type Page } from '@playwright/test';

/** Waits until at least one visible coin price shows a real number. */
export async function expectLivePrices(page: Page): Promise<void> {
  const price = page.locator('[data-testid="coin-price"]:visible').first();
  await expect(price).toHaveText(/\$\d[\d,]*\.\d+/, { timeout: 30_000 });
}

/** Asserts the document does not scroll horizontally. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px viewport`).toBeLessThanOrEqual(innerWidth);
}

/** Waits for the K-line chart to have drawn (a canvas inside a ready chart panel). */
export async function expectChartReady(page: Page): Promise<void> {
  await expect(page.getByTestId('chart-panel')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.locator('[data-testid="kline-chart"] canvas').first()).toBeVisible();
}
