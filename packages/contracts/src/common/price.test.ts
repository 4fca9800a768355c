import { describe, expect, it } from 'vitest';
import { expandSubscriptZeros, formatPrice, roundPrice } from './price';

describe('formatPrice', () => {
  it('writes 2 grouped decimals at 1 or more', () => {
    expect(formatPrice(103245.5)).toBe('103,245.50');
    expect(formatPrice(1)).toBe('1.00');
    expect(formatPrice(-2552.314)).toBe('-2,552.31');
    expect(formatPrice(0.99996)).toBe('1.00');
  });

  it('keeps 4 significant digits below 1, trailing zeros included', () => {
    expect(formatPrice(0.5)).toBe('0.5000');
    expect(formatPrice(0.123456)).toBe('0.1235');
    expect(formatPrice(0.000123)).toBe('0.0001230');
    expect(formatPrice(0.00099996)).toBe('0.001000');
  });

  it('counts four or more zeros after the point in a subscript, with the same digits for every price of a coin', () => {
    // The mixed forms "0.0000139 to 0.00001302" of a PEPE range
    expect(formatPrice(0.0000139)).toBe('0.0₄1390');
    expect(formatPrice(0.00001302)).toBe('0.0₄1302');
    expect(formatPrice(0.000000001234)).toBe('0.0₈1234');
    expect(formatPrice(1.234e-14)).toBe('0.0₁₃1234');
    expect(formatPrice(-0.0000139)).toBe('-0.0₄1390');
    expect(formatPrice(0.0000999996)).toBe('0.0001000');
  });

  it('writes what roundPrice keeps', () => {
    for (const v of [0.0000139, 0.00001302, 0.5, 0.000123456, 2552.314]) {
      const written = formatPrice(v).replace(/,/g, '').replace(/0\.0([₀-₉]+)/, (_, sub: string) => '0.' + '0'.repeat(Number([...sub].map((c) => c.charCodeAt(0) - 0x2080).join(''))));
      expect(Number(written)).toBe(roundPrice(v));
    }
  });

  it('gives a dash for what is not a number', () => {
    expect(formatPrice(Number.NaN)).toBe('—');
    expect(formatPrice(Infinity)).toBe('—');
  });

  it('reads subscript-zero numbers back as plain decimals, leaving other text alone', () => {
    expect(expandSubscriptZeros('PEPE 0.0₄1302, range 0.0₄1390 to 0.0₄1302')).toBe('PEPE 0.00001302, range 0.00001390 to 0.00001302');
    expect(expandSubscriptZeros('0.0₁₂5')).toBe('0.0000000000005');
    expect(expandSubscriptZeros('103,245.50 and 0.0001230')).toBe('103,245.50 and 0.0001230');
    for (const v of [0.0000139, 0.00001302, 0.000000001234, 1.234e-14, 0.5]) expect(Number(expandSubscriptZeros(formatPrice(v)))).toBe(roundPrice(v));
  });
});
