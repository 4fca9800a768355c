import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory, loggerOptions, REDACTED, redactUrl } from './log';

describe('redactUrl', () => {
  it('replaces the values of secret query parameters and keeps the rest byte for byte', () => {
    expect(redactUrl('/api/auth/validate-token?token=eyJhbGciOi.x.y')).toBe('/api/auth/validate-token?token=[REDACTED]');
    expect(redactUrl('/en-US/auth/google/callback?state=abc&code=4%2F0Ad&scope=email%20openid')).toBe('/en-US/auth/google/callback?state=[REDACTED]&code=[REDACTED]&scope=email%20openid');
    expect(redactUrl('/api/x?a=1&ACCESS_TOKEN=s&b=2#frag')).toBe('/api/x?a=1&ACCESS_TOKEN=[REDACTED]&b=2');
    expect(redactUrl('/api/x?%74oken=s')).toBe('/api/x?%74oken=[REDACTED]');
    expect(redactUrl('/api/coins?limit=10&flag')).toBe('/api/coins?limit=10&flag');
    expect(redactUrl('/api/coins')).toBe('/api/coins');
  });

  it('never throws on malformed escapes', () => {
    expect(redactUrl('/api/x?%zz=1&token=s')).toBe('/api/x?%zz=1&token=[REDACTED]');
  });
});

describe('LazyRequestLogger', () => {
  it('creates its child only for a line at an enabled level, with the bindings and redaction of a pino child', async () => {
    const { default: Fastify } = await import('fastify');
    const { Writable } = await import('node:stream');
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(JSON.parse(String(chunk)));
        cb();
      },
    });
    // the server's pino logger, as Fastify builds it from the server's options
    const parent = Fastify({ logger: { ...loggerOptions('warn'), stream } }).log;
    let children = 0;
    const child = parent.child.bind(parent);
    parent.child = ((...a: Parameters<typeof child>) => (children++, child(...a))) as typeof parent.child;
    const log = lazyChildLoggerFactory(parent, { reqId: 'req-1' }, {});
    log.info({ token: 'secret' }, 'incoming request');
    log.debug('nothing');
    expect(children).toBe(0);
    expect(log.level).toBe('warn');
    log.warn({ user: { token: 'secret' } }, 'slow');
    expect(children).toBe(1);
    expect(lines).toEqual([expect.objectContaining({ level: 40, reqId: 'req-1', user: { token: REDACTED }, msg: 'slow' })]);
  });
});
