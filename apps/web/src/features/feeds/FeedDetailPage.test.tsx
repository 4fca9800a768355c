import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../../app/query-client';
import { initI18nForTests } from '../../app/i18n-test-utils';
import FeedDetailPage from './FeedDetailPage';

initI18nForTests('en-US');

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderAt(path: string) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/:lang/feeds/:id" element={<FeedDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en-US'));
});

describe('feed detail: a missing item is "not found", not a failed list', () => {
  it('an id the API rejects (400) shows the not-found state after one request', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(400, { error: { code: 'VALIDATION_FAILED', message: 'invalid feed id', fields: [{ path: 'id', message: 'invalid feed id' }] } }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/en-US/feeds/nonexistent-id');
    const box = await screen.findByTestId('feed-not-found');
    expect(box).toHaveTextContent('News item not found');
    expect(box).not.toHaveTextContent(/Failed to fetch/i);
    expect(screen.getByRole('link', { name: 'Browse the latest news' })).toHaveAttribute('href', '/en-US/feeds');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an unknown well-formed id (404) shows the not-found state, in Chinese too', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const fetchMock = vi.fn(async () => jsonResponse(404, { error: { code: 'FEED_NOT_FOUND', message: 'no such feed' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/zh-CN/feeds/cp:999999');
    expect(await screen.findByTestId('feed-not-found')).toHaveTextContent('未找到这条新闻');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a server failure (503) is retried, then shown as a load error with Retry', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(503, { error: { code: 'INTERNAL', message: 'down' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/en-US/feeds/cp:1');
    const box = await screen.findByTestId('feed-load-error', {}, { timeout: 10_000 });
    expect(box).toHaveTextContent('This data could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByTestId('feed-not-found')).toBeNull();
    expect(fetchMock.mock.calls.length).toBeGreaterThan(1);
  }, 15_000);
});
