import { describe, expect, it } from 'vitest';
import { numbersIn, proseLeaves, sameShape, ungroundedNumbers } from './model-writer';

describe('sameShape', () => {
  const draft = { highlights: ['a', 'b'], short_term: { trend: 't', risks: ['r'] }, medium_long_term: null };
  it('accepts the same keys, lengths and nulls with non-empty strings', () => {
    expect(sameShape(draft, { medium_long_term: null, highlights: ['x', 'y'], short_term: { risks: ['z'], trend: 'w' } })).toBe(true);
  });
  it.each([
    ['a missing array item', { highlights: ['x'], short_term: { trend: 't', risks: ['r'] }, medium_long_term: null }],
    ['an extra key', { highlights: ['x', 'y'], short_term: { trend: 't', risks: ['r'], extra: 'e' }, medium_long_term: null }],
    ['an empty string', { highlights: ['x', '  '], short_term: { trend: 't', risks: ['r'] }, medium_long_term: null }],
    ['text where the draft is null', { highlights: ['x', 'y'], short_term: { trend: 't', risks: ['r'] }, medium_long_term: 'made up' }],
    ['a number for a string', { highlights: ['x', 1], short_term: { trend: 't', risks: ['r'] }, medium_long_term: null }],
  ])('rejects %s', (_name, answer) => {
    expect(sameShape(draft, answer)).toBe(false);
  });
});

describe('number grounding', () => {
  it('reads numbers with thousands separators and decimals', () => {
    expect(numbersIn('BTC at 103,456.70 USDT, RSI 14: 61.2 (n = 48)')).toEqual([103456.7, 14, 61.2, 48]);
  });
  it('accepts numbers of the facts, also rounded, and small counts', () => {
    const allowed = [103456.78, 61.24, 0.4171, 2025];
    expect(ungroundedNumbers('Support 103,456.78, about 103,457 or 103.5k; RSI near 61.2; 41.71% … in 2025, two of 3 signals', allowed)).toEqual(['103.5']);
  });
  it('flags invented prices, percentages and targets', () => {
    expect(ungroundedNumbers('Target 120,000 (+15%)', [103456.78, 14])).toEqual(['120,000', '15']);
  });
  it('lists every string of nested prose', () => {
    expect(proseLeaves({ a: ['x', { b: 'y' }], c: null, d: 'z' })).toEqual(['x', 'y', 'z']);
  });
  it('reads a subscript-zero price as one number: grounded by its fact, or flagged in its plain form', () => {
    expect(numbersIn('PEPE at 0.0₄1302, up 2.4%')).toEqual([0.00001302, 2.4]);
    expect(ungroundedNumbers('PEPE at 0.0₄1302', [0.0000130213])).toEqual([]);
    expect(ungroundedNumbers('PEPE could reach 0.0₄1400', [0.0000130213])).toEqual(['0.00001400']);
  });
});
