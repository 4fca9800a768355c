import { BEARER, endpoint } from '../api/endpoint';
import { ROUTES, type RouteSpec } from '../api/routes';
import { ErrorResponse } from '../common/envelope';
import {
  CheckProviderQuery, CheckProviderResponse, CodeBody, CodeSentResponse, DisconnectBody, EmailQuery, ExchangeResponse, LoginBody, MetamaskConnectBody, MetamaskLoginBody,
  NonceQuery, NonceResponse, OAuthCodeBody, OAuthUrlQuery, OAuthUrlResponse, OkResponse, PendingLoginBody, PendingMergeBody, ProvidersResponse, RegisterBody,
  RegisterCodeBody, RegisterResponse, ResendRegisterQuery, ResetPasswordBody, ResetTokenResponse, SignInResponse, TelegramBody, ValidateTokenQuery, ValidateTokenResponse,
} from './endpoints';

const tags = ['auth'];
const security = BEARER;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse, 500: ErrorResponse, 503: ErrorResponse };

// One descriptor per provider and step (each has its own fixed path); these build them.
const oauthUrl = <const R extends RouteSpec>(route: R, label: string) =>
  endpoint(route, { tags, summary: `${label} authorization URL (sets the state cookie)`, querystring: OAuthUrlQuery, response: { 200: OAuthUrlResponse, ...errors } });
const oauthExchange = <const R extends RouteSpec>(route: R, label: string) =>
  endpoint(route, { tags, summary: `Finish ${label} sign-in: signed in, or a new identity to create or merge`, body: OAuthCodeBody, response: { 200: ExchangeResponse, ...errors } });
const oauthConnect = <const R extends RouteSpec>(route: R, label: string) =>
  endpoint(route, { tags, security, summary: `Link a ${label} account (code from a connect authorization)`, body: OAuthCodeBody, response: { 200: OkResponse, ...errors } });
const pendingLogin = <const R extends RouteSpec>(route: R, provider: string) =>
  endpoint(route, { tags, summary: `Create an account for a new ${provider} identity (agreement required)`, body: PendingLoginBody, response: { 200: SignInResponse, ...errors } });
const pendingMerge = <const R extends RouteSpec>(route: R, provider: string) =>
  endpoint(route, { tags, summary: `Link a new ${provider} identity to the account with its verified e-mail`, body: PendingMergeBody, response: { 200: SignInResponse, ...errors } });
const disconnect = <const R extends RouteSpec>(route: R, provider: string) =>
  endpoint(route, { tags, security, summary: `Unlink a ${provider} identity (not the last sign-in method)`, body: DisconnectBody, response: { 200: OkResponse, ...errors } });

/**
 * The sign-in endpoints under /api/auth: e-mail accounts and codes, MetaMask (SIWE), Google and X (OAuth 2.0
 * with PKCE), Telegram (Login Widget) and the list of configured providers.
 */
export const authApi = {
  getProviders: endpoint(ROUTES.getProviders, { tags, summary: 'Sign-in methods configured on this server', response: { 200: ProvidersResponse } }),
  login: endpoint(ROUTES.login, { tags, summary: 'Sign in with e-mail and password', body: LoginBody, response: { 200: SignInResponse, ...errors } }),
  register: endpoint(ROUTES.register, { tags, summary: 'Register with e-mail and password; mails a 6-digit code bound to this attempt (registration_id)', body: RegisterBody, response: { 200: RegisterResponse, ...errors } }),
  logout: endpoint(ROUTES.logout, { tags, security, summary: 'Revoke the current session', response: { 200: OkResponse, ...errors } }),
  validateToken: endpoint(ROUTES.validateToken, { tags, summary: 'Whether a token (query or bearer header) is a live session', querystring: ValidateTokenQuery, response: { 200: ValidateTokenResponse, ...errors } }),
  resendRegisterCode: endpoint(ROUTES.resendRegisterCode, {
    tags,
    summary: 'Mail a new code for the same registration attempt (after the 60 s countdown)',
    querystring: ResendRegisterQuery,
    response: { 200: CodeSentResponse, ...errors },
  }),
  verifyRegisterCode: endpoint(ROUTES.verifyRegisterCode, {
    tags,
    summary: 'Verify the code of a registration attempt and sign in (registration_id required only when several attempts compete for the address)',
    body: RegisterCodeBody,
    response: { 200: SignInResponse, ...errors },
  }),
  forgotPassword: endpoint(ROUTES.forgotPassword, { tags, summary: 'Mail a password reset code if the address has an account', querystring: EmailQuery, response: { 200: CodeSentResponse, ...errors } }),
  resendResetPasswordCode: endpoint(ROUTES.resendResetPasswordCode, { tags, summary: 'Mail a new reset code (after the 60 s countdown)', querystring: EmailQuery, response: { 200: CodeSentResponse, ...errors } }),
  verifyResetPasswordCode: endpoint(ROUTES.verifyResetPasswordCode, { tags, summary: 'Verify the reset code; returns a one-time reset token', body: CodeBody, response: { 200: ResetTokenResponse, ...errors } }),
  resetPassword: endpoint(ROUTES.resetPassword, { tags, summary: 'Set a new password with the reset token; signs out every session', body: ResetPasswordBody, response: { 200: OkResponse, ...errors } }),
  sendBindEmailCode: endpoint(ROUTES.sendBindEmailCode, { tags, security, summary: 'Mail a code to add or verify the e-mail of the account', querystring: EmailQuery, response: { 200: CodeSentResponse, ...errors } }),
  verifyBindEmailCode: endpoint(ROUTES.verifyBindEmailCode, {
    tags,
    security,
    summary: 'Verify the e-mail code; the address becomes the verified e-mail of the account',
    body: CodeBody,
    response: { 200: OkResponse, ...errors },
  }),
  checkProviderConnection: endpoint(ROUTES.checkProviderConnection, {
    tags,
    summary: 'Whether an identity (e.g. a wallet address) is linked to an account',
    querystring: CheckProviderQuery,
    response: { 200: CheckProviderResponse, ...errors },
  }),
  metamaskNonce: endpoint(ROUTES.metamaskNonce, { tags, summary: 'A single-use nonce and the EIP-4361 message to sign', querystring: NonceQuery, response: { 200: NonceResponse, ...errors } }),
  metamaskLogin: endpoint(ROUTES.metamaskLogin, {
    tags,
    summary: 'Sign in with a signed SIWE message; an unknown wallet gets a new wallet-only account',
    body: MetamaskLoginBody,
    response: { 200: SignInResponse, ...errors },
  }),
  metamaskConnect: endpoint(ROUTES.metamaskConnect, { tags, security, summary: 'Link a wallet to the account (signed SIWE message)', body: MetamaskConnectBody, response: { 200: OkResponse, ...errors } }),
  metamaskDisconnect: disconnect(ROUTES.metamaskDisconnect, 'metamask'),
  googleUrl: oauthUrl(ROUTES.googleUrl, 'Google'),
  googleExchangeToken: oauthExchange(ROUTES.googleExchangeToken, 'Google'),
  googleConnect: oauthConnect(ROUTES.googleConnect, 'Google'),
  googleLogin: pendingLogin(ROUTES.googleLogin, 'google'),
  googleMerge: pendingMerge(ROUTES.googleMerge, 'google'),
  googleDisconnect: disconnect(ROUTES.googleDisconnect, 'google'),
  xUrl: oauthUrl(ROUTES.xUrl, 'X'),
  xExchangeToken: oauthExchange(ROUTES.xExchangeToken, 'X'),
  xConnect: oauthConnect(ROUTES.xConnect, 'X'),
  xLogin: pendingLogin(ROUTES.xLogin, 'x'),
  xMerge: pendingMerge(ROUTES.xMerge, 'x'),
  xDisconnect: disconnect(ROUTES.xDisconnect, 'x'),
  telegramVerify: endpoint(ROUTES.telegramVerify, {
    tags,
    summary: 'Sign in with Telegram Login Widget data (hash checked with the bot token)',
    body: TelegramBody,
    response: { 200: ExchangeResponse, ...errors },
  }),
  telegramConnect: endpoint(ROUTES.telegramConnect, { tags, security, summary: 'Link a Telegram account (widget data)', body: TelegramBody, response: { 200: OkResponse, ...errors } }),
  telegramLogin: pendingLogin(ROUTES.telegramLogin, 'telegram'),
  telegramMerge: pendingMerge(ROUTES.telegramMerge, 'telegram'),
  telegramDisconnect: disconnect(ROUTES.telegramDisconnect, 'telegram'),
};
