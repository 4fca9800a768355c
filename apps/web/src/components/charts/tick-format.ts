import { TickMarkType, type Time } from 'lightweight-charts';

/** Intl options per tick mark type, as lightweight-charts' default tick formatter uses them (v5.2). */
const OPTIONS: Record<TickMarkType, Intl.DateTimeFormatOptions> = {
  [TickMarkType.Year]: { year: 'numeric' },
  [TickMarkType.Month]: { month: 'short' },
  [TickMarkType.DayOfMonth]: { day: 'numeric' },
  [TickMarkType.Time]: { hour12: false, hour: '2-digit', minute: '2-digit' },
  [TickMarkType.TimeWithSeconds]: { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Time-axis label of a tick mark: the text lightweight-charts' default formatter gives (the UTC
 * date and time of the candle, in `locale`), from one cached Intl.DateTimeFormat per locale and
 * tick type. The default builds a new formatter through `Date#toLocaleString` for every label of
 * every redraw (~8 ms of each live-update redraw on a throttled phone).
 * `time`: UTC timestamp in seconds, or a business day; `locale`: BCP 47 tag.
 */
export function formatTickMark(time: Time, type: TickMarkType, locale: string): string {
  // the chart asks for the same labels on every redraw: each is formatted once
  const labelKey = `${locale}|${type}|${typeof time === 'object' ? `${time.year}-${time.month}-${time.day}` : time}`;
  const known = labels.get(labelKey);
  if (known !== undefined) return known;
  if (labels.size >= MAX_LABELS) labels.clear();
  const label = format(time, type, locale);
  labels.set(labelKey, label);
  return label;
}

/** Labels kept at most (a few charts' worth of bars); the cache starts over when full. */
const MAX_LABELS = 20_000;
const labels = new Map<string, string>();

function format(time: Time, type: TickMarkType, locale: string): string {
  const key = `${locale}|${type}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...OPTIONS[type], timeZone: 'UTC' });
    formats.set(key, f);
  }
  const ms = typeof time === 'number' ? time * 1000 : typeof time === 'string' ? Date.parse(`${time}T00:00:00Z`) : Date.UTC(time.year, time.month - 1, time.day);
  return f.format(ms);
}

/**
 * Makes the formatters of `locale` ahead of the chart's first paint. The first Intl.DateTimeFormat
 * of a page loads the time-zone data (~15 ms, ~60 ms on a throttled phone); done in a task of its
 * own, that time no longer adds to the long task of the chart's first draw.
 */
export function warmTickMarkFormats(locale: string): void {
  for (const type of Object.keys(OPTIONS)) format(0 as Time, Number(type) as TickMarkType, locale);
}

// the chart module is requested before the chart is created (CoinChart): warm up in the meantime
if (typeof window !== 'undefined' && typeof navigator !== 'undefined') setTimeout(() => warmTickMarkFormats(navigator.language), 0);

