import { expect, test } from '@playwright/test';
import { labEmail, signUpOrSignIn } from '../../e2e/helpers';

/**
 * Visual review screenshots of the trading-agent lab panel (desktop+phone × light+dark × en+zh)
 * into screenshots/ (gitignored), as the lab user with at least one paper plan. Not a test (it asserts
 * nothing): a tool run by `npm run screenshots` (scripts/review-screenshots/playwright.config.ts), which
 * starts the e2e servers like `npm run test:e2e`.
 */

for (const lang of ['en-US', 'zh-CN'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`lab panel ${lang} ${theme}`, async ({ page, request }, info) => {
      test.setTimeout(240_000);
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signUpOrSignIn(page, request, labEmail(info.project.name), { lang, redirect: `/${lang}/crypto/bitcoin` });
      const lab = page.getByTestId('agent-lab');
      await expect(lab).toBeVisible({ timeout: 60_000 });
      await expect(lab.getByTestId('agent-plan').first().or(lab.getByTestId('agent-empty'))).toBeVisible();
      if (!(await lab.getByTestId('agent-plan').count())) {
        await lab.getByTestId('agent-create').click();
        await expect(lab.getByTestId('agent-plan').first()).toBeVisible();
      }
      await lab.scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await lab.screenshot({ path: `screenshots/lab-${info.project.name}-${theme}-${lang}.png` });
      await page.screenshot({ path: `screenshots/lab-${info.project.name}-${theme}-${lang}-view.png` });
    });
  }
}
