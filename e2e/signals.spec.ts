import { expect, test } from '@playwright/test';
import { ANY_VIEWPORT, expectNoHorizontalOverflow } from './helpers';

// The server backfills the track record in the background after start-up; allow it time.
test.describe.configure({ timeout: 240_000 });

test.describe('trading signals', () => {
  test('shows signal cards with localized labels and probabilities with their sample size', async ({ page }) => {
    await page.goto('/en-US/trading-signals');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trading signals');
    const card = page.getByTestId('signal-card').first();
    await expect(card).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId('signal-card')).toHaveCount(5);
    // probabilities are worded WITH their measured rate and n — or, for a level inside the typical
    // move of the horizon, not stated ("within normal noise")
    await expect(card.locator('[data-testid="ta-touch"], [data-testid="ta-noise"]')).toContainText(/(Very unlikely|Unlikely|Uncertain|Likely|Very likely) · (\d+ %|—) · n = [\d,]+|Within normal noise: the level is closer than the typical 1D move \(±[\d.]+ %\)|crossed this level/);
    await expect(card.getByTestId('ta-trend')).toContainText(/Uptrend|Downtrend|Sideways|Reversal/);
    // accuracy always with its denominator
    await expect(card.getByTestId('coin-accuracy')).toContainText(/\(\d[\d,]*\/\d[\d,]*\)/);
    await expect(page.getByTestId('latest-accuracy')).toContainText(/\(\d[\d,]*\/\d[\d,]*\)/, { timeout: 120_000 });
    // signal labels come from the catalogue in English (no raw snake_case)
    const labels = page.locator('[data-testid="signal-labels"] li');
    if (await labels.count()) await expect(labels.first()).not.toHaveText(/^[a-z0-9_]+\s/);
    // load more pages by 5
    await page.getByTestId('signals-load-more').click();
    await expect(page.getByTestId('signal-card')).toHaveCount(10, { timeout: 60_000 });
    await expectNoHorizontalOverflow(page);
  });

  test('switches the timeframe of a card (1D / 7D / 1M)', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/en-US/trading-signals');
    const card = page.locator('[data-testid="signal-card"][data-symbol="BTC"]');
    await expect(card).toBeVisible({ timeout: 120_000 });
    const group = card.getByTestId('ta-timeframes');
    await expect(group.locator('button')).toHaveText(['1D', '7D', '1M']);
    await expect(group.locator('[data-timeframe="5m"]')).toHaveAttribute('aria-pressed', 'true');
    await group.locator('[data-timeframe="1h"]').click();
    await expect(group.locator('[data-timeframe="1h"]')).toHaveAttribute('aria-pressed', 'true');
    await expect(card.locator('[data-testid="ta-touch"], [data-testid="ta-noise"]')).toContainText(/n = [\d,]+|typical 7D move|crossed this level/);
  });

  test('track record lists outcomes with counts and pattern hit rates beside a baseline', async ({ page }) => {
    await page.goto('/en-US/trading-signals?tab=trackRecord');
    await expect(page.getByTestId('track-record-total')).toHaveText(/[\d,]+ signals/, { timeout: 120_000 });
    await expect(page.getByTestId('track-record-row').first()).toBeVisible({ timeout: 120_000 });
    await page.locator('[data-status-filter="scored"]').click();
    const row = page.getByTestId('track-record-row').first();
    await expect(row).toHaveAttribute('data-status', /hit|miss/, { timeout: 60_000 });
    await expect(row).toContainText(/Hit|Miss/);
    await expect(page.getByTestId('pattern-row').first()).toContainText(/\d+ % \(\d[\d,]*\/\d[\d,]*\)/, { timeout: 120_000 });
    await expectNoHorizontalOverflow(page);
  });

  test('zh-CN: localized page, labels and probability wording', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/zh-CN/trading-signals');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('交易信号');
    const card = page.getByTestId('signal-card').first();
    await expect(card).toBeVisible({ timeout: 120_000 });
    await expect(card.locator('[data-testid="ta-touch"], [data-testid="ta-noise"]')).toContainText(/(极不可能|不太可能|不确定|可能|很可能) · (\d+ %|—) · n = [\d,]+|处于正常波动范围内|已越过该价位/);
    await expect(page.getByRole('tab', { name: '历史战绩' })).toBeVisible();
  });

  test('following asks visitors to sign in', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/en-US/trading-signals?tab=following');
    await expect(page.getByTestId('signals-sign-in')).toBeVisible();
  });
});
