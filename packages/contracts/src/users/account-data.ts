import { z } from 'zod';
import { Address, Signature } from '../auth/endpoints';
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
 * and strategy history are deleted at once; `kept_payment_records` is the number of membership
 * payment orders kept (with an anonymised account row) because payment records must be kept.
 */
export const DeleteAccountResponse = resultOf(z.object({ deleted: z.literal(true), kept_payment_records: z.number().int().nonnegative() }));
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponse>;

/**
 * `GET /api/users/me/export` answer (sent as a file download): everything held about the caller,
 * one array of rows per kind (times in ms since epoch, UTC). The password hash and one-time code
 * digests are never included.
 */
export const AccountExport = z.object({
  format: z.literal('coinlens-account-export/1'),
  exported_at: z.string(),
  account: z.record(z.string(), z.unknown()),
  data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type AccountExport = z.infer<typeof AccountExport>;
