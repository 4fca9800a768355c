import { expect as baseExpect, test } from '@playwright/test';
import { signUpThroughApi, uniqueEmail } from './helpers';

/**
 * The coin page with an OpenAI-compatible model configured (Playwright project `llm`): scripts/e2e.mjs
 * starts a second server with LLM_BASE_URL pointing at e2e/support/llm-stub.ts, a local server
 * speaking the Chat Completions wire format that answers from the facts the app sends. The panel
 * must stream that model's answer, label it with the model's name, and the coin page texts must be
 * the model's rewrite, with the rule-built numbers unchanged.
 */
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 240_000 });

const QUESTION_EN = 'Where is support, and what would invalidate the bullish case?';
const QUESTION_ZH = '支撑位在哪里？什么会让看涨判断失效？';

test.describe('with an OpenAI-compatible model', () => {
  test.skip(!process.env.E2E_LLM_BASE_URL, 'needs the model-backed server that scripts/e2e.mjs starts (E2E_LLM_BASE_URL)');
  test('coin page texts are the model\'s rewrite, labelled with its name', async ({ page }) => {
    await page.goto('/en-US/crypto/bitcoin');
    await expect(page.getByText('Written by the model stub-model')).toBeVisible();
    await expect(page.getByTestId('ai-highlights')).toContainText('Model analyst: BTC moved');
    await page.goto('/zh-CN/crypto/bitcoin');
    await expect(page.getByTestId('ai-highlights')).toContainText('模型分析：');
  });

  test('the assistant streams the model\'s answer in English and Chinese, citing the candle and the levels', async ({ page }, info) => {
    await signUpThroughApi(page, uniqueEmail('llm'), { redirect: '/en-US/crypto/bitcoin' });
    const panel = page.getByTestId('chat-panel');
    await expect(panel.getByTestId('chat-input')).toBeVisible();
    await panel.getByTestId('chat-input').fill(QUESTION_EN);
    await panel.getByTestId('chat-send').click();
    const answer = panel.getByTestId('chat-answer').last();
    // streamed: the answer is on screen while the model is still writing
    await expect(answer).toHaveAttribute('data-status', 'streaming');
    await expect(answer).toContainText('Model answer');
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await expect(answer).toContainText('stub-model');
    await expect(answer).toContainText(/the nearest 1h support is \d+(\.\d+)? USDT; the bullish case is invalidated below \d+(\.\d+)? USDT/);
    // one sources line, added by the app, naming the live price it answers on and the 1h candle only
    await expect(answer.getByTestId('chat-sources')).toHaveCount(1);
    await expect(answer.getByTestId('chat-sources')).toHaveText(/^Sources: BTC live price at \d+ May 2025 \d\d:\d\d UTC · BTC 1h candle closed \d+ May 2025 \d\d:00 UTC · replay data$/);
    await expect(answer.locator('li')).toHaveCount(3);
    await expect(answer).toContainText('Not financial advice');
    await expect(answer.locator('strong', { hasText: 'Model answer' })).toBeVisible(); // rendered as markdown
    if (process.env.SCREENSHOTS) await panel.screenshot({ path: `screenshots/llm-chat-${info.project.name}-en.png` });

    await page.goto('/zh-CN/crypto/bitcoin');
    await expect(panel.getByTestId('chat-input')).toBeVisible();
    await panel.getByTestId('chat-input').fill(QUESTION_ZH);
    await panel.getByTestId('chat-send').click();
    const zh = panel.getByTestId('chat-answer').last();
    await expect(zh).toHaveAttribute('data-status', 'complete');
    await expect(zh).toContainText('模型回答');
    await expect(zh).toContainText(/1h 最近支撑为 \d+(\.\d+)? USDT；若跌破 \d+(\.\d+)? USDT，看涨判断失效/);
    await expect(zh.getByTestId('chat-sources')).toHaveText(/^数据来源：BTC 实时价格（2025年5月\d+日 \d\d:\d\d UTC） · BTC 1 小时 K 线收盘于 2025年5月\d+日 \d\d:00 UTC · 回放数据$/);
    await expect(zh).toContainText('不构成投资建议');
    if (process.env.SCREENSHOTS) await panel.screenshot({ path: `screenshots/llm-chat-${info.project.name}-zh.png` });
  });
});
