/**
 * Shared number and date formatting. All functions are pure, locale-light
 * (digits are ASCII in both languages) and return '—' for missing values.
 */

import { formatPrice as formatQuotePrice } from '@coinlens/contracts/common/price';

export const DASH = '—';

type Num = number | null | undefined;

function isNum(v: Num): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function groupThousands(s: string): string {
  const [int, frac] = s.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return sign + grouped + (frac !== undefined ? '.' + frac : '');
}

/**
 * Price in quote currency, the one written form of `@coinlens/contracts/common/price`
 * (`formatPrice`): 2 decimals at |value| ≥ 1 (thousands grouped), else 4 significant digits, with
 * four or more zeros after the point counted in a subscript. Example: 103245.5 → "103,245.50";
 * 0.000012345 → "0.0₄1235"; missing → "—".
 */
export function formatPrice(value: Num): string {
  if (!isNum(value)) return DASH;
  return formatQuotePrice(value);
}

/** Price with a leading "$". */
export function formatUsd(value: Num): string {
  if (!isNum(value)) return DASH;
  const s = formatPrice(value);
  return s.startsWith('-') ? '-$' + s.slice(1) : '$' + s;
}

/**
 * A plan or invoice amount in USD with exactly two decimals, thousands grouped and no "$"
 * ("$19.90"). Accepts the API's decimal strings ("19.9") or numbers; '—' when not a number.
 * Example: "19.9" → "19.90"; 199 → "199.00".
 */
export function formatAmount(value: string | number | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (!isNum(n)) return DASH;
  return groupThousands(n.toFixed(2));
}

const UNITS: Array<[number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/**
 * Large numbers with K/M/B/T and 2 decimals: 1234 → "1.23K", 3.2e12 → "3.20T"; below 1000 the
 * number is shown with up to 2 decimals. `prefix` (e.g. "$") goes after the sign.
 */
export function formatCompact(value: Num, prefix = ''): string {
  if (!isNum(value)) return DASH;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const [size, unit] of UNITS) {
    // Round first so 999_999 becomes "1.00M", not "1000.00K".
    if (abs >= size * 0.999995) {
      const scaled = abs / size;
      if (scaled >= 999.995 && unit !== 'T') continue;
      return `${sign}${prefix}${scaled.toFixed(2)}${unit}`;
    }
  }
  return `${sign}${prefix}${Number(abs.toFixed(2)).toString()}`;
}

/** Percent with sign and 2 decimals: 1.234 → "+1.23%", -0.5 → "-0.50%", 0 → "0.00%". */
export function formatPercent(value: Num, decimals = 2): string {
  if (!isNum(value)) return DASH;
  const fixed = Math.abs(value).toFixed(decimals);
  if (Number(fixed) === 0) return `${(0).toFixed(decimals)}%`;
  return `${value > 0 ? '+' : '-'}${fixed}%`;
}

/** Plain number with thousands separators and at most `decimals` decimals: 19876543.2 → "19,876,543". */
export function formatNumber(value: Num, decimals = 0): string {
  if (!isNum(value)) return DASH;
  return groupThousands(value.toFixed(decimals));
}

/**
 * Direction of a percent change as it is written with `decimals` decimals: 'up' (> 0), 'down'
 * (< 0) or 'flat' when it rounds to zero (0.004 % is written "0.00%" and is no move up).
 */
export function trendOf(value: Num, decimals = 2): 'up' | 'down' | 'flat' {
  if (!isNum(value) || Number(Math.abs(value).toFixed(decimals)) === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

type DateInput = number | string | Date;

function toDate(v: DateInput): Date {
  return v instanceof Date ? v : new Date(v);
}

function isZh(locale: string): boolean {
  return locale.toLowerCase().startsWith('zh');
}

/** Date in UTC: en "16 May 2025", zh "2025年5月16日". */
export function formatDateUtc(value: DateInput, locale = 'en-US'): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return DASH;
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = d.getUTCDate();
  return isZh(locale) ? `${y}年${m + 1}月${day}日` : `${day} ${EN_MONTHS[m]} ${y}`;
}

/** Date and minute time in UTC: en "16 May 2025 14:05 UTC", zh "2025年5月16日 14:05 UTC". */
export function formatDateTimeUtc(value: DateInput, locale = 'en-US'): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return DASH;
  return `${formatDateUtc(d, locale)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** ISO calendar date in UTC, "2025-05-16" (membership dates). */
export function formatIsoDate(value: DateInput): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return DASH;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
