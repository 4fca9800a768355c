import { expect as baseExpect, test, type Locator, type Page, type Response } from '@playwright/test';
import { labEmail, signUpOrSignIn, signUpThroughApi, uniqueEmail } from './helpers';

/**
 * The trading-agent preview (lab permission) on the BTC page against the real server
 * (scripts/e2e.mjs, which starts it with LAB_EMAILS listing `labEmail(project)`): visitors and
 * normal users see "coming soon"; the lab user freezes the short-term strategy into a paper plan,
 * sees it listed with bias, entry zone, target, invalidation, status and how many candles were
 * checked, after a reload too, in English and in Chinese.
 */

/** Page transitions and sign-up can take long on a loaded shared machine. */
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 240_000 });

const COIN = '/crypto/bitcoin';

/** The permissions in the signed-in profile (`/users/profile/me`) the page loads during `go`. */
async function permissionsAfter(page: Page, go: () => Promise<unknown>): Promise<string[]> {
  const seen: Promise<string[] | null>[] = [];
  const onResponse = (r: Response) => {
    if (r.url().includes('/api/users/profile/me') && r.request().method() === 'GET' && r.ok()) seen.push(r.json().then((j) => j.result.permissions as string[], () => null));
  };
  page.on('response', onResponse);
  try {
    await go();
    // a profile request cut off by the navigation has no body; the one of the new page has
    await expect.poll(async () => (await Promise.all(seen)).some(Boolean)).toBe(true);
    return (await Promise.all(seen)).filter((p): p is string[] => p !== null).at(-1)!;
  } finally {
    page.off('response', onResponse);
  }
}

const isPlansUrl = (url: string) => /\/api\/lab\/[^/]+\/plans$/.test(new URL(url).pathname);

test.describe('trading-agent lab preview', () => {
  test('a visitor and a normal signed-in user see "coming soon", and the lab API refuses them', async ({ page, request }) => {
    await page.goto(`/en-US${COIN}`);
    const notice = page.getByTestId('agent-coming-soon');
    await expect(notice).toContainText('AI trading agent');
    await expect(notice).toContainText('Coming soon');
    await expect(page.getByTestId('agent-lab')).toHaveCount(0);
    expect((await request.get('/api/lab/bitcoin/plans')).status()).toBe(401);

    await signUpThroughApi(page, uniqueEmail('nolab'), { redirect: `/en-US${COIN}` });
    expect(await permissionsAfter(page, () => page.reload())).not.toContain('lab');
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await expect(notice).toBeVisible();
    await expect(page.getByTestId('agent-lab')).toHaveCount(0);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const refused = await request.get('/api/lab/bitcoin/plans', { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('FORBIDDEN');

    // and in Chinese
    await page.goto(`/zh-CN${COIN}`);
    await expect(notice).toContainText('AI 交易代理');
    await expect(notice).toContainText('即将推出');
  });

  test('the lab user creates a paper plan on BTC and finds it again after a reload, in English and Chinese', async ({ page, request }, info) => {
    const email = labEmail(info.project.name);
    await signUpOrSignIn(page, request, email, { redirect: `/en-US${COIN}` });
    expect(await permissionsAfter(page, () => page.reload())).toContain('lab');

    const lab = page.getByTestId('agent-lab');
    await expect(lab.getByRole('heading', { name: 'Trading agent preview (lab)' })).toBeVisible();
    await expect(page.getByTestId('agent-coming-soon')).toHaveCount(0);
    await expect(lab).toContainText('paper-trading plan');
    // the list has loaded (empty for a new account, earlier plans on a retry)
    await expect(lab.getByTestId('agent-empty').or(lab.getByTestId('agent-plan').first())).toBeVisible();
    const before = await lab.getByTestId('agent-plan').count();

    const created = page.waitForResponse((r) => isPlansUrl(r.url()) && r.request().method() === 'POST');
    await lab.getByTestId('agent-create').click();
    const res = await created;
    expect(res.status(), await res.text()).toBe(200);
    const plan = (await res.json()).result;
    expect(plan).toMatchObject({ coin: { symbol: 'BTC' }, bias: expect.stringMatching(/^(long|short)$/), result: { status: expect.any(String), candles_checked: expect.any(Number) } });

    const plans = lab.getByTestId('agent-plan');
    await expect(plans).toHaveCount(before + 1);
    await expect(lab.getByTestId('agent-empty')).toHaveCount(0);
    const item = plans.first(); // newest first
    await expectPlan(item, 'en-US', plan);
    await page.screenshot({ path: `test-results/ai-lab-${info.project.name}-en-US.png`, fullPage: false });

    // stored: listed again after a reload
    await page.reload();
    await expect(plans).toHaveCount(before + 1);
    await expectPlan(plans.first(), 'en-US', plan);

    // Chinese
    await page.goto(`/zh-CN${COIN}`);
    await expect(lab.getByRole('heading', { name: '交易代理预览（实验室）' })).toBeVisible();
    await expect(lab.getByTestId('agent-create')).toHaveText('创建模拟计划');
    await expect(plans).toHaveCount(before + 1);
    await expectPlan(plans.first(), 'zh-CN', plan);
  });
});

const STATUS = {
  'en-US': { waiting: 'Waiting for entry', open: 'Open', target_hit: 'Target hit', invalidated: 'Invalidated', expired: 'Expired without entry' },
  'zh-CN': { waiting: '等待入场', open: '持仓中', target_hit: '达到目标', invalidated: '已失效', expired: '到期未入场' },
} as const;

/** The plan row shows bias, entry zone, target, invalidation, status and the candles checked (as far as the clock has moved). */
async function expectPlan(item: Locator, lang: 'en-US' | 'zh-CN', plan: { bias: 'long' | 'short'; entry_low: number; entry_high: number; target: number | null; invalidation: number }) {
  const en = lang === 'en-US';
  const fmt = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(item.getByTestId('agent-plan-bias')).toHaveText(en ? (plan.bias === 'long' ? 'Long' : 'Short') : plan.bias === 'long' ? '做多' : '做空');
  await expect(item.getByTestId('agent-plan-entry')).toHaveText(`${en ? 'Entry zone' : '入场区间'}${fmt(plan.entry_low)}–${fmt(plan.entry_high)}`);
  await expect(item.getByTestId('agent-plan-target')).toHaveText(`${en ? 'Target' : '目标'}${plan.target === null ? '—' : fmt(plan.target)}`);
  await expect(item.getByTestId('agent-plan-invalidation')).toHaveText(`${en ? 'Invalidation' : '失效价'}${fmt(plan.invalidation)}`);
  await expect(item.getByTestId('agent-plan-status')).toHaveText(new RegExp(`^(${Object.values(STATUS[lang]).join('|')})$`));
  await expect(item.getByTestId('agent-plan-checked')).toHaveText(en ? /^5m candles checked: \d+, up to \d+ May 2025 \d\d:\d\d UTC$/ : /^已检查 \d+ 根 5 分钟 K 线，截至 2025年5月\d+日 \d\d:\d\d UTC$/);
  await expect(item).toContainText(en ? /Planned \d+ May 2025 \d\d:\d\d UTC/ : /计划于 2025年5月\d+日 \d\d:\d\d UTC/);
}
