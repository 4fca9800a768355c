import { expect, test, type Page } from '@playwright/test';
import { expectChartReady, signUpOrSignIn, uniqueEmail } from './helpers';

/**
 * One analysis, read the same everywhere: the coin page's chart draws the nearest support and
 * resistance of the same snapshot (timeframe and candle) whose levels the analysis panel below lists,
 * split at the same live price — support below it, resistance above; switching the timeframe on either
 * moves both. A strategy is proposed only with reward/risk ≥ 1.5 to its first target; otherwise its
 * card says "No trade", why, and the levels to watch.
 */

/** The chart's drawn levels, the panel's first listed ones, its facts' nearest ones and the shown price, read in one go. */
async function readLevels(page: Page) {
  return page.evaluate(() => {
    const num = (v: string | null | undefined) => (v == null || v === '' ? null : Number(v));
    const chart = document.querySelector('[data-testid="chart-panel"]');
    const panelSupport = document.querySelector('[data-testid="ta-support"] li[data-price]');
    const panelResistance = document.querySelector('[data-testid="ta-resistance"] li[data-price]');
    const factSupport = document.querySelector('[data-testid="ta-fact-support"] [data-price]');
    const factResistance = document.querySelector('[data-testid="ta-fact-resistance"] [data-price]');
    const price = Number((document.querySelector('[data-testid="coin-price"]')?.textContent ?? '').replace(/[^\d.]/g, ''));
    return {
      timeframe: chart?.getAttribute('data-timeframe') ?? null,
      panelTimeframe: document.querySelector('[data-testid="ta-timeframes"] [aria-pressed="true"]')?.getAttribute('data-timeframe') ?? null,
      chart: { support: num(chart?.getAttribute('data-support')), resistance: num(chart?.getAttribute('data-resistance')) },
      panel: { support: num(panelSupport?.getAttribute('data-price')), resistance: num(panelResistance?.getAttribute('data-price')) },
      facts: { support: num(factSupport?.getAttribute('data-price')), resistance: num(factResistance?.getAttribute('data-price')) },
      price,
    };
  });
}

async function expectSameLevels(page: Page, timeframe: string) {
  await expect
    .poll(async () => {
      const r = await readLevels(page);
      const ok =
        r.timeframe === timeframe &&
        r.panelTimeframe === timeframe &&
        r.chart.support !== null &&
        r.chart.resistance !== null &&
        r.chart.support === r.panel.support &&
        r.chart.resistance === r.panel.resistance &&
        r.chart.support === r.facts.support &&
        r.chart.resistance === r.facts.resistance;
      return ok ? 'same' : JSON.stringify(r);
    }, { timeout: 30_000 })
    .toBe('same');
  const r = await readLevels(page);
  // split at the live price: support below it, resistance above (the price may tick between reads: a small slack)
  expect(r.chart.support!).toBeLessThanOrEqual(r.price * 1.001);
  expect(r.chart.resistance!).toBeGreaterThanOrEqual(r.price * 0.999);
}

test("the chart's support and resistance are the panel's, on one timeframe, on either side of the live price", async ({ page }) => {
  await page.goto('/en-US/crypto/bitcoin');
  await expectChartReady(page);
  await expect(page.getByTestId('coin-ta')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expectSameLevels(page, '1h');
  await expect(page.getByTestId('coin-ta').getByRole('heading', { name: 'Support & resistance of the 1h chart above (split at the live price)' })).toBeVisible();

  // switching the chart's timeframe switches the panel, and the reverse
  await page.getByTestId('timeframes').locator('[data-timeframe="5m"]').click();
  await expect(page.getByTestId('chart-panel')).toHaveAttribute('data-state', 'ready');
  await expectSameLevels(page, '5m');
  await page.getByTestId('ta-timeframes').locator('[data-timeframe="1d"]').click();
  await expect(page.getByTestId('chart-panel')).toHaveAttribute('data-state', 'ready');
  await expectSameLevels(page, '1d');

  // one direction per timeframe: the verdict pill, and a conflicting state instead of two opposite pills
  const verdicts = page.getByTestId('coin-ta').getByTestId('direction-verdict');
  await expect(verdicts.first()).toBeVisible();
  for (const v of await verdicts.all()) await expect(v.locator('[data-direction]').filter({ hasText: /Bullish|Bearish|Neutral/ })).toHaveCount(1);
});

test('no strategy with reward/risk below 1.5 is proposed: such a card says "No trade", why, and the levels to watch', async ({ page, request }) => {
  await signUpOrSignIn(page, request, uniqueEmail('no-trade'), { redirect: '/en-US/crypto/bitcoin' });
  await page.getByTestId('strategy-generate').click();
  const cards = page.locator('[data-testid="strategy-short"], [data-testid="strategy-long"]');
  await expect(cards.first()).toBeVisible({ timeout: 60_000 });
  expect(await cards.count()).toBe(2);
  for (const card of await cards.all()) {
    const trade = await card.getAttribute('data-trade');
    if (trade === 'yes') {
      const rr = Number(await card.getByTestId('strategy-numbers').getAttribute('data-reward-risk'));
      expect(rr).toBeGreaterThanOrEqual(1.5);
    } else if (trade === 'no') {
      await expect(card.getByTestId('strategy-no-trade')).toHaveText('No trade');
      await expect(card.getByTestId('strategy-no-trade-reasons').locator('li').first()).toBeVisible();
      await expect(card.getByTestId('strategy-watch')).toContainText('Support to watch');
      await expect(card.getByTestId('strategy-numbers')).toHaveCount(0);
    }
    // risks cite headlines, never a bare item id, and count in proper plurals
    await expect(card).not.toContainText(/#[a-z]+:[0-9a-f]{8,}/);
    await expect(card).not.toContainText('item(s)');
  }
});
