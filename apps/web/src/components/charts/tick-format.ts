import { TickMarkType, type Time } from 'lightweight-charts';
import { fromBrowserLanguage } from '../../lib/locale';

/**
 * Intl options per tick mark type, as lightweight-charts' default tick formatter uses them (v5.2),
 * except the hour: `hourCycle: 'h23'` (00–23) where the default's `hour12: false` gives "24:05" for
 * five past midnight in en-US.
 */
const OPTIONS: Record<TickMarkType, Intl.DateTimeFormatOptions> = {
  [TickMarkType.Year]: { year: 'numeric' },
  [TickMarkType.Month]: { month: 'short' },
  [TickMarkType.DayOfMonth]: { day: 'numeric' },
  [TickMarkType.Time]: { hourCycle: 'h23', hour: '2-digit', minute: '2-digit' },
  [TickMarkType.TimeWithSeconds]: { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Time-axis label of a tick mark: the UTC date and time of the candle, in `locale`, as
 * lightweight-charts' default formatter writes it (hours 00–23). `time`: UTC timestamp in seconds,
 * or a business day; `locale`: BCP 47 tag.
 *
 * The app's two languages (English, Chinese) are written without Intl: the first
 * Intl.DateTimeFormat of a page loads ICU's calendar data, a ~20 ms task (~80 ms on a throttled
 * phone) on the coin page's first load. Other locales get one cached Intl.DateTimeFormat per
 * locale and tick type (the library's default builds one per label of every redraw).
 */
export function formatTickMark(time: Time, type: TickMarkType, locale: string): string {
  const ms = typeof time === 'number' ? time * 1000 : typeof time === 'string' ? Date.parse(`${time}T00:00:00Z`) : Date.UTC(time.year, time.month - 1, time.day);
  const app = fromBrowserLanguage(locale);
  if (app) return formatUtc(ms, type, app === 'zh-CN' ? ZH : EN);
  return intlFormat(ms, type, locale);
}

/** How a language writes the date parts of a tick mark. */
interface DateWords {
  year: (y: number) => string;
  month: (m: number) => string;
  day: (d: number) => string;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const EN: DateWords = { year: String, month: (m) => EN_MONTHS[m], day: String };
const ZH: DateWords = { year: (y) => `${y}年`, month: (m) => `${m + 1}月`, day: (d) => `${d}日` };

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

function formatUtc(ms: number, type: TickMarkType, words: DateWords): string {
  const d = new Date(ms);
  switch (type) {
    case TickMarkType.Year:
      return words.year(d.getUTCFullYear());
    case TickMarkType.Month:
      return words.month(d.getUTCMonth());
    case TickMarkType.DayOfMonth:
      return words.day(d.getUTCDate());
    case TickMarkType.Time:
      return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
    default:
      return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
  }
}

function intlFormat(ms: number, type: TickMarkType, locale: string): string {
  const key = `${locale}|${type}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...OPTIONS[type], timeZone: 'UTC' });
    formats.set(key, f);
  }
  return f.format(ms);
}
