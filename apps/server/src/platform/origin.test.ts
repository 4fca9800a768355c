import { describe, expect, it } from 'vitest';
import { isLoopbackHost, publicOriginWarning } from './origin';

describe('isLoopbackHost', () => {
  it('accepts localhost, 127.0.0.0/8 and ::1 only', () => {
    for (const h of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '[::1]', '::1', 'localhost.']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['coinlens.example', 'localhost.evil.example', 'evil-localhost', '127.0.0.1.evil.example', '10.0.0.1', '0.0.0.0', '[::]', '']) expect(isLoopbackHost(h), h).toBe(false);
  });
});

describe('publicOriginWarning (printed at start)', () => {
  it('warns when HOST listens beyond loopback without PUBLIC_ORIGIN, and names the variable', () => {
    expect(publicOriginWarning({ HOST: '0.0.0.0', PUBLIC_ORIGIN: undefined })).toMatch(/PUBLIC_ORIGIN.*SIWE.*OAuth/);
    expect(publicOriginWarning({ HOST: '::', PUBLIC_ORIGIN: undefined })).toMatch(/PUBLIC_ORIGIN/);
    expect(publicOriginWarning({ HOST: '192.168.1.5', PUBLIC_ORIGIN: undefined })).toMatch(/PUBLIC_ORIGIN/);
  });
  it('is silent on loopback or with PUBLIC_ORIGIN', () => {
    expect(publicOriginWarning({ HOST: '127.0.0.1', PUBLIC_ORIGIN: undefined })).toBeNull();
    expect(publicOriginWarning({ HOST: 'localhost', PUBLIC_ORIGIN: undefined })).toBeNull();
    expect(publicOriginWarning({ HOST: '::1', PUBLIC_ORIGIN: undefined })).toBeNull();
    expect(publicOriginWarning({ HOST: '0.0.0.0', PUBLIC_ORIGIN: 'https://coinlens.example' })).toBeNull();
  });
});
