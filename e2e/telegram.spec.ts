import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, signUpThroughApi, uniqueEmail } from './helpers';

/**
 * Telegram alerts end to end: a user connects Telegram on the Alerts page, the test
 * plays the Telegram client by sending `/start <token>` to the local Bot API stand-in (the server's
 * worker receives it by long polling `getUpdates`), the page turns to "Connected as @username", a
 * rule can tick Telegram, "Send test" reaches the chat, and Unlink works. An en-US user on a desktop
 * (light theme) and a zh-CN user on a 390 px phone (dark theme). Runs in the Playwright project
 * `telegram`, against the side server scripts/e2e.mjs starts with the stand-in
 * (`node scripts/e2e.mjs --project telegram`).
 */
const standIn = process.env.E2E_TELEGRAM_URL;

async function sentTo(request: APIRequestContext, chatId: number): Promise<string[]> {
  const r = (await (await request.get(`${standIn}/__stand-in/messages`)).json()) as { messages: { chat_id: string; text: string }[] };
  return r.messages.filter((m) => m.chat_id === String(chatId)).map((m) => m.text);
}

test('connects Telegram from the Alerts page and sends to the chat (en-US desktop light, zh-CN phone dark)', async ({ browser, request, baseURL }, info) => {
  test.skip(!standIn, 'needs the Telegram stand-in (E2E_TELEGRAM=1)');
  test.skip(info.project.name !== 'telegram', 'one run covers desktop and phone');
  test.setTimeout(240_000);
  const storageState = { cookies: [], origins: [{ origin: new URL(baseURL!).origin, localStorage: [{ name: 'isCookieAccepted', value: 'Yes' }] }] };
  const desktop = await browser.newContext({ baseURL, storageState, viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });
  const phone = await browser.newContext({ baseURL, storageState, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'zh-CN', timezoneId: 'UTC' });
  const users: { lang: 'en-US' | 'zh-CN'; page: Page; chatId: number; username: string }[] = [
    { lang: 'en-US', page: await desktop.newPage(), chatId: 900_000_001 + Math.floor(Math.random() * 1e6), username: 'e2e_alice' },
    { lang: 'zh-CN', page: await phone.newPage(), chatId: 910_000_001 + Math.floor(Math.random() * 1e6), username: 'e2e_li' },
  ];
  await users[1].page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  try {
    for (const { lang, page, chatId, username } of users) {
      const zh = lang === 'zh-CN';
      await signUpThroughApi(page, uniqueEmail(`tg-${lang.toLowerCase()}`), { lang });
      await page.goto(`/${lang}/alerts`);
      const connect = page.getByTestId('telegram-connect');
      await expect(connect).toBeVisible({ timeout: 45_000 });
      await expect(page.getByTestId('alert-channels')).toContainText('Telegram');
      // The rule dialog offers Telegram only once a chat is linked, and says why.
      await page.getByTestId('alert-new-watchlist').click();
      await expect(page.getByTestId('alert-channel-telegram')).toBeDisabled();
      await expect(page.getByTestId('alert-form')).toContainText(zh ? '请先连接你的 Telegram' : 'Connect your Telegram first');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('alert-form')).toHaveCount(0);

      // Keyboard: the button is reachable and pressed with Enter.
      await connect.focus();
      await page.keyboard.press('Enter');
      const pending = page.getByTestId('telegram-pending');
      await expect(pending).toBeVisible();
      await expect(page.getByTestId('telegram-open')).toHaveAttribute('href', /^https:\/\/t\.me\/coinlens_test_bot\?start=[A-Za-z0-9_-]+$/);
      await expect(pending).toContainText(zh ? '等待你在 Telegram 中点击' : 'Waiting for you to press Start');
      await page.getByTestId('telegram-pending').scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`telegram-pending-${lang}.png`), fullPage: true });
      const url = (await page.getByTestId('telegram-open').getAttribute('href'))!;
      const token = new URL(url).searchParams.get('start')!;

      // The user presses Start in Telegram: the client sends `/start <token>` to the bot.
      const r = await request.post(`${standIn}/__stand-in/start`, { data: { chat_id: chatId, text: `/start ${token}`, username, language_code: zh ? 'zh-hans' : 'en' } });
      expect(r.ok()).toBe(true);
      const linked = page.getByTestId('telegram-linked');
      await expect(linked).toContainText(zh ? `已连接：@${username}` : `Connected as @${username}`, { timeout: 30_000 });
      await expect.poll(() => sentTo(request, chatId), { timeout: 15_000 }).toEqual([expect.stringContaining(zh ? '已关联' : 'Linked.')]);

      // A rule can now send to Telegram.
      await page.getByTestId('alert-new-watchlist').click();
      const tg = page.getByTestId('alert-channel-telegram');
      await expect(tg).toBeEnabled();
      await tg.check();
      await page.getByTestId('alert-save').click();
      await expect(page.getByTestId('alert-form')).toHaveCount(0);
      await expect(page.getByTestId('alert-rule').first()).toContainText('Telegram');

      await page.getByTestId('telegram-test').click();
      await expect.poll(async () => (await sentTo(request, chatId)).length, { timeout: 20_000 }).toBe(2);
      expect((await sentTo(request, chatId))[1]).toContain(zh ? 'Coinlens 测试消息' : 'Coinlens test message');
      await expect(page.getByTestId('delivery-log')).toContainText(zh ? '已送达' : 'delivered', { timeout: 15_000 });
      await linked.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`telegram-linked-${lang}.png`), fullPage: true });
      await expectNoHorizontalOverflow(page);
    }
    // The other theme of each, for the review of both themes.
    await users[0].page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await users[0].page.reload();
    await expect(users[0].page.getByTestId('telegram-linked')).toBeVisible({ timeout: 30_000 });
    await users[0].page.screenshot({ path: info.outputPath('telegram-linked-en-US-dark.png'), fullPage: true });
    // Unlink (phone): the panel offers Connect again.
    const p = users[1].page;
    await p.getByTestId('telegram-unlink').click();
    await expect(p.getByTestId('telegram-connect')).toBeVisible();
  } finally {
    await desktop.close();
    await phone.close();
  }
});
