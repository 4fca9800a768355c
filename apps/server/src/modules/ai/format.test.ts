import { describe, expect, it } from 'vitest';
import { fmtPct } from './format';

describe('built-in analyst formats', () => {
  it('signs percents, and what rounds to zero reads 0.0% (not -0.0%)', () => {
    expect(fmtPct(1.24)).toBe('+1.2%');
    expect(fmtPct(-0.8)).toBe('-0.8%');
    expect(fmtPct(-0.04)).toBe('0.0%');
    expect(fmtPct(0.04)).toBe('0.0%');
    expect(fmtPct(0)).toBe('0.0%');
  });
});
