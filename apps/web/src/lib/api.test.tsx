import { describe, expect, it, vi } from 'vitest';
import { ApiCancelledError, ApiError, buildUrl, cancelNavigationRequests, request } from './api';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api client', () => {
  it('builds URLs under /api and drops empty query values', () => {
    expect(buildUrl('/crypto/price', { symbols: 'BTC,ETH', x: undefined, y: '' })).toBe('/api/crypto/price?symbols=BTC%2CETH');
    expect(buildUrl('/api/clock')).toBe('/api/clock');
  });

  it('unwraps result', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(200, { result: [1, 2] }));
    await expect(request<number[]>('/x', { fetchImpl })).resolves.toEqual([1, 2]);
  });

  it('raises typed errors with the code', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(404, { error: { code: 'COIN_NOT_FOUND', message: 'no' } }));
    const err = (await request('/x', { fetchImpl }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('COIN_NOT_FOUND');
    expect(err.status).toBe(404);
  });

  it('retries status 500 up to 3 times', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(500, { error: { code: 'INTERNAL', message: 'x' } }));
    const err = (await request('/x', { fetchImpl, retryDelayMs: 1 }).catch((e: unknown) => e)) as ApiError;
    expect(fetchImpl).toHaveBeenCalledTimes(4);
    expect(err.code).toBe('INTERNAL');
  });

  it('does not retry when retries is 0 (price lookup)', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(500, {}));
    await request('/x', { fetchImpl, retries: 0 }).catch(() => null);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('cancels page requests on navigation', async () => {
    const fetchImpl = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const p = request('/x', { fetchImpl: fetchImpl as unknown as typeof fetch });
    cancelNavigationRequests();
    await expect(p).rejects.toBeInstanceOf(ApiCancelledError);
  });
});
