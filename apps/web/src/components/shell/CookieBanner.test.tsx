import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { initI18nForTests as initI18n } from '../../app/i18n-test-utils';
import { COOKIE_CONSENT_KEY, saveSession, clearSession, useMe } from '../../lib/session';
import { CookieBanner } from './CookieBanner';

initI18n('en-US');

function MeReader() {
  useMe();
  return null;
}

function renderShell() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <MeReader />
        <CookieBanner />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const me = (cookie_accepted: boolean) => ({
  id: 7, name: 'trader', email: 'trader@example.com', avatar: null, language: 'en_US', cookie_accepted,
});

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
  localStorage.clear();
});

describe('CookieBanner', () => {
  it('closes when the signed-in account accepted cookies (at registration) and stores the answer on this device', async () => {
    saveSession({ access_token: 'tok', user: { id: 7, name: 'trader' } });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ result: me(true) }), { status: 200, headers: { 'content-type': 'application/json' } }));
    renderShell();
    expect(screen.getByTestId('cookie-banner')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('cookie-banner')).toBeNull());
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('Yes');
  });

  it('stays for an account that did not accept', async () => {
    saveSession({ access_token: 'tok', user: { id: 7, name: 'trader' } });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ result: me(false) }), { status: 200 }));
    renderShell();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByTestId('cookie-banner')).toBeInTheDocument();
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBeNull();
  });

  it('closes when the consent is stored between its first render and its mount (the static shell accepted meanwhile)', () => {
    const get = vi.spyOn(Storage.prototype, 'getItem');
    // the first read (initial state) sees no consent; the static shell's Accept stores it right after
    let reads = 0;
    get.mockImplementation(function (this: Storage, key: string) {
      if (key === COOKIE_CONSENT_KEY) return reads++ === 0 ? null : 'Yes';
      return null;
    });
    renderShell();
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });
});
