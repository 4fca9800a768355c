import { describe, expect, it } from 'vitest';
import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { formatTickMark, warmTickMarkFormats } from './tick-format';

/** lightweight-charts 5.2's default: the UTC fields of the time read as local time, then toLocaleString. */
function libraryDefault(sec: number, type: TickMarkType, locale: string): string {
  const o: Intl.DateTimeFormatOptions = [{ year: 'numeric' }, { month: 'short' }, { day: 'numeric' }, { hour12: false, hour: '2-digit', minute: '2-digit' }, { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' }][type] as Intl.DateTimeFormatOptions;
  const e = new Date(sec * 1000);
  return new Date(e.getUTCFullYear(), e.getUTCMonth(), e.getUTCDate(), e.getUTCHours(), e.getUTCMinutes(), e.getUTCSeconds()).toLocaleString(locale, o);
}

describe('chart tick marks', () => {
  it('reads exactly as the library default, in both languages', () => {
    const times = [Date.UTC(2025, 4, 16, 0, 0) / 1000, Date.UTC(2025, 6, 1, 13, 5, 30) / 1000, Date.UTC(2025, 11, 31, 23, 55) / 1000];
    for (const locale of ['en-US', 'zh-CN'])
      for (const type of [TickMarkType.Year, TickMarkType.Month, TickMarkType.DayOfMonth, TickMarkType.Time, TickMarkType.TimeWithSeconds])
        for (const s of times) expect(formatTickMark(s as UTCTimestamp, type, locale)).toBe(libraryDefault(s, type, locale));
    expect(formatTickMark({ year: 2025, month: 5, day: 16 }, TickMarkType.DayOfMonth, 'en-US')).toBe('16');
  });

  it('makes one formatter per locale and tick type, not one per label', () => {
    const Original = Intl.DateTimeFormat;
    let made = 0;
    const counting = function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      made++;
      return new Original(...args);
    };
    (Intl as { DateTimeFormat: unknown }).DateTimeFormat = counting;
    try {
      for (let i = 0; i < 200; i++) formatTickMark((1747353600 + i * 300) as UTCTimestamp, TickMarkType.Time, 'de-DE');
    } finally {
      (Intl as { DateTimeFormat: unknown }).DateTimeFormat = Original;
    }
    expect(made).toBe(1);
  });

  it('a warmed-up locale makes no formatter during a draw', () => {
    warmTickMarkFormats('fr-FR');
    const Original = Intl.DateTimeFormat;
    let made = 0;
    (Intl as { DateTimeFormat: unknown }).DateTimeFormat = function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      made++;
      return new Original(...args);
    };
    try {
      for (const type of [TickMarkType.Year, TickMarkType.Month, TickMarkType.DayOfMonth, TickMarkType.Time, TickMarkType.TimeWithSeconds])
        formatTickMark(1747353600 as UTCTimestamp, type, 'fr-FR');
    } finally {
      (Intl as { DateTimeFormat: unknown }).DateTimeFormat = Original;
    }
    expect(made).toBe(0);
  });
});
