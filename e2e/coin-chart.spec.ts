import { expect, test } from '@playwright/test';
import { expectChartReady } from './helpers';

/**
 * The coin page's K-line chart after the load-time work: the chart
 * library is a chunk of its own and the chart is created after the page's first paint, in a
 * placeholder of the same height; it still draws and follows the market stream, whose updates are
 * drawn at most every 250 ms (the container's data-live-updates counts the candles drawn). The
 * page's layout shift while it loads stays within the budget (CLS ≤ 0.05).
 */

test('the chart draws, follows live candle updates, and the page does not shift while it loads', async ({ page }) => {
  // layout shifts from the start of the document (what Lighthouse's CLS counts, less user input)
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const chartChunk = page.waitForRequest((r) => /\/assets\/KlineChart-[\w-]+\.js$/.test(r.url()));
  await page.goto('/en-US/crypto/bitcoin');
  await chartChunk; // requested lazily, by the page, not with its initial modules
  await expectChartReady(page);
  const chart = page.getByTestId('kline-chart');
  await expect(chart).toHaveCSS('height', '420px');

  // the replay clock ticks every second: the forming candle is redrawn from the stream
  await expect(chart).toHaveAttribute('data-live-updates', /^[1-9]\d*$/, { timeout: 20_000 });
  const first = Number(await chart.getAttribute('data-live-updates'));
  await expect.poll(async () => Number(await chart.getAttribute('data-live-updates')), { timeout: 20_000 }).toBeGreaterThan(first);

  // a timeframe switch replaces the data and live updates go on on the new one
  await page.getByTestId('timeframes').locator('[data-timeframe="5m"]').click();
  await expect(page.getByTestId('chart-panel')).toHaveAttribute('data-state', 'ready');
  const afterSwitch = Number(await chart.getAttribute('data-live-updates'));
  await expect.poll(async () => Number(await chart.getAttribute('data-live-updates')), { timeout: 20_000 }).toBeGreaterThan(afterSwitch);

  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls, `cumulative layout shift ${cls.toFixed(3)}`).toBeLessThanOrEqual(0.05);
});

test('the panels below the chart mount without scrolling, and one scroll to the last panel lands on it', async ({ page }) => {
  await page.goto('/en-US/crypto/bitcoin');
  await expectChartReady(page);
  // analysis, AI and news mount a few painted frames after the page (AfterPaint), whatever the scroll
  await expect(page.getByRole('heading', { name: 'Technical analysis', exact: true })).toBeAttached({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'AI insights', exact: true })).toBeAttached({ timeout: 15_000 });
  await expect(page.getByTestId('coin-news').locator('article').first()).toBeAttached({ timeout: 15_000 });
  // and their content has arrived (a loading skeleton is shorter than what replaces it: on a loaded
  // machine the AI panel's data came after the scroll once and pushed the last panel down)
  await expect(page.getByTestId('coin-ta')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.getByTestId('coin-ai').locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  // One scroll to the last panel lands on it: every panel above has its real height (with
  // `content-visibility: auto` the long news list's estimated height made this scroll fall short).
  const about = page.getByRole('heading', { name: 'About Bitcoin', exact: true });
  await about.scrollIntoViewIfNeeded();
  await expect(about).toBeInViewport();
});

test("the chart's canvases are sized once: the price axis has its width before the candles arrive", async ({ page }) => {
  // A chart created empty drew a 56 px price axis; the candles' labels widened it, and every canvas
  // of the chart was laid out and its bitmap reallocated a second time. The axis width is now
  // reserved from the coin's price. Watched: the CSS widths each canvas of the chart takes (its
  // bitmap size is not compared: under device emulation Chromium sizes bitmaps twice either way).
  await page.addInitScript(() => {
    const w = window as unknown as { __canvasWidths: Map<Element, Set<string>> };
    w.__canvasWidths = new Map();
    const note = (c: Element, style: string | null) => {
      const m = /(?:^|;)\s*width:\s*([^;]+)/.exec(style ?? '');
      if (m) w.__canvasWidths.set(c, (w.__canvasWidths.get(c) ?? new Set()).add(m[1].trim()));
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes' && r.target instanceof HTMLCanvasElement) {
          note(r.target, r.oldValue);
          note(r.target, r.target.getAttribute('style'));
        }
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['style'], attributeOldValue: true });
  });
  // prices of both kinds: BTC's 105,000.00 and DOGE's 0.2200 make axes of different widths
  for (const coin of ['bitcoin', 'dogecoin']) {
    await page.goto(`/en-US/crypto/${coin}`);
    await expectChartReady(page);
    // the analysis' markers and level lines come after the candles: give them time to be drawn
    await page.waitForTimeout(1_500);
    // each canvas of the chart: the widths seen changing (a canvas styled before it was attached
    // shows no change) and its width now
    const widths = await page.evaluate(() => {
      const seen = (window as unknown as { __canvasWidths: Map<Element, Set<string>> }).__canvasWidths;
      return [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="kline-chart"] canvas')].map((c) => [...new Set([...(seen.get(c) ?? []), c.style.width])]);
    });
    expect(widths.length, coin).toBeGreaterThanOrEqual(4);
    for (const w of widths) expect(w, `${coin}: CSS widths one canvas of the chart took`).toHaveLength(1);
  }
});
