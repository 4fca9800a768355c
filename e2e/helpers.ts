import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Waits until at least one visible coin price shows a real number. */
export async function expectLivePrices(page: Page): Promise<void> {
  const price = page.locator('[data-testid="coin-price"]:visible').first();
  await expect(price).toHaveText(/\$\d[\d,]*\.\d+/, { timeout: 30_000 });
}

/** Asserts the document does not scroll horizontally. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px viewport`).toBeLessThanOrEqual(innerWidth);
}

/** Waits for the K-line chart to have drawn (a canvas inside a ready chart panel). */
export async function expectChartReady(page: Page): Promise<void> {
  await expect(page.getByTestId('chart-panel')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.locator('[data-testid="kline-chart"] canvas').first()).toBeVisible();
}

/** The e2e server's outbox: E2E_DATA_DIR (set by scripts/e2e.mjs), else the newest coinlens-e2e-* temp dir. */
export function outboxDir(): string {
  if (process.env.E2E_DATA_DIR) return path.join(process.env.E2E_DATA_DIR, 'outbox');
  const tmp = os.tmpdir();
  const dirs = fs
    .readdirSync(tmp)
    .filter((d) => d.startsWith('coinlens-e2e-'))
    .map((d) => path.join(tmp, d))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (!dirs.length) throw new Error('no e2e data dir found (set E2E_DATA_DIR)');
  return path.join(dirs[0], 'outbox');
}

/**
 * Waits for the .eml the embedded mailer wrote to `email` (at or after `since`, ms since the epoch,
 * when given) and returns the 6-digit code of the newest one.
 */
export async function codeFromOutbox(email: string, since = 0): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const dir = outboxDir();
    if (fs.existsSync(dir)) {
      // newest mail first: an address that registers again (after deleting its account) has older codes
      const mails = fs.readdirSync(dir).filter((n) => n.endsWith('.eml')).map((n) => ({ n, t: fs.statSync(path.join(dir, n)).mtimeMs })).filter((m) => m.t >= since - 1000).sort((a, b) => b.t - a.t || b.n.localeCompare(a.n));
      for (const { n: f } of mails) {
        const raw = fs.readFileSync(path.join(dir, f), 'utf8');
        if (!raw.includes(`To: ${email}`)) continue;
        // the text part is quoted-printable (English) or base64 (Chinese)
        const parts = [raw.replace(/=\r?\n/g, ''), ...[...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((b) => Buffer.from(b[1].replace(/\s+/g, ''), 'base64').toString('utf8'))];
        for (const text of parts) {
          const m = /^\s{4}(\d{6})\s*$/m.exec(text);
          if (m) return m[1];
        }
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} in ${dir}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** On the verify step of registration: types the code mailed to `email` and submits it. */
export async function enterCodeFromOutbox(page: Page, email: string, since = 0): Promise<void> {
  await expect(page.getByTestId('verify-page')).toBeVisible({ timeout: 45_000 });
  await page.getByTestId('code-digit-0').fill(await codeFromOutbox(email, since));
  await page.getByTestId('verify-submit').click();
}

/** A fresh, unique e-mail address for a spec (`tag` names it in the outbox). */
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

export const E2E_PASSWORD = 'Str0ng!pass';

/**
 * Signs up through the UI like a user: the register form (e-mail, password, agreement), then the
 * code from the outbox .eml on the verify step. Ends signed in on `redirect` (default: home).
 */
export async function signUpThroughUi(page: Page, email: string, opts: { lang?: 'en-US' | 'zh-CN'; redirect?: string } = {}): Promise<void> {
  const lang = opts.lang ?? 'en-US';
  await page.goto(`/${lang}/register${opts.redirect ? `?redirect=${encodeURIComponent(opts.redirect)}` : ''}`);
  await expect(page.getByTestId('register-page')).toBeVisible({ timeout: 45_000 });
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(E2E_PASSWORD);
  await page.getByTestId('agreement-checkbox').check();
  const since = Date.now();
  await page.getByTestId('register-submit').click();
  await enterCodeFromOutbox(page, email, since);
  await expect(page).toHaveURL(opts.redirect ? new RegExp(`${opts.redirect.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : new RegExp(`/${lang}/home$`), { timeout: 45_000 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
}

/**
 * Signs a new user up through the API, as the register and verify pages do (POST
 * /api/auth/register, the code from the outbox .eml, POST /api/auth/verify-register-code), stores
 * the session in the page's local storage as the web app does on sign-in (`token`, `user_id`,
 * `user_name`), then opens `redirect` (default: home of `lang`). For specs that need a signed-in
 * user; the sign-up pages themselves are tested through the UI (e2e/accounts.spec.ts, the CSP and
 * first-hour specs use {@link signUpThroughUi}).
 */
export async function signUpThroughApi(page: Page, email: string, opts: { lang?: 'en-US' | 'zh-CN'; redirect?: string } = {}): Promise<void> {
  const lang = opts.lang ?? 'en-US';
  const since = Date.now();
  const registered = await page.request.post('/api/auth/register', { data: { email, password: E2E_PASSWORD, agreement_accepted: true, cookie_accepted: true, lang } });
  expect(registered.status(), await registered.text()).toBe(200);
  const { registration_id } = (await registered.json()).result as { registration_id: string };
  const code = await codeFromOutbox(email, since);
  const verified = await page.request.post('/api/auth/verify-register-code', { data: { email, code, registration_id } });
  expect(verified.status(), await verified.text()).toBe(200);
  const { access_token, user } = (await verified.json()).result as { access_token: string; user: { id: number; name: string } };
  // Written by the next document of the app's origin in this tab, before the app's scripts run, and
  // once only (a later sign-out stays signed out).
  const origin = new URL(registered.url()).origin;
  await page.addInitScript(([o, token, id, name]) => {
    if (location.origin !== o || sessionStorage.getItem('e2e-session-stored')) return;
    sessionStorage.setItem('e2e-session-stored', '1');
    localStorage.setItem('token', token);
    localStorage.setItem('user_id', id);
    localStorage.setItem('user_name', name);
  }, [origin, access_token, String(user.id), user.name]);
  await page.goto(opts.redirect ?? `/${lang}/home`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBe(access_token);
}

/** Signs in through the login form with `E2E_PASSWORD`; ends on `redirect` (default: home). */
export async function signInThroughUi(page: Page, email: string, opts: { lang?: 'en-US' | 'zh-CN'; redirect?: string } = {}): Promise<void> {
  const lang = opts.lang ?? 'en-US';
  await page.goto(`/${lang}/login${opts.redirect ? `?redirect=${encodeURIComponent(opts.redirect)}` : ''}`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(E2E_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(opts.redirect ? new RegExp(`${opts.redirect.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : new RegExp(`/${lang}/home$`), { timeout: 45_000 });
}

/**
 * For a fixed address (e.g. one the server grants a permission to): signs up through the UI the
 * first time, signs in through the UI when the account exists (a retry, a second spec, a reused server).
 */
export async function signUpOrSignIn(page: Page, request: APIRequestContext, email: string, opts: { lang?: 'en-US' | 'zh-CN'; redirect?: string } = {}): Promise<void> {
  const probe = await request.post('/api/auth/login', { data: { email, password: E2E_PASSWORD } });
  if (probe.ok()) await signInThroughUi(page, email, opts);
  else await signUpThroughUi(page, email, opts);
}

/** The address the e2e server grants `lab` to for a Playwright project (LAB_EMAILS in scripts/e2e.mjs). */
export const labEmail = (project: string) => `lab-${project}@example.test`;

/**
 * Collects Content-Security-Policy violations of a page from the moment it is called: the
 * document's `securitypolicyviolation` events (recorded by an init script, so every navigation
 * is covered) and Chromium's "Refused to …" console errors. Call before the first `goto`;
 * `violations()` lists them as text (empty when the page kept to the policy).
 */
export async function watchCspViolations(page: Page): Promise<{ violations: () => Promise<string[]> }> {
  const fromConsole: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) fromConsole.push(`${page.url()}: ${m.text()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations?: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations!.push(`${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
    });
  });
  const seen: string[] = [];
  return {
    async violations() {
      const now = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).catch(() => []);
      for (const v of now) if (!seen.includes(v)) seen.push(v);
      return [...seen, ...fromConsole];
    },
  };
}

/**
 * Details of a test whose assertions do not depend on the viewport (redirects, texts, data, flows
 * that look the same at any size): it carries the tag `@any-viewport`, which the `phone` project of
 * playwright.config.ts leaves out, so the desktop run covers it once. Usage:
 * `test('title', ANY_VIEWPORT, async ({ page }) => …)`. A test that checks layout, touch or a
 * phone-only control stays untagged and runs on both.
 */
export const ANY_VIEWPORT = { tag: '@any-viewport' };

/**
 * Brings the home page's news column into view where it waits below the coin list (a phone: it
 * loads when the reader scrolls within a screen of it, components/NearViewport.tsx); does nothing
 * where it is already there (beside the list on a wide screen).
 */
export async function scrollToNewsColumn(page: Page): Promise<void> {
  const waiting = page.locator('[data-near-viewport="waiting"]');
  const news = page.getByTestId('home-news');
  // the app's own render, not the server's first-content markup (which has a placeholder too, and
  // which the app replaces: a scroll to it can be undone by that replacement)
  await expect(page.getByTestId('app-header')).toBeVisible({ timeout: 30_000 });
  await expect(waiting.or(news).first()).toBeAttached({ timeout: 30_000 });
  // scrolls again until the column has mounted: the coin list above it may still grow meanwhile
  await expect(async () => {
    if (await waiting.count()) await waiting.first().scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => undefined);
    await expect(news).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
