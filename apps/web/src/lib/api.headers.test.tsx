import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCancelledError, request } from './api';
import { forgetCookieIds, SESSION_COOKIE, VISITOR_COOKIE } from './analytics';
// lib/session hands the API client its token reader (the one place the token is read).
import './session';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function headersOf(fetchImpl: ReturnType<typeof vi.fn>, call = 0): Record<string, string> {
  const init = fetchImpl.mock.calls[call][1] as RequestInit;
  return init.headers as Record<string, string>;
}

describe('api client request headers and retries', () => {
  beforeEach(() => {
    localStorage.clear();
    for (const c of [VISITOR_COOKIE, SESSION_COOKIE]) document.cookie = `${c}=; Max-Age=0; Path=/`;
    forgetCookieIds();
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('sends the bearer token when one is stored, and none otherwise', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(200, { result: 1 }));
    await request('/x', { fetchImpl });
    expect(headersOf(fetchImpl).Authorization).toBeUndefined();
    localStorage.setItem('token', 'abc');
    await request('/x', { fetchImpl });
    expect(headersOf(fetchImpl, 1).Authorization).toBe('Bearer abc');
  });

  it('sends stable visitor and session ids matching the analytics cookies', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(200, { result: 1 }));
    await request('/x', { fetchImpl });
    await request('/y', { fetchImpl });
    const a = headersOf(fetchImpl, 0);
    const b = headersOf(fetchImpl, 1);
    expect(a['x-visitor-id']).toMatch(/^[\w-]{8,}$/);
    expect(a['x-session-id']).toMatch(/^[\w-]{8,}$/);
    expect(b['x-visitor-id']).toBe(a['x-visitor-id']);
    expect(b['x-session-id']).toBe(a['x-session-id']);
    expect(document.cookie).toContain(`${VISITOR_COOKIE}=${a['x-visitor-id']}`);
    expect(document.cookie).toContain(`${SESSION_COOKIE}=${a['x-session-id']}`);
  });

  it('waits 1 s × attempt between retries of status 500, then returns the unwrapped result', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(500, {}))
      .mockResolvedValueOnce(jsonResponse(500, {}))
      .mockResolvedValueOnce(jsonResponse(200, { result: { ok: true } }));
    const p = request<{ ok: boolean }>('/x', { fetchImpl: fetchImpl as unknown as typeof fetch });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toEqual({ ok: true });
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('is silent when cancelled by its caller during a retry wait', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(async () => jsonResponse(500, {}));
    const controller = new AbortController();
    const p = request('/x', { fetchImpl, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await expect(p).rejects.toBeInstanceOf(ApiCancelledError);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
