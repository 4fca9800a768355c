import type { CodeSentResult, ExchangeResult, Providers, RegisterResult, SignInResult } from '@coinlens/contracts';
import { get, request } from '../../lib/api';

/** Typed calls of SPEC §7 Auth (base /api). Shell-level: not cancelled by navigation. */
const post = <T>(path: string, body: unknown) => request<T>(path, { method: 'POST', body, navigationScoped: false, retries: 0 });
const q = <T>(path: string, query: Record<string, string>) => get<T>(path, query, { navigationScoped: false, retries: 0 });

export const authApi = {
  providers: () => q<Providers>('/auth/providers', {}),
  login: (email: string, password: string) => post<SignInResult>('/auth/login', { email, password }),
  register: (b: { email: string; password: string; agreement_accepted: boolean; cookie_accepted: boolean; lang: string }) => post<RegisterResult>('/auth/register', b),
  resendRegisterCode: (email: string, registration_id: string) => q<CodeSentResult>('/auth/resend-register-code', { email, registration_id }),
  verifyRegisterCode: (email: string, code: string, registration_id: string) => post<SignInResult>('/auth/verify-register-code', { email, code, registration_id }),
  forgotPassword: (email: string) => q<CodeSentResult>('/auth/forgot-password', { email }),
  resendResetCode: (email: string) => q<CodeSentResult>('/auth/resend-reset-password-code', { email }),
  verifyResetCode: (email: string, code: string) => post<{ email: string; token: string }>('/auth/verify-reset-password-code', { email, code }),
  resetPassword: (token: string, email: string, password: string) => post<{ ok: true }>('/auth/reset-password', { token, email, password }),
  sendBindEmailCode: (email: string) => q<CodeSentResult>('/auth/send-bind-email-code', { email }),
  verifyBindEmailCode: (email: string, code: string) => post<{ ok: true }>('/auth/verify-bind-email-code', { email, code }),
  checkProvider: (provider_uid: string) => q<{ connected: boolean; provider: string | null }>('/auth/check-provider-connection', { provider_uid }),
  nonce: (address: string) => q<{ nonce: string; message: string; expires_at: string }>('/auth/metamask/nonce', { address }),
  metamaskLogin: (b: { address: string; message: string; signature: string; agreement_accepted: boolean; cookie_accepted: boolean; lang: string }) => post<SignInResult>('/auth/metamask/login', b),
  metamaskConnect: (b: { provider_uid: string; message: string; signature: string }) => post<{ ok: true }>('/auth/metamask/connect', b),
  disconnect: (provider: string, provider_uid: string) => post<{ ok: true }>(`/auth/${provider}/disconnect`, { provider_uid }),
  oauthUrl: (provider: 'google' | 'x', lang: string, purpose: 'login' | 'connect' = 'login') => q<{ url: string; state: string }>(`/auth/${provider}/url`, { lang, purpose }),
  oauthExchange: (provider: 'google' | 'x', b: { code?: string; state: string; lang: string }) => post<ExchangeResult>(`/auth/${provider}/exchange-token`, b),
  oauthConnect: (provider: 'google' | 'x', b: { code?: string; state: string; lang: string }) => post<{ ok: true }>(`/auth/${provider}/connect`, b),
  pendingLogin: (provider: string, b: { provider_uid: string; nonce: string; agreement_accepted: boolean; cookie_accepted: boolean; lang: string }) => post<SignInResult>(`/auth/${provider}/login`, b),
  pendingMerge: (provider: string, b: { provider_uid: string; nonce: string; lang: string }) => post<SignInResult>(`/auth/${provider}/merge`, b),
  telegramVerify: (data: Record<string, unknown>) => post<ExchangeResult>('/auth/telegram/verify', data),
  telegramConnect: (data: Record<string, unknown>) => post<{ ok: true }>('/auth/telegram/connect', data),
};
