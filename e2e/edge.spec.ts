import { expect, test } from '@playwright/test';
import { ANY_VIEWPORT, expectNoHorizontalOverflow } from './helpers';

// The server backfills the track record in the background after start-up; allow it time.
test.describe.configure({ timeout: 240_000 });

const EDGE_EN = /no measurable edge|edge [+−]\d+\.\d pp \(95 % CI [+−±]\d+\.\d to [+−±]\d+\.\d\)|worse than baseline [+−]\d+\.\d pp \(95 % CI/;

test.describe('edge over the baseline with uncertainty', () => {
  test('track record: every pattern row states its edge with a 95 % interval or "no measurable edge", in and out of sample apart', async ({ page }) => {
    await page.goto('/en-US/trading-signals?tab=trackRecord');
    const row = page.getByTestId('pattern-row').first();
    await expect(row).toBeVisible({ timeout: 120_000 });
    const texts = await page.locator('[data-testid="pattern-row"] [data-testid="edge-text"]').allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) expect(t).toMatch(EDGE_EN);
    // rows without a measurable edge say so in the one wording
    const none = page.locator('[data-testid="pattern-row"][data-verdict="none"] [data-testid="edge-text"]');
    if (await none.count()) await expect(none.first()).toContainText('no measurable edge');
    // one verdict and one interval: the interval shown beside "no measurable edge" is the corrected one and contains 0
    const num = (v: string) => Number(v.replace('−', '-').replace('±', ''));
    for (const t of await none.allTextContents()) {
      const m = /95 % CI ([+−±][\d.]+) to ([+−±][\d.]+)/.exec(t);
      if (m) expect(num(m[1]) <= 0 && num(m[2]) >= 0).toBe(true);
    }
    // survivorship and coverage: the universe, dead coins absent, where the series start; every series' first candle on demand
    const note = page.getByTestId('coverage-note');
    await expect(note).toContainText(/Measured on the \d+ coins the app ships today.*Coins that died or were delisted before .* are absent.*Series start at different dates: the earliest on .+, the coin that starts last \(\w+\) on /);
    await note.getByText('First candle of every series').click();
    await expect(note.getByTestId('coverage-table').locator('tbody tr').first()).toBeVisible();
    const sample = page.getByTestId('pattern-sample');
    await expect(sample.locator('[data-sample="in_sample"]')).toHaveText(/In sample · n = [\d,]+/);
    await expect(sample.locator('[data-sample="out_of_sample"]')).toHaveText(/Out of sample · n = [\d,]+/);
    await sample.locator('[data-sample="in_sample"]').click();
    await expect(page.getByTestId('pattern-stats')).toHaveAttribute('data-sample', 'in_sample');
    await sample.locator('[data-sample="out_of_sample"]').click();
    await expect(page.getByTestId('pattern-stats').or(page.getByTestId('pattern-sample-empty'))).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test('signal cards quote hit rate, baseline, n and the edge verdict', async ({ page }) => {
    await page.goto('/en-US/trading-signals');
    await expect(page.getByTestId('signal-card').first()).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId('accuracy-edge')).toContainText(/patterns/, { timeout: 120_000 });
    const records = page.locator('[data-testid="signal-labels"] [data-testid="edge-text"]');
    // the last candle of a timeframe may fire nothing: walk the cards' timeframes until signals show
    const cards = page.getByTestId('signal-card');
    for (let c = 0; c < (await cards.count()) && !(await records.count()); c++) {
      for (const tf of ['1h', '1d']) {
        const card = cards.nth(c);
        await card.locator(`[data-testid="ta-timeframes"] [data-timeframe="${tf}"]`).click();
        await expect(card.locator(`[data-testid="ta-timeframes"] [data-timeframe="${tf}"]`)).toHaveAttribute('aria-pressed', 'true');
        // the selector is disabled while the analysis of the new timeframe loads
        await expect(card.locator('[data-testid="ta-timeframes"] [data-timeframe="5m"]')).toBeEnabled({ timeout: 60_000 });
        if (await records.count()) break;
      }
    }
    expect(await records.count()).toBeGreaterThan(0);
    for (const t of await records.allTextContents()) {
      expect(t).toMatch(/^hit rate \d+ %, baseline \d+ %, n = \d+( \(\d+ episodes?\))?; /);
      expect(t).toMatch(EDGE_EN);
    }
    // a stated touch probability: its label, or "no skill over the base rate" when the calibration log finds none; "from backfill" while it rests on in-sample forecasts
    const touch = page.getByTestId('ta-touch').first().locator('span.num').first();
    if (await touch.count()) {
      await expect(touch).toHaveText(/^(Very unlikely|Unlikely|Uncertain|Likely|Very likely|No skill over the base rate \(\d+ % of levels are touched anyway\)) · \d+ % · n = [\d,]+/);
      if ((await touch.getAttribute('data-source')) === 'backfill') await expect(touch.getByTestId('from-backfill')).toHaveText('(from backfill)');
      if ((await touch.getAttribute('data-no-skill')) === 'true') await expect(touch).toContainText('No skill over the base rate');
    }
    await expectNoHorizontalOverflow(page);
  });

  test('zh-CN: the same wording in Chinese', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/zh-CN/trading-signals?tab=trackRecord');
    await expect(page.getByTestId('pattern-row').first()).toBeVisible({ timeout: 120_000 });
    for (const t of await page.locator('[data-testid="pattern-row"] [data-testid="edge-text"]').allTextContents()) {
      expect(t).toMatch(/无可测量的优势|优势 [+−]\d+\.\d 个百分点（95% 置信区间|逊于基准/);
    }
    await expect(page.getByTestId('pattern-sample').locator('[data-sample="out_of_sample"]')).toHaveText(/样本外 · n = [\d,]+/);
    await expect(page.getByTestId('coverage-note')).toContainText('幸存者偏差');
  });
});
