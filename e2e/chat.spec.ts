import { expect, test, type Page, type Route } from '@playwright/test';
import { signUpThroughApi, uniqueEmail } from './helpers';

/**
 * The BTC assistant end to end against the real server (scripts/e2e.mjs): a user signs up through
 * the UI (code read from the outbox .eml of the embedded mailer) and asks the support/invalidation
 * question in English and in Chinese; the built-in analyst streams a grounded answer citing the
 * candles it rests on. The stop button ends an answer under way.
 */

test.describe.configure({ timeout: 180_000 });

/** A new user, signed up through the UI, on the BTC page of `lang`. */
async function signIn(page: Page, tag: string, lang: 'en-US' | 'zh-CN' = 'en-US') {
  await signUpThroughApi(page, uniqueEmail(`chat-${tag}`), { lang, redirect: `/${lang}/crypto/bitcoin` });
}

test.describe('BTC assistant', () => {
  test('visitors see the sign-in prompt and the AI insights with their data time', async ({ page }) => {
    await page.goto('/en-US/crypto/bitcoin');
    await expect(page.getByTestId('chat-sign-in')).toBeVisible({ timeout: 60_000 });
    // the first visitor of a coin waits for its insights to be written (over 15 s once, on a loaded run)
    await expect(page.getByTestId('ai-highlights')).toContainText('BTC', { timeout: 60_000 });
    await expect(page.getByTestId('coin-ai').getByTestId('ai-based-on').last()).toContainText(/1h candle closed \d+ \w+ 2025 \d\d:00 UTC/);
    await expect(page.getByTestId('agent-coming-soon')).toBeVisible();
  });

  test('asks in English and gets a streamed answer citing support, invalidation and the candles', async ({ page }) => {
    await signIn(page, 'en');
    const panel = page.getByTestId('chat-panel');
    await expect(panel.getByTestId('chat-input')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('chat-quota')).toHaveText('5 of 5 questions left today');
    await panel.getByTestId('chat-input').fill('Where is support, and what would invalidate the bullish case?');
    // records whether the stop button and a partly streamed answer were ever on screen
    await page.evaluate(() => {
      const w = window as unknown as { __saw: { stop: boolean; streaming: boolean } };
      w.__saw = { stop: false, streaming: false };
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="chat-stop"]')) w.__saw.stop = true;
        if (document.querySelector('[data-testid="chat-answer"][data-status="streaming"]')) w.__saw.streaming = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const response = page.waitForResponse((r) => r.url().includes('/api/chat/') && r.request().method() === 'POST');
    await panel.getByTestId('chat-send').click();
    expect((await response).headers()['content-type']).toContain('text/event-stream');
    const answer = panel.getByTestId('chat-answer').last();
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { __saw: object }).__saw)).toEqual({ stop: true, streaming: true });
    await expect(answer).toContainText('Built-in analyst');
    await expect(answer).toContainText(/Nearest 1h support: \d[\d,]*\.\d\d/);
    await expect(answer.locator('li', { hasText: 'Bullish invalidation' })).toBeVisible();
    await expect(answer).toContainText(/a close below \d[\d,]*\.\d\d/);
    await expect(answer.getByTestId('chat-sources')).toHaveText(/1h candle closed \d+ May 2025 \d\d:00 UTC/);
    await expect(answer).toContainText('Not financial advice');
    await expect(page.getByTestId('chat-quota')).toHaveText('4 of 5 questions left today');
    // the conversation is stored: it is there after a reload
    await page.reload();
    await expect(page.getByTestId('chat-question')).toHaveText(/Where is support/);
    await expect(page.getByTestId('chat-answer')).toContainText('Bullish invalidation');
  });

  test('asks in Chinese and gets a Chinese answer', async ({ page }) => {
    await signIn(page, 'zh', 'zh-CN');
    const panel = page.getByTestId('chat-panel');
    await expect(panel.getByTestId('chat-input')).toBeVisible({ timeout: 60_000 });
    await panel.getByTestId('chat-input').fill('支撑位在哪里？什么会让看涨判断失效？');
    await panel.getByTestId('chat-send').click();
    const answer = panel.getByTestId('chat-answer').last();
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
    await expect(answer).toContainText('内置分析器');
    await expect(answer).toContainText(/1 小时最近支撑：\d[\d,]*\.\d\d/);
    await expect(answer.locator('li', { hasText: '看涨失效价' })).toBeVisible();
    await expect(answer).toContainText(/收盘跌破 \d[\d,]*\.\d\d/);
    await expect(answer).toContainText('不构成投资建议');
    await expect(page.getByTestId('chat-quota')).toHaveText('今日还可提问 4/5 次');
  });
  test('stop ends an answer under way: stopped state, quota counted, the input works again', async ({ page }) => {
    await signIn(page, 'stop');
    const panel = page.getByTestId('chat-panel');
    await expect(panel.getByTestId('chat-input')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('chat-quota')).toHaveText('5 of 5 questions left today');

    // The built-in analyst answers in well under a second: hold its real answer on the wire until
    // the test has pressed stop, so the press always lands while the answer is under way.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let served = false;
    const hold = async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      const body = await response.text();
      served = body.includes('event: done');
      await held;
      // the page has aborted the request by now: fulfilling it fails, which is the point
      await route.fulfill({ response, body }).catch(() => {});
    };
    await page.route('**/api/chat/*/messages', hold);

    await panel.getByTestId('chat-input').fill('Where is support, and what would invalidate the bullish case?');
    await panel.getByTestId('chat-send').click();
    const answer = panel.getByTestId('chat-answer').last();
    await expect(answer).toHaveAttribute('data-status', 'streaming');
    await expect(panel.getByTestId('chat-send')).toHaveCount(0);
    await expect(panel.getByTestId('chat-question').last()).toHaveText(/Where is support/);
    await expect.poll(() => served, { message: 'the real server answered the held request' }).toBe(true);
    await panel.getByTestId('chat-stop').click();
    release();

    await expect(answer).toHaveAttribute('data-status', 'stopped');
    await expect(answer).toContainText('Stopped');
    await expect(panel.getByTestId('chat-stop')).toHaveCount(0);
    await expect(panel.getByTestId('chat-error')).toHaveCount(0);
    // the question was counted by the server: the quota says so without a reload
    await expect(page.getByTestId('chat-quota')).toHaveText('4 of 5 questions left today');
    await page.screenshot({ path: `test-results/chat-stopped-${test.info().project.name}.png` });

    // the input works again: a second question streams to the end
    await page.unroute('**/api/chat/*/messages', hold);
    await expect(panel.getByTestId('chat-input')).toBeEditable();
    await expect(panel.getByTestId('chat-input')).toHaveValue('');
    await expect(panel.getByTestId('chat-send')).toBeDisabled();
    await panel.getByTestId('chat-input').fill('What do the signals say?');
    await expect(panel.getByTestId('chat-send')).toBeEnabled();
    await panel.getByTestId('chat-send').click();
    const second = panel.getByTestId('chat-answer').last();
    await expect(second).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
    await expect(second).toContainText('Built-in analyst');
    await expect(panel.getByTestId('chat-answer')).toHaveCount(2);
    await expect(panel.getByTestId('chat-answer').first()).toHaveAttribute('data-status', 'stopped');
    await expect(page.getByTestId('chat-quota')).toHaveText('3 of 5 questions left today');
  });
});
