import { fromBrowserLanguage } from './locale';

/** Units of a relative time, as Intl.RelativeTimeFormat names them. */
export type RelativeUnit = 'minute' | 'hour' | 'day';

const formats = new Map<string, Intl.RelativeTimeFormat>();

/** Digits grouped by threes with commas, as English and Chinese write them (12,345). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const EN: Record<RelativeUnit, (n: number) => string> = {
  minute: (n) => `${grouped(n)} min. ago`,
  hour: (n) => `${grouped(n)} hr. ago`,
  day: (n) => `${grouped(n)} ${n === 1 ? 'day' : 'days'} ago`,
};
const ZH: Record<RelativeUnit, (n: number) => string> = {
  minute: (n) => `${grouped(n)}分钟前`,
  hour: (n) => `${grouped(n)}小时前`,
  day: (n) => `${grouped(n)}天前`,
};

/**
 * "5 min. ago" / "5分钟前": `count` (a whole number ≥ 0) `unit`s in the past, in `locale` (BCP 47),
 * as `new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' }).format(-count, unit)`
 * writes it.
 *
 * The app's two languages (English, Chinese) are written without Intl: the first
 * Intl.RelativeTimeFormat of a page loads ICU's data, a task of ~25–35 ms (~100–140 ms on a
 * throttled phone) when the coin page's news list first renders. Other locales get one cached
 * Intl formatter each.
 */
export function formatTimeAgo(count: number, unit: RelativeUnit, locale: string): string {
  const app = fromBrowserLanguage(locale);
  if (app) return (app === 'zh-CN' ? ZH : EN)[unit](count);
  let f = formats.get(locale);
  if (!f) formats.set(locale, (f = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' })));
  return f.format(-count, unit);
}
