import { z } from 'zod';
import { resultOf } from '../common/envelope';

/**
 * `POST /api/users/me/delete` body: the re-authentication. An account with a password sends
 * `password`; an account without one (wallet, Google, X or Telegram only) types its user name in
 * `confirm`. A wrong or missing answer is 403 REAUTH_FAILED.
 */
export const DeleteAccountBody = z.object({
  password: z.string().min(1).max(200).optional(),
  confirm: z.string().trim().min(1).max(100).optional(),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

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
