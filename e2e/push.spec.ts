import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, signUpThroughApi, uniqueEmail, watchCspViolations } from './helpers';

/**
 * Web Push and the installable app: the Web App Manifest and its icons are served and
 * valid, the service worker registers and becomes active under the app's CSP, and the Alerts page
 * shows the push control (en-US on a desktop, zh-CN on a 390 px phone; both themes). scripts/e2e.mjs
 * gives the server a VAPID key pair. Headless Chromium reaches no real push service, so the
 * subscribe click itself is not made here: the server side of subscribing and delivering is
 * covered by apps/server/src/modules/alerts/alerts.push.int.test.ts against a local push service.
 */

/** Width and height of a PNG (its IHDR chunk). */
function pngSize(b: Buffer): { w: number; h: number } {
  expect(b.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { w: b.readUInt32BE(16), h: b.readUInt32BE(20) };
}

test('the Web App Manifest is served, valid, linked from every page, and its icons load', async ({ request }, info) => {
  test.skip(info.project.name !== 'desktop', 'server files: once');
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/application\/manifest\+json/);
  const m = await res.json();
  expect(m).toMatchObject({ name: expect.stringContaining('Coinlens'), short_name: 'Coinlens', start_url: '/', scope: '/', display: 'standalone' });
  expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const icons = m.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of [...icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }, { src: '/icons/badge-96.png', sizes: '96x96', type: 'image/png' }]) {
    const r = await request.get(icon.src);
    expect(r.status(), icon.src).toBe(200);
    expect(r.headers()['content-type']).toBe('image/png');
    const { w, h } = pngSize(await r.body());
    expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
  }
  for (const path of ['/', '/en-US/home', '/zh-CN/alerts']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html, path).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
  }
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-security-policy']).toContain("worker-src 'self'");
});

test('the service worker registers, is active for the whole app, and the page keeps to the CSP', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'one browser is enough');
  const csp = await watchCspViolations(page);
  await page.goto('/en-US/home');
  const reg = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    const w = r.active!;
    if (w.state !== 'activated') await new Promise((ok) => w.addEventListener('statechange', () => w.state === 'activated' && ok(null)));
    return { scope: r.scope, script: w.scriptURL, state: w.state, push: 'pushManager' in r };
  });
  expect(reg).toEqual({ scope: new URL('/', page.url()).href, script: new URL('/sw.js', page.url()).href, state: 'activated', push: true });
  // The browser UI colour follows the theme.
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#121826');
  expect(await csp.violations()).toEqual([]);
});

test('the Alerts page shows the push control and the device list (en-US desktop, zh-CN phone, both themes)', async ({ page }, info) => {
  const phone = info.project.name === 'phone';
  const lang = phone ? 'zh-CN' : 'en-US';
  const csp = await watchCspViolations(page);
  await signUpThroughApi(page, uniqueEmail(`push-${info.project.name}`), { lang });
  await page.goto(`/${lang}/alerts`);
  const panel = page.getByTestId('push-panel');
  await expect(panel).toHaveAttribute('data-state', 'off', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: phone ? '本设备推送' : 'Push on this device' })).toBeVisible();
  await expect(page.getByTestId('push-state')).toHaveText(phone ? '未开启' : 'Not enabled');
  const enable = page.getByTestId('push-enable');
  await expect(enable).toHaveText(phone ? '在本设备开启推送' : 'Enable push on this device');
  await expect(enable).toBeEnabled();
  await expect(page.getByTestId('push-devices-empty')).toBeVisible();
  await expect(page.getByTestId('alert-channels')).toContainText(phone ? '网页推送' : 'Web Push');
  // keyboard: the button is reachable and focusable
  await enable.focus();
  await expect(enable).toBeFocused();
  if (phone) await expectNoHorizontalOverflow(page);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`alerts-push-${lang}-light.png`), fullPage: true });

  // The rule dialog offers push, disabled until this browser is subscribed, and says why.
  await page.getByTestId('alert-new-watchlist').click();
  const push = page.getByTestId('alert-channel-push');
  await expect(push).toBeDisabled();
  await expect(page.getByTestId('alert-form')).toContainText(phone ? '请先在本设备开启推送' : 'Enable push on this device first');
  await page.screenshot({ path: info.outputPath(`alerts-push-dialog-${lang}.png`) });
  await page.keyboard.press('Escape');

  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('push-panel')).toHaveAttribute('data-state', 'off', { timeout: 30_000 });
  await page.getByTestId('push-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`alerts-push-${lang}-dark.png`), fullPage: true });
  expect(await csp.violations()).toEqual([]);
});
