import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/harness';
import { buildApp } from '../app';
import { api, codeFromMail, randomIp, startSmtp } from '../modules/auth/test-helpers';

/**
 * The server's real logger (pino, level info) on real requests: no bearer token, one-time code,
 * OAuth state, signature or password reaches the log, neither from URLs nor from headers.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let logged: FastifyInstance;
let quiet: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const lines: string[] = [];
const quietLines: string[] = [];
/** Node process warnings (code, message) raised while the apps were built. */
const warnings: string[] = [];
const lineSink = (into: string[]) =>
  new Writable({
    write(chunk, _enc, cb) {
      into.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { SMTP_URL: smtp.url, PUBLIC_ORIGIN: 'https://coinlens.test' } });
  const spy = vi.spyOn(process, 'emitWarning').mockImplementation((w: string | Error, ...rest: unknown[]) => {
    const code = typeof rest[0] === 'object' && rest[0] ? (rest[0] as { code?: string }).code : rest[1];
    warnings.push(`${String(code ?? '')} ${String(w)}`);
  });
  try {
    logged = await buildApp(t.ctx, { logger: { level: 'info', stream: lineSink(lines) } });
    quiet = await buildApp(t.ctx, { logger: { level: 'warn', stream: lineSink(quietLines) } });
  } finally {
    spy.mockRestore();
  }
  // a route that fails, to see where the quiet app's error lines go
  quiet.get('/api/test-log/boom', async () => {
    throw new Error('boom for the log test');
  });
  await logged.ready();
  await quiet.ready();
}, 300_000);
afterAll(async () => {
  await logged?.close();
  await quiet?.close();
  await t?.close();
  await smtp?.close();
});

describe('request logs', () => {
  it('log each request at info level with secrets in the URL and headers redacted', async () => {
    const call = api(logged, randomIp());
    const email = `log${Date.now()}@example.com`;
    const password = 'Str0ng!pass-LOGGED';
    const before = smtp.mails.length;
    const reg = await call('POST', '/api/auth/register', { body: { email, password, agreement_accepted: true } });
    expect(reg.status).toBe(200);
    const code = await codeFromMail(smtp.mails, email, before);
    const v = await call('POST', '/api/auth/verify-register-code', { body: { email, code, registration_id: reg.body.result.registration_id } });
    expect(v.status).toBe(200);
    const token: string = v.body.result.access_token;

    expect((await call('GET', `/api/auth/validate-token?token=${token}`)).body.result.valid).toBe(true);
    expect((await call('GET', '/api/users/profile/me', { token })).status).toBe(200);
    await call('GET', `/api/auth/validate-token?token=${encodeURIComponent(token)}&lang=en_US`);
    await call('GET', '/api/nowhere?code=123456&state=s3cr3t-state&signature=0xdeadbeefcafe&nonce=n0nce-value', { headers: { cookie: 'cl_oauth=cookie-secret-value' } });
    await call('POST', '/api/auth/login', { body: { email, password } });

    const log = lines.join('\n');
    // the requests were logged…
    expect(log).toContain('/api/auth/validate-token?token=[REDACTED]');
    expect(log).toContain('/api/nowhere?code=[REDACTED]&state=[REDACTED]&signature=[REDACTED]&nonce=[REDACTED]');
    expect(lines.filter((l) => l.includes('"incoming request"')).length).toBeGreaterThanOrEqual(7);
    // …and no secret is in any line
    for (const secret of [token, token.split('.')[2], code, password, 's3cr3t-state', '0xdeadbeefcafe', 'n0nce-value', 'cookie-secret-value']) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it('above info: no per-request lines, and the app is built without a deprecation warning (LogController, not the top-level option)', async () => {
    const call = api(quiet, randomIp());
    expect((await call('GET', '/api/health')).status).toBe(200);
    expect((await call('GET', '/api/nowhere')).status).toBe(404);
    expect(quietLines.filter((l) => l.includes('request'))).toEqual([]);
    expect(warnings.filter((w) => w.includes('FSTDEP'))).toEqual([]);
  });

  it('above info: errors are still written, with the request id, and the app logger writes to the same destination', async () => {
    const call = api(quiet, randomIp());
    const before = quietLines.length;
    expect((await call('GET', '/api/test-log/boom')).status).toBe(500);
    quiet.log.warn('app-level warning line');
    const fresh = quietLines.slice(before).map((l) => JSON.parse(l) as { msg?: string; reqId?: string; level?: number; err?: { message?: string } });
    const error = fresh.find((l) => l.msg === 'unhandled error');
    expect(error?.err?.message).toBe('boom for the log test');
    expect(error?.reqId).toMatch(/^req-/);
    expect(fresh.some((l) => l.msg === 'app-level warning line' && l.level === 40)).toBe(true);
  });
});
