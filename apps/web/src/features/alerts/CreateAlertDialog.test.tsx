import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../app/query-client';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { CreateAlertDialog } from './CreateAlertDialog';

initI18nForTests('en-US');

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** Renders the dialog signed in, with the server's channels and the caller's Telegram link as given. */
function renderDialog(telegram: { enabled: boolean; reason: string | null; linked: { username: string | null; linked_at: string } | null }) {
  localStorage.setItem('token', 'test-token');
  window.dispatchEvent(new StorageEvent('storage', { key: 'token' })); // the session store re-reads storage
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/api/alerts/channels'))
        return json({ result: { channels: [{ channel: 'in_app', enabled: true, reason: null }, { channel: 'email', enabled: true, reason: null }, { channel: 'webhook', enabled: true, reason: null }, { channel: 'telegram', enabled: telegram.enabled, reason: telegram.reason }] } });
      if (url.includes('/api/alerts/telegram')) return json({ result: { ...telegram, bot_name: telegram.enabled ? 'coinlens_bot' : null } });
      return json({ result: null });
    }),
  );
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/en-US/alerts']}>
        <CreateAlertDialog open onClose={() => undefined} draft={{ kind: 'signal' }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
});

describe('rule dialog: the Telegram channel', () => {
  it('is disabled with the reason when the server has no bot', async () => {
    renderDialog({ enabled: false, reason: 'not_configured', linked: null });
    expect(await screen.findByText(/Not set up on this server/)).toBeTruthy();
    expect((screen.getByTestId('alert-channel-telegram') as HTMLInputElement).disabled).toBe(true);
  });

  it('is disabled until a chat is linked, with a way to connect', async () => {
    renderDialog({ enabled: true, reason: null, linked: null });
    expect(await screen.findByText('Connect your Telegram first.')).toBeTruthy();
    expect((screen.getByTestId('alert-channel-telegram') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Connect Telegram' }).getAttribute('href')).toBe('/en-US/alerts');
  });

  it('can be ticked once linked, naming the chat', async () => {
    renderDialog({ enabled: true, reason: null, linked: { username: 'alice', linked_at: '2026-11-24T00:00:00.000Z' } });
    expect(await screen.findByText('· @alice')).toBeTruthy();
    const box = screen.getByLabelText(/Telegram/) as HTMLInputElement;
    expect(box.disabled).toBe(false);
  });
});
