import { describe, expect, it } from 'vitest';
import { formatPrice } from '@coinlens/contracts';
import { fmtPct, fmtPrice } from './format';

describe('built-in analyst formats', () => {
  it('signs percents, and what rounds to zero reads 0.0% (not -0.0%)', () => {
    expect(fmtPct(1.24)).toBe('+1.2%');
    expect(fmtPct(-0.8)).toBe('-0.8%');
    expect(fmtPct(-0.04)).toBe('0.0%');
    expect(fmtPct(0.04)).toBe('0.0%');
    expect(fmtPct(0)).toBe('0.0%');
  });

  it('writes prices as the screens do: subscript zeros for low-priced coins, the same digits for every price of a coin', () => {
    expect(fmtPrice(0.0000130213)).toBe('0.0₄1302');
    expect(fmtPrice(0.0000139)).toBe('0.0₄1390');
    expect(fmtPrice(0.5)).toBe('0.5000');
    expect(fmtPrice(0.000123)).toBe('0.0001230');
    expect(fmtPrice(103245.5)).toBe('103,245.50');
    for (const v of [0.0000130213, 0.5, 2552.314, -0.00001302]) expect(fmtPrice(v)).toBe(formatPrice(v));
  });
});
