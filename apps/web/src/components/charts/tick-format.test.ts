import { afterEach, describe, expect, it } from 'vitest';
import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { formatTickMark } from './tick-format';

const TYPES = [TickMarkType.Year, TickMarkType.Month, TickMarkType.DayOfMonth, TickMarkType.Time, TickMarkType.TimeWithSeconds];

const reference = new Map<string, Intl.DateTimeFormat>();
/**
 * What Intl writes for the UTC fields of `sec` (lightweight-charts 5.2's options, hours 00–23).
 * One formatter per locale and tick type: making one per call (~37,000 in the year test) took
 * over 5 s on a loaded 2-core CI machine.
 */
function intl(sec: number, type: TickMarkType, locale: string): string {
  const key = `${locale} ${type}`;
  let f = reference.get(key);
  if (!f) {
    const o = [{ year: 'numeric' }, { month: 'short' }, { day: 'numeric' }, { hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }, { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' }][type] as Intl.DateTimeFormatOptions;
    f = new Intl.DateTimeFormat(locale, { ...o, timeZone: 'UTC' });
    reference.set(key, f);
  }
  return f.format(sec * 1000);
}

const Original = Intl.DateTimeFormat;
/** Counts the Intl.DateTimeFormat objects made until {@link afterEach} puts the original back. */
function countFormatters(): { made: number } {
  const count = { made: 0 };
  (Intl as { DateTimeFormat: unknown }).DateTimeFormat = function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    count.made++;
    return new Original(...args);
  };
  return count;
}
afterEach(() => {
  (Intl as { DateTimeFormat: unknown }).DateTimeFormat = Original;
});

describe('chart tick marks', () => {
  it('read as Intl writes them, in both languages, every month and hour of a year', () => {
    const start = Date.UTC(2025, 0, 1, 0, 0, 7) / 1000;
    for (const locale of ['en-US', 'zh-CN', 'en', 'zh', 'en-GB', 'zh-TW'])
      for (let i = 0; i < 365 * 24; i += 7) {
        const s = start + i * 3600 + (i % 60) * 60;
        for (const type of TYPES) expect(formatTickMark(s as UTCTimestamp, type, locale), `${locale} ${type} ${s}`).toBe(intl(s, type, locale.startsWith('zh') ? 'zh-CN' : 'en-US'));
      }
    expect(formatTickMark({ year: 2025, month: 5, day: 16 }, TickMarkType.DayOfMonth, 'en-US')).toBe('16');
    expect(formatTickMark('2025-05-16', TickMarkType.Month, 'zh-CN')).toBe('5月');
  });

  it('write five past midnight as 00:05, not 24:05 (what the library default gives in en-US)', () => {
    const s = (Date.UTC(2025, 4, 16, 0, 5) / 1000) as UTCTimestamp;
    expect(formatTickMark(s, TickMarkType.Time, 'en-US')).toBe('00:05');
    expect(formatTickMark(s, TickMarkType.Time, 'de-DE')).toBe('00:05');
  });

  it('make no Intl formatter in the app languages, and one per locale and tick type in others', () => {
    const count = countFormatters();
    for (let i = 0; i < 200; i++) for (const type of TYPES) formatTickMark((1747353600 + i * 300) as UTCTimestamp, type, i % 2 ? 'en-US' : 'zh-CN');
    expect(count.made).toBe(0);
    for (let i = 0; i < 200; i++) formatTickMark((1747353600 + i * 300) as UTCTimestamp, TickMarkType.Time, 'fr-FR');
    expect(count.made).toBe(1);
  });
});
