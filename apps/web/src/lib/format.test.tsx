import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatDateTimeUtc,
  formatDateUtc,
  formatIsoDate,
  formatNumber,
  formatPercent,
  formatPrice,
  formatUsd,
  formatAmount,
  trendOf,
} from './format';

describe('formatPrice', () => {
  it('uses 2 decimals at or above 1, grouped', () => {
    expect(formatPrice(103245.5)).toBe('103,245.50');
    expect(formatPrice(1)).toBe('1.00');
    expect(formatPrice(2.345)).toBe('2.35');
    expect(formatPrice(-1234.5)).toBe('-1,234.50');
  });
  it('uses 4 significant digits below 1', () => {
    expect(formatPrice(0.123456)).toBe('0.1235');
    expect(formatPrice(0.000012346)).toBe('0.0₄1235');
    expect(formatPrice(0.0000139)).toBe('0.0₄1390');
    expect(formatPrice(0.00001302)).toBe('0.0₄1302');
    expect(formatPrice(0.5)).toBe('0.5000');
    expect(formatPrice(0.99996)).toBe('1.00');
  });
  it('handles zero and missing values', () => {
    expect(formatPrice(0)).toBe('0.00');
    expect(formatPrice(null)).toBe('—');
    expect(formatPrice(undefined)).toBe('—');
    expect(formatPrice(Number.NaN)).toBe('—');
  });
  it('prefixes dollars', () => {
    expect(formatUsd(0.25)).toBe('$0.2500');
    expect(formatUsd(-3)).toBe('-$3.00');
  });
  it('formats plan amounts with exactly two decimals ($19.90)', () => {
    expect(formatAmount('19.9')).toBe('19.90');
    expect(formatAmount(199)).toBe('199.00');
    expect(formatAmount('1999.5')).toBe('1,999.50');
    expect(formatAmount('abc')).toBe('—');
  });
});

describe('formatCompact', () => {
  it('abbreviates K/M/B/T', () => {
    expect(formatCompact(1234)).toBe('1.23K');
    expect(formatCompact(12_345_678)).toBe('12.35M');
    expect(formatCompact(3.2e9, '$')).toBe('$3.20B');
    expect(formatCompact(3.21e12, '$')).toBe('$3.21T');
    expect(formatCompact(-5e6)).toBe('-5.00M');
  });
  it('rounds across unit boundaries', () => {
    expect(formatCompact(999_999)).toBe('1.00M');
    expect(formatCompact(2.5e15)).toBe('2500.00T');
  });
  it('keeps small numbers', () => {
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(12.345)).toBe('12.35');
    expect(formatCompact(null)).toBe('—');
  });
});

describe('formatPercent', () => {
  it('signs the value', () => {
    expect(formatPercent(1.234)).toBe('+1.23%');
    expect(formatPercent(-0.5)).toBe('-0.50%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(-0.001)).toBe('0.00%');
    expect(formatPercent(null)).toBe('—');
  });
  it('tells the direction', () => {
    expect(trendOf(2)).toBe('up');
    expect(trendOf(-2)).toBe('down');
    expect(trendOf(0)).toBe('flat');
    expect(trendOf(null)).toBe('flat');
    // written "0.00%": no arrow, no colour (BTC showed a green "▲ 0.00 %")
    expect(trendOf(0.004)).toBe('flat');
    expect(trendOf(-0.004)).toBe('flat');
    expect(trendOf(0.005)).toBe('up');
  });
});

describe('formatNumber', () => {
  it('groups thousands', () => {
    expect(formatNumber(19_876_543.2)).toBe('19,876,543');
    expect(formatNumber(1234.567, 2)).toBe('1,234.57');
  });
});

describe('dates (UTC)', () => {
  const t = Date.UTC(2025, 4, 16, 14, 5, 59);
  it('formats in English', () => {
    expect(formatDateUtc(t)).toBe('16 May 2025');
    expect(formatDateTimeUtc(t, 'en-US')).toBe('16 May 2025 14:05 UTC');
  });
  it('formats in Chinese', () => {
    expect(formatDateUtc(t, 'zh-CN')).toBe('2025年5月16日');
    expect(formatDateTimeUtc(t, 'zh-CN')).toBe('2025年5月16日 14:05 UTC');
  });
  it('formats ISO dates and rejects garbage', () => {
    expect(formatIsoDate('2025-05-16T23:59:00Z')).toBe('2025-05-16');
    expect(formatDateUtc('nope')).toBe('—');
  });
});
