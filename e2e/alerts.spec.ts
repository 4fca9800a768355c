import { expect, test, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, signUpThroughUi, uniqueEmail } from './helpers';

/**
 * Alerts end to end: users sign up, create a price alert with the bell beside Follow
 * on the coin page, and — once the replay clock closes the next 5m candle — see it arrive in the
 * header's notification centre (pushed over SSE), with the price and the replay-labelled market
 * time. One test, two users side by side so they share one wait for the candle close: an en-US
 * user on a desktop in the light theme and a zh-CN user on a 390 px phone in the dark theme.
 * The wait follows the clock: ≤ 5 market minutes at the server's REPLAY_SPEED (scripts/e2e.mjs
 * runs at 1×; `REPLAY_SPEED=60` makes it a few seconds). It runs in the desktop project only (the
 * phone is one of its two users).
 */
test('price alerts from the coin page reach the notification centre (en-US desktop light, zh-CN phone dark)', async ({ browser, request, baseURL }, info) => {
  test.skip(info.project.name !== 'desktop', 'one run covers desktop and phone (a 5-minute candle wait each)');
  const clock = (await (await request.get('/api/clock')).json()).result as { now: number; speed: number };
  const speed = clock.speed > 0 ? clock.speed : 1;
  const untilClose = (300_000 - (clock.now % 300_000)) / speed;
  test.setTimeout(240_000 + untilClose * 2);

  const storageState = { cookies: [], origins: [{ origin: new URL(baseURL!).origin, localStorage: [{ name: 'isCookieAccepted', value: 'Yes' }] }] };
  const desktop = await browser.newContext({ baseURL, storageState, viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });
  const phone = await browser.newContext({ baseURL, storageState, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'zh-CN', timezoneId: 'UTC' });
  const users: { lang: 'en-US' | 'zh-CN'; page: Page }[] = [
    { lang: 'en-US', page: await desktop.newPage() },
    { lang: 'zh-CN', page: await phone.newPage() },
  ];
  await users[1].page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  try {
    for (const { lang, page } of users) {
      await signUpThroughUi(page, uniqueEmail(`alerts-${lang.toLowerCase()}`), { lang });
      await page.goto(`/${lang}/crypto/bitcoin`);
      await expect(page.getByTestId('coin-header')).toBeVisible({ timeout: 45_000 });
      await expect(page.getByTestId('notification-bell')).toBeVisible();
      await expect(page.getByTestId('notification-unread')).toHaveCount(0);

      await page.getByTestId('coin-alert-button').click();
      const form = page.getByTestId('alert-form');
      await expect(form).toBeVisible();
      await page.getByTestId('alert-kind-price_move').check();
      await page.screenshot({ path: info.outputPath(`dialog-${lang}.png`) });
      // A bad value is refused in the user's language before anything is sent.
      await page.getByTestId('alert-percent').fill('0');
      await page.getByTestId('alert-save').click();
      await expect(page.getByTestId('alert-percent')).toHaveAttribute('aria-invalid', 'true');
      // Any move of the next 5m candle (0.001 % within 5 minutes) fires.
      await page.getByTestId('alert-percent').fill('0.001');
      await page.getByTestId('alert-window').fill('5');
      await page.getByTestId('alert-save').click();
      await expect(form).toHaveCount(0);
    }

    for (const { lang, page } of users) {
      await expect(page.getByTestId('notification-unread')).toHaveText(/^[1-9]/, { timeout: untilClose * 2 + 90_000 });
      await page.getByTestId('notification-bell').click();
      const item = page.getByTestId('notification-item').first();
      await expect(item).toContainText('BTC');
      await expect(item).toContainText(lang === 'zh-CN' ? '回放' : 'replay');
      await expect(item).toContainText('USDT');
      await page.screenshot({ path: info.outputPath(`bell-${lang}.png`) });
      await expectNoHorizontalOverflow(page);
      await page.getByTestId('notification-mark-all').click();
      await expect(item).toHaveAttribute('data-read', 'true');

      // The rule is listed on the Alerts page (linked from the bell), with pause and delete.
      await page.getByTestId('notification-manage').click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/alerts$`));
      await expect(page.getByTestId('alert-rule')).toHaveCount(1);
      await expect(page.getByTestId('alert-usage')).toContainText('5');
      await expect(page.getByTestId('alerts-recent').getByTestId('notification-item').first()).toBeVisible();
      await page.screenshot({ path: info.outputPath(`alerts-page-${lang}.png`), fullPage: true });
      await expectNoHorizontalOverflow(page);
    }
  } finally {
    await desktop.close();
    await phone.close();
  }
});
