/**
 * The one catalogue of application error codes.
 *
 * The server throws `new AppError('CODE')`; `platform/errors` maps the code to the HTTP status below
 * and answers `{ error: { code, message, fields? } }`. The web app never shows the server's
 * `message`: it shows `t('errors.CODE')` from its locales, so every code here has a translation in
 * `apps/web/src/locales/{en-US,zh-CN}/errors.json` (checked by `npm run i18n:check`).
 */
export const APP_ERRORS = {
  // generic
  INTERNAL: 500,
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  RESOURCE_NOT_FOUND: 404,
  RATE_LIMITED: 429,
  UNAUTHORIZED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  SERVICE_UNAVAILABLE: 503,
  // transport: requests refused before they reach a route
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  // market
  COIN_NOT_FOUND: 404,
  PRICE_UNAVAILABLE: 404,
  TIMEFRAME_NOT_AVAILABLE: 404,
  // auth
  WRONG_CREDENTIALS: 401,
  EMAIL_ALREADY_REGISTERED: 409,
  EMAIL_ALREADY_LINKED: 409,
  EMAIL_NOT_VERIFIED: 403,
  REGISTRATION_UNAVAILABLE: 403,
  AGREEMENT_REQUIRED: 400,
  PASSWORD_TOO_WEAK: 400,
  INVALID_VERIFICATION_CODE: 400,
  VERIFICATION_CODE_EXPIRED: 400,
  VERIFICATION_CODE_LOCKED: 429,
  RESEND_TOO_SOON: 429,
  RESET_LINK_SEND_FAILED: 500,
  PASSWORD_CHANGE_FAILED: 400,
  /** Account deletion: the password (or the typed user name) did not match. */
  REAUTH_FAILED: 403,
  GOOGLE_CODE_MISSING: 400,
  GOOGLE_LOGIN_FAILED: 401,
  OAUTH_NOT_CONFIGURED: 404,
  PUBLIC_ORIGIN_REQUIRED: 403,
  OAUTH_STATE_INVALID: 400,
  METAMASK_LOGIN_FAILED: 401,
  METAMASK_CONNECT_FAILED: 400,
  METAMASK_DISCONNECT_FAILED: 400,
  METAMASK_ALREADY_CONNECTED: 409,
  METAMASK_NOT_INSTALLED: 400,
  SIWE_NONCE_INVALID: 401,
  SIWE_MESSAGE_INVALID: 400,
  PROVIDER_LAST_LOGIN_METHOD: 409,
  PROVIDER_ALREADY_CONNECTED: 409,
  PROVIDER_NOT_CONNECTED: 404,
  X_LOGIN_FAILED: 401,
  TELEGRAM_LOGIN_FAILED: 401,
  RESET_TOKEN_INVALID: 400,
  WALLET_ACCOUNT_NO_EMAIL: 403,
  // membership, quotas, payments
  VIP_REQUIRED: 403,
  DAILY_LIMIT_EXCEEDED: 429,
  CHAT_DAILY_LIMIT_EXCEEDED: 429,
  STRATEGY_DAILY_LIMIT_EXCEEDED: 429,
  INSUFFICIENT_BALANCE: 402,
  UNSUPPORTED_TOKEN_TYPE: 400,
  UNSUPPORTED_NETWORK: 400,
  PAYMENTS_NOT_CONFIGURED: 503,
  PAYMENT_UNSUCCESSFUL: 402,
  PAYMENT_EXPIRED: 410,
  PAYMENT_ALREADY_CREDITED: 409,
  PAYMENT_WALLET_NOT_VERIFIED: 403,
  WALLET_SIGNATURE_INVALID: 400,
  CONNECT_WALLET_FAILED: 400,
  // invitation codes
  INVITE_CODE_EMPTY: 400,
  INVITE_CODE_INVALID: 404,
  INVITE_CODE_USED: 409,
  INVITE_CODE_EXPIRED: 410,
  INVITE_CODE_DISABLED: 403,
  INVITE_CODE_OWN: 400,
  INVITE_ALREADY_USED_ONE: 409,
  INVITE_EMAIL_REQUIRED: 403,
  INVITE_TRIAL_ALREADY_USED: 409,
  // news
  FEED_NOT_FOUND: 404,
  // ai
  LLM_UNAVAILABLE: 503,
  // alerts
  /** More active alert rules than the plan allows (Free 5, Pro 200). */
  ALERT_RULE_LIMIT_REACHED: 409,
  ALERT_RULE_NOT_FOUND: 404,
  // screener
  /** More saved screens than the plan allows (Free 1, Pro 20); `details.limit`. */
  SCREEN_LIMIT_REACHED: 409,
  /** No saved screen of the caller with this id. */
  SCREEN_NOT_FOUND: 404,
  WEBHOOK_NOT_FOUND: 404,
  /** More webhook endpoints than the plan allows (Free 3, Pro 20); `details.limit`. */
  WEBHOOK_LIMIT_REACHED: 409,
  /**
   * A user-supplied URL (webhook, push endpoint) points to a private or internal network address
   * (loopback, RFC 1918, link-local, CGNAT, unique-local…, in any notation) or is not http(s); the
   * server never sends there. `fields`/`details.field` name the input.
   */
  OUTBOUND_URL_NOT_ALLOWED: 400,
  /** The host name of a user-supplied URL does not resolve; `fields`/`details.field` name the input. */
  OUTBOUND_HOST_UNRESOLVED: 400,
  /** Web Push is off: the server has no VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY). A lasting state of the deployment, not an outage: 404 like OAUTH_NOT_CONFIGURED. */
  PUSH_NOT_CONFIGURED: 404,
  /** No Web Push subscription (device) of the caller with this id or endpoint. */
  PUSH_SUBSCRIPTION_NOT_FOUND: 404,
  /** A strategy alert names a strategy record the user did not generate. */
  STRATEGY_NOT_FOUND: 404,
  /** The Telegram channel is off: the server has no TELEGRAM_BOT_TOKEN / TELEGRAM_BOT_NAME (or TELEGRAM_ALERTS=false). 404 like OAUTH_NOT_CONFIGURED. */
  TELEGRAM_NOT_CONFIGURED: 404,
  /** A Telegram delivery (rule channel, test) needs a linked chat first. */
  TELEGRAM_NOT_LINKED: 409,
} as const satisfies Record<string, number>;

/** Every application error code, e.g. `'COIN_NOT_FOUND'`. */
export type AppErrorCode = keyof typeof APP_ERRORS;

/** All codes as an array (for i18n checks and OpenAPI). */
export const APP_ERROR_CODES = Object.keys(APP_ERRORS) as AppErrorCode[];

/** HTTP status for a code; 500 for anything unknown. */
export function httpStatusOf(code: string): number {
  return (APP_ERRORS as Record<string, number>)[code] ?? 500;
}
