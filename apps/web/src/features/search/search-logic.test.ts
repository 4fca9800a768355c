import { describe, expect, it } from 'vitest';
import { coinPath, hasMoreAfter, isSearchShortcut, moveActive, normaliseQuery, searchMode } from './search-logic';

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

describe('search keyboard', () => {
  const key = (over: Partial<{ key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: EventTarget | null }>) => ({ key: '', ctrlKey: false, metaKey: false, altKey: false, target: null, ...over });
  it('opens on "/" outside text fields and on Ctrl/⌘+K anywhere', () => {
    // the fields of an element the check reads (this runs without a DOM)
    const el = (tagName: string, more: object = {}) => ({ tagName, isContentEditable: false, ...more }) as unknown as EventTarget;
    const body = el('BODY');
    const input = el('INPUT', { type: 'text' });
    const checkbox = el('INPUT', { type: 'checkbox' });
    const area = el('TEXTAREA');
    expect(isSearchShortcut(key({ key: '/', target: el('DIV', { isContentEditable: true }) }))).toBe(false);
    expect(isSearchShortcut(key({ key: '/', target: body }))).toBe(true);
    expect(isSearchShortcut(key({ key: '/', target: checkbox }))).toBe(true);
    expect(isSearchShortcut(key({ key: '/', target: input }))).toBe(false);
    expect(isSearchShortcut(key({ key: '/', target: area }))).toBe(false);
    expect(isSearchShortcut(key({ key: 'k', ctrlKey: true, target: input }))).toBe(true);
    expect(isSearchShortcut(key({ key: 'K', metaKey: true, target: body }))).toBe(true);
    expect(isSearchShortcut(key({ key: 'k', target: body }))).toBe(false);
    expect(isSearchShortcut(key({ key: 'k', ctrlKey: true, altKey: true }))).toBe(false);
  });
  it('moves through the rows with wrap-around', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });
});
