import { expect, test, type Page } from '@playwright/test';
import { expectChartReady, signUpThroughApi, uniqueEmail } from './helpers';

/**
 * The home and coin pages arrive with their first content in the HTML (the server renders the
 * web app's own components): prices and the candles are painted before any module runs, the app
 * then hydrates that markup (the same DOM, no mismatch, no skeleton in between), and the page's
 * Content-Security-Policy (inline stylesheet and boot script allowed by hash only) blocks nothing.
 */

/** Records, from the start of the document, whether `selector` ever vanished after it appeared, and CSP violations. */
async function watch(page: Page, selector: string) {
  await page.addInitScript((sel) => {
    const w = window as unknown as { __firstSeenAt: number; __vanished: number; __csp: string[] };
    w.__firstSeenAt = -1;
    w.__vanished = 0;
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    new MutationObserver(() => {
      const present = !!document.querySelector(sel);
      if (present && w.__firstSeenAt < 0) w.__firstSeenAt = performance.now();
      else if (!present && w.__firstSeenAt >= 0) w.__vanished++;
    }).observe(document, { subtree: true, childList: true });
  }, selector);
}

test.describe('first content in the HTML', () => {
  test('a click on a server-rendered button before the app has hydrated it is not lost: the button takes it once hydrated', async ({ page }) => {
    await signUpThroughApi(page, uniqueEmail('early-click'), { lang: 'en-US' });
    // the page's modules arrive late (a slow phone or network): the server's markup is there well before React
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 2_500));
      await route.continue();
    });
    await page.goto('/en-US/crypto/bitcoin');
    await expect(page.getByTestId('coin-header')).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '');
    const t0 = Date.now();
    await page.getByTestId('coin-alert-button').click();
    // the click waited for the app (the button ignores the pointer until then) and opened the dialog
    await expect(page.getByTestId('alert-form')).toBeVisible();
    expect(Date.now() - t0).toBeGreaterThan(1_000);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  });

  test('a server-rendered page whose first content cannot be read is rendered in the browser, and its buttons take clicks', async ({ page }) => {
    await signUpThroughApi(page, uniqueEmail('unreadable-first-content'), { lang: 'en-US' });
    await page.route('**/en-US/crypto/bitcoin', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/(<script type="application\/json" id="first-content">)[\s\S]*?(<\/script>)/, '$1{not json$2');
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ response, body, headers });
    });
    await page.goto('/en-US/crypto/bitcoin');
    await expect(page.locator('html')).toHaveAttribute('data-first-content');
    await expect(page.getByTestId('coin-header')).toBeVisible();
    await page.getByTestId('coin-alert-button').click({ timeout: 30_000 });
    await expect(page.getByTestId('alert-form')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  });

  test('without JavaScript, the home page lists the coins with prices and the coin page draws its candles', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en-US/home');
    const firstPrice = page.getByTestId('coin-table').getByTestId('coin-price').first();
    await expect(firstPrice).toHaveText(/^\$[\d,]+\.\d+$/);
    await expect(page.getByTestId('coin-table').locator('tr[data-symbol="BTC"]')).toBeVisible();
    // the news column's place, as the app's first render has it (it loads once scrolled to on a phone)
    await expect(page.locator('[data-near-viewport="waiting"]')).toHaveCount(1);
    // the replay badge beside the heading: the clock came with the page
    await expect(page.getByTestId('replay-badge')).toHaveText(/^Replay · /);
    await page.goto('/zh-CN/crypto/bitcoin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('比特币');
    const preview = page.getByTestId('chart-preview');
    await expect(preview).toBeVisible();
    expect(await preview.locator('svg:visible rect').count()).toBeGreaterThan(40);
    await context.close();
  });

  test('home: the prices stay on screen from the first paint until the app runs them, marked when painted', async ({ page }) => {
    await watch(page, '[data-testid="coin-price"]');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/en-US/home');
    // the app has taken over: the header's navigation and the live price cells are the app's own
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(page.getByTestId('coin-table').getByTestId('coin-price').first()).toBeVisible();
    await page.waitForTimeout(1_000);
    const state = await page.evaluate(() => {
      const w = window as unknown as { __firstSeenAt: number; __vanished: number; __csp: string[] };
      return { firstSeenAt: w.__firstSeenAt, vanished: w.__vanished, csp: w.__csp, marks: performance.getEntriesByName('coinlens:prices', 'mark').length };
    });
    expect(state.firstSeenAt, 'the prices came with the HTML').toBeGreaterThanOrEqual(0);
    expect(state.vanished, 'the prices never gave way to a skeleton').toBe(0);
    expect(state.csp).toEqual([]);
    expect(state.marks).toBe(1);
    expect(errors).toEqual([]);
  });

  test('coin page: the drawn candles give way to the interactive chart, and nothing asks for the data again', async ({ page }) => {
    await watch(page, '[data-testid="chart-panel"] svg, [data-testid="kline-chart"]');
    const reads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/crypto\/bitcoin\/detail/.test(r.url())) reads.push(r.url());
    });
    await page.goto('/en-US/crypto/bitcoin');
    await expectChartReady(page);
    await expect(page.getByTestId('chart-preview')).toHaveCount(0);
    const state = await page.evaluate(() => {
      const w = window as unknown as { __vanished: number; __csp: string[] };
      return { vanished: w.__vanished, csp: w.__csp };
    });
    expect(state.vanished, 'no skeleton between the drawn candles and the chart').toBe(0);
    expect(state.csp).toEqual([]);
    // the detail came with the HTML (the candles are read again: the chart wants the latest)
    expect(reads).toEqual([]);
  });

  test("the app hydrates the server's markup: the same elements stay, no mismatch, signed out and in, both languages, themes and sizes", async ({ browser, baseURL }) => {
    const cases = [
      { path: '/en-US/home', sel: '[data-testid="coin-table"]', phone: false, dark: false, signedIn: false },
      { path: '/zh-CN/home', sel: '[data-testid="coin-list"]', phone: true, dark: true, signedIn: true },
      { path: '/zh-CN/crypto/bitcoin', sel: '[data-testid="coin-header"]', phone: false, dark: true, signedIn: false },
      { path: '/en-US/crypto/ethereum', sel: '[data-testid="coin-header"]', phone: true, dark: false, signedIn: true },
      // a coin without market data: the chart's place says so (its box sized by a class: the CSP blocks style attributes)
      { path: '/en-US/crypto/shiba-inu', sel: '[data-testid="coin-header"]', phone: true, dark: true, signedIn: false },
    ];
    for (const c of cases) {
      const context = await browser.newContext({
        baseURL,
        storageState: { cookies: [], origins: [{ origin: new URL(baseURL!).origin, localStorage: [{ name: 'isCookieAccepted', value: 'Yes' }, { name: 'theme', value: c.dark ? 'dark' : 'light' }] }] },
        ...(c.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport: { width: 1280, height: 800 } }),
      });
      const page = await context.newPage();
      if (c.signedIn) await signUpThroughApi(page, uniqueEmail('hydrate'), { lang: c.path.startsWith('/zh-CN') ? 'zh-CN' : 'en-US' });
      // the server's element, taken before any module runs
      await page.addInitScript((sel) => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { __served: Element | null }).__served = document.querySelector(sel);
        });
      }, c.sel);
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || /hydration/i.test(m.text())) warnings.push(m.text());
      });
      await page.goto(c.path);
      // the header comes in the render after the hydrating one
      await expect(page.getByTestId('app-header')).toBeVisible();
      if (c.signedIn) await expect(page.getByTestId('notification-bell')).toBeVisible();
      else await expect(page.getByTestId('header-login')).toBeVisible();
      const r = await page.evaluate((sel) => ({
        served: !!(window as unknown as { __served: Element | null }).__served,
        same: (window as unknown as { __served: Element | null }).__served === document.querySelector(sel),
        recovered: document.documentElement.getAttribute('data-hydration'),
      }), c.sel);
      expect(r, c.path).toEqual({ served: true, same: true, recovered: null });
      expect(warnings, c.path).toEqual([]);
      await context.close();
    }
  });
});
