import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@coinlens/db';
import { createTestApp } from '../../../test/harness';
import { api, codeFromMail, decodedMail, randomIp, startSmtp } from './test-helpers';

let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const PASSWORD = 'Str0ng!pass';

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { SMTP_URL: smtp.url, MAIL_FROM: 'Coinlens <no-reply@test.example>', PUBLIC_ORIGIN: 'https://coinlens.test', LAB_EMAILS: 'Lab.Tester@example.com' } });
}, 300_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let seq = 0;
const freshEmail = () => `user${Date.now()}${++seq}@example.com`;

/** Shifts wall time (Date only; timers stay real). */
function advanceWall(ms: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

async function registerAndVerify(call: ReturnType<typeof api>, email: string) {
  const before = smtp.mails.length;
  const reg = await call('POST', '/api/auth/register', { body: { email, password: PASSWORD, agreement_accepted: true, cookie_accepted: true, lang: 'en-US' } });
  expect(reg.status).toBe(200);
  const code = await codeFromMail(smtp.mails, email, before);
  const v = await call('POST', '/api/auth/verify-register-code', { body: { email, code, registration_id: reg.body.result.registration_id } });
  expect(v.status).toBe(200);
  return v.body.result as { access_token: string; user: { id: number; name: string } };
}

describe('registration with a mailed code', () => {
  it('registers, mails a code over SMTP, verifies it and signs in', async () => {
    const call = api(t.app, randomIp());
    const email = freshEmail();
    const before = smtp.mails.length;
    const reg = await call('POST', '/api/auth/register', { body: { email: email.toUpperCase(), password: PASSWORD, agreement_accepted: true, cookie_accepted: true, lang: 'en_US' } });
    expect(reg.status).toBe(200);
    expect(reg.body.result).toEqual({ sent: true, email, resend_in: 60, registration_id: expect.stringMatching(/^[\w-]{43}$/) });
    const registration_id = reg.body.result.registration_id;
    const code = await codeFromMail(smtp.mails, email, before);
    const mail = smtp.mails.at(-1)!.raw;
    expect(mail).toMatch(/Subject: Your Coinlens verification code/);
    expect(mail).toMatch(/From: Coinlens <no-reply@test.example>/);
    expect(mail).toMatch(/text\/html/);
    // not signed in before verification
    const early = await call('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe('EMAIL_NOT_VERIFIED');

    const v = await call('POST', '/api/auth/verify-register-code', { body: { email, code, registration_id } });
    expect(v.status).toBe(200);
    expect(v.body.result.user).toEqual({ id: expect.any(Number), name: email.split('@')[0] });
    const me = await call('GET', '/api/users/profile/me', { token: v.body.result.access_token });
    expect(me.status).toBe(200);
    expect(me.body.result).toMatchObject({
      email,
      email_verified: true,
      language: 'en_US',
      cookie_accepted: true,
      permissions: [],
      social_logins: [],
      isPro: false,
      subscription_start_date: null,
      subscription_end_date: null,
      isUsedInvitationCode: false,
      profile: { avatar: { type: 'preset', key: 'a0' }, nickname: '', biography: '', birthday: null },
    });
    // the code is single-use
    const again = await call('POST', '/api/auth/verify-register-code', { body: { email, code, registration_id } });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('INVALID_VERIFICATION_CODE');
    // argon2id hash stored, never the password
    const [row] = await t.ctx.db.db.select().from(users).where(eq(users.email, email));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('validates e-mail format, password strength and the agreement, naming the fields', async () => {
    const call = api(t.app, randomIp());
    const bad = await call('POST', '/api/auth/register', { body: { email: 'not-an-email', password: 'weakpass', agreement_accepted: true, lang: 'en-US' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    const paths = bad.body.error.fields.map((f: any) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.password']));
    for (const weak of ['Short1!', 'alllower1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial11']) {
      const r = await call('POST', '/api/auth/register', { body: { email: freshEmail(), password: weak, agreement_accepted: true } });
      expect(r.status, weak).toBe(400);
      expect(r.body.error.fields.map((f: any) => f.path)).toEqual(['body.password']);
    }
    const noAgreement = await call('POST', '/api/auth/register', { body: { email: freshEmail(), password: PASSWORD, agreement_accepted: false } });
    expect(noAgreement.status).toBe(400);
    expect(noAgreement.body.error.code).toBe('AGREEMENT_REQUIRED');
  });

  it("verifies the plain body {email, code} without registration_id, counting wrong tries of the attempt", async () => {
    const call = api(t.app, randomIp());
    const email = freshEmail();
    const before = smtp.mails.length;
    const reg = await call('POST', '/api/auth/register', { body: { email, password: PASSWORD, agreement_accepted: true } });
    expect(reg.status).toBe(200);
    const code = await codeFromMail(smtp.mails, email, before);
    const wrong = await call('POST', '/api/auth/verify-register-code', { body: { email, code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'INVALID_VERIFICATION_CODE', details: { attempts_left: 4 } });
    const v = await call('POST', '/api/auth/verify-register-code', { body: { email, code } });
    expect(v.status).toBe(200);
    expect(v.body.result).toMatchObject({ access_token: expect.any(String), user: { id: expect.any(Number), name: email.split('@')[0] } });
    expect((await call('POST', '/api/auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);
    expect((await call('POST', '/api/auth/verify-register-code', { body: { email, code } })).body.error.code).toBe('INVALID_VERIFICATION_CODE');
    const none = await call('POST', '/api/auth/verify-register-code', { body: { email: freshEmail(), code } });
    expect(none.body.error.code).toBe('INVALID_VERIFICATION_CODE');
  });

  it('refuses a second registration of a verified address', async () => {
    const call = api(t.app, randomIp());
    const email = freshEmail();
    await registerAndVerify(call, email);
    const r = await call('POST', '/api/auth/register', { body: { email, password: PASSWORD, agreement_accepted: true } });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('EMAIL_ALREADY_REGISTERED');
  });

  it('enforces the 60 s resend countdown on the server and tells the seconds left', async () => {
    const call = api(t.app, randomIp());
    const email = freshEmail();
    const before = smtp.mails.length;
    const reg = await call('POST', '/api/auth/register', { body: { email, password: PASSWORD, agreement_accepted: true } });
    const registration_id = reg.body.result.registration_id;
    const resendUrl = `/api/auth/resend-register-code?email=${encodeURIComponent(email)}&registration_id=${registration_id}`;
    const first = await codeFromMail(smtp.mails, email, before);
    const soon = await call('GET', resendUrl);
    expect(soon.status).toBe(429);
    expect(soon.body.error.code).toBe('RESEND_TOO_SOON');
    expect(soon.body.error.details.retry_after_s).toBeGreaterThan(55);
    expect(soon.body.error.details.retry_after_s).toBeLessThanOrEqual(60);
    advanceWall(61_000);
    const n = smtp.mails.length;
    const ok = await call('GET', resendUrl);
    expect(ok.status).toBe(200);
    expect(ok.body.result.resend_in).toBe(60);
    const second = await codeFromMail(smtp.mails, email, n);
    // the older code is void once a new one is sent
    if (first !== second) {
      const old = await call('POST', '/api/auth/verify-register-code', { body: { email, code: first, registration_id } });
      expect(old.body.error.code).toBe('INVALID_VERIFICATION_CODE');
    }
    const v = await call('POST', '/api/auth/verify-register-code', { body: { email, code: second, registration_id } });
    expect(v.status).toBe(200);
  });

  it('expires codes after 15 minutes', async () => {
    const call = api(t.app, randomIp());
    const email = freshEmail();
    const before = smtp.mails.length;
    const reg = await call('POST', '/api/auth/register', { body: { email, password: PASSWORD, agreement_accepted: true } });
    const code = await codeFromMail(smtp.mails, email, before);
    advanceWall(15 * 60_000 + 1000);
    const r = await call('POST', '/api/auth/verify-register-code', { body: { email, code, registration_id: reg.body.result.registration_id } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('voids a code after 5 wrong tries, even for the right code', async () => {
    const call = api(t.app, randomIp());
    const email = freshEmail();
    const before = smtp.mails.length;
    const reg = await call('POST', '/api/auth/register', { body: { email, password: PASSWORD, agreement_accepted: true } });
    const registration_id = reg.body.result.registration_id;
    const code = await codeFromMail(smtp.mails, email, before);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await call('POST', '/api/auth/verify-register-code', { body: { email, code: wrong, registration_id } })).body.error.code);
    expect(codes).toEqual(['INVALID_VERIFICATION_CODE', 'INVALID_VERIFICATION_CODE', 'INVALID_VERIFICATION_CODE', 'INVALID_VERIFICATION_CODE', 'VERIFICATION_CODE_LOCKED']);
    const right = await call('POST', '/api/auth/verify-register-code', { body: { email, code, registration_id } });
    expect(right.status).toBe(429);
    expect(right.body.error.code).toBe('VERIFICATION_CODE_LOCKED');
    // a new code (after the countdown) works
    advanceWall(61_000);
    const n = smtp.mails.length;
    await call('GET', `/api/auth/resend-register-code?email=${encodeURIComponent(email)}&registration_id=${registration_id}`);
    const fresh = await codeFromMail(smtp.mails, email, n);
    expect((await call('POST', '/api/auth/verify-register-code', { body: { email, code: fresh, registration_id } })).status).toBe(200);
  });

  it('rejects codes that are not 6 digits', async () => {
    const call = api(t.app, randomIp());
    const r = await call('POST', '/api/auth/verify-register-code', { body: { email: freshEmail(), code: '12345', registration_id: 'x'.repeat(43) } });
    expect(r.status).toBe(400);
    expect(r.body.error.fields[0].path).toBe('body.code');
  });
});

describe('a second registration of a pending address (account takeover attempt)', () => {
  const VICTIM_PW = 'Victim!pass1';
  const ATTACKER_PW = 'Attack3r!pw';

  /** The victim registers; 61 s later the attacker registers the same address (both codes reach the victim's mailbox). */
  async function twoAttempts(email: string) {
    const victim = api(t.app, randomIp());
    const attacker = api(t.app, randomIp());
    let n = smtp.mails.length;
    const v = await victim('POST', '/api/auth/register', { body: { email, password: VICTIM_PW, agreement_accepted: true } });
    expect(v.status).toBe(200);
    const victimCode = await codeFromMail(smtp.mails, email, n);
    advanceWall(61_000);
    n = smtp.mails.length;
    const a = await attacker('POST', '/api/auth/register', { body: { email, password: ATTACKER_PW, agreement_accepted: true } });
    expect(a.status).toBe(200);
    const attackerCode = await codeFromMail(smtp.mails, email, n);
    return { victim, attacker, victimId: v.body.result.registration_id as string, attackerId: a.body.result.registration_id as string, victimCode, attackerCode };
  }

  it("the victim's newest mailed code (the attacker's attempt) does not activate the attacker's password", async () => {
    const email = freshEmail();
    const x = await twoAttempts(email);
    expect(x.attackerId).not.toBe(x.victimId);
    // the victim's page sends the newest code it received, with its own registration id
    const newest = await x.victim('POST', '/api/auth/verify-register-code', { body: { email, code: x.attackerCode, registration_id: x.victimId } });
    expect(newest.status).toBe(400);
    expect(newest.body.error.code).toBe('INVALID_VERIFICATION_CODE');
    expect((await x.attacker('POST', '/api/auth/login', { body: { email, password: ATTACKER_PW } })).body.error.code).toBe('EMAIL_NOT_VERIFIED');
    // the victim's own code still works (the attacker's attempt did not void it) and sets the victim's password
    const own = await x.victim('POST', '/api/auth/verify-register-code', { body: { email, code: x.victimCode, registration_id: x.victimId } });
    expect(own.status).toBe(200);
    expect((await x.victim('POST', '/api/auth/login', { body: { email, password: VICTIM_PW } })).status).toBe(200);
    const takeover = await x.attacker('POST', '/api/auth/login', { body: { email, password: ATTACKER_PW } });
    expect(takeover.status).toBe(401);
    expect(takeover.body.error.code).toBe('WRONG_CREDENTIALS');
    // the attacker's attempt is dead now, even with its code and id
    const late = await x.attacker('POST', '/api/auth/verify-register-code', { body: { email, code: x.attackerCode, registration_id: x.attackerId } });
    expect(late.status).toBe(400);
    const [row] = await t.ctx.db.db.select().from(users).where(eq(users.email, email));
    expect(row.emailVerified).toBe(true);
  });

  it("without registration_id, no code of a contested address activates anything: the victim's page must send its id", async () => {
    const email = freshEmail();
    const x = await twoAttempts(email);
    // the victim types the newest mail's code (the attacker's attempt) with the plain body {email, code}
    for (const code of [x.attackerCode, x.victimCode]) {
      const r = await x.victim('POST', '/api/auth/verify-register-code', { body: { email, code } });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
      expect(r.body.error.fields.map((f: any) => f.path)).toEqual(['body.registration_id']);
    }
    expect((await x.attacker('POST', '/api/auth/verify-register-code', { body: { email, code: x.attackerCode } })).status).toBe(400);
    expect((await x.attacker('POST', '/api/auth/login', { body: { email, password: ATTACKER_PW } })).body.error.code).toBe('EMAIL_NOT_VERIFIED');
    // with its id, the victim's own code sets the victim's password
    expect((await x.victim('POST', '/api/auth/verify-register-code', { body: { email, code: x.victimCode, registration_id: x.victimId } })).status).toBe(200);
    expect((await x.attacker('POST', '/api/auth/login', { body: { email, password: ATTACKER_PW } })).body.error.code).toBe('WRONG_CREDENTIALS');
  });

  it('a code verifies only with the registration id of its own attempt, and sets that attempt’s password', async () => {
    const email = freshEmail();
    const x = await twoAttempts(email);
    // victim's code presented with the attacker's id: refused, and counts as a wrong try of the attacker's attempt only
    const mixed = await x.attacker('POST', '/api/auth/verify-register-code', { body: { email, code: x.victimCode, registration_id: x.attackerId } });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.code).toBe('INVALID_VERIFICATION_CODE');
    // an unknown registration id
    const unknown = await x.attacker('POST', '/api/auth/verify-register-code', { body: { email, code: x.victimCode, registration_id: 'A'.repeat(43) } });
    expect(unknown.body.error.code).toBe('INVALID_VERIFICATION_CODE');
    // missing id while two attempts compete: a validation error naming the field
    const missing = await x.victim('POST', '/api/auth/verify-register-code', { body: { email, code: x.victimCode } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.map((f: any) => f.path)).toEqual(['body.registration_id']);
    expect((await x.victim('POST', '/api/auth/verify-register-code', { body: { email, code: x.victimCode, registration_id: x.victimId } })).status).toBe(200);
  });

  it("the attacker's resend mails a new code for the attacker's attempt only; the victim's code stays valid", async () => {
    const email = freshEmail();
    const x = await twoAttempts(email);
    advanceWall(61_000);
    const n = smtp.mails.length;
    const r = await x.attacker('GET', `/api/auth/resend-register-code?email=${encodeURIComponent(email)}&registration_id=${x.attackerId}`);
    expect(r.status).toBe(200);
    const resent = await codeFromMail(smtp.mails, email, n);
    expect((await x.victim('POST', '/api/auth/verify-register-code', { body: { email, code: resent, registration_id: x.victimId } })).status).toBe(400);
    expect((await x.victim('POST', '/api/auth/verify-register-code', { body: { email, code: x.victimCode, registration_id: x.victimId } })).status).toBe(200);
    expect((await x.attacker('POST', '/api/auth/login', { body: { email, password: ATTACKER_PW } })).status).toBe(401);
  });

  it('two attempts verified in parallel: exactly one wins and the account has that attempt’s password', async () => {
    const email = freshEmail();
    const x = await twoAttempts(email);
    const [a, b] = await Promise.all([
      x.victim('POST', '/api/auth/verify-register-code', { body: { email, code: x.victimCode, registration_id: x.victimId } }),
      x.attacker('POST', '/api/auth/verify-register-code', { body: { email, code: x.attackerCode, registration_id: x.attackerId } }),
    ]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    const winner = a.status === 200 ? VICTIM_PW : ATTACKER_PW;
    const loser = a.status === 200 ? ATTACKER_PW : VICTIM_PW;
    expect((await x.victim('POST', '/api/auth/login', { body: { email, password: winner } })).status).toBe(200);
    expect((await x.victim('POST', '/api/auth/login', { body: { email, password: loser } })).status).toBe(401);
  });
});

describe('password sign-in and sessions', () => {
  it('signs in, and gives one answer for unknown e-mails and wrong passwords', async () => {
    const call = api(t.app, randomIp());
    const email = freshEmail();
    await registerAndVerify(call, email);
    const ok = await call('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect(ok.body.result.token_type).toBe('Bearer');
    const wrong = await call('POST', '/api/auth/login', { body: { email, password: 'Wrong!pass1' } });
    const unknown = await call('POST', '/api/auth/login', { body: { email: freshEmail(), password: PASSWORD } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.code).toBe('WRONG_CREDENTIALS');
  });

  it('revokes the session on logout (the token then answers 401)', async () => {
    const call = api(t.app, randomIp());
    const { access_token } = await registerAndVerify(call, freshEmail());
    expect((await call('GET', '/api/auth/validate-token?token=' + access_token)).body.result.valid).toBe(true);
    expect((await call('POST', '/api/auth/logout', { token: access_token })).status).toBe(200);
    const me = await call('GET', '/api/users/profile/me', { token: access_token });
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe('SESSION_EXPIRED');
    expect((await call('GET', '/api/auth/validate-token?token=' + access_token)).body.result.valid).toBe(false);
  });

  it('refuses missing, forged and expired tokens', async () => {
    const call = api(t.app, randomIp());
    const { access_token } = await registerAndVerify(call, freshEmail());
    const none = await call('GET', '/api/users/profile/me');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHORIZED');
    const [h, p] = access_token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...payload, sub: String(Number(payload.sub) + 1) })).toString('base64url');
    expect((await call('GET', '/api/users/profile/me', { token: `${h}.${forgedPayload}.${access_token.split('.')[2]}` })).status).toBe(401);
    const noneAlg = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await call('GET', '/api/users/profile/me', { token: `${noneAlg}.${p}.` })).status).toBe(401);
    advanceWall(t.env.SESSION_TTL_HOURS * 3_600_000 + 1000);
    expect((await call('GET', '/api/users/profile/me', { token: access_token })).status).toBe(401);
  });

  it('shares one generated signing secret through the database', async () => {
    const { loadJwtSecret } = await import('../../platform/auth');
    const a = await loadJwtSecret(t.ctx.db, undefined);
    const b = await loadJwtSecret(t.ctx.db, undefined);
    expect(Buffer.from(a).toString()).toBe(Buffer.from(b).toString());
    expect(a.length).toBeGreaterThanOrEqual(32);
  });

  it('rate-limits password sign-in per IP and e-mail', async () => {
    const call = api(t.app, randomIp());
    const email = freshEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call('POST', '/api/auth/login', { body: { email, password: 'Wrong!pass1' } })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const last = await call('POST', '/api/auth/login', { body: { email, password: 'Wrong!pass1' } });
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe('RATE_LIMITED');
    expect(last.body.error.details.retry_after_s).toBeGreaterThan(0);
  });

  it('rate-limits sending codes', async () => {
    const call = api(t.app, randomIp());
    const email = freshEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('GET', `/api/auth/forgot-password?email=${encodeURIComponent(email)}`)).status);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('password reset', () => {
  it('mails a code, exchanges it for a token, sets the password and revokes every session', async () => {
    const call = api(t.app, randomIp());
    const email = freshEmail();
    const { access_token } = await registerAndVerify(call, email);
    const before = smtp.mails.length;
    const f = await call('GET', `/api/auth/forgot-password?email=${encodeURIComponent(email)}`);
    expect(f.body.result).toEqual({ sent: true, email, resend_in: 60 });
    const code = await codeFromMail(smtp.mails, email, before);
    expect(smtp.mails.at(-1)!.raw).toMatch(/Subject: Reset your Coinlens password/);
    expect(decodedMail(smtp.mails.at(-1)!.raw)).toContain('https://coinlens.test/en-US/auth/reset-password?email=');
    const v = await call('POST', '/api/auth/verify-reset-password-code', { body: { email, code } });
    expect(v.status).toBe(200);
    expect(v.body.result.email).toBe(email);
    const token = v.body.result.token;
    const weak = await call('POST', '/api/auth/reset-password', { body: { token, email, password: 'lettersonly' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields[0].path).toBe('body.password');
    const r = await call('POST', '/api/auth/reset-password', { body: { token, email, password: 'newpass123' } });
    expect(r.status).toBe(200);
    // old session revoked, old password dead, new one works, token single-use
    expect((await call('GET', '/api/users/profile/me', { token: access_token })).status).toBe(401);
    expect((await call('POST', '/api/auth/login', { body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await call('POST', '/api/auth/login', { body: { email, password: 'newpass123' } })).status).toBe(200);
    const reuse = await call('POST', '/api/auth/reset-password', { body: { token, email, password: 'another123' } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error.code).toBe('RESET_TOKEN_INVALID');
  });

  it('answers alike for unknown addresses and sends nothing', async () => {
    const call = api(t.app, randomIp());
    const email = freshEmail();
    const before = smtp.mails.length;
    const r = await call('GET', `/api/auth/forgot-password?email=${encodeURIComponent(email)}`);
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ sent: true, email, resend_in: 60 });
    await new Promise((res) => setTimeout(res, 300));
    expect(smtp.mails.slice(before).some((m) => m.to.includes(email))).toBe(false);
    // the countdown applies to unknown addresses too, so it reveals nothing
    const soon = await call('GET', `/api/auth/resend-reset-password-code?email=${encodeURIComponent(email)}`);
    expect(soon.body.error.code).toBe('RESEND_TOO_SOON');
  });
});

describe('binding an e-mail', () => {
  it('adds a verified e-mail and refuses one linked to another account', async () => {
    const call = api(t.app, randomIp());
    const taken = freshEmail();
    await registerAndVerify(call, taken);
    const owner = await registerAndVerify(call, freshEmail());
    const r = await call('GET', `/api/auth/send-bind-email-code?email=${encodeURIComponent(taken)}`, { token: owner.access_token });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('EMAIL_ALREADY_LINKED');
    const newEmail = freshEmail();
    const before = smtp.mails.length;
    const s = await call('GET', `/api/auth/send-bind-email-code?email=${encodeURIComponent(newEmail)}`, { token: owner.access_token });
    expect(s.status).toBe(200);
    const code = await codeFromMail(smtp.mails, newEmail, before);
    const v = await call('POST', '/api/auth/verify-bind-email-code', { token: owner.access_token, body: { email: newEmail, code } });
    expect(v.status).toBe(200);
    const me = await call('GET', '/api/users/profile/me', { token: owner.access_token });
    expect(me.body.result.email).toBe(newEmail);
    expect(me.body.result.email_verified).toBe(true);
    expect((await call('GET', `/api/auth/send-bind-email-code?email=${encodeURIComponent(newEmail)}`)).status).toBe(401);
  });
});

describe('users endpoints', () => {
  it('updates language, cookie consent and the profile of the caller only', async () => {
    const call = api(t.app, randomIp());
    const a = await registerAndVerify(call, freshEmail());
    const b = await registerAndVerify(call, freshEmail());
    expect((await call('PATCH', `/api/users/${a.user.id}`, { token: a.access_token, body: { language: 'zh-CN' } })).body.result.language).toBe('zh_CN');
    expect((await call('PATCH', `/api/users/${b.user.id}`, { token: a.access_token, body: { language: 'zh_CN' } })).status).toBe(403);
    expect((await call('PATCH', `/api/users/${a.user.id}`, { token: a.access_token, body: { language: 'fr_FR' } })).status).toBe(400);
    expect((await call('PATCH', `/api/users/accept-cookies/${a.user.id}`, { token: a.access_token })).body.result.cookie_accepted).toBe(true);
    const saved = await call('POST', '/api/users/profile', { token: a.access_token, body: { nickname: 'Satoshi', biography: 'HODL', birthday: '1990-01-31', avatar: { type: 'preset', key: 'a3' } } });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({ nickname: 'Satoshi', biography: 'HODL', birthday: '1990-01-31', avatar: { key: 'a3' } });
    const patched = await call('PATCH', `/api/users/profile/${saved.body.result.id}`, { token: a.access_token, body: { avatar: { type: 'preset', key: 'a8' } } });
    expect(patched.body.result).toMatchObject({ nickname: 'Satoshi', avatar: { key: 'a8' } });
    expect((await call('PATCH', `/api/users/profile/${saved.body.result.id}`, { token: b.access_token, body: { nickname: 'x' } })).status).toBe(403);
    expect((await call('POST', '/api/users/profile', { token: a.access_token, body: { avatar: { type: 'preset', key: 'a9' } } })).status).toBe(400);
    expect((await call('POST', '/api/users/profile', { token: a.access_token, body: { birthday: '2999-01-01' } })).body.error.fields[0].path).toBe('body.birthday');
    expect((await call('POST', '/api/users/profile', { token: a.access_token, body: { birthday: '2001-02-30' } })).status).toBe(400);
    const me = await call('GET', '/api/users/profile/me', { token: a.access_token });
    expect(me.body.result).toMatchObject({ language: 'zh_CN', cookie_accepted: true, profile: { nickname: 'Satoshi', avatar: { key: 'a8' } } });
    // sign-in answers the nickname as the name
    expect((await call('GET', '/api/users/profile', { token: a.access_token })).body.result.nickname).toBe('Satoshi');
  });

  it('reports membership from the subscription dates (isPro = end in the future)', async () => {
    const call = api(t.app, randomIp());
    const a = await registerAndVerify(call, freshEmail());
    const now = Date.now();
    await t.ctx.db.db.update(users).set({ subscriptionStartDate: now - 86_400_000, subscriptionEndDate: now + 30 * 86_400_000 }).where(eq(users.id, a.user.id));
    const me = (await call('GET', '/api/users/profile/me', { token: a.access_token })).body.result;
    expect(me.isPro).toBe(true);
    expect(me.subscription_end_date).toBe(new Date(now + 30 * 86_400_000).toISOString());
    const user = await t.ctx.accounts.sessions.authenticate(a.access_token);
    expect(user).toMatchObject({ id: a.user.id, isPro: true, permissions: [] });
    await t.ctx.db.db.update(users).set({ subscriptionEndDate: now - 1000 }).where(eq(users.id, a.user.id));
    expect((await call('GET', '/api/users/profile/me', { token: a.access_token })).body.result.isPro).toBe(false);
  });
});

describe('LAB_EMAILS', () => {
  it('gives a verified listed address the lab permission, and only that one', async () => {
    const call = api(t.app, randomIp());
    const lab = await registerAndVerify(call, 'lab.tester@example.com');
    const me = (await call('GET', '/api/users/profile/me', { token: lab.access_token })).body.result;
    expect(me.permissions).toEqual(['lab']);
    const plans = await call('GET', '/api/lab/btc/plans', { token: lab.access_token });
    expect(plans.status).not.toBe(403);
    const other = await registerAndVerify(call, freshEmail());
    expect((await call('GET', '/api/users/profile/me', { token: other.access_token })).body.result.permissions).toEqual([]);
    expect((await call('GET', '/api/lab/btc/plans', { token: other.access_token })).body.error.code).toBe('FORBIDDEN');
  });
});
