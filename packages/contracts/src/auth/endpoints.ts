import { z } from 'zod';
import { resultOf } from '../common/envelope';
import { SocialProvider } from '../users/user';

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
