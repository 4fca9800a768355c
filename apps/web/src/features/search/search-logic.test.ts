import { describe, expect, it } from 'vitest';
import { coinPath, hasMoreAfter, normaliseQuery, searchMode } from './search-logic';

describe('global search rules', () => {
  it('ignores whitespace-only text', () => {
    expect(normaliseQuery('   ')).toBe('');
    expect(normaliseQuery(' btc ')).toBe('btc');
  });
  it('shows followed coins for Pro users on an empty query, else results', () => {
    expect(searchMode('', true)).toBe('following');
    expect(searchMode('  ', true)).toBe('following');
    expect(searchMode('', false)).toBe('search');
    expect(searchMode('eth', true)).toBe('search');
  });
  it('goes to the slug, else the id', () => {
    expect(coinPath('zh-CN', { slug: 'bitcoin', id: 7 })).toBe('/zh-CN/crypto/bitcoin');
    expect(coinPath('en-US', { slug: '', id: 7 })).toBe('/en-US/crypto/7');
  });
  it('has more while pages are full', () => {
    expect(hasMoreAfter(10)).toBe(true);
    expect(hasMoreAfter(3)).toBe(false);
  });
});
