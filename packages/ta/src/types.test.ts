import { describe, expect, it } from 'vitest';
import { candleCount, parseCandlesCsv, sliceCandles } from './types';

describe('parseCandlesCsv', () => {
  it('parses the shipped format, CRLF and blank lines, columns by name', () => {
    const c = parseCandlesCsv('close,open_time_ms,open,high,low,volume,extra\r\n2,1000,1,3,0.5,10,x\r\n\r\n2.5,2000,2,3,1.5,0,y\r\n');
    expect(Array.from(c.openTime)).toEqual([1000, 2000]);
    expect(Array.from(c.close)).toEqual([2, 2.5]);
    expect(Array.from(c.volume)).toEqual([10, 0]);
    expect(candleCount(c)).toBe(2);
    expect(sliceCandles(c, 1, 2).close[0]).toBe(2.5);
  });
  it('names the missing column or the bad cell', () => {
    expect(() => parseCandlesCsv('open_time_ms,open,high,low,close\n1,1,1,1,1')).toThrow(/volume/);
    expect(() => parseCandlesCsv('open_time_ms,open,high,low,close,volume\n1,1,1,abc,1,1')).toThrow(/line 2.*low/);
    expect(() => parseCandlesCsv('open_time_ms,open,high,low,close,volume\n1,1,1,1,1')).toThrow(/volume/);
  });
  it('rejects candle columns of different lengths', () => {
    const c = parseCandlesCsv('open_time_ms,open,high,low,close,volume\n1,1,1,1,1,1\n2,1,1,1,1,1');
    expect(() => candleCount({ ...c, volume: c.volume.subarray(1) })).toThrow(RangeError);
  });
});
