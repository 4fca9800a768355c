import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow } from './helpers';

/**
 * Screenshot review of the signals page at 390 px: the tab strip cut "Calibration" off and hid
 * "Backtest" off-screen, and the backtest results table needed sideways scrolling for its
 * figures. Every tab and every figure of the results must sit inside the window (bounding boxes).
 */
test.describe.configure({ timeout: 180_000 });
// a 390 px layout check: at desktop widths the tab strip and the table have room to spare, and the
// backtest itself is tested in e2e/backtest.spec.ts
test.skip(({ isMobile }) => !isMobile, 'phone layout only');

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`signals tabs and backtest results fit the window without sideways scrolling (${lang})`, async ({ page }) => {
    await page.goto(`/${lang}/trading-signals?tab=backtest&coin=bitcoin&timeframe=1d`);
    const rows = page.getByTestId('backtest-row');
    await expect(rows.first()).toBeVisible({ timeout: 120_000 });
    const width = page.viewportSize()!.width;
    const tabs = page.getByTestId('signals-tabs').getByRole('tab');
    expect(await tabs.count()).toBe(7);
    for (const tab of await tabs.all()) {
      const b = (await tab.boundingBox())!;
      expect(b.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, `${await tab.innerText()} ends inside the window`).toBeLessThanOrEqual(width);
    }
    // the results need no sideways scrolling: the table fits its box, and every figure of a row is on screen
    const table = page.getByTestId('backtest-table');
    const fit = await table.evaluate((el) => ({ scroll: el.parentElement!.scrollWidth, client: el.parentElement!.clientWidth }));
    expect(fit.scroll, 'the results table scrolls sideways').toBeLessThanOrEqual(fit.client + 1);
    for (const cell of await rows.first().locator('td').all()) {
      const b = (await cell.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(width);
    }
    await expect(rows.first()).toContainText(lang === 'zh-CN' ? '样本外' : 'Out of sample');
    await expectNoHorizontalOverflow(page);
  });
}
