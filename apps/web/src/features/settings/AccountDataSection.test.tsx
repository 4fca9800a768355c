import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { hexToString, verifyMessage, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { User } from '@coinlens/contracts';
import { createQueryClient } from '../../app/query-client';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { AccountDataSection } from './AccountDataSection';

initI18nForTests('en-US');

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A wallet-only account linked to `address` (the fields the dialog reads, the rest neutral). */
function walletUser(address: string): User {
  return {
    id: 7, username: '0xAbCd…1234', email: null, email_verified: false, language: 'en_US', timezone: 'UTC', cookie_accepted: true, permissions: [],
    social_logins: [{ provider: 'metamask', provider_uid: address.toLowerCase() }],
    isPro: false, subscription_start_date: null, subscription_end_date: null, isUsedInvitationCode: false, has_password: false, wallet_only: true,
  } as unknown as User;
}

/** An injected EIP-1193 wallet holding `acct`: answers eth_requestAccounts and personal_sign with a real signature. */
function injectedWallet(acct: ReturnType<typeof privateKeyToAccount>, accounts: string[] = [acct.address]) {
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown[] }) => {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return accounts;
    if (method === 'personal_sign') return acct.signMessage({ message: { raw: params![0] as Hex } });
    throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
  });
  return { request };
}

function renderSection(me: User) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/en-US/settings']}>
        <AccountDataSection me={me} lang="en-US" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('delete account: a wallet-only account re-authenticates with its wallet', () => {
  const MESSAGE = 'localhost wants you to sign in with your Ethereum account:\n…\nDelete my Coinlens account and its data for good.';

  it('signs the server deletion message with the EIP-1193 wallet instead of typing a name', async () => {
    const acct = privateKeyToAccount(generatePrivateKey());
    const wallet = injectedWallet(acct);
    vi.stubGlobal('ethereum', wallet);
    const posted: unknown[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/api/users/me/delete/siwe')) {
        expect(new URL(url, 'http://x').searchParams.get('address')).toBe(acct.address);
        return jsonResponse(200, { result: { nonce: 'n1', message: MESSAGE, expires_at: new Date().toISOString() } });
      }
      if (url.endsWith('/api/users/me/delete')) {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { result: { deleted: true, kept_payment_records: 0 } });
      }
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: url } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderSection(walletUser(acct.address));
    fireEvent.click(screen.getByTestId('delete-account'));
    expect(await screen.findByTestId('delete-account-wallet')).toHaveTextContent(/confirm with your wallet 0x/);
    expect(screen.queryByTestId('delete-account-input')).toBeNull();
    const confirm = screen.getByTestId('delete-account-confirm');
    expect(confirm).toHaveTextContent('Sign with wallet and delete');
    fireEvent.click(confirm);
    await waitFor(() => expect(posted).toHaveLength(1));
    const body = posted[0] as { siwe: { address: Hex; message: string; signature: Hex }; confirm?: string };
    expect(body.confirm).toBeUndefined();
    expect(body.siwe.address).toBe(acct.address);
    expect(body.siwe.message).toBe(MESSAGE);
    expect(await verifyMessage({ address: acct.address, message: body.siwe.message, signature: body.siwe.signature })).toBe(true);
    const signCall = wallet.request.mock.calls.find(([a]) => a.method === 'personal_sign');
    expect(hexToString(signCall![0].params![0] as Hex)).toBe(MESSAGE);
  });

  it('refuses a wallet that is not linked to the account, without asking the server', async () => {
    const linked = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    vi.stubGlobal('ethereum', injectedWallet(other));
    const fetchMock = vi.fn(async () => jsonResponse(500, { error: { code: 'INTERNAL', message: 'unexpected' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderSection(walletUser(linked.address));
    fireEvent.click(screen.getByTestId('delete-account'));
    fireEvent.click(await screen.findByTestId('delete-account-confirm'));
    expect(await screen.findByTestId('delete-account-error')).toHaveTextContent('not linked to your account');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
