import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8313';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const only = process.argv[2];
for (const [lang, theme, w, h] of [['en-US', 'light', 1366, 900], ['en-US', 'dark', 390, 844], ['zh-CN', 'dark', 1366, 900], ['zh-CN', 'light', 390, 844]]) {
  const name = `${lang}-${theme}-${w}`;
  if (only && !name.includes(only)) continue;
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1 });
  await ctx.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await ctx.newPage();
  await page.goto(`${base}/${lang}/trading-signals?tab=backtest&coin=bitcoin&timeframe=1h`);
  await page.getByTestId('backtest-table').waitFor({ timeout: 120000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/ev-bt-${name}.png`, fullPage: false });
  await page.evaluate(() => window.scrollTo(0, 700));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/ev-bt-${name}-b.png`, fullPage: false });
  await ctx.close();
}
await browser.close();
