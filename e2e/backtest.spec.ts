import { expect, test } from '@playwright/test';
import { ANY_VIEWPORT, expectNoHorizontalOverflow } from './helpers';

test.describe.configure({ timeout: 180_000 });

test.describe('backtest view', () => {
  test('backtests a coin: summary, equity chart, per-pattern table; pattern, stop and period pickers; bad period refused', async ({ page }) => {
    await page.goto('/en-US/trading-signals?tab=backtest&coin=bitcoin&timeframe=1d');
    await expect(page.getByRole('tab', { name: 'Backtest' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('backtest-summary')).toContainText(/candles · horizon 30 candles · fees 0\.10 % a side/, { timeout: 120_000 });
    await expect(page.getByTestId('backtest-chart').locator('canvas').first()).toBeVisible();
    const rows = page.getByTestId('backtest-row');
    expect(await rows.count()).toBeGreaterThan(20);
    await expect(rows.first()).toContainText(/In sample/);
    await expect(rows.first()).toContainText(/Out of sample/);
    // each part's mean interval, effective n and Holm-corrected verdict
    await expect(page.getByTestId('backtest-table')).toContainText(/Verdict \(Holm, m = \d+\)/);
    await expect(page.getByTestId('backtest-method')).toContainText('moving-block bootstrap');
    // one verdict, one interval: the Holm-corrected interval, which contains 0 beside "no measurable edge"
    await expect(page.getByTestId('backtest-table')).toContainText('Mean CI (Holm-corrected)');
    const num = (v: string) => Number(v.replace(/[−]/g, '-').replace(/[+ %,]/g, ''));
    const cis = await page.getByTestId('backtest-ci').allTextContents();
    const verdicts = await page.getByTestId('backtest-verdict').allTextContents();
    cis.forEach((ci, k) => {
      const m = /^(.+) … (.+)$/.exec(ci);
      if (m && verdicts[k] === 'no measurable edge') expect(num(m[1]) <= 0 && num(m[2]) >= 0).toBe(true);
    });
    // survivorship and coverage, with this coin's own series
    await expect(page.getByTestId('coverage-note')).toContainText(/survivorship bias.*\w+: (5m|1h|1d) from /);
    // one pattern
    await page.getByTestId('backtest-pattern').selectOption('rsi_oversold');
    await expect(page).toHaveURL(/pattern=rsi_oversold/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('RSI oversold');
    // a stop changes the run
    await page.getByTestId('backtest-stop').selectOption('pct');
    await expect(page).toHaveURL(/stop=pct/);
    await expect(rows.first()).toBeVisible({ timeout: 60_000 });
    // an inverted period is refused in the form
    await page.getByTestId('backtest-from').fill('2025-03-01');
    await page.getByTestId('backtest-to').fill('2025-01-01');
    await expect(page.getByTestId('backtest-apply')).toBeDisabled();
    await expect(page.getByRole('alert')).toContainText('start date');
    await page.getByTestId('backtest-to').fill('2025-04-30');
    await page.getByTestId('backtest-apply').click();
    await expect(page).toHaveURL(/from=2025-03-01&to=2025-04-30|to=2025-04-30/);
    await expect(page.getByTestId('backtest-summary')).toContainText(/1 Mar 2025 – 30 Apr 2025/, { timeout: 60_000 });
    await expectNoHorizontalOverflow(page);
  });

  test('empty period and zh-CN', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/zh-CN/trading-signals?tab=backtest&coin=bitcoin&timeframe=1d&from=2010-01-01&to=2010-02-01');
    await expect(page.getByRole('tab', { name: '回测' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('backtest-empty')).toContainText('该区间没有 K 线', { timeout: 120_000 });
  });

  test('the coin page links to the backtest with coin and timeframe preselected', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/en-US/crypto/bitcoin');
    const link = page.getByTestId('coin-backtest-link').first();
    await expect(link).toBeVisible({ timeout: 120_000 });
    await link.click();
    await expect(page).toHaveURL(/trading-signals\?tab=backtest&coin=bitcoin&timeframe=(5m|1h|1d)/);
    await expect(page.getByTestId('backtest-table')).toBeVisible({ timeout: 120_000 });
  });
});
