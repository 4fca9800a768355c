import { describe, expect, it } from 'vitest';
import { redactUrl } from './log';

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
