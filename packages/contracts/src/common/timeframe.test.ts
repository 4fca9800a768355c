import { describe, expect, it } from 'vitest';
import { defaultTimeframe, orderByTimeframe, timeframeLabel, timeframeMinutes } from './timeframe';

describe('timeframe labels, order and default', () => {
  it('labels 5m 1D, 1h 7D and everything else 1M', () => {
    expect(timeframeLabel('5m')).toBe('1D');
    expect(timeframeLabel('1h')).toBe('7D');
    expect(timeframeLabel('1d')).toBe('1M');
    expect(timeframeLabel('15m')).toBe('1M');
  });
  it('orders by minutes (m = 1, h = 60, d = 1440)', () => {
    expect(timeframeMinutes('15m')).toBe(15);
    expect(timeframeMinutes('4h')).toBe(240);
    expect(timeframeMinutes('1d')).toBe(1440);
    expect(orderByTimeframe(['1d', '5m', '4h', '1h', '15m'], (x) => x)).toEqual(['5m', '15m', '1h', '4h', '1d']);
    const merged = orderByTimeframe([{ tf: '1d' }, { tf: '1h' }, { tf: '5m' }], (x) => x.tf).map((x) => timeframeLabel(x.tf));
    expect(merged).toEqual(['1D', '7D', '1M']);
  });
  it('defaults to 5m, else 1h, else the finest', () => {
    expect(defaultTimeframe(['1d', '1h', '5m'])).toBe('5m');
    expect(defaultTimeframe(['1d', '1h'])).toBe('1h');
    expect(defaultTimeframe(['1d'])).toBe('1d');
    expect(defaultTimeframe([])).toBeNull();
  });
});
