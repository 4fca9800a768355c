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
    // effective n beside n, the skill with its interval over episodes, and its verdict in words
    await expect(touch.getByTestId('calibration-n-eff')).toHaveText(/^[\d,]+$/);
    await expect(touch.getByTestId('calibration-skill')).toHaveText(/^−?\d+\.\d{2}( \(95 % −?\d+\.\d{2} to −?\d+\.\d{2}\))?$/);
    await expect(touch.getByTestId('calibration-skill-verdict')).toHaveText(/^(Skill over the base rate|No skill over the base rate \(\d+% of levels are touched anyway\)|Worse than stating the base rate|Too few episodes)/);
    // the labels served beside the probabilities say which forecasts they rest on
    await expect(touch.getByTestId('calibration-scale-source')).toHaveText(/^(From backfill: the labels beside the probabilities rest on the in-sample backfill until|The labels beside the probabilities rest on live forecasts)/);
    // survivorship and coverage
    await expect(view.getByTestId('coverage-note')).toContainText(/Measured on the \d+ coins the app ships today.*survivorship bias.*Series start at different dates/);
    // the verbal scale: label → stated range → observed rate (95 %) → n, calibrated or said not to be
    const scale = touch.getByTestId('calibration-scale');
    await expect(scale.getByRole('heading', { name: /Verbal scale/ })).toBeVisible();
    await expect(scale.getByRole('columnheader')).toHaveText(['Label', 'Stated range', 'Observed (95 %)', 'n', 'Episodes']);
    await expect(scale.getByTestId('scale-row')).toHaveCount(5);
    await expect(scale.getByRole('rowheader')).toHaveText(['Very unlikely', 'Unlikely', 'Uncertain', 'Likely', 'Very likely']);
    await expect(scale.getByTestId('calibration-scale-status')).toHaveText(/^(calibrated|not yet calibrated)$/);
    const filled = scale.locator('[data-testid="scale-row"]').filter({ hasText: /\d+%–\d+%/ }).first();
    await expect(filled.locator('td').nth(0)).toHaveText(/^\d+%–\d+%$/);
    await expect(filled.locator('td').nth(1)).toHaveText(/^\d+% \(\d+%–\d+%\)$|^—$/);
    await expect(filled.locator('td').nth(2)).toHaveText(/^[\d,]+$/);
    await expect(filled.locator('td').nth(3)).toHaveText(/^[\d,]+$/);
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
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('calibration-scale').first()).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 240_000 });
    await expect(page.getByText('策略评分')).toBeVisible();
    // the verbal scale table in Chinese, readable on the phone
    const scale = page.getByTestId('calibration-scale').first();
    await expect(scale.getByRole('heading', { name: /文字表述刻度/ })).toBeVisible();
    await expect(scale.getByRole('columnheader')).toHaveText(['表述', '所述区间', '实际 (95%)', 'n', '事件段']);
    await expect(page.getByTestId('coverage-note').first()).toContainText('幸存者偏差');
    await expect(scale.getByRole('rowheader')).toHaveText(['极不可能', '不太可能', '不确定', '可能', '极有可能']);
    await expect(scale.getByTestId('calibration-scale-status')).toHaveText(/^(已校准|尚未校准)$/);
    const box = await scale.locator('table').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectNoHorizontalOverflow(page);
  });

  test('coin page: each strategy shows its author\'s record on that timeframe with n', async ({ page, request }) => {
    const email = uniqueEmail('calib');
    await signUpOrSignIn(page, request, email, { redirect: '/en-US/crypto/bitcoin' });
    await page.getByTestId('strategy-generate').click();
    const lines = page.getByTestId('strategy-record-line');
    await expect(lines.first()).toBeVisible({ timeout: 60_000 });
    // out-of-sample and the in-sample backfill apart, each with n; the backfill has scored strategies at first start
    // … and its episodes (effective n), with the excess over holding and its interval when bounded
    await expect(lines.first()).toHaveText(/^Built-in analyst, (1D|7D|1M): out-of-sample(: none scored yet \(n = 0\)| \d+ of \d+ reached target first, mean .+ after fees vs hold .+ \(n = [\d,]+ in [\d,]+ episodes(; vs hold .+ pp, 95 % .+ over episodes)?\)); in-sample backfill( \d+ of \d+, mean .+ vs hold .+ \(n = [\d,]+ in [\d,]+ episodes(; vs hold .+ pp, 95 % .+ over episodes)?\)|: none scored \(n = 0\))$/);
    await expect(lines.filter({ hasText: /^Built-in analyst, 7D: / })).toHaveText(/in-sample backfill \d+ of [1-9][\d,]*, .+ \(n = [1-9][\d,]* in [1-9][\d,]* episodes(; .+)?\)$/);
  });
});
