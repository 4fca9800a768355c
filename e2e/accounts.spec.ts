import { expect as baseExpect, test, type Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ANY_VIEWPORT, enterCodeFromOutbox, uniqueEmail } from './helpers';

/**
 * Accounts end to end against the real server (scripts/e2e.mjs): e-mail registration with the code
 * read from the outbox .eml the embedded mailer wrote in the server's DATA_DIR (e2e/helpers.ts), settings and avatar,
 * logout; and MetaMask sign-in through an injected EIP-1193 provider backed by a viem local account.
 */

/** Page transitions can take long on a loaded shared machine. */
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 240_000 });

/** Injects `window.ethereum` answered by a viem local account (eth_requestAccounts, personal_sign, eth_chainId). */
async function injectWallet(page: Page, privateKey: `0x${string}`) {
  const account = privateKeyToAccount(privateKey);
  await page.exposeFunction('__walletRequest', async (method: string, params: unknown[]) => {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account.address];
    if (method === 'eth_chainId') return '0x1';
    if (method === 'personal_sign') {
      const [data, address] = params as [`0x${string}`, string];
      if (address.toLowerCase() !== account.address.toLowerCase()) throw new Error('unknown account');
      return account.signMessage({ message: { raw: data } });
    }
    throw new Error(`unsupported method ${method}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { ethereum: unknown; __walletRequest: (m: string, p: unknown[]) => Promise<unknown> };
    w.ethereum = { isMetaMask: true, request: ({ method, params }: { method: string; params?: unknown[] }) => w.__walletRequest(method, params ?? []) };
  });
  return account;
}

test.describe('accounts', () => {
  test('register → code from the outbox → signed in → settings → avatar → logout', async ({ page }, info) => {
    test.skip(info.project.name === 'phone', 'the popup menu is desktop-only');
    const email = `e2e${Date.now()}@example.com`;
    await page.goto('/en-US/register');
    await expect(page.getByTestId('register-page')).toBeVisible();
    // client-side validation keeps the input
    await page.getByLabel('E-mail').fill(email);
    await page.locator('#password').fill('weak');
    await page.getByTestId('register-submit').click();
    await expect(page.getByText('Use at least 8 characters with upper and lower case letters')).toBeVisible();
    await expect(page.getByText('Please accept the User Agreement.')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await page.locator('#password').fill('Str0ng!pass');
    // the agreement dialog: read, then Accept ticks the box
    await page.getByTestId('agreement-open').click();
    await expect(page.getByTestId('agreement-text')).toContainText('Last updated: March 8, 2025');
    await page.getByTestId('agreement-accept').click();
    await expect(page.getByTestId('agreement-checkbox')).toBeChecked();
    await page.getByTestId('register-submit').click();

    await expect(page.getByTestId('verify-page')).toBeVisible();
    await expect(page.getByTestId('resend-code')).toBeDisabled();
    await expect(page.getByTestId('resend-code')).toContainText(/Resend in \d+ s/);
    await enterCodeFromOutbox(page, email);

    await expect(page).toHaveURL(/\/en-US\/home$/);
    expect(await page.evaluate(() => [localStorage.getItem('token') !== null, localStorage.getItem('user_id'), localStorage.getItem('user_name')])).toEqual([true, expect.stringMatching(/^\d+$/), email.split('@')[0]]);
    await page.getByTestId('avatar-button').click();
    await expect(page.getByTestId('user-popup')).toContainText(email);
    await expect(page.getByTestId('user-popup')).toContainText('Free plan');
    await page.getByTestId('menu-settings').click();

    await expect(page.getByTestId('settings-page')).toBeVisible();
    await expect(page.getByTestId('settings-email')).toHaveText(email);
    await page.getByTestId('avatar-edit').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('avatar-grid').getByRole('radio')).toHaveCount(8);
    await expect(dialog.getByTestId('avatar-save')).toBeDisabled();
    await dialog.getByTestId('avatar-option-a5').click();
    await expect(dialog.getByTestId('avatar-save')).toBeEnabled();
    await page.screenshot({ path: 'test-results/accounts-avatar-dialog.png' });
    await dialog.getByTestId('avatar-save').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('avatar-button').locator('svg')).toHaveAttribute('data-avatar', 'a5');

    await page.locator('#nickname').fill('Playwright');
    await page.locator('#biography').fill('Testing accounts');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await page.screenshot({ path: 'test-results/accounts-settings.png', fullPage: true });
    await page.reload();
    await expect(page.locator('#nickname')).toHaveValue('Playwright');

    await page.getByTestId('avatar-button').click();
    await page.getByTestId('menu-logout').click();
    await expect(page).toHaveURL(/\/en-US\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // settings without a token → register
    await page.goto('/en-US/settings');
    await expect(page).toHaveURL(/\/en-US\/register$/);
    // and the password signs in again
    await page.goto('/en-US/login');
    await page.getByLabel('E-mail').fill(email);
    await page.locator('#password').fill('Wrong!pass1');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Wrong e-mail or password.')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await page.locator('#password').fill('Str0ng!pass');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/en-US\/home$/);
    await expect(page.getByTestId('avatar-button')).toBeVisible();
  });

  test('pending sign-up: "verify e-mail" from login returns to this tab\'s code step (zh-CN); another browser must give the password again', ANY_VIEWPORT, async ({ page, browser }) => {
    const email = uniqueEmail('pending');
    await page.goto('/zh-CN/register');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill('Str0ng!pass');
    await page.getByTestId('agreement-checkbox').check();
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('verify-page')).toBeVisible();
    // leave the code step, sign in before verifying: the server says "verify first"
    await page.goto('/zh-CN/login');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill('Str0ng!pass');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('您的邮箱尚未验证')).toBeVisible();
    await page.getByRole('link', { name: '验证邮箱' }).click();
    // this tab still holds the attempt: straight to its code step, and the mailed code signs in
    await enterCodeFromOutbox(page, email);
    await expect(page).toHaveURL(/\/zh-CN\/home$/);

    // another browser (no attempt of its own) gets the form, prefilled, asking for the password again
    const other = await browser.newContext();
    const page2 = await other.newPage();
    const email2 = uniqueEmail('pending2');
    await page2.request.post('/api/auth/register', { data: { email: email2, password: 'Str0ng!pass', agreement_accepted: true, lang: 'en_US' } });
    await page2.goto(`/en-US/register?verify=1&email=${encodeURIComponent(email2)}`);
    await expect(page2.getByTestId('register-page')).toBeVisible();
    await expect(page2.locator('#email')).toHaveValue(email2);
    await expect(page2.getByText('Enter your password again to get a new code for this address.')).toBeVisible();
    await other.close();
  });

  test('MetaMask sign-in through an injected EIP-1193 provider', async ({ page }) => {
    const account = await injectWallet(page, generatePrivateKey());
    await page.goto('/en-US/login');
    await page.getByTestId('metamask-login').click();
    // an unknown wallet: the user chooses first
    await expect(page.getByTestId('wallet-unknown')).toBeVisible();
    await expect(page.getByTestId('wallet-unknown')).toContainText('can never be linked to an e-mail account');
    await expect(page.getByTestId('wallet-create')).toBeDisabled();
    await page.getByTestId('wallet-agreement').check();
    await page.screenshot({ path: `test-results/accounts-wallet-choice-${test.info().project.name}.png` });
    await page.getByTestId('wallet-create').click();
    await expect(page).toHaveURL(/\/en-US\/home$/);
    await expect(page.getByTestId('avatar-button')).toBeVisible();
    const name = await page.evaluate(() => localStorage.getItem('user_name'));
    expect(name).toBe(`${account.address.slice(0, 6)}…${account.address.slice(-4)}`);

    // signed out, the same wallet signs straight in
    await page.evaluate(() => localStorage.clear());
    await page.goto('/en-US/login');
    await page.getByTestId('metamask-login').click();
    await expect(page).toHaveURL(/\/en-US\/home$/);
    // on mobile the avatar goes to settings instead of opening the popup
    if (test.info().project.name === 'phone') {
      await page.getByTestId('avatar-button').click();
      await expect(page.getByTestId('user-popup')).toHaveCount(0);
      await expect(page).toHaveURL(/\/en-US\/settings$/);
      await expect(page.getByTestId('linked-metamask')).toContainText(account.address);
    }
  });

  test('MetaMask not installed', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/en-US/login');
    await page.getByTestId('metamask-login').click();
    await expect(page.getByTestId('wallet-error')).toHaveText('MetaMask is not installed.');
  });
});
