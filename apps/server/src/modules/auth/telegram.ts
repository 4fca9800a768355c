import crypto from 'node:crypto';
import type { TelegramAuthData } from '@coinlens/contracts';

/** Widget data older than this is refused (seconds). */
export const TELEGRAM_MAX_AGE_S = 600;

/**
 * Checks Telegram Login Widget data as documented at https://core.telegram.org/widgets/login:
 * data-check-string = every received field except `hash`, sorted by key, as `key=value` joined by
 * `\n`; secret_key = SHA-256(bot_token); valid when hex(HMAC-SHA-256(data-check-string, secret_key))
 * equals `hash` (constant-time compare) and `auth_date` is at most `maxAgeS` old (and not in the future).
 * `fields` must be the data as received (only the widget's fields).
 */
export function checkTelegramAuth(fields: Record<string, string | number | undefined>, botToken: string, nowMs: number, maxAgeS = TELEGRAM_MAX_AGE_S): boolean {
  const hash = fields.hash;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) return false;
  const dataCheckString = Object.keys(fields)
    .filter((k) => k !== 'hash' && fields[k] !== undefined)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secretKey = crypto.createHash('sha256').update(botToken).digest();
  const expected = crypto.createHmac('sha256', secretKey).update(dataCheckString).digest();
  if (!crypto.timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return false;
  const authDate = Number(fields.auth_date);
  const age = nowMs / 1000 - authDate;
  return Number.isFinite(authDate) && age <= maxAgeS && age >= -60;
}

/** The widget's fields of a request body (drops `lang` and anything unknown). */
export function telegramFields(d: TelegramAuthData): Record<string, string | number | undefined> {
  return { id: d.id, first_name: d.first_name, last_name: d.last_name, username: d.username, photo_url: d.photo_url, auth_date: d.auth_date, hash: d.hash };
}
