import { expect, test, type Locator, type Page } from '@playwright/test';
import { ANY_VIEWPORT, expectNoHorizontalOverflow, signUpThroughApi, uniqueEmail } from './helpers';

/**
 * The assistant's answers, end to end with the built-in analyst (desktop and phone): an answer to a
 * question about one timeframe is about that timeframe only, starts with a short answer, lists its
 * figures and has exactly one sources line; the chat panel is wide enough to read (an expand
 * button on desktop, full width on a phone); the back-to-top button never covers the panel or its
 * input (bounding boxes).
 */
test.describe.configure({ timeout: 180_000 });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

/** Asks `question` and returns the completed answer's markdown text (without the writer label). */
async function ask(page: Page, question: string): Promise<{ answer: Locator; text: string }> {
  const panel = page.getByTestId('chat-panel');
  await panel.getByTestId('chat-input').fill(question);
  await panel.getByTestId('chat-send').click();
  const answer = panel.getByTestId('chat-answer').last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  // the markdown chunk has rendered (the sources line is styled by it)
  await expect(answer.getByTestId('chat-sources')).toHaveCount(1);
  return { answer, text: await answer.locator('.chat-md').innerText() };
}

test('an answer about the daily chart is about the daily only: short answer, figures, one sources line', ANY_VIEWPORT, async ({ page }) => {
  await signUpThroughApi(page, uniqueEmail('chat-tf'), { redirect: '/en-US/crypto/bitcoin' });
  await expect(page.getByTestId('chat-input')).toBeVisible({ timeout: 60_000 });
  const { answer, text } = await ask(page, 'Where is support on the daily chart?');
  await expect(answer.getByTestId('chat-writer')).toHaveText('Built-in analyst (rules, no language model)');
  expect(text.split('\n').find((l) => l.trim())).toMatch(/^BTC is at \d[\d,]*\.\d\d USDT \(live, \d+ May 2025 \d\d:\d\d UTC\)\. Nearest 1d support: \d[\d,]*\.\d\d/);
  expect(await answer.locator('.chat-md li').count()).toBeGreaterThanOrEqual(1);
  expect(text).toMatch(/\b1d\b/);
  expect(text, 'mentions no other timeframe').not.toMatch(/\b(5m|1h)\b/);
  await expect(answer.getByTestId('chat-sources')).toHaveText(/^Sources: BTC live price at \d+ May 2025 \d\d:\d\d UTC · BTC 1d candle closed \d+ May 2025 \d\d:00 UTC · replay data$/);
  expect(text.match(/^(Sources|Data):/gm)).toHaveLength(1);
  await expect(answer).toContainText('Not financial advice');

  await page.goto('/zh-CN/crypto/bitcoin');
  await expect(page.getByTestId('chat-input')).toBeVisible({ timeout: 60_000 });
  const zh = await ask(page, '1小时阻力在哪里？');
  await expect(zh.answer.getByTestId('chat-writer')).toHaveText('内置分析器（规则，未使用语言模型）');
  expect(zh.text).toContain('1 小时');
  expect(zh.text, 'mentions no other timeframe').not.toMatch(/日线|5 分钟/);
  await expect(zh.answer.getByTestId('chat-sources')).toHaveText(/^数据来源：BTC 实时价格（2025年5月\d+日 \d\d:\d\d UTC） · BTC 1 小时 K 线收盘于 2025年5月\d+日 \d\d:00 UTC · 回放数据$/);
  expect(zh.text.match(/^数据来源：/gm)).toHaveLength(1);
});

test('answers a trader\'s "buy now or wait?" in English and "up or down next week?" in Chinese with the data, and an off-topic question costs nothing', async ({ page }, info) => {
  await signUpThroughApi(page, uniqueEmail('chat-trader'), { redirect: '/en-US/crypto/bitcoin' });
  await expect(page.getByTestId('chat-input')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('chat-quota')).toHaveText('5 of 5 questions left today');
  const en = await ask(page, 'Should I buy BTC now or wait for a pullback? Where would you put a stop?');
  expect(en.text).toMatch(/^BTC is at \d[\d,]*\.\d\d USDT \(live, \d+ May 2025 \d\d:\d\d UTC\)\. The 1h rules lean (long|short)/);
  await expect(en.answer.locator('li', { hasText: 'Entry zone' })).toBeVisible();
  await expect(en.answer.locator('li', { hasText: 'Stop (invalidation)' })).toBeVisible();
  expect(en.text).toContain('What I can’t know');
  expect(en.text).not.toMatch(/can’t give personal financial advice|can’t predict/);
  await expect(page.getByTestId('chat-quota')).toHaveText('4 of 5 questions left today');

  // a question outside the scope: what it can answer, in English, and the quota stays
  const panel = page.getByTestId('chat-panel');
  await panel.getByTestId('chat-input').fill('tell me a joke');
  await panel.getByTestId('chat-send').click();
  const off = panel.getByTestId('chat-answer').last();
  await expect(off).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expect(off).toContainText('built-in rule-based analyst, not a language model');
  await expect(page.getByTestId('chat-quota')).toHaveText('4 of 5 questions left today');

  await page.goto('/zh-CN/crypto/bitcoin');
  await expect(page.getByTestId('chat-input')).toBeVisible({ timeout: 60_000 });
  const zh = await ask(page, '比特币接下来一周会涨还是跌？主要风险是什么？');
  expect(zh.text).toMatch(/^BTC 现价 \d[\d,]*\.\d\d USDT（实时，2025年5月\d+日 \d\d:\d\d UTC）。过去每 7 天的窗口中，BTC 收涨的占 \d+%（样本 \d+，95% 区间 \d+%–\d+%）/);
  expect(zh.text).toContain('主要风险');
  expect(zh.text).toContain('我无法知道的：未来');
  await expect(zh.answer.getByTestId('chat-sources')).toHaveText(/^数据来源：BTC 实时价格.* · BTC 日线 K 线 \d{4}年\d+月\d+日–2025年5月\d+日 · 回放数据$/);
  await expect(page.getByTestId('chat-quota')).toHaveText('今日还可提问 3/5 次');
  await page.getByTestId('chat-panel').screenshot({ path: `test-results/chat-trader-${info.project.name}.png` });
});

test('the chat panel is wide enough to read, and back-to-top never covers it or its input', async ({ page }, info) => {
  await signUpThroughApi(page, uniqueEmail('chat-ui'), { redirect: '/en-US/crypto/bitcoin' });
  const panel = page.getByTestId('chat-panel');
  const input = panel.getByTestId('chat-input');
  await expect(input).toBeVisible({ timeout: 60_000 });
  await ask(page, 'What is the 1h trend?');
  const viewport = page.viewportSize()!;

  // put the input exactly where the back-to-top button sits (96 px from the bottom, 40 px high)
  for (const target of ['input', 'panel'] as const) {
    const box = (await (target === 'input' ? input : panel).boundingBox())!;
    const wantCentre = viewport.height - 96 - 20;
    const centre = target === 'input' ? box.y + box.height / 2 : box.y + Math.min(box.height / 2, 200);
    await page.evaluate((dy) => window.scrollBy(0, dy), centre - wantCentre);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const top = page.getByTestId('back-to-top');
    if (await top.isVisible()) {
      const b = (await top.boundingBox())!;
      expect(overlaps(b, (await input.boundingBox())!), `back-to-top covers the chat input (${target})`).toBe(false);
      expect(overlaps(b, (await panel.boundingBox())!), `back-to-top covers the chat panel (${target})`).toBe(false);
    }
  }
  // away from the panel the button is there
  await page.evaluate(() => window.scrollTo(0, 300));
  await page.waitForTimeout(300);
  if (!(await panel.boundingBox().then((b) => b && overlaps(b, { x: viewport.width - 72, y: viewport.height - 144, width: 56, height: 56 })))) await expect(page.getByTestId('back-to-top')).toBeVisible();

  if (info.project.name === 'phone') {
    // full width on a phone
    const box = (await panel.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(viewport.width - 32);
    await expectNoHorizontalOverflow(page);
  }
  // expandable: a wide sheet (up to 800 px), Escape brings it back
  await page.getByTestId('chat-expand').click();
  await expect(panel).toHaveAttribute('data-expanded', 'true');
  const wide = (await panel.boundingBox())!;
  expect(wide.width).toBeGreaterThanOrEqual(Math.min(760, viewport.width - 2));
  await expect(input).toBeFocused();
  await expect(input).toBeInViewport();
  await expect(page.getByTestId('back-to-top')).toHaveCount(0);
  await page.screenshot({ path: `test-results/chat-expanded-${info.project.name}.png` });
  await page.keyboard.press('Escape');
  await expect(panel).not.toHaveAttribute('data-expanded', 'true');
});
