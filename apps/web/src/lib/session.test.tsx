import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { useToasts } from './toast';
import { request } from './api';
import { clearSession, forcedLogout, getSession, installUnauthorizedHandler, logout, saveSession } from './session';
import { apiErrorToForm } from '../features/auth/form';
import { codeResolver, emailResolver, loginResolver, newPasswordResolver, registerResolver } from '../features/auth/form-schemas';
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
  it('checks e-mail, both password rules and the code with the contract schemas, giving i18n keys', async () => {
    const errorsOf = async (resolver: (v: any, c: unknown, o: any) => unknown, values: Record<string, unknown>) => {
      const r = (await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false })) as { errors: Record<string, { message?: string } | undefined> };
      return Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, e?.message]));
    };
    expect(await errorsOf(emailResolver, { email: '' })).toEqual({ email: 'validation.emailRequired' });
    expect(await errorsOf(emailResolver, { email: 'a@b' })).toEqual({ email: 'validation.emailInvalid' });
    expect(await errorsOf(emailResolver, { email: ' A@b.co ' })).toEqual({});
    expect(await errorsOf(loginResolver, { email: 'a@b.co', password: '' })).toEqual({ password: 'validation.passwordRequired' });
    expect(await errorsOf(registerResolver, { email: 'a@b.co', password: 'Str0ng!pass', agreement_accepted: true })).toEqual({});
    expect(await errorsOf(registerResolver, { email: 'a@b.co', password: 'Str0ngpass', agreement_accepted: false })).toEqual({ password: 'validation.passwordWeak', agreement_accepted: 'validation.agreementRequired' });
    expect(await errorsOf(newPasswordResolver, { password: 'letters123', confirm: 'letters123' })).toEqual({});
    expect(await errorsOf(newPasswordResolver, { password: 'lettersonly', confirm: 'x' })).toEqual({ password: 'validation.resetPasswordWeak', confirm: 'validation.confirmMismatch' });
    expect(await errorsOf(codeResolver, { code: '12345' })).toEqual({ code: 'validation.codeInvalid' });
    expect(await errorsOf(codeResolver, { code: '123456' })).toEqual({});
  });
  it('maps server 400 fields to inputs and codes to translated messages', () => {
    const v = apiErrorToForm(new ApiError('VALIDATION_FAILED', 400, 'x', [{ path: 'body.email', message: 'invalid e-mail' }]), { email: 'validation.emailInvalid' });
    expect(v).toEqual({ fields: { email: 'validation.emailInvalid' }, form: null });
    expect(apiErrorToForm(new ApiError('WRONG_CREDENTIALS', 401, 'x')).form).toBe('errors:WRONG_CREDENTIALS');
    expect(apiErrorToForm(new ApiError('AGREEMENT_REQUIRED', 400, 'x')).fields).toEqual({ agreement_accepted: 'validation.agreementRequired' });
  });
});
