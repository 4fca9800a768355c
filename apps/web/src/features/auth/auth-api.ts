import type { SocialProvider } from '@coinlens/contracts';
import { ApiError } from '../../lib/api';
import { api, type ApiInput, type CallOptions } from '../../lib/api-client';

/** Typed calls of the sign-in endpoints (/api/auth). Shell-level: not cancelled by navigation, never retried. */
const once: CallOptions = { navigationScoped: false, retries: 0 };

type Body<N extends Parameters<typeof api>[0]> = ApiInput<N> extends { body: infer B } ? B : never;
type OAuthProvider = 'google' | 'x';

const OAUTH = {
  google: { url: 'googleUrl', exchange: 'googleExchangeToken', connect: 'googleConnect' },
  x: { url: 'xUrl', exchange: 'xExchangeToken', connect: 'xConnect' },
} as const;
const PENDING = {
  google: { login: 'googleLogin', merge: 'googleMerge' },
  x: { login: 'xLogin', merge: 'xMerge' },
  telegram: { login: 'telegramLogin', merge: 'telegramMerge' },
} as const;
const DISCONNECT = { google: 'googleDisconnect', x: 'xDisconnect', telegram: 'telegramDisconnect', metamask: 'metamaskDisconnect' } as const;

/** A wallet never waits as a pending identity (its sign-in creates the account at once): there is no such call. */
const noPendingWallet = () => Promise.reject(new ApiError('VALIDATION_FAILED', 400, 'no pending wallet identity'));

export const authApi = {
  providers: () => api('getProviders', {}, once),
  login: (email: string, password: string) => api('login', { body: { email, password } }, once),
  register: (b: Body<'register'>) => api('register', { body: b }, once),
  resendRegisterCode: (email: string, registration_id: string) => api('resendRegisterCode', { query: { email, registration_id } }, once),
  verifyRegisterCode: (email: string, code: string, registration_id: string) => api('verifyRegisterCode', { body: { email, code, registration_id } }, once),
  forgotPassword: (email: string) => api('forgotPassword', { query: { email } }, once),
  resendResetCode: (email: string) => api('resendResetPasswordCode', { query: { email } }, once),
  verifyResetCode: (email: string, code: string) => api('verifyResetPasswordCode', { body: { email, code } }, once),
  resetPassword: (token: string, email: string, password: string) => api('resetPassword', { body: { token, email, password } }, once),
  sendBindEmailCode: (email: string) => api('sendBindEmailCode', { query: { email } }, once),
  verifyBindEmailCode: (email: string, code: string) => api('verifyBindEmailCode', { body: { email, code } }, once),
  checkProvider: (provider_uid: string) => api('checkProviderConnection', { query: { provider_uid } }, once),
  nonce: (address: string) => api('metamaskNonce', { query: { address } }, once),
  metamaskLogin: (b: Body<'metamaskLogin'>) => api('metamaskLogin', { body: b }, once),
  metamaskConnect: (b: Body<'metamaskConnect'>) => api('metamaskConnect', { body: b }, once),
  disconnect: (provider: keyof typeof DISCONNECT, provider_uid: string) => api(DISCONNECT[provider], { body: { provider_uid } }, once),
  oauthUrl: (provider: OAuthProvider, lang: string, purpose: 'login' | 'connect' = 'login') => api(OAUTH[provider].url, { query: { lang, purpose } }, once),
  oauthExchange: (provider: OAuthProvider, b: Body<'googleExchangeToken'>) => api(OAUTH[provider].exchange, { body: b }, once),
  oauthConnect: (provider: OAuthProvider, b: Body<'googleConnect'>) => api(OAUTH[provider].connect, { body: b }, once),
  pendingLogin: (provider: SocialProvider, b: Body<'googleLogin'>) => (provider === 'metamask' ? noPendingWallet() : api(PENDING[provider].login, { body: b }, once)),
  pendingMerge: (provider: SocialProvider, b: Body<'googleMerge'>) => (provider === 'metamask' ? noPendingWallet() : api(PENDING[provider].merge, { body: b }, once)),
  telegramVerify: (data: Body<'telegramVerify'>) => api('telegramVerify', { body: data }, once),
  telegramConnect: (data: Body<'telegramConnect'>) => api('telegramConnect', { body: data }, once),
};
