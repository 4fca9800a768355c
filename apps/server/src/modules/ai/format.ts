import { formatPrice, type Lang } from '@coinlens/contracts';

/**
 * The only number and date formats of the built-in analyst. Tests check that every number in a
 * built-in text is one of these renderings of a fact, so templates must format through here.
 */

/**
 * Price in USDT, written as on every screen (formatPrice of @coinlens/contracts): 2 decimals and
 * "," groups at 1 or more, else 4 significant digits with trailing zeros kept, and from four zeros
 * after the point on the zeros counted in a subscript (`0.0₄1302` for 0.00001302). The grounding
 * checks (chat/grounding.ts, model-writer.ts) read that notation back as the plain decimal.
 */
export function fmtPrice(v: number): string {
  return formatPrice(v);
}

/** Signed percent with one decimal (`+1.2%`, `−0.8%` uses ASCII minus; what rounds to zero is `0.0%`, never `-0.0%`): v is already in percent. */
export function fmtPct(v: number): string {
  const s = Math.abs(v).toFixed(1);
  if (Number(s) === 0) return `${s}%`;
  return `${v > 0 ? '+' : '-'}${s}%`;
}

/** Unsigned percent with one decimal: v already in percent. */
export function fmtAbsPct(v: number): string {
  return `${Math.abs(v).toFixed(1)}%`;
}

/** A probability 0..1 as a whole percent (`64%`). */
export function fmtProb(p: number): string {
  return `${Math.round(p * 100)}%`;
}

/** A ratio with two decimals (`1.85`). */
export function fmtRatio(v: number): string {
  return v.toFixed(2);
}

/** A UTC time: `16 May 2025 12:00 UTC` / `2025年5月16日 12:00 UTC`. */
export function fmtTime(ms: number, lang: Lang): string {
  const d = new Date(ms);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  if (lang === 'zh-CN') return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${hh}:${mm} UTC`;
  const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  return `${d.getUTCDate()} ${mon} ${d.getUTCFullYear()} ${hh}:${mm} UTC`;
}

/** A UTC date: `16 May 2025` / `2025年5月16日`. */
export function fmtDate(ms: number, lang: Lang): string {
  const d = new Date(ms);
  if (lang === 'zh-CN') return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
  const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  return `${d.getUTCDate()} ${mon} ${d.getUTCFullYear()}`;
}

/** Hours as a readable horizon: `about 24 hours` / `约 24 小时`, days from 48 h on. */
export function fmtHorizon(hours: number, lang: Lang): string {
  if (hours >= 48) {
    const d = Math.round(hours / 24);
    return lang === 'zh-CN' ? `约 ${d} 天` : `about ${d} days`;
  }
  const h = Math.round(hours);
  return lang === 'zh-CN' ? `约 ${h} 小时` : `about ${h} hours`;
}

/** A plain number with one decimal (indicator values such as RSI). */
export function fmtNum1(v: number): string {
  return v.toFixed(1);
}

/** English noun by count (`1 candle`, `2 candles`; the count formatted as given): Chinese has no plural, its templates write the count alone. */
export function enCount(n: number, one: string, other: string): string {
  return `${n} ${n === 1 ? one : other}`;
}
