import { describe, expect, it } from 'vitest';
import { checkTelegramAuth } from './telegram';

const TOKEN = '110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const NOW = 1_700_000_000_000;

// Vector computed once with the documented algorithm (secret = SHA-256(token), HMAC-SHA-256 over
// the sorted key=value lines) and pinned here, so a change of the check shows.
const DATA = { id: 424242, first_name: 'Ada', username: 'ada', auth_date: 1_699_999_900 };
const HASH = '00dd9aa68ec703b7dd57e159323f20eca511e48f7c6f87a047a47f81bd385257';

describe('Telegram Login Widget check', () => {
  it('accepts the documented HMAC over the sorted data-check-string', () => {
    expect(checkTelegramAuth({ ...DATA, hash: HASH }, TOKEN, NOW)).toBe(true);
  });
  it('refuses a changed field, another token, a stale or future auth_date, a malformed hash', () => {
    expect(checkTelegramAuth({ ...DATA, first_name: 'Eve', hash: HASH }, TOKEN, NOW)).toBe(false);
    expect(checkTelegramAuth({ ...DATA, hash: HASH }, '1:other', NOW)).toBe(false);
    expect(checkTelegramAuth({ ...DATA, hash: HASH }, TOKEN, NOW + 3_600_000)).toBe(false);
    expect(checkTelegramAuth({ ...DATA, hash: HASH }, TOKEN, 1_699_999_000_000)).toBe(false);
    expect(checkTelegramAuth({ ...DATA, hash: 'zz' }, TOKEN, NOW)).toBe(false);
  });
});
