import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { useToasts } from './toast';
import { request } from './api';
import { clearSession, forcedLogout, getSession, installUnauthorizedHandler, logout, saveSession } from './session';
import { rules, apiErrorToForm } from '../features/auth/form';
import { ApiError } from './api';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/en-US/settings?tab=1');
  });
  afterEach(() => {
    vi.useRealTimers();
    clearSession();
  });

  it('stores token, user id and name on sign-in and clears them (remembering the old id) on logout', async () => {
    vi.useFakeTimers();
    saveSession({ access_token: 'tok', user: { id: 7, name: 'ada' } });
    expect(getSession()).toEqual({ token: 'tok', userId: 7, userName: 'ada' });
    expect(localStorage.getItem('token')).toBe('tok');
    const qc = new QueryClient();
    qc.setQueryData(['x'], 1);
    const go = vi.fn();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { result: { ok: true } }));
    await logout(qc, go);
    expect(fetchSpy).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    fetchSpy.mockRestore();
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem('last_user_id')).toBe('7');
    expect(qc.getQueryData(['x'])).toBeUndefined();
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(go).toHaveBeenCalledWith('/en-US/login');
  });

  it('forces a logout on a 401 of a guarded call: toast, then login with the return URL after 2.5 s', async () => {
    vi.useFakeTimers();
    saveSession({ access_token: 'stale', user: { id: 3, name: 'bob' } });
    const go = vi.fn();
    const off = installUnauthorizedHandler(new QueryClient(), go);
    const fetchImpl = vi.fn(async () => jsonResponse(401, { error: { code: 'SESSION_EXPIRED', message: 'x' } }));
    await request('/users/profile/me', { fetchImpl }).catch(() => undefined);
    expect(getSession().token).toBeNull();
    const { result } = renderHook(() => useToasts());
    expect(result.current).toEqual([expect.objectContaining({ kind: 'error', messageKey: 'auth:menu.unauthorized' })]);
    vi.advanceTimersByTime(2400);
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(go).toHaveBeenCalledWith('/en-US/login?redirect=%2Fen-US%2Fsettings%3Ftab%3D1');
    off();
  });

  it('ignores 401s of other URLs and on the login page', async () => {
    saveSession({ access_token: 'tok', user: { id: 3, name: 'bob' } });
    const go = vi.fn();
    const off = installUnauthorizedHandler(new QueryClient(), go);
    const fetchImpl = vi.fn(async () => jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }));
    await request('/auth/login', { fetchImpl }).catch(() => undefined);
    expect(getSession().token).toBe('tok');
    window.history.replaceState(null, '', '/en-US/login');
    forcedLogout(null, go);
    expect(getSession().token).toBe('tok');
    off();
  });
});

describe('auth form rules', () => {
  it('checks e-mail, both password rules and the code', () => {
    expect(rules.email('')).toBe('validation.emailRequired');
    expect(rules.email('a@b')).toBe('validation.emailInvalid');
    expect(rules.email('a@b.co')).toBeNull();
    expect(rules.registerPassword('Str0ng!pass')).toBeNull();
    expect(rules.registerPassword('Str0ngpass')).toBe('validation.passwordWeak');
    expect(rules.resetPassword('letters123')).toBeNull();
    expect(rules.resetPassword('lettersonly')).toBe('validation.resetPasswordWeak');
    expect(rules.code('12345')).toBe('validation.codeInvalid');
    expect(rules.code('123456')).toBeNull();
  });
  it('maps server 400 fields to inputs and codes to translated messages', () => {
    const v = apiErrorToForm(new ApiError('VALIDATION_FAILED', 400, 'x', [{ path: 'body.email', message: 'invalid e-mail' }]), { email: 'validation.emailInvalid' });
    expect(v).toEqual({ fields: { email: 'validation.emailInvalid' }, form: null });
    expect(apiErrorToForm(new ApiError('WRONG_CREDENTIALS', 401, 'x')).form).toBe('errors:WRONG_CREDENTIALS');
    expect(apiErrorToForm(new ApiError('AGREEMENT_REQUIRED', 400, 'x')).fields).toEqual({ agreement_accepted: 'validation.agreementRequired' });
  });
});
