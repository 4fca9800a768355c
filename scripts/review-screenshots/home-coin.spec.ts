import { test } from '@playwright/test';
import { expectChartReady, expectLivePrices } from '../../e2e/helpers';

/**
 * Visual review screenshots (desktop+phone × light+dark × en+zh) of home and a coin page into
 * screenshots/ (gitignored). Not a test (it asserts nothing): a tool run by `npm run screenshots`
 * (scripts/review-screenshots/playwright.config.ts), which starts the e2e servers like `npm run test:e2e`.
 */

for (const lang of ['en-US', 'zh-CN'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`screenshots ${lang} ${theme}`, async ({ page }, info) => {
      test.setTimeout(240_000);
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto(`/${lang}/home`);
      await expectLivePrices(page);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `screenshots/home-${info.project.name}-${theme}-${lang}.png`, fullPage: true });
      await page.screenshot({ path: `screenshots/home-${info.project.name}-${theme}-${lang}-top.png` });
      await page.goto(`/${lang}/crypto/bitcoin`);
      await expectChartReady(page);
      await page.waitForTimeout(800);
      await page.screenshot({ path: `screenshots/coin-${info.project.name}-${theme}-${lang}.png`, fullPage: true });
      await page.screenshot({ path: `screenshots/coin-${info.project.name}-${theme}-${lang}-top.png` });
    });
  }
}
