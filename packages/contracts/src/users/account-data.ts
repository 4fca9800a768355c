import { z } from 'zod';
import { Address, Signature } from '../auth/api';
import { resultOf } from '../common/envelope';

/**
 * A fresh EIP-4361 (SIWE) signature re-authenticating a wallet: the `message` handed out by
 * `GET /api/users/me/delete/siwe` (single-use nonce, its statement asks to delete the account),
 * signed by `address` (EIP-191 `personal_sign`).
 */
export const DeleteAccountSiwe = z.object({ address: Address, message: z.string().min(1).max(4000), signature: Signature });
export type DeleteAccountSiwe = z.infer<typeof DeleteAccountSiwe>;

/**
 * `POST /api/users/me/delete` body: the re-authentication. An account with a password sends
 * `password`; an account without one but with a linked wallet sends `siwe`, a fresh signature of
 * the deletion message by one of its wallets; an account with neither (Google, X or Telegram only)
 * types its user name in `confirm`. A wrong, missing, replayed or stale answer is 403 REAUTH_FAILED
 * (`details.reason` names a failed SIWE check, e.g. `SIWE_NONCE_INVALID`).
 */
export const DeleteAccountBody = z.object({
  password: z.string().min(1).max(200).optional(),
  siwe: DeleteAccountSiwe.optional(),
  confirm: z.string().trim().min(1).max(100).optional(),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** `GET /api/users/me/delete/siwe?address`: a wallet of the caller's account asks for the deletion message. */
export const DeleteAccountMessageQuery = z.object({ address: Address });
/** The EIP-4361 message to sign for deleting the account, with its single-use nonce (10 minutes). */
export const DeleteAccountMessageResponse = resultOf(z.object({ nonce: z.string(), message: z.string(), expires_at: z.string() }));
export type DeleteAccountMessageResponse = z.infer<typeof DeleteAccountMessageResponse>;

/**
 * `POST /api/users/me/delete` answer. Personal data, sessions, linked identities, watchlist, chat
 * and strategy history, alert rules, notifications, deliveries, webhook endpoints, the Telegram link
 * and push subscriptions are deleted at once; `kept_payment_records` is the number of membership
 * payment orders kept (with an anonymised account row) because payment records must be kept.
 */
export const DeleteAccountResponse = resultOf(z.object({ deleted: z.literal(true), kept_payment_records: z.number().int().nonnegative() }));
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponse>;

const Rows = z.array(z.record(z.string(), z.unknown()));

/**
 * `GET /api/users/me/export` answer (sent as a file download): everything held about the caller,
 * one array of rows per kind (times in ms since epoch, UTC). The password hash, one-time code
 * digests, webhook signing secrets, Telegram link tokens and push subscription keys are never
 * included; a push subscription shows only its push service's origin (`pushService`).
 */
export const AccountExport = z.object({
  format: z.literal('coinlens-account-export/1'),
  exported_at: z.string(),
  account: z.record(z.string(), z.unknown()),
  data: z.object({
    profile: Rows,
    linked_identities: Rows,
    sessions: Rows,
    watchlist: Rows,
    chat_messages: Rows,
    strategy_generations: Rows,
    paper_plans: Rows,
    payment_orders: Rows,
    subscriptions: Rows,
    usage_counters: Rows,
    invitation_code: Rows,
    invitation_bindings: Rows,
    invitation_trials: Rows,
    news_filter: Rows,
    analytics_events: Rows,
    /** Alert rules, active and paused. */
    alert_rules: Rows,
    /** Saved screener screens (name, definition); their enter alerts are among `alert_rules`. */
    saved_screens: Rows,
    /** Webhook endpoints: id, url, description, active, createdAt (never the secret). */
    webhook_endpoints: Rows,
    /** The linked Telegram chat (at most one row). */
    telegram_link: Rows,
    /** Browsers subscribed to Web Push: id, pushService (origin), userAgent, createdAt. */
    push_subscriptions: Rows,
    /** Fired alerts as shown in the notification centre (message, market time, read time). */
    alert_notifications: Rows,
    /** Outgoing alert deliveries (e-mail, webhook, Telegram, push) with their payload and status. */
    alert_deliveries: Rows,
    /** Every attempt of those deliveries (status code or error, duration in ms). */
    alert_delivery_attempts: Rows,
  }),
});
export type AccountExport = z.infer<typeof AccountExport>;
