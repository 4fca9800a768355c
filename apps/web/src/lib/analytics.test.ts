import { describe, expect, it } from 'vitest';
import { analyticsEnabled, extractUtm } from './analytics';

describe('analytics helpers', () => {
  it('splits utm parameters off the query', () => {
    expect(extractUtm('?utm_source=x&a=1&utm_campaign=launch')).toEqual({ utm: { source: 'x', campaign: 'launch' }, rest: '?a=1' });
    expect(extractUtm('')).toEqual({ utm: {}, rest: '' });
  });
  it('sends only on the configured host', () => {
    expect(analyticsEnabled(null, { hostname: 'coinlens.example' })).toBe(false);
    expect(analyticsEnabled('coinlens.example', { hostname: '127.0.0.1' })).toBe(false);
    expect(analyticsEnabled('coinlens.example', { hostname: 'coinlens.example' })).toBe(true);
  });
});
