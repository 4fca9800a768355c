import { expect, test, type Page, type APIRequestContext } from '@playwright/test';
import { expectNoHorizontalOverflow } from './helpers';

/**
 * Pro membership paid on-chain from the browser: an EIP-1193 provider injected as
 * `window.ethereum` forwards to the local Hardhat chain that scripts/e2e.mjs started (E2E_CHAIN_INFO),
 * whose unlocked accounts sign; the server verifies the ERC-20 transfer on the same chain.
 */
interface ChainInfo {
  url: string;
  chainId: number;
  merchant: string;
  payers: string[];
  poor: string;
  /** Sign-in wallets whose accounts pay from `unlinked[i]`, a wallet not linked to them. */
  owners: string[];
  unlinked: string[];
  tokens: { symbol: string; contract: string; decimals: number }[];
}
const info: ChainInfo | null = process.env.E2E_CHAIN_INFO ? JSON.parse(process.env.E2E_CHAIN_INFO) : null;

async function rpc(method: string, params: unknown[] = []): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  const res = await fetch(info!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
}

/** Injects `window.ethereum` (MetaMask-like) for `account`, backed by the test chain. */
async function injectWallet(page: Page, account: string) {
  await page.exposeFunction('__e2eWalletRpc', async (method: string, params: unknown[]) => {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return { result: [account] };
    if (method === 'wallet_switchEthereumChain') {
      const wanted = Number.parseInt((params?.[0] as { chainId: string }).chainId, 16);
      return wanted === info!.chainId ? { result: null } : { error: { code: 4902, message: 'Unrecognized chain' } };
    }
    if (method === 'wallet_addEthereumChain') return { error: { code: 4001, message: 'User rejected' } };
    return rpc(method, params ?? []);
  });
  await page.addInitScript(() => {
    const call = (window as unknown as { __e2eWalletRpc: (m: string, p: unknown[]) => Promise<{ result?: unknown; error?: { code: number; message: string } }> }).__e2eWalletRpc;
    (window as unknown as { ethereum: unknown }).ethereum = {
      isMetaMask: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const r = await call(method, params ?? []);
        if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
        return r.result;
      },
      on() {},
      removeListener() {},
    };
  });
}

/** Signs in with the wallet through the API (SIWE, signed by the chain's unlocked account); the sign-in result. */
async function walletSignIn(request: APIRequestContext, account: string) {
  const nonce = await (await request.get(`/api/auth/metamask/nonce?address=${account}`)).json();
  const message: string = nonce.result.message;
  const hex = '0x' + Buffer.from(message, 'utf8').toString('hex');
  const sig = await rpc('personal_sign', [hex, account]);
  const login = await request.post('/api/auth/metamask/login', { data: { address: account, message, signature: sig.result, agreement_accepted: true, cookie_accepted: true, lang: 'en_US' } });
  expect(login.ok(), await login.text()).toBeTruthy();
  return (await login.json()).result as { access_token: string; user: { id: number; name: string } };
}

/** A bearer token of the wallet's account (not stored in the page). */
async function walletToken(request: APIRequestContext, account: string): Promise<string> {
  return (await walletSignIn(request, account)).access_token;
}

/** Signs in with the wallet (SIWE through the API, signed by the chain's unlocked account) and stores the session. */
async function signInWithWallet(page: Page, request: APIRequestContext, account: string) {
  const r = await walletSignIn(request, account);
  await page.addInitScript(
    ([token, id, name]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user_id', id);
      localStorage.setItem('user_name', name);
      localStorage.setItem('isCookieAccepted', 'Yes');
    },
    [r.access_token, String(r.user.id), r.user.name],
  );
  return r.access_token as string;
}

test.describe('pricing and on-chain payment', () => {
  test.skip(!info, 'needs the local chain of scripts/e2e.mjs (E2E_CHAIN_INFO)');
  test.setTimeout(180_000);
  test.beforeEach(({ page }) => {
    page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
  });

  test('a visitor sees the plans and is asked to log in (dark theme)', async ({ page }, testInfo) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/en-US/pricing');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('plan-free')).toBeVisible();
    await expect(page.getByTestId('plan-pro_monthly')).toContainText('$19.9');
    await expect(page.getByTestId('plan-pro_yearly')).toContainText('$199');
    await expect(page.getByText('Log in to subscribe')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: testInfo.outputPath('pricing-visitor-dark.png'), fullPage: true });
  });

  test('pays Pro monthly with test USDT from the injected wallet and becomes VIP', async ({ page, request }, testInfo) => {
    const account = testInfo.project.name === 'phone' ? info!.payers[1] : info!.payers[0];
    await injectWallet(page, account);
    await signInWithWallet(page, request, account);
    await page.goto('/en-US/pricing');
    await expect(page.getByTestId('quota-qa_per_day')).toBeVisible();
    await page.getByTestId('choose-pro_monthly').click();
    await expect(page.getByTestId('network-localhost')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('token-USDT').click();
    await page.getByTestId('connect-wallet').click();
    await expect(page.getByTestId('wallet-balance')).toHaveText(/^\d+(\.\d+)? USDT$/);
    await expect(page.getByTestId('confirm-payment')).toBeDisabled();

    // Kept alive: leave through an app link and come back (history back, no reload); the flow state is still there.
    await page.locator('a[href="/en-US/about-us"]:visible').first().click();
    await expect(page).toHaveURL(/\/en-US\/about-us$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/en-US\/pricing$/);
    await expect(page.getByTestId('wallet-address')).toBeVisible();

    await page.getByTestId('terms').check();
    await expect(page.getByTestId('payment-summary')).toContainText('19.9 USDT');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: testInfo.outputPath('pricing-ready.png'), fullPage: true });
    await page.getByTestId('confirm-payment').click();

    // Two confirmations configured: the first block is the transaction's, then one more.
    await expect(page.getByTestId('confirmations')).toHaveText('Confirmations: 1 / 2', { timeout: 30_000 });
    await page.screenshot({ path: testInfo.outputPath('pricing-processing.png'), fullPage: true });
    await rpc('evm_mine');
    await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 30_000 });
    const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await expect(page.getByTestId('payment-success')).toContainText(end);
    await expect(page.getByTestId('membership-status')).toContainText(`Pro until ${end}`);
    await page.screenshot({ path: testInfo.outputPath('pricing-success.png'), fullPage: true });
    await expect(page.getByTestId('choose-pro_monthly')).toHaveText('Renew');
  });

  test('a wallet not linked to the account is verified by a signature in the dialog, then pays (zh-CN on desktop, en-US on phone)', async ({ page, request }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    const lang = phone ? 'en-US' : 'zh-CN';
    const text = phone
      ? { verified: 'Wallet verified for this payment.', confirmations: 'Confirmations: 1 / 2', button: 'Verify wallet' }
      : { verified: '钱包已验证，可用于本次支付。', confirmations: '确认数：1 / 2', button: '验证钱包' };
    const wallet = info!.unlinked[phone ? 1 : 0];
    await injectWallet(page, wallet);
    await signInWithWallet(page, request, info!.owners[phone ? 1 : 0]);
    await page.goto(`/${lang}/pricing`);
    await page.getByTestId('choose-pro_monthly').click();
    await page.getByTestId('token-USDT').click();
    await page.getByTestId('connect-wallet').click();
    await expect(page.getByTestId('wallet-balance')).toHaveText(/^\d+(\.\d+)? USDT$/);
    await page.getByTestId('terms').check();
    // Not linked to this account: paying needs the wallet's signature first.
    await expect(page.getByTestId('verify-wallet')).toHaveText(text.button);
    await expect(page.getByTestId('confirm-payment')).toBeDisabled();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: testInfo.outputPath(`pricing-verify-${lang}.png`), fullPage: true });
    await page.getByTestId('verify-wallet').click();
    await expect(page.getByTestId('wallet-verified')).toHaveText(text.verified);
    await expect(page.getByTestId('confirm-payment')).toBeEnabled();
    await page.getByTestId('confirm-payment').click();
    await expect(page.getByTestId('confirmations')).toHaveText(text.confirmations, { timeout: 30_000 });
    await rpc('evm_mine');
    await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 30_000 });
    const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await expect(page.getByTestId('payment-success')).toContainText(end);
    await page.screenshot({ path: testInfo.outputPath(`pricing-verified-paid-${lang}.png`), fullPage: true });
  });

  test('insufficient balance blocks the payment; invitation code errors are shown', async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'one wallet is enough');
    await injectWallet(page, info!.poor);
    await signInWithWallet(page, request, info!.poor);
    await page.goto('/zh-CN/pricing');
    await page.getByTestId('choose-pro_yearly').click();
    await page.getByTestId('token-USDT').click();
    await page.getByTestId('connect-wallet').click();
    await expect(page.getByTestId('insufficient-balance')).toHaveText('余额不足。');
    await page.getByTestId('terms').check();
    await expect(page.getByTestId('confirm-payment')).toBeDisabled();

    await page.getByTestId('open-invitation').click();
    await expect(page.getByTestId('own-invite-code')).toHaveText(/^[A-Z2-9]{8}$/);
    const own = await page.getByTestId('own-invite-code').textContent();
    await page.getByTestId('invite-submit').click();
    await expect(page.getByTestId('invite-error')).toHaveText('请输入邀请码。');
    await page.getByTestId('invite-input').fill(own!);
    await page.getByTestId('invite-submit').click();
    await expect(page.getByTestId('invite-error')).toHaveText('不能使用自己的邀请码。');
    await page.getByTestId('invite-input').fill('NOPE2345');
    await page.getByTestId('invite-submit').click();
    await expect(page.getByTestId('invite-error')).toHaveText('邀请码无效。');
    // A valid code of someone else: a wallet-only account has no verified e-mail, so no trial.
    const friend = await walletToken(request, info!.payers[2]);
    const friendCode = (await (await request.get('/api/invitation/code', { headers: { authorization: `Bearer ${friend}` } })).json()).result.code;
    await page.getByTestId('invite-input').fill(friendCode);
    await page.getByTestId('invite-submit').click();
    await expect(page.getByTestId('invite-error')).toHaveText('试用仅限已验证邮箱的账户。');
    await page.screenshot({ path: testInfo.outputPath('invitation-dialog.png') });
  });

  test('without a wallet the page says MetaMask is not installed', async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'one run is enough');
    await signInWithWallet(page, request, info!.payers[2]);
    await page.goto('/en-US/pricing');
    await page.getByTestId('choose-pro_monthly').click();
    await page.getByTestId('connect-wallet').click();
    await expect(page.getByTestId('payment-error')).toHaveText('MetaMask is not installed.');
  });
});
