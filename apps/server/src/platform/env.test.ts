import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, or when false/0', () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });
  it('reads a hop count or a comma list of IPs / CIDR blocks', () => {
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,2001:db8::/32' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', '2001:db8::/32']);
  });
  it('refuses `true` (anyone could choose their IP) and malformed entries, naming the variable', () => {
    for (const bad of ['true', 'yes-please', '10.0.0.0/33', '10.0.0.1,evil.example', '999']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(EnvError);
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('REDIS_PREFIX', () => {
  it('is optional and limited to safe key characters', () => {
    expect(parseEnv({}).REDIS_PREFIX).toBeUndefined();
    expect(parseEnv({ REDIS_PREFIX: 'coinlens:prod:' }).REDIS_PREFIX).toBe('coinlens:prod:');
    expect(() => parseEnv({ REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/);
  });
});

describe('OUTBOUND_ALLOW_HOSTS', () => {
  it('is off by default and takes host names, addresses and CIDR ranges', () => {
    expect(parseEnv({}).OUTBOUND_ALLOW_HOSTS).toBeUndefined();
    expect(parseEnv({ OUTBOUND_ALLOW_HOSTS: 'hooks.lan, 192.168.1.20, 10.0.0.0/8, fd00::/8' }).OUTBOUND_ALLOW_HOSTS).toBe('hooks.lan, 192.168.1.20, 10.0.0.0/8, fd00::/8');
  });
  it('stops the process on an entry that is none of these, naming it', () => {
    expect(() => parseEnv({ OUTBOUND_ALLOW_HOSTS: 'hooks.lan,10.0.0.0/33,not a host' })).toThrow(EnvError);
    expect(() => parseEnv({ OUTBOUND_ALLOW_HOSTS: 'hooks.lan,10.0.0.0/33,not a host' })).toThrow(/OUTBOUND_ALLOW_HOSTS: .*10\.0\.0\.0\/33, not a host/);
  });
});
