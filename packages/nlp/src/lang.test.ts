import { describe, expect, it } from 'vitest';
import { detectLanguage } from './lang.js';

describe('detectLanguage', () => {
  it('detects Chinese and English headlines', () => {
    expect(detectLanguage('比特币突破10万美元创历史新高')).toBe('zh');
    expect(detectLanguage('贝莱德 IBIT 持有的 BTC 超过 70 万枚')).toBe('zh');
    expect(detectLanguage('Bitcoin Jumps Above $97K as Traders Optimistic')).toBe('en');
    expect(detectLanguage('Bitcoin (比特币) jumps above $97K as traders turn optimistic on trade talks')).toBe('en');
    expect(detectLanguage('')).toBe('en');
  });
});
