import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, signUpOrSignIn, uniqueEmail } from './helpers';

// The calibration log fills during the start-up backfill; allow it time.
test.describe.configure({ timeout: 300_000 });

test.describe('calibration tab and scored strategies', () => {
  test('Calibration tab: reliability diagrams with n, Brier skill, calibrated verbal scale, strategy record', async ({ page }) => {
    await page.goto('/en-US/trading-signals?tab=calibration');
    await expect(page.getByRole('tab', { name: 'Calibration' })).toHaveAttribute('aria-selected', 'true');
    const view = page.getByTestId('calibration-view');
    await expect(view.getByRole('heading', { name: 'Calibration of the stated probabilities' })).toBeVisible();
    // the backfill has logged and resolved forecasts: a chart per kind × timeframe with resolved rows
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('reliability-chart').first()).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 240_000 });
    const touch = page.locator('[data-testid="calibration-group"][data-kind="touch"]').first();
    await expect(touch.getByTestId('calibration-n')).toHaveText(/^[\d,]+$/);
    await expect(touch.getByTestId('calibration-skill')).toHaveText(/^-?\d+\.\d{3}$/);
    await expect(touch).toContainText('Very likely');
    await expect(touch).toContainText('80%–100%');
    // bins are labelled with their n
    await expect(touch.getByTestId('reliability-chart').locator('text').first()).toBeVisible();
    // the strategy record: a table or its empty state
    await expect(page.getByTestId('strategy-record-table').or(page.getByTestId('strategy-record-empty'))).toBeVisible({ timeout: 60_000 });
    // in-sample rows alone
    await page.getByTestId('calibration-origin').selectOption('backfill');
    await expect(page.getByTestId('reliability-chart').first()).toBeVisible({ timeout: 60_000 });
    await expectNoHorizontalOverflow(page);
  });

  test('zh-CN and a 390 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/zh-CN/trading-signals?tab=calibration');
    await expect(page.getByRole('tab', { name: '校准' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: '所述概率的校准' })).toBeVisible();
    await expect(page.getByTestId('reliability-chart').first().or(page.getByTestId('calibration-empty'))).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText('策略评分')).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test('coin page: each strategy shows its author\'s record on that timeframe with n', async ({ page, request }) => {
    const email = uniqueEmail('calib');
    await signUpOrSignIn(page, request, email, { redirect: '/en-US/crypto/bitcoin' });
    await page.getByTestId('strategy-generate').click();
    const lines = page.getByTestId('strategy-record-line');
    await expect(lines.first()).toBeVisible({ timeout: 60_000 });
    await expect(lines.first()).toHaveText(/^Built-in analyst, (1D|7D|1M): (\d+ of \d+ reached target first, mean .+ after fees vs hold .+|no scored strategies yet)$/);
  });
});
