import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../app/query-client';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { WebhooksPanel } from './AlertsPage';

initI18nForTests('en-US');

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Renders the panel signed in; saving an endpoint answers `error` (code, status). */
function renderPanel(error: { code: string; status: number }) {
  localStorage.setItem('token', 'test-token');
  window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/api/alerts/webhooks') && init?.method === 'POST') return json({ error: { code: error.code, message: 'server text', fields: [{ path: 'body.url', message: 'destination not allowed' }] } }, error.status);
      if (url.includes('/api/alerts/webhooks')) return json({ result: [] });
      return json({ result: null });
    }),
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/en-US/alerts']}>
        <WebhooksPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
});

describe('webhooks panel: a URL the server will not send to', () => {
  it('shows the translated reason under the URL field, not the server’s text', async () => {
    renderPanel({ code: 'OUTBOUND_URL_NOT_ALLOWED', status: 400 });
    expect(await screen.findByTestId('webhooks-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'http://127.0.0.1:8080/hook' } });
    fireEvent.click(screen.getByTestId('webhook-add'));
    expect(await screen.findByText(/points to a private or internal network/)).toBeTruthy();
    expect(screen.getByTestId('webhook-url').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('server text')).toBeNull();
  });

  it('says when the host name does not resolve', async () => {
    renderPanel({ code: 'OUTBOUND_HOST_UNRESOLVED', status: 400 });
    await screen.findByTestId('webhooks-empty');
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://no-such-host.example/hook' } });
    fireEvent.click(screen.getByTestId('webhook-add'));
    expect(await screen.findByText(/host name of this address could not be found/)).toBeTruthy();
  });
});
