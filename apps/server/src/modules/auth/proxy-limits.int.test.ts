import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { api, codeFromMail, randomIp, startSmtp } from './test-helpers';

/**
 * Rate limits behind proxies (TRUST_PROXY): by default X-Forwarded-For is the client's own words and
 * must not pick the rate-limit bucket; with TRUST_PROXY it is the proxy's, and is used. Code e-mails
 * to one address are limited whatever the IP.
 */
let direct: Awaited<ReturnType<typeof createTestApp>>;
let proxied: Awaited<ReturnType<typeof createTestApp>>;
let ceiling: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const PASSWORD = 'Str0ng!pass';

beforeAll(async () => {
  smtp = await startSmtp();
  const env = { SMTP_URL: smtp.url, PUBLIC_ORIGIN: 'https://coinlens.test' };
  // TRUST_PROXY unset (the default): the harness's trusted loopback proxy is switched off.
  direct = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { ...env, TRUST_PROXY: '' } });
  // small budgets here (code checks default to 20 per 10 minutes, code mails to 20 an hour per IP)
  proxied = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { ...env, TRUST_PROXY: '1', RATE_LIMIT_CODE_CHECKS_PER_10_MINUTES: '3', RATE_LIMIT_CODE_MAILS_PER_IP_PER_HOUR: '3' } });
  // a deployment whose hourly ceiling of code mails is 4 (the default is 500)
  ceiling = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { ...env, TRUST_PROXY: '1', RATE_LIMIT_CODE_MAILS_PER_HOUR: '4' } });
}, 300_000);
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
  await ceiling?.close();
  await smtp?.close();
});
afterEach(() => vi.useRealTimers());

let seq = 0;
const freshEmail = () => `proxy${Date.now()}${++seq}@example.com`;

/** Shifts wall time (Date only; timers stay real). */
function advanceWall(ms: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

/** A request with a fresh random X-Forwarded-For each time (a client rotating the header). */
const rotating = (t: typeof direct) => (method: 'GET' | 'POST', url: string, body?: unknown) => api(t.app, randomIp())(method, url, { body });

async function verifiedAccount(t: typeof direct, email: string) {
  const call = api(t.app, randomIp());
  const before = smtp.mails.length;
  const reg = await call('POST', '/api/auth/register', { body: { email, password: PASSWORD, agreement_accepted: true } });
  expect(reg.status).toBe(200);
  const code = await codeFromMail(smtp.mails, email, before);
  const v = await call('POST', '/api/auth/verify-register-code', { body: { email, code, registration_id: reg.body.result.registration_id } });
  expect(v.status).toBe(200);
}

describe('TRUST_PROXY unset (default): X-Forwarded-For does not choose the client IP', () => {
  it('rotating X-Forwarded-For still meets the login limit (10 a minute) on the 11th try', async () => {
    const email = freshEmail();
    const call = rotating(direct);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call('POST', '/api/auth/login', { email, password: 'Wrong!pass1' })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('rotating X-Forwarded-For still meets the send-code limit (5 per 10 min) on the 6th request', async () => {
    const email = freshEmail();
    const call = rotating(direct);
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await call('GET', `/api/auth/forgot-password?email=${encodeURIComponent(email)}`);
      codes.push(r.status === 200 ? 'OK' : r.body.error.code);
    }
    // the 60 s countdown answers 2–5; the per-IP limit answers the 6th
    expect(codes[0]).toBe('OK');
    expect(codes.slice(1, 5)).toEqual(Array(4).fill('RESEND_TOO_SOON'));
    expect(codes[5]).toBe('RATE_LIMITED');
  });
});

describe('TRUST_PROXY=1: the address forwarded by the proxy is the client IP', () => {
  it('counts logins per forwarded address: one address is limited, another is not', async () => {
    const email = freshEmail();
    const alice = api(proxied.app, randomIp());
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await alice('POST', '/api/auth/login', { body: { email, password: 'Wrong!pass1' } })).status);
    expect(statuses[10]).toBe(429);
    const bob = api(proxied.app, randomIp());
    expect((await bob('POST', '/api/auth/login', { body: { email, password: 'Wrong!pass1' } })).status).toBe(401);
  });

  it('uses the nearest forwarded hop, not a client-written one before it', async () => {
    const email = freshEmail();
    const proxyHop = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // the client prepends a fresh fake address each time; the proxy appends the real one
      const r = await api(proxied.app, `${randomIp()}, ${proxyHop}`)('POST', '/api/auth/login', { body: { email, password: 'Wrong!pass1' } });
      statuses.push(r.status);
    }
    expect(statuses[10]).toBe(429);
  });
});

describe('code e-mails to one address, whatever the IP', () => {
  it('stops after 10 an hour even from a new IP each time (and after each countdown)', async () => {
    const email = freshEmail();
    await verifiedAccount(proxied, email);
    const call = rotating(proxied);
    const before = smtp.mails.length;
    const codes: string[] = [];
    for (let i = 0; i < 14; i++) {
      advanceWall(61_000);
      const path = i % 2 ? '/api/auth/resend-reset-password-code' : '/api/auth/forgot-password';
      const r = await call('GET', `${path}?email=${encodeURIComponent(email)}`);
      codes.push(r.status === 200 ? 'OK' : r.body.error.code);
    }
    // the verified account's registration used 1 of the 10
    expect(codes.filter((c) => c === 'OK')).toHaveLength(9);
    expect(codes.slice(9)).toEqual(Array(5).fill('RATE_LIMITED'));
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.slice(before).filter((m) => m.to.includes(email)).length).toBeLessThanOrEqual(9);
  });

  it('mails at most one code for 20 parallel requests from 20 IPs', async () => {
    const email = freshEmail();
    await verifiedAccount(proxied, email);
    const before = smtp.mails.length;
    const results = await Promise.all(Array.from({ length: 20 }, () => rotating(proxied)('GET', `/api/auth/forgot-password?email=${encodeURIComponent(email)}`)));
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 429 && ['RESEND_TOO_SOON', 'RATE_LIMITED'].includes(r.body.error.code))).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.slice(before).filter((m) => m.to.includes(email)).length).toBeLessThanOrEqual(1);
  });

  it('issues one code for 20 parallel issue calls (countdown check and insert are atomic)', async () => {
    const email = freshEmail();
    const settled = await Promise.allSettled(Array.from({ length: 20 }, () => proxied.ctx.accounts.codes.issue('reset', email, null)));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    expect(settled.filter((s) => s.status === 'rejected').map((s) => (s as PromiseRejectedResult).reason.code)).toEqual(Array(19).fill('RESEND_TOO_SOON'));
  });
});

describe('code checks per client IP (RATE_LIMIT_CODE_CHECKS_PER_10_MINUTES)', () => {
  it('answers 429 RATE_LIMITED past the configured budget, per forwarded address', async () => {
    const body = { email: freshEmail(), code: '000000', registration_id: 'A'.repeat(43) };
    const one = api(proxied.app, randomIp());
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) codes.push((await one('POST', '/api/auth/verify-register-code', { body })).body.error.code);
    expect(codes.slice(0, 3)).not.toContain('RATE_LIMITED');
    expect(codes[3]).toBe('RATE_LIMITED');
    // another address has its own budget
    const other = await api(proxied.app, randomIp())('POST', '/api/auth/verify-register-code', { body });
    expect(other.body.error.code).not.toBe('RATE_LIMITED');
  });
});

describe('code-mail budgets count only mails sent', () => {
  const register = (t: typeof direct, ip: string, email: string) => api(t.app, ip)('POST', '/api/auth/register', { body: { email, password: PASSWORD, agreement_accepted: true } });
  const mailsTo = (email: string, since: number) => smtp.mails.slice(since).filter((m) => m.to.includes(email)).length;

  it('requests refused by the resend countdown do not use up the address: the owner still registers', async () => {
    const email = freshEmail();
    // 12 registrations of the address from rotating IPs: the first mails a code, 11 meet the countdown
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await register(proxied, randomIp(), email);
      codes.push(r.status === 200 ? 'OK' : r.body.error.code);
    }
    expect(codes).toEqual(['OK', ...Array(11).fill('RESEND_TOO_SOON')]);
    advanceWall(61_000);
    const before = smtp.mails.length;
    const owner = await register(proxied, randomIp(), email);
    expect(owner.status).toBe(200);
    await codeFromMail(smtp.mails, email, before);
  });

  it('one IP mails codes to at most RATE_LIMIT_CODE_MAILS_PER_IP_PER_HOUR addresses an hour; another IP is not affected', async () => {
    const ip = randomIp();
    const emails = [freshEmail(), freshEmail(), freshEmail(), freshEmail()];
    const before = smtp.mails.length;
    const codes: string[] = [];
    for (const email of emails) {
      const r = await register(proxied, ip, email);
      codes.push(r.status === 200 ? 'OK' : r.body.error.code);
    }
    expect(codes).toEqual(['OK', 'OK', 'OK', 'RATE_LIMITED']);
    // refused before anything was stored or sent: no mail, and no countdown started for that address
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(emails[3], before)).toBe(0);
    expect(await proxied.ctx.accounts.codes.resendIn('register', emails[3])).toBe(0);
    // forgot-password to a verified address from the same IP spends the same budget
    const known = freshEmail();
    await verifiedAccount(proxied, known);
    advanceWall(61_000);
    const reset = await api(proxied.app, ip)('GET', `/api/auth/forgot-password?email=${encodeURIComponent(known)}`);
    expect(reset.status).toBe(429);
    expect(reset.body.error.code).toBe('RATE_LIMITED');
    expect(reset.body.error.details.retry_after_s).toBeGreaterThan(3500);
    expect((await register(proxied, randomIp(), emails[3])).status).toBe(200);
  });

  it('the deployment sends at most RATE_LIMIT_CODE_MAILS_PER_HOUR code mails an hour, whatever the IPs and addresses', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await register(ceiling, randomIp(), freshEmail());
      codes.push(r.status === 200 ? 'OK' : r.body.error.code);
    }
    expect(codes).toEqual(['OK', 'OK', 'OK', 'OK', 'RATE_LIMITED']);
    const reset = await api(ceiling.app, randomIp())('GET', `/api/auth/forgot-password?email=${encodeURIComponent(freshEmail())}`);
    // an unknown address gets no mail, so nothing is spent and the answer stays the neutral one
    expect(reset.status).toBe(200);
  });
});
