import { z } from 'zod';
import { ErrorResponse, resultOf } from '../common/envelope';
import { SocialProvider } from '../users/user';
import { BEARER, endpoint, GET, POST } from '../api/endpoint';
import type { RouteSpec } from '../api/route-spec';

/** Lower-cased, trimmed e-mail with a valid format. */
export const Email = z
  .string()
  .trim()
  .min(1, 'required')
  .max(254)
  .pipe(z.email('invalid e-mail'))
  .transform((s) => s.toLowerCase());

/** Registration password: ≥ 8 characters with upper and lower case, a digit and a special character. */
export const RegisterPassword = z
  .string()
  .min(8, 'at least 8 characters')
  .max(128)
  .refine((s) => /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s) && /[^A-Za-z0-9]/.test(s), 'needs upper and lower case letters, a digit and a special character');

/** Reset password: ≥ 8 characters with letters and digits. */
export const ResetPassword = z
  .string()
  .min(8, 'at least 8 characters')
  .max(128)
  .refine((s) => /[A-Za-z]/.test(s) && /\d/.test(s), 'needs letters and digits');

/** True when `s` satisfies the registration password rule (used by the web form too). */
export function isStrongPassword(s: string): boolean {
  return RegisterPassword.safeParse(s).success;
}

/** A 6-digit verification code. */
export const VerificationCode = z.string().trim().regex(/^\d{6}$/, 'must be 6 digits');

/** `en-US`/`en_US`/`zh-CN`/`zh_CN` → `en_US`/`zh_CN`; default `en_US`. */
export const AccountLang = z
  .string()
  .optional()
  .transform((s) => (s && s.toLowerCase().startsWith('zh') ? 'zh_CN' : 'en_US') as 'en_US' | 'zh_CN');

/** Signed-in answer of every sign-in path: store `access_token`, `user.id`, `user.name`. */
export const SignInResult = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
});
export type SignInResult = z.infer<typeof SignInResult>;
export const SignInResponse = resultOf(SignInResult);

/** Answer of every "a code was (or would have been) sent" call; `resend_in` = seconds until resend is allowed. */
export const CodeSentResult = z.object({ sent: z.literal(true), email: z.string(), resend_in: z.number().int() });
export type CodeSentResult = z.infer<typeof CodeSentResult>;
export const CodeSentResponse = resultOf(CodeSentResult);

export const OkResponse = resultOf(z.object({ ok: z.literal(true) }));

/** `POST /api/auth/login`. */
export const LoginBody = z.object({ email: Email, password: z.string().min(1, 'required').max(128) });
export type LoginBody = z.input<typeof LoginBody>;

/** `POST /api/auth/register`; a 6-digit code is mailed, then `verify-register-code` signs in. */
export const RegisterBody = z.object({
  email: Email,
  password: RegisterPassword,
  agreement_accepted: z.boolean(),
  cookie_accepted: z.boolean().optional().default(false),
  lang: AccountLang,
});
export type RegisterBody = z.input<typeof RegisterBody>;

export const EmailQuery = z.object({ email: Email });
export const CodeBody = z.object({ email: Email, code: VerificationCode });
export type CodeBody = z.input<typeof CodeBody>;

/**
 * Id of one registration attempt (43 base64url characters = 256 random bits), returned by
 * `register` to the browser that registered: a mailed code only ever activates the password of the
 * attempt it was mailed for, and with the id a code of any other attempt is refused.
 */
export const RegistrationId = z.string().trim().regex(/^[\w-]{43}$/, 'must be the registration_id returned by register');

/** Answer of `POST /api/auth/register`: the code was mailed; keep `registration_id` for verify/resend. */
export const RegisterResult = CodeSentResult.extend({ registration_id: z.string() });
export type RegisterResult = z.infer<typeof RegisterResult>;
export const RegisterResponse = resultOf(RegisterResult);

/**
 * `POST /api/auth/verify-register-code`: `{email, code}`, and optionally the id of the attempt the
 * code was mailed for. Without the id the code is accepted only while the address has a single
 * registration attempt in the last day; when several attempts compete for it, the id is required
 * (400 VALIDATION_FAILED naming `body.registration_id`).
 */
export const RegisterCodeBody = CodeBody.extend({ registration_id: RegistrationId.optional() });
export type RegisterCodeBody = z.input<typeof RegisterCodeBody>;

/** `GET /api/auth/resend-register-code`: a new code for the same attempt (same password). */
export const ResendRegisterQuery = EmailQuery.extend({ registration_id: RegistrationId });

/** `POST /api/auth/verify-reset-password-code` → `{email, token}` for `reset-password`. */
export const ResetTokenResponse = resultOf(z.object({ email: z.string(), token: z.string() }));

/** `POST /api/auth/reset-password`. */
export const ResetPasswordBody = z.object({ token: z.string().min(10).max(200), email: Email, password: ResetPassword });
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;

/** `GET /api/auth/validate-token?token` → whether the token is a live session. */
export const ValidateTokenQuery = z.object({ token: z.string().max(4096).optional() });
export const ValidateTokenResponse = resultOf(z.object({ valid: z.boolean(), user_id: z.number().int().nullable() }));

/** `GET /api/auth/check-provider-connection?provider_uid` → whether that identity is linked to an account. */
export const CheckProviderQuery = z.object({ provider_uid: z.string().min(1).max(200), provider: SocialProvider.optional() });
export const CheckProviderResponse = resultOf(z.object({ connected: z.boolean(), provider: SocialProvider.nullable() }));

/** `GET /api/auth/providers` → which sign-in methods this server offers. */
export const ProvidersResponse = resultOf(
  z.object({
    email: z.boolean(),
    google: z.boolean(),
    x: z.boolean(),
    telegram: z.object({ enabled: z.boolean(), bot_name: z.string().nullable() }),
    metamask: z.boolean(),
  }),
);
export type Providers = z.infer<typeof ProvidersResponse>['result'];

// ---- MetaMask (SIWE, EIP-4361) -------------------------------------------------------------------

export const Address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');
export const Signature = z.string().regex(/^0x[0-9a-fA-F]+$/, 'must be hex').max(1000);

/** `GET /api/auth/metamask/nonce?address` → the nonce and the full EIP-4361 message to sign. */
export const NonceQuery = z.object({ address: Address });
export const NonceResponse = resultOf(z.object({ nonce: z.string(), message: z.string(), expires_at: z.string() }));

/** `POST /api/auth/metamask/login`: an unknown wallet creates a wallet-only account. */
export const MetamaskLoginBody = z.object({
  address: Address,
  message: z.string().min(1).max(4000),
  signature: Signature,
  agreement_accepted: z.boolean().optional().default(false),
  cookie_accepted: z.boolean().optional().default(false),
  lang: AccountLang,
});
export type MetamaskLoginBody = z.input<typeof MetamaskLoginBody>;

/** `POST /api/auth/metamask/connect` (signed in). */
export const MetamaskConnectBody = z.object({ provider_uid: Address, message: z.string().min(1).max(4000), signature: Signature });
export type MetamaskConnectBody = z.input<typeof MetamaskConnectBody>;

/** `POST /api/auth/{provider}/disconnect` (signed in). */
export const DisconnectBody = z.object({ provider_uid: z.string().min(1).max(200) });

// ---- OAuth (Google, X) and Telegram --------------------------------------------------------------

/** `GET /api/auth/{google|x}/url?lang[&purpose=connect]` → the provider's authorization URL. */
export const OAuthUrlQuery = z.object({ lang: AccountLang, purpose: z.enum(['login', 'connect']).optional().default('login') });
export const OAuthUrlResponse = resultOf(z.object({ url: z.string(), state: z.string() }));

/** Callback data the SPA posts after the provider redirected back. */
export const OAuthCodeBody = z.object({ code: z.string().max(2048).optional(), state: z.string().min(1).max(200), lang: AccountLang });
export type OAuthCodeBody = z.input<typeof OAuthCodeBody>;

/**
 * Answer of `exchange-token` (and Telegram `verify`): either signed in, or a verified identity without
 * an account (`status: 'new'`) the user must decide about: create an account (`…/login`), or —
 * when `can_merge` (its verified e-mail belongs to an account) — merge into it (`…/merge`).
 */
export const ExchangeResult = z.discriminatedUnion('status', [
  SignInResult.extend({ status: z.literal('signed_in') }),
  z.object({
    status: z.literal('new'),
    provider: SocialProvider,
    provider_uid: z.string(),
    nonce: z.string(),
    email: z.string().nullable(),
    display_name: z.string().nullable(),
    can_merge: z.boolean(),
  }),
]);
export type ExchangeResult = z.infer<typeof ExchangeResult>;
export const ExchangeResponse = resultOf(ExchangeResult);

/** `POST /api/auth/{provider}/login`: create the account of a pending identity. */
export const PendingLoginBody = z.object({
  provider_uid: z.string().min(1).max(200),
  nonce: z.string().min(10).max(200),
  agreement_accepted: z.boolean(),
  cookie_accepted: z.boolean().optional().default(false),
  lang: AccountLang,
});
export type PendingLoginBody = z.input<typeof PendingLoginBody>;

/** `POST /api/auth/{provider}/merge`: link a pending identity to the account with its verified e-mail. */
export const PendingMergeBody = z.object({ provider_uid: z.string().min(1).max(200), nonce: z.string().min(10).max(200), lang: AccountLang });
export type PendingMergeBody = z.input<typeof PendingMergeBody>;

/** Data of the Telegram Login Widget (https://core.telegram.org/widgets/login). */
export const TelegramAuthData = z.object({
  id: z.coerce.number().int().positive(),
  first_name: z.string().max(256).optional(),
  last_name: z.string().max(256).optional(),
  username: z.string().max(256).optional(),
  photo_url: z.string().max(2048).optional(),
  auth_date: z.coerce.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TelegramAuthData = z.infer<typeof TelegramAuthData>;
export const TelegramBody = TelegramAuthData.extend({ lang: AccountLang });

// ---- endpoint descriptors: method, path and the schemas above ----------------------------------

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
  getProviders: endpoint(GET('/api/auth/providers'), { tags, summary: 'Sign-in methods configured on this server', response: { 200: ProvidersResponse } }),
  login: endpoint(POST('/api/auth/login'), { tags, summary: 'Sign in with e-mail and password', body: LoginBody, response: { 200: SignInResponse, ...errors } }),
  register: endpoint(POST('/api/auth/register'), { tags, summary: 'Register with e-mail and password; mails a 6-digit code bound to this attempt (registration_id)', body: RegisterBody, response: { 200: RegisterResponse, ...errors } }),
  logout: endpoint(POST('/api/auth/logout'), { tags, security, summary: 'Revoke the current session', response: { 200: OkResponse, ...errors } }),
  validateToken: endpoint(GET('/api/auth/validate-token'), { tags, summary: 'Whether a token (query or bearer header) is a live session', querystring: ValidateTokenQuery, response: { 200: ValidateTokenResponse, ...errors } }),
  resendRegisterCode: endpoint(GET('/api/auth/resend-register-code'), {
    tags,
    summary: 'Mail a new code for the same registration attempt (after the 60 s countdown)',
    querystring: ResendRegisterQuery,
    response: { 200: CodeSentResponse, ...errors },
  }),
  verifyRegisterCode: endpoint(POST('/api/auth/verify-register-code'), {
    tags,
    summary: 'Verify the code of a registration attempt and sign in (registration_id required only when several attempts compete for the address)',
    body: RegisterCodeBody,
    response: { 200: SignInResponse, ...errors },
  }),
  forgotPassword: endpoint(GET('/api/auth/forgot-password'), { tags, summary: 'Mail a password reset code if the address has an account', querystring: EmailQuery, response: { 200: CodeSentResponse, ...errors } }),
  resendResetPasswordCode: endpoint(GET('/api/auth/resend-reset-password-code'), { tags, summary: 'Mail a new reset code (after the 60 s countdown)', querystring: EmailQuery, response: { 200: CodeSentResponse, ...errors } }),
  verifyResetPasswordCode: endpoint(POST('/api/auth/verify-reset-password-code'), { tags, summary: 'Verify the reset code; returns a one-time reset token', body: CodeBody, response: { 200: ResetTokenResponse, ...errors } }),
  resetPassword: endpoint(POST('/api/auth/reset-password'), { tags, summary: 'Set a new password with the reset token; signs out every session', body: ResetPasswordBody, response: { 200: OkResponse, ...errors } }),
  sendBindEmailCode: endpoint(GET('/api/auth/send-bind-email-code'), { tags, security, summary: 'Mail a code to add or verify the e-mail of the account', querystring: EmailQuery, response: { 200: CodeSentResponse, ...errors } }),
  verifyBindEmailCode: endpoint(POST('/api/auth/verify-bind-email-code'), {
    tags,
    security,
    summary: 'Verify the e-mail code; the address becomes the verified e-mail of the account',
    body: CodeBody,
    response: { 200: OkResponse, ...errors },
  }),
  checkProviderConnection: endpoint(GET('/api/auth/check-provider-connection'), {
    tags,
    summary: 'Whether an identity (e.g. a wallet address) is linked to an account',
    querystring: CheckProviderQuery,
    response: { 200: CheckProviderResponse, ...errors },
  }),
  metamaskNonce: endpoint(GET('/api/auth/metamask/nonce'), { tags, summary: 'A single-use nonce and the EIP-4361 message to sign', querystring: NonceQuery, response: { 200: NonceResponse, ...errors } }),
  metamaskLogin: endpoint(POST('/api/auth/metamask/login'), {
    tags,
    summary: 'Sign in with a signed SIWE message; an unknown wallet gets a new wallet-only account',
    body: MetamaskLoginBody,
    response: { 200: SignInResponse, ...errors },
  }),
  metamaskConnect: endpoint(POST('/api/auth/metamask/connect'), { tags, security, summary: 'Link a wallet to the account (signed SIWE message)', body: MetamaskConnectBody, response: { 200: OkResponse, ...errors } }),
  metamaskDisconnect: disconnect(POST('/api/auth/metamask/disconnect'), 'metamask'),
  googleUrl: oauthUrl(GET('/api/auth/google/url'), 'Google'),
  googleExchangeToken: oauthExchange(POST('/api/auth/google/exchange-token'), 'Google'),
  googleConnect: oauthConnect(POST('/api/auth/google/connect'), 'Google'),
  googleLogin: pendingLogin(POST('/api/auth/google/login'), 'google'),
  googleMerge: pendingMerge(POST('/api/auth/google/merge'), 'google'),
  googleDisconnect: disconnect(POST('/api/auth/google/disconnect'), 'google'),
  xUrl: oauthUrl(GET('/api/auth/x/url'), 'X'),
  xExchangeToken: oauthExchange(POST('/api/auth/x/exchange-token'), 'X'),
  xConnect: oauthConnect(POST('/api/auth/x/connect'), 'X'),
  xLogin: pendingLogin(POST('/api/auth/x/login'), 'x'),
  xMerge: pendingMerge(POST('/api/auth/x/merge'), 'x'),
  xDisconnect: disconnect(POST('/api/auth/x/disconnect'), 'x'),
  telegramVerify: endpoint(POST('/api/auth/telegram/verify'), {
    tags,
    summary: 'Sign in with Telegram Login Widget data (hash checked with the bot token)',
    body: TelegramBody,
    response: { 200: ExchangeResponse, ...errors },
  }),
  telegramConnect: endpoint(POST('/api/auth/telegram/connect'), { tags, security, summary: 'Link a Telegram account (widget data)', body: TelegramBody, response: { 200: OkResponse, ...errors } }),
  telegramLogin: pendingLogin(POST('/api/auth/telegram/login'), 'telegram'),
  telegramMerge: pendingMerge(POST('/api/auth/telegram/merge'), 'telegram'),
  telegramDisconnect: disconnect(POST('/api/auth/telegram/disconnect'), 'telegram'),
};
