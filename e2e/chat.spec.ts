import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The BTC assistant end to end against the real server (scripts/e2e.mjs): a user registers through
 * the API with the code read from the outbox .eml of the embedded mailer, signs in in the browser
 * with the token the verification returned, and asks the support/invalidation question in English
 * and in Chinese; the built-in analyst streams a grounded answer citing the candles it rests on.
 */

function outboxDir(): string {
  if (process.env.E2E_DATA_DIR) return path.join(process.env.E2E_DATA_DIR, 'outbox');
  const dirs = fs
    .readdirSync(os.tmpdir())
    .filter((d) => d.startsWith('coinlens-e2e-'))
    .map((d) => path.join(os.tmpdir(), d))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (!dirs.length) throw new Error('no e2e data dir found (set E2E_DATA_DIR)');
  return path.join(dirs[0], 'outbox');
}

async function codeFromOutbox(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const dir = outboxDir();
    if (fs.existsSync(dir)) {
      for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.eml'))) {
        const raw = fs.readFileSync(path.join(dir, f), 'utf8');
        if (!raw.includes(`To: ${email}`)) continue;
        const m = /^\s{4}(\d{6})\s*$/m.exec(raw.replace(/=\r?\n/g, ''));
        if (m) return m[1];
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} in ${dir}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Registers a new user (register → code from the outbox → verify) and stores the session in the page. */
async function signIn(page: Page, request: APIRequestContext, tag: string) {
  const email = `chat-${tag}-${Date.now()}@example.test`;
  const reg = await request.post('/api/auth/register', { data: { email, password: 'Chat-e2e-Pass1!', agreement_accepted: true, cookie_accepted: true, lang: 'en_US' } });
  expect(reg.ok(), await reg.text()).toBeTruthy();
  const code = await codeFromOutbox(email);
  const verified = await request.post('/api/auth/verify-register-code', { data: { email, code } });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  const { access_token, user } = (await verified.json()).result;
  await page.addInitScript(
    ([token, id, name]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user_id', id);
      localStorage.setItem('user_name', name);
      localStorage.setItem('isCookieAccepted', 'Yes');
    },
    [access_token, String(user.id), user.name],
  );
}

test.describe('BTC assistant', () => {
  test('visitors see the sign-in prompt and the AI insights with their data time', async ({ page }) => {
    await page.goto('/en-US/crypto/bitcoin');
    await expect(page.getByTestId('chat-sign-in')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('ai-highlights')).toContainText('BTC');
    await expect(page.getByTestId('coin-ai').getByTestId('ai-based-on').last()).toContainText(/1h candle closed \d+ \w+ 2025 \d\d:00 UTC/);
    await expect(page.getByTestId('agent-coming-soon')).toBeVisible();
  });

  test('asks in English and gets a streamed answer citing support, invalidation and the candles', async ({ page, request }) => {
    await signIn(page, request, 'en');
    await page.goto('/en-US/crypto/bitcoin');
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
    await expect(answer.locator('h3', { hasText: 'Support' })).toBeVisible();
    await expect(answer.locator('h3', { hasText: 'What would invalidate the bullish case' })).toBeVisible();
    await expect(answer).toContainText(/a close below \d[\d,]*\.\d\d/);
    await expect(answer).toContainText(/1h candle closed \d+ May 2025 \d\d:00 UTC/);
    await expect(answer).toContainText('Not financial advice');
    await expect(page.getByTestId('chat-quota')).toHaveText('4 of 5 questions left today');
    // the conversation is stored: it is there after a reload
    await page.reload();
    await expect(page.getByTestId('chat-question')).toHaveText(/Where is support/);
    await expect(page.getByTestId('chat-answer')).toContainText('What would invalidate the bullish case');
  });

  test('asks in Chinese and gets a Chinese answer', async ({ page, request }) => {
    await signIn(page, request, 'zh');
    await page.goto('/zh-CN/crypto/bitcoin');
    const panel = page.getByTestId('chat-panel');
    await expect(panel.getByTestId('chat-input')).toBeVisible({ timeout: 60_000 });
    await panel.getByTestId('chat-input').fill('支撑位在哪里？什么会让看涨判断失效？');
    await panel.getByTestId('chat-send').click();
    const answer = panel.getByTestId('chat-answer').last();
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
    await expect(answer).toContainText('内置分析器');
    await expect(answer.locator('h3', { hasText: '支撑位' })).toBeVisible();
    await expect(answer.locator('h3', { hasText: '什么会让看涨判断失效' })).toBeVisible();
    await expect(answer).toContainText(/收盘跌破 \d[\d,]*\.\d\d/);
    await expect(answer).toContainText('不构成投资建议');
    await expect(page.getByTestId('chat-quota')).toHaveText('今日还可提问 4/5 次');
  });
});
