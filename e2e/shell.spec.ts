import { expect, test, type Page } from '@playwright/test';
import { ANY_VIEWPORT } from './helpers';

/**
 * The shell: header tabs, global search, mobile drawer with scroll lock, theme
 * persistence and cross-tab sync, language switch, cookie banner, back to top, network toasts,
 * accessible names of icon-only buttons and the post-navigation scroll unlock.
 */

// Pages load slowly on a busy machine (the home page alone can take half a minute on a cold server).
test.describe.configure({ timeout: 240_000 });

async function acceptCookies(page: Page) {
  await page.addInitScript(() => localStorage.setItem('isCookieAccepted', 'Yes'));
}

/** Switches the theme the way a user of this viewport would (header toggle, or the drawer's switch on phone). */
async function toggleTheme(page: Page, isMobile: boolean) {
  if (!isMobile) {
    await page.getByRole('button', { name: 'Theme' }).click();
    return;
  }
  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByTestId('mobile-drawer');
  await drawer.getByRole('switch').click();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);
}

test.describe('with cookies accepted', () => {
  test.beforeEach(async ({ page }) => acceptCookies(page));

  test('header tabs highlight from the route', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the tabs live in the drawer on phones');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await page.goto('/en-US/trading-signals');
    await expect(nav.getByRole('link', { name: 'Trading signals' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Trending feed' })).not.toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Trending feed' }).click();
    await expect(page).toHaveURL(/\/en-US\/feeds$/);
    await expect(nav.getByRole('link', { name: 'Trending feed' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Trading signals' })).not.toHaveAttribute('aria-current', 'page');
    await page.goto('/en-US/home');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('search overlay: debounce, default results, empty text, select a coin', async ({ page }) => {
    await page.goto('/en-US/home');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const overlay = page.getByTestId('search-overlay');
    await expect(overlay).toBeVisible();
    const input = overlay.getByTestId('search-input');
    await expect(input).toBeFocused();
    const rows = overlay.getByTestId('search-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });

    await input.fill('eth');
    await expect(rows.getByText('Ethereum', { exact: true })).toBeVisible({ timeout: 30_000 });

    await input.fill('   ');
    await expect(rows.getByText('Bitcoin', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(overlay.getByTestId('search-empty')).toHaveCount(0);

    await input.fill('zzzz');
    await expect(overlay.getByText('No related currencies')).toBeVisible({ timeout: 30_000 });
    await expect(rows).toHaveCount(0);

    await input.fill('eth');
    const eth = rows.filter({ has: page.getByText('Ethereum', { exact: true }) }).first();
    await expect(eth).toBeVisible({ timeout: 30_000 });
    await eth.click();
    await expect(page).toHaveURL(/\/en-US\/crypto\/ethereum$/, { timeout: 30_000 });
    await expect(overlay).toHaveCount(0);
  });

  test('search overlay closes with Escape and unlocks scrolling', async ({ page }) => {
    await page.goto('/en-US/home');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-overlay')).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('search-overlay')).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('search from the keyboard: "/" and Ctrl/⌘+K open it, arrows move, Enter opens, Escape returns the focus', async ({ page, isMobile }) => {
    test.skip(isMobile, 'a phone has no hardware keyboard shortcuts');
    await page.goto('/en-US/home');
    // the app has rendered and run its effects (the shortcut listens from the header's effect)
    await expect(page.locator('[data-testid="coin-price"]:visible').first()).toHaveText(/\$\d/, { timeout: 60_000 });
    const overlay = page.getByTestId('search-overlay');
    const themeButton = page.getByRole('button', { name: 'Theme' });
    await themeButton.focus();
    await page.keyboard.press('/');
    await expect(overlay).toBeVisible({ timeout: 60_000 }); // its code loads on first use (slow on a loaded machine)
    const input = overlay.getByTestId('search-input');
    await expect(input).toBeFocused();
    await expect(input).toHaveValue(''); // the "/" opened the search, it was not typed
    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);
    await expect(themeButton).toBeFocused();

    await page.keyboard.press('Control+k');
    await expect(overlay).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);
    await page.keyboard.press('Meta+k');
    await expect(overlay).toBeVisible();
    await input.fill('eth');
    const rows = overlay.getByTestId('search-row');
    await expect(rows.getByText('Ethereum', { exact: true })).toBeVisible({ timeout: 30_000 });
    // the results of "eth", not the default list still shown during the debounce
    await expect(rows.filter({ hasNotText: /eth/i })).toHaveCount(0, { timeout: 30_000 });
    const count = await rows.count();
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(0)).toHaveAttribute('data-active', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', 'search-row-0');
    await expect(input).toBeFocused();
    if (count > 1) {
      await page.keyboard.press('ArrowDown');
      await expect(rows.nth(1)).toHaveAttribute('data-active', 'true');
      await page.keyboard.press('ArrowUp');
    }
    await page.keyboard.press('ArrowUp');
    await expect(rows.nth(count - 1)).toHaveAttribute('data-active', 'true'); // wraps to the last row
    await page.keyboard.press('ArrowDown');
    // the first row, whichever coin it is, opens on Enter
    const name = (await rows.nth(0).locator('span.block').first().textContent())!.trim();
    await expect(rows.nth(0)).toHaveAttribute('data-active', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en-US\/crypto\/[a-z0-9-]+$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name, { timeout: 30_000 });

    // "/" typed in a text field is text, not the shortcut
    await page.goto('/en-US/home');
    await expect(page.getByTestId('search-button')).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[data-testid="coin-price"]:visible').first()).toHaveText(/\$\d/, { timeout: 60_000 });
    await page.keyboard.press('Control+k');
    await expect(overlay).toBeVisible({ timeout: 60_000 });
    await input.fill('a/b');
    await expect(input).toHaveValue('a/b');
  });

  test('phone drawer: full screen, locks scrolling, dark-mode switch, links close it', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the Menu button exists below md only');
    await page.goto('/en-US/home');
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByTestId('mobile-drawer');
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box?.width).toBe(390);
    expect(box?.height).toBe(844);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await expect(drawer.getByRole('link', { name: 'Trading signals' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Trending feed' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Register' })).toBeVisible();

    const sw = drawer.getByRole('switch');
    await expect(sw).toHaveAttribute('aria-checked', 'false');
    await sw.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(sw).toHaveAttribute('aria-checked', 'true');

    await drawer.getByRole('link', { name: 'Trending feed' }).click();
    await expect(page).toHaveURL(/\/en-US\/feeds$/);
    await expect(drawer).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('theme persists after reload and follows other tabs', async ({ page, context, isMobile }) => {
    await page.goto('/en-US/home');
    const other = await context.newPage();
    await other.goto('/en-US/about-us');
    const html = page.locator('html');
    const otherHtml = other.locator('html');
    await expect(html).not.toHaveAttribute('data-theme', 'dark');

    await toggleTheme(page, isMobile);
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(otherHtml).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await toggleTheme(other, isMobile);
    await expect(otherHtml).not.toHaveAttribute('data-theme', 'dark');
    await expect(html).not.toHaveAttribute('data-theme', 'dark');
    await other.close();
  });

  test('the language switch reloads to the other language segment and stores it', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/en-US/trading-signals');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '简体中文' }).click();
    await expect(page).toHaveURL(/\/zh-CN\/trading-signals$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('zh_CN');
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en-US\/trading-signals$/);
  });

  test('back to top appears after scrolling more than 100 px', async ({ page }) => {
    await page.goto('/en-US/home');
    await expect(page.getByTestId('app-footer')).toBeVisible();
    const btn = page.getByRole('button', { name: 'Back to top' });
    await expect(btn).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 60));
    await page.waitForTimeout(300);
    await expect(btn).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(btn).toBeVisible();
    await btn.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0);
    await expect(btn).toHaveCount(0);
  });

  test('offline shows a persistent error toast; back online closes it and says so', ANY_VIEWPORT, async ({ page, context }) => {
    await page.goto('/en-US/home');
    await expect(page.getByTestId('app-header')).toBeVisible();
    await context.setOffline(true);
    const offline = page.getByTestId('toast-network');
    await expect(offline).toBeVisible();
    await expect(offline).toHaveAttribute('role', 'alert');
    await page.waitForTimeout(3500);
    await expect(offline).toBeVisible();
    // The success toast lives 2.5 s; record it when it appears so a slow poll cannot miss it.
    await page.evaluate(() => {
      const w = window as unknown as { restoredText?: string };
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="toast-network-restored"]');
        if (el) w.restoredText = el.textContent ?? '';
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await context.setOffline(false);
    await expect(offline).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => (window as unknown as { restoredText?: string }).restoredText ?? '')).toContain('Network restored');
    await expect(page.getByTestId('toast-network-restored')).toHaveCount(0, { timeout: 10_000 });
  });

  test('a code chunk lost to a dropped connection is fetched again, and a page whose code never arrives says so under the header instead of crashing', ANY_VIEWPORT, async ({ page }) => {
    // the home page's side column: its first request fails, the retry loads it
    let sideColumn = 0;
    await page.route(/\/assets\/SideColumn-[\w-]+\.js$/, (route) => (sideColumn++ === 0 ? route.abort('internetdisconnected') : route.continue()));
    await page.goto('/en-US/home');
    await expect(page.getByTestId('watchlist-signin')).toBeVisible({ timeout: 30_000 });
    expect(sideColumn).toBeGreaterThanOrEqual(2);
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    // the pricing page's code never arrives: a translated message with the header still there
    await page.route(/\/assets\/PricingPage-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/en-US/pricing');
    await expect(page.getByTestId('route-error')).toContainText('could not load', { timeout: 30_000 });
    await expect(page.getByTestId('app-header')).toBeVisible();
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  });

  test('every button has an accessible name; icon-only buttons are labelled', async ({ page, isMobile }) => {
    await page.goto('/en-US/home');
    await expect(page.getByTestId('app-footer')).toBeVisible();
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, 400));
      await expect(page.getByRole('button', { name: 'Back to top' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Language' })).toBeVisible();
    if (isMobile) await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    else await expect(page.getByRole('button', { name: 'Theme' })).toBeVisible();

    const unnamed = () =>
      page.evaluate(() => {
        const out: string[] = [];
        for (const b of Array.from(document.querySelectorAll('button, [role="button"], [role="switch"]'))) {
          const el = b as HTMLElement;
          if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
          const labelled = (el.getAttribute('aria-labelledby') ?? '')
            .split(/\s+/)
            .map((id) => (id ? document.getElementById(id)?.textContent ?? '' : ''))
            .join('');
          const name = (el.getAttribute('aria-label') ?? '') + labelled + (el.textContent ?? '') + (el.getAttribute('title') ?? '');
          if (!name.trim()) out.push(el.outerHTML.slice(0, 160));
        }
        return out;
      });
    expect(await unnamed()).toEqual([]);

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-overlay').getByRole('button', { name: 'Close' })).toBeVisible();
    expect(await unnamed()).toEqual([]);
    await page.keyboard.press('Escape');
    if (isMobile) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByTestId('mobile-drawer').getByRole('button', { name: 'Close' })).toBeVisible();
      expect(await unnamed()).toEqual([]);
    }
  });

  test('navigation unlocks scrolling after 500 ms', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/en-US/home');
    await expect(page.getByTestId('app-footer')).toBeVisible();
    await page.evaluate(() => {
      document.body.style.overflow = 'hidden';
    });
    await page.getByTestId('app-footer').getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL(/\/en-US\/about-us$/);
    await expect.poll(() => page.evaluate(() => document.body.style.overflow), { timeout: 5_000 }).toBe('');
  });
});

test.describe('cookie consent from a fresh browser', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('cookie banner: shown until accepted, stays gone after reload, footer brings it back', async ({ page }) => {
    await page.goto('/en-US/home');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('isCookieAccepted'))).toBe('Yes');
    await page.reload();
    await expect(page.getByTestId('app-footer')).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.getByTestId('cookie-settings').click();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toHaveCount(0);
  });
});
