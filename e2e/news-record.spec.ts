import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow } from './helpers';

// The news jobs (analysis, impact) and the record's first append run after start-up; allow them time.
test.describe.configure({ timeout: 300_000 });

test.describe('News record tab and the published root of the record', () => {
  test('News record: marks scored at +1h / +24h with base rate, edge interval, IC, per source, event type and language; the daily root under the record tabs', async ({ page, request }) => {
    await page.goto('/en-US/trading-signals?tab=newsRecord');
    await expect(page.getByRole('tab', { name: 'News record' })).toHaveAttribute('aria-selected', 'true');
    const view = page.getByTestId('news-record-view');
    await expect(view.getByRole('heading', { name: 'News marks scored against price' })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('news-record-table')).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 240_000 });
    const summary = page.getByTestId('news-record-summary');
    await expect(summary).toContainText(/[\d,]+ marks? scored at \+24 hours \(\d+ independent episodes; \d+ bullish, \d+ bearish\) on \d+ coins/);
    await expect(summary).toContainText(/Hit rate \d+\.\d% against a base rate of \d+\.\d% \([\d,]+ windows\)/);
    await expect(summary.getByTestId('edge-text')).toBeVisible();
    await expect(view.getByRole('columnheader')).toHaveText(['Source', 'Marks (episodes)', 'Hit rate', 'Base rate', 'Edge (Holm-corrected 95% CI)', 'IC (95% CI)', 'Mean move the marked way']);
    expect(await page.getByTestId('news-record-row').count()).toBeGreaterThan(1);
    // The same figures as the API serves.
    const api = (await (await request.get('/api/feeds/record')).json()).result;
    const all24 = api.tables.find((x: any) => x.horizon === '24h' && x.dimension === 'all').rows[0];
    await expect(summary).toContainText(`${all24.edge.n.toLocaleString('en-US')} mark`);
    await page.getByTestId('news-record-dimension').selectOption('event_type');
    await expect(view.getByRole('columnheader').first()).toHaveText('Event type');
    await page.getByTestId('news-record-dimension').selectOption('lang');
    await expect(page.getByTestId('news-record-row').first()).toContainText(/English|Chinese/);
    await page.getByTestId('news-record-horizon').selectOption('1h');
    await expect(summary).toContainText('scored at +1 hour');
    // The root of the tamper-evident record, as published by the API.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('record-root-hash')).toHaveText(/^[0-9a-f]{64}$/, { timeout: 10_000 });
    }).toPass({ timeout: 120_000 });
    const roots = (await (await request.get('/api/record/roots')).json()).result;
    expect(roots.days.length).toBeGreaterThan(0);
    await expect(page.getByTestId('record-root')).toContainText(`Root of ${roots.days[0].day} (UTC)`);
    await expectNoHorizontalOverflow(page);
    // The same root under the Track record and Calibration tabs.
    for (const tab of ['Track record', 'Calibration']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByTestId('record-root-hash')).toHaveText(/^[0-9a-f]{64}$/);
    }
  });

  test('zh-CN on a 390 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/zh-CN/trading-signals?tab=newsRecord');
    await expect(page.getByRole('tab', { name: '新闻记录' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: '新闻标记对价格的检验' })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('news-record-list')).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 240_000 });
    // On a phone the rows are cards (the table is for wider screens).
    await expect(page.getByTestId('news-record-table')).toBeHidden();
    expect(await page.getByTestId('news-record-card').count()).toBeGreaterThan(1);
    await expect(page.getByTestId('news-record-card').first()).toContainText(/命中率 \d+\.\d% · 基准率 \d+\.\d%/);
    await expect(page.getByTestId('news-record-summary')).toContainText(/24 小时后共计分 [\d,]+ 个标记/);
    await expect(page.getByRole('heading', { name: '防篡改记录' })).toBeVisible();
    await expect(page.getByTestId('record-root-hash')).toHaveText(/^[0-9a-f]{64}$/, { timeout: 120_000 });
    await expectNoHorizontalOverflow(page);
  });
});
