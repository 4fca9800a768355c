import { expect, test, type Page } from '@playwright/test';

/**
 * Screens a trader reads figures on: nothing overlaps or covers a figure, on the desktop and a
 * 390 px phone. Bounding boxes, not pixels: a value's box must not reach into a label's, and the
 * floating back-to-top button must never lie over an indicator value.
 */

test.describe.configure({ timeout: 240_000 });

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
const overlaps = (a: Box, b: Box) => a.left < b.right - 0.5 && a.right > b.left + 0.5 && a.top < b.bottom - 0.5 && a.bottom > b.top + 0.5;

/** The coin page's TA panel with its indicators drawn. */
async function openIndicators(page: Page, coin: string) {
  await page.goto(`/en-US/crypto/${coin}`);
  const indicators = page.getByTestId('ta-indicators');
  await expect(indicators).toBeVisible({ timeout: 120_000 });
  await indicators.scrollIntoViewIfNeeded();
  return indicators;
}

test('PEPE: every indicator value stays in its cell, clear of the other labels (MACD ran into ADX)', async ({ page }) => {
  const indicators = await openIndicators(page, 'pepe');
  // PEPE's MACD is a price-like figure of a coin worth 0.00001 USDT: subscript-zero notation
  await expect(indicators.locator('dd').first()).toBeVisible();
  const cells = await indicators.locator(':scope > div').evaluateAll((rows) =>
    rows.map((r) => {
      const box = (e: Element) => {
        const b = e.getBoundingClientRect();
        return { left: b.left, right: b.right, top: b.top, bottom: b.bottom };
      };
      return { row: box(r), dt: box(r.querySelector('dt')!), dd: box(r.querySelector('dd')!), text: r.textContent };
    }),
  );
  expect(cells.length).toBeGreaterThan(10);
  for (const c of cells) {
    expect(c.dd.right, `${c.text}: value beyond its cell`).toBeLessThanOrEqual(c.row.right + 1);
    for (const other of cells) expect(overlaps(c.dd, other.dt), `${c.text} covers the label of ${other.text}`).toBe(false);
  }
  const macd = cells.find((c) => c.text?.startsWith('MACD') && !/signal|hist/i.test(c.text));
  if (macd && /0\.0[₀-₉]/.test(macd.text ?? '')) expect(macd.text).toMatch(/0\.0[₀-₉]+\d{4}/);
});

test('phone: the back-to-top button never covers an indicator value while scrolling the coin page', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the button sits over the content column on a phone');
  const indicators = await openIndicators(page, 'bitcoin');
  const values = indicators.locator('dd');
  await expect(values.first()).toBeVisible();
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  let seenButton = false;
  for (let y = 0; y < pageHeight; y += 60) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50); // the button checks on the next animation frame
    const button = page.getByTestId('back-to-top');
    if (!(await button.isVisible())) continue;
    seenButton = true;
    const b = (await button.boundingBox())!;
    const boxes = await values.evaluateAll((ds) => ds.map((d) => d.getBoundingClientRect().toJSON() as Box));
    const btn = { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height };
    for (const v of boxes) expect(overlaps(btn, v), `back-to-top over an indicator value at scroll ${y}`).toBe(false);
  }
  expect(seenButton).toBe(true);
});

test('dark theme: every coin logo of the home table has a visible ground (Cardano\'s dark mark vanished)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/en-US/home');
  // the app has replaced the server-rendered table (an element read before would be detached)
  await expect(page.getByTestId('app-header')).toBeVisible({ timeout: 60_000 });
  const ada = page.locator('img[src*="ada"]').first();
  await expect(ada).toBeVisible({ timeout: 60_000 });
  // the computed ground, drawn on a canvas and read back as sRGB (the style may be oklch())
  const rgb = await ada.evaluate((img) => {
    const c = document.createElement('canvas').getContext('2d')!;
    c.fillStyle = getComputedStyle(img).backgroundColor;
    c.fillRect(0, 0, 1, 1);
    return [...c.getImageData(0, 0, 1, 1).data];
  });
  expect(rgb[3], 'the logo has no ground').toBeGreaterThan(200);
  expect(Math.min(rgb[0], rgb[1], rgb[2]), 'the ground is not light').toBeGreaterThan(200);
});
