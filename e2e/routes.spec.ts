import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/**
 * Every route of the app with its guard and redirect rules, in both languages (desktop and phone
 * through the two Playwright projects): language redirects, page title, header and footer per the
 * route table (apps/web/src/app/routes.tsx), the settings guard and the not-found page.
 */

// Pages load slowly on a busy machine (the home page alone can take half a minute on a cold server).
test.describe.configure({ timeout: 240_000 });

type Lang = 'en-US' | 'zh-CN';
const LANGS: Lang[] = ['en-US', 'zh-CN'];

const titles: Record<Lang, Record<string, string>> = {
  'en-US': JSON.parse(readFileSync(join(process.cwd(), 'apps/web/src/locales/en-US/common.json'), 'utf8')).titles,
  'zh-CN': JSON.parse(readFileSync(join(process.cwd(), 'apps/web/src/locales/zh-CN/common.json'), 'utf8')).titles,
};
const suffix = (lang: Lang) => ` · ${titles[lang].suffix}`;

interface RouteCase {
  path: string;
  /** Key under `titles` in common.json, or a fixed title per language for dynamic titles. */
  title: string | Record<Lang, string>;
  header: boolean;
  footer: boolean;
}

const ROUTES: RouteCase[] = [
  { path: 'home', title: 'home', header: true, footer: true },
  { path: 'about-us', title: 'aboutUs', header: true, footer: true },
  { path: 'trading-signals', title: 'signals', header: true, footer: true },
  { path: 'screener', title: 'screener', header: true, footer: true },
  { path: 'crypto/bitcoin', title: { 'en-US': 'Bitcoin (BTC) price and chart', 'zh-CN': '比特币 (BTC) 价格与图表' }, header: true, footer: true },
  { path: 'auth/forgot-password', title: 'forgotPassword', header: false, footer: true },
  { path: 'auth/reset-password', title: 'resetPassword', header: false, footer: true },
  { path: 'auth/google/callback', title: 'googleCallback', header: false, footer: true },
  { path: 'pricing', title: 'pricing', header: true, footer: true },
  { path: 'login', title: 'login', header: false, footer: true },
  { path: 'register', title: 'register', header: false, footer: true },
  { path: 'feeds', title: 'feeds', header: true, footer: true },
  { path: 'following', title: 'following', header: true, footer: true },
  { path: 'privacy-policy', title: 'privacyPolicy', header: true, footer: true },
  { path: 'terms-of-service', title: 'termsOfService', header: true, footer: true },
];

function expectedTitle(c: RouteCase, lang: Lang): string {
  return (typeof c.title === 'string' ? titles[lang][c.title] : c.title[lang]) + suffix(lang);
}

async function expectChrome(page: Page, header: boolean, footer: boolean) {
  // Wait for the page to render before asserting absence.
  await expect(page.locator('main')).toBeVisible();
  if (header) await expect(page.getByTestId('app-header')).toBeVisible();
  else await expect(page.getByTestId('app-header')).toHaveCount(0);
  if (footer) await expect(page.getByTestId('app-footer')).toBeVisible();
  else await expect(page.getByTestId('app-footer')).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  // The cookie banner is covered by the shell spec; accept it here so it never covers content.
  await page.addInitScript(() => localStorage.setItem('isCookieAccepted', 'Yes'));
});

test.describe('redirects', () => {
  test('/ and /{lang} go to /{stored locale}/home (English by default)', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/en-US\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Today's cryptocurrency prices");
    await page.goto('/zh-CN');
    await expect(page).toHaveURL(/\/en-US\/home$/);
  });

  test('the stored locale wins over the browser language', async ({ page }) => {
    await page.goto('/en-US/home');
    await page.evaluate(() => localStorage.setItem('locale', 'zh_CN'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/zh-CN\/home$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.goto('/en-US');
    await expect(page).toHaveURL(/\/zh-CN\/home$/);
    await page.evaluate(() => localStorage.setItem('locale', 'en_US'));
    await page.goto('/zh-CN');
    await expect(page).toHaveURL(/\/en-US\/home$/);
  });

  test('a bad language segment goes to / and then home', async ({ page }) => {
    await page.goto('/fr-FR/home');
    await expect(page).toHaveURL(/\/en-US\/home$/);
    await page.goto('/xx/crypto/bitcoin');
    await expect(page).toHaveURL(/\/en-US\/home$/);
  });
});

test.describe('browser language', () => {
  test.use({ locale: 'zh-CN' });
  test('without a stored locale a Chinese browser lands on /zh-CN/home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/zh-CN\/home$/);
    await expect(page).toHaveTitle(titles['zh-CN'].home + suffix('zh-CN'));
  });
});

for (const c of ROUTES) {
  test(`route ${c.path}: title, header ${c.header ? 'shown' : 'hidden'}, footer ${c.footer ? 'shown' : 'hidden'}`, async ({ page }) => {
    for (const lang of LANGS) {
      await page.goto(`/${lang}/${c.path}`);
      await expect(page).toHaveURL(new RegExp(`/${lang}/${c.path}(\\?.*)?$`));
      await expect(page).toHaveTitle(expectedTitle(c, lang), { timeout: 30_000 });
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expectChrome(page, c.header, c.footer);
    }
  });
}

test('route feeds/{id}: a feed detail page under the feeds tab', async ({ page, request }) => {
  let id: string | null = null;
  for (const lang of ['en_US', 'en-US']) {
    const res = await request.get(`/api/feeds/hot_top5?lang=${lang}`);
    const items = res.ok() ? ((await res.json()).result as Array<{ id: string | number }> | null) : null;
    if (items?.length) {
      id = String(items[0].id);
      break;
    }
  }
  test.skip(!id, 'no feed in the data set');
  for (const lang of LANGS) {
    await page.goto(`/${lang}/feeds/${id}`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/feeds/${id}$`));
    await expect(page).toHaveTitle(new RegExp(`${suffix(lang).replace('·', '.')}$`));
    await expectChrome(page, true, true);
  }
});

test('settings without a token redirects to register', async ({ page }) => {
  for (const lang of LANGS) {
    await page.goto(`/${lang}/settings`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/register$`));
    await expect(page).toHaveTitle(titles[lang].register + suffix(lang));
    await expectChrome(page, false, true);
  }
});

test('the not-found page hides header and footer and links home', async ({ page }) => {
  for (const lang of LANGS) {
    await page.goto(`/${lang}/no/such/page`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page).toHaveTitle(titles[lang].notFound + suffix(lang));
    await expectChrome(page, false, false);
    await page.getByTestId('not-found').getByRole('link', { name: lang === 'en-US' ? 'Back to home' : '返回首页' }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/home$`));
    await expectChrome(page, true, true);
  }
});

test('the legal pages show the full texts, one agreement source for page and dialog', async ({ page }) => {
  await page.goto('/en-US/terms-of-service');
  const terms = page.getByTestId('terms-text');
  await expect(terms.getByRole('heading', { level: 1, name: 'Coinlens User Agreement' })).toBeVisible();
  await expect(terms).toContainText('Last updated: March 8, 2025');
  await expect(terms).toContainText('not intended for children under 13');
  await expect(terms).toContainText('within 90 days');
  await expect(terms).toContainText('7 days');
  await expect(terms.getByRole('heading', { level: 2 })).toHaveCount(8);
  await page.goto('/zh-CN/terms-of-service');
  await expect(page.getByTestId('terms-text')).toContainText('最后更新：2025 年 3 月 8 日');
  await expect(page.getByTestId('terms-text')).toContainText('13 岁以下儿童');

  await page.goto('/en-US/privacy-policy');
  await expect(page.locator('#cookies')).toContainText('10 years');
  await expect(page.locator('#cookies')).toContainText('30 minutes');
  await expect(page.locator('#retention')).toContainText('90 days');
  await expect(page.getByTestId('privacy-support-email')).toHaveText(/@/);
  await page.goto('/zh-CN/about-us');
  await expect(page.getByRole('heading', { level: 1, name: '关于 Coinlens' })).toBeVisible();

  // The register page's agreement dialog shows the same text.
  await page.goto('/en-US/register');
  await page.getByTestId('agreement-open').click();
  const dialog = page.getByTestId('agreement-text');
  await expect(dialog).toContainText('Last updated: March 8, 2025');
  await expect(dialog.getByRole('heading', { level: 4 })).toHaveCount(8);
});
