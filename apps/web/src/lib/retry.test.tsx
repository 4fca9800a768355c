import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../app/query-client';
import { useFeed } from '../features/feeds/feeds-api';
import { useSignalsList } from '../features/signals/queries';
import { useEvidenceCoverage } from '../features/signals/CoverageNote';
import { useAllCoins } from './market-queries';
import { bindInvitation } from '../features/pricing/pricing-api';
import { ApiError, request } from './api';
import { isIdempotent, isShedError, isTransientError, queryRetry, queryRetryDelay, retryImport, retryTransient } from './retry';
import { isChunkLoadError } from '../app/RouteError';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function withClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('retry policy (only idempotent requests, only transient failures)', () => {
  it('classifies methods and errors', () => {
    expect(isIdempotent('GET')).toBe(true);
    expect(isIdempotent(undefined)).toBe(true);
    expect(isIdempotent('post')).toBe(false);
    expect(isTransientError(new ApiError('INTERNAL', 503, 'x'))).toBe(true);
    expect(isTransientError(new ApiError('NETWORK', 0, 'x'))).toBe(true);
    expect(isTransientError(new ApiError('VALIDATION_FAILED', 400, 'x'))).toBe(false);
    expect(isTransientError(new ApiError('NOT_FOUND', 404, 'x'))).toBe(false);
    expect(queryRetry(0, new ApiError('INTERNAL', 500, 'x'))).toBe(false);
    expect(queryRetry(0, new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(retryTransient(2)(1, new ApiError('INTERNAL', 502, 'x'))).toBe(true);
    expect(retryTransient(2)(2, new ApiError('INTERNAL', 502, 'x'))).toBe(false);
    expect(retryTransient(2)(0, new ApiError('VALIDATION_FAILED', 400, 'x'))).toBe(false);
  });

  it('a news item answered 400 is asked once, not retried', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(400, { error: { code: 'VALIDATION_FAILED', message: 'bad id', fields: [{ path: 'id', message: 'bad' }] } }));
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper } = withClient();
    const { result } = renderHook(() => useFeed('not-a-number', 'en-US'), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect((result.current.error as ApiError).status).toBe(400);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('the signals list answered 400 is asked once, not retried', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(400, { error: { code: 'VALIDATION_FAILED', message: 'bad' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper } = withClient();
    const { result } = renderHook(() => useSignalsList('all'), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a news item answered 502 is retried (a transient failure), then shown', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(502, {}));
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper } = withClient();
    const { result } = renderHook(() => useFeed('1', 'en-US'), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('the survivorship note answered 503 by a server still warming up is asked again, then shown', async () => {
    const coverage = { as_of: 0, coins: 1, series: [{ symbol: 'BTC', timeframe: '1d', first: 0, last: 1 }] };
    const fetchMock = vi.fn().mockResolvedValueOnce(jsonResponse(503, { error: { code: 'UNAVAILABLE', message: 'warming up' } })).mockResolvedValue(jsonResponse(200, coverage));
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper } = withClient();
    const { result } = renderHook(() => useEvidenceCoverage(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(coverage));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('any query the server shed while warming up (503 with retry-after) is asked again after the time it gives: the coin list', async () => {
    const shed = { error: { code: 'SERVICE_UNAVAILABLE', message: 'The server is busy; retry shortly', details: { retry_after_s: 1 } } };
    const coins = [{ id: 1, symbol: 'BTC', slug: 'bitcoin', timeframes: ['1h'] }];
    const fetchMock = vi.fn().mockResolvedValueOnce(jsonResponse(503, shed)).mockResolvedValueOnce(jsonResponse(503, shed)).mockResolvedValue(jsonResponse(200, coins));
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper } = withClient();
    const { result } = renderHook(() => useAllCoins(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(coins));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const err = new ApiError('SERVICE_UNAVAILABLE', 503, 'busy', undefined, { retry_after_s: 2 });
    expect(isShedError(err)).toBe(true);
    expect(queryRetryDelay(1, err)).toBe(2000);
    expect(queryRetry(4, err)).toBe(false);
    expect(isShedError(new ApiError('INTERNAL', 503, 'x'))).toBe(false);
    expect(queryRetryDelay(1, new ApiError('INTERNAL', 500, 'x'))).toBe(0);
  });

  it('binding an invitation code (POST) answered 500 is sent once', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(500, { error: { code: 'INTERNAL', message: 'x' } }));
    vi.stubGlobal('fetch', fetchMock);
    const err = await bindInvitation('ABC123').catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(500);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('the API client repeats a GET answered 500 but never a POST', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(500, {}));
    await request('/x', { fetchImpl, retryDelayMs: 1 }).catch(() => null);
    expect(fetchImpl).toHaveBeenCalledTimes(4);
    fetchImpl.mockClear();
    await request('/x', { method: 'POST', body: {}, fetchImpl, retryDelayMs: 1 }).catch(() => null);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('the API client sends a GET answered with any 4xx exactly once', async () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      const fetchImpl = vi.fn(async () => jsonResponse(status, { error: { code: 'X', message: 'x' } }));
      const err = await request('/x', { fetchImpl, retryDelayMs: 1 }).catch((e: unknown) => e);
      expect((err as ApiError).status, String(status)).toBe(status);
      expect(fetchImpl, String(status)).toHaveBeenCalledTimes(1);
    }
  });

  it('a POST that failed on the network is sent once, and its query-level retry is off', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const err = await bindInvitation('ABC123').catch((e: unknown) => e);
    expect((err as ApiError).code).toBe('NETWORK');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a GET query that failed on the network is retried (transient), a 404 is not', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', down);
    const { wrapper } = withClient();
    const a = renderHook(() => useFeed('cp:1', 'en-US'), { wrapper });
    await waitFor(() => expect(a.result.current.isError).toBe(true));
    expect(down).toHaveBeenCalledTimes(3);
    const missing = vi.fn(async () => jsonResponse(404, { error: { code: 'FEED_NOT_FOUND', message: 'x' } }));
    vi.stubGlobal('fetch', missing);
    const b = renderHook(() => useFeed('cp:2', 'en-US'), { wrapper: withClient().wrapper });
    await waitFor(() => expect(b.result.current.isError).toBe(true));
    expect(missing).toHaveBeenCalledTimes(1);
  });
});

describe('code chunks after a dropped connection', () => {
  const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/SideColumn-x.js');
  afterEach(() => vi.restoreAllMocks());

  it('loads the chunk again after a failure while online', async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValue({ default: 'SideColumn' });
    await expect(retryImport(load, [0, 0])).resolves.toEqual({ default: 'SideColumn' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('waits for the browser to be back online before trying again', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValue('ok');
    let settled = false;
    const p = retryImport(load, [0]).then((v) => ((settled = true), v));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await expect(p).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the last attempt with the load error, which the route error page recognises', async () => {
    const load = vi.fn().mockRejectedValue(chunkError());
    const err = await retryImport(load, [0, 0]).catch((e: unknown) => e);
    expect(load).toHaveBeenCalledTimes(3);
    expect(isChunkLoadError(err)).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
});
