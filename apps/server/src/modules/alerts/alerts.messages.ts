import { formatPrice } from '@coinlens/contracts/common/price';
import { formatEdge, formatN, type EdgeRecord } from '@coinlens/contracts/signals/edge-stats';

/** A line in both shipped languages. */
export interface Bi {
  en: string;
  zh: string;
}

/**
 * What an alert says, in both languages, with the facts every channel repeats: the trigger, the
 * price (USDT) and the market-clock time (ms; `replay` labels a replayed clock), the page (`path`
 * without the language segment) and the trigger's record from edge-stats (null when the trigger is
 * a plain price condition, which has no record).
 */
export interface AlertMessage {
  kind: string;
  title: Bi;
  body: Bi;
  record: Bi | null;
  price: number | null;
  marketTime: number;
  replay: boolean;
  path: string;
  /** Facts for the webhook's `data` (kind-specific: level, percent, signal label, news id…). */
  facts: Record<string, unknown>;
}

/**
 * Price in USDT as the UI shows it, the one written form of a price (`formatPrice` of
 * `@coinlens/contracts`): 2 decimals at or above 1, else 4 significant digits, with four or more
 * zeros after the point counted in a subscript (0.0₄1390).
 */
export function formatUsdt(p: number): string {
  return formatPrice(p);
}

/** Market-clock time as `2025-05-16 14:05 UTC`, with ` (replay)` / `（回放）` when the clock replays. */
export function formatMarketTime(t: number, replay: boolean): Bi {
  const s = new Date(t).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  return { en: replay ? `${s} (replay)` : s, zh: replay ? `${s}（回放）` : s };
}

/**
 * The record line of a signal: "Bullish engulfing, 1h: edge +3.1 pp (95 % CI +0.8 to +5.6), n = 812"
 * or "…: no measurable edge, n = 40", with the episodes when fewer than n ({@link formatN}); the
 * one wording of edge-stats' {@link formatEdge}.
 */
export function recordLine(name: Bi, timeframe: string, edge: EdgeRecord): Bi {
  return {
    en: `${name.en}, ${timeframe}: ${formatEdge(edge, 'en', 'short')}, ${formatN(edge, 'en')}`,
    zh: `${name.zh}，${timeframe}：${formatEdge(edge, 'zh', 'short')}，${formatN(edge, 'zh')}`,
  };
}

/** The body line common to every alert: the price and the time on the market clock. */
export function priceLine(price: number | null, t: number, replay: boolean): Bi {
  const time = formatMarketTime(t, replay);
  if (price == null) return { en: `At ${time.en}.`, zh: `时间 ${time.zh}。` };
  return { en: `Price ${formatUsdt(price)} USDT at ${time.en}.`, zh: `价格 ${formatUsdt(price)} USDT，时间 ${time.zh}。` };
}

/** `{lang}` is `en_US`/`en-US` or `zh_CN`/`zh-CN`; returns the matching line. */
export function pick(b: Bi, lang: string): string {
  return lang.toLowerCase().startsWith('zh') ? b.zh : b.en;
}

/** Web-app language segment of a stored user language (`zh_CN` → `zh-CN`, else `en-US`). */
export function langSegment(lang: string): 'en-US' | 'zh-CN' {
  return lang.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

/**
 * The e-mail of an alert in the user's language: subject = title; text and HTML say the trigger,
 * the price and market time, the record and the link (`origin` + language + path).
 */
export function alertMail(m: AlertMessage, lang: string, origin: string): { subject: string; text: string; html: string } {
  const url = `${origin}/${langSegment(lang)}${m.path}`;
  const lines = [pick(m.title, lang), pick(m.body, lang), ...(m.record ? [pick(m.record, lang)] : []), url];
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    subject: `Coinlens · ${pick(m.title, lang)}`,
    text: lines.join('\n\n'),
    html: `<p><strong>${esc(lines[0])}</strong></p>${lines
      .slice(1, -1)
      .map((l) => `<p>${esc(l)}</p>`)
      .join('')}<p><a href="${esc(url)}">${esc(url)}</a></p>`,
  };
}

/**
 * The webhook body of an alert (JSON, Standard Webhooks' `{type, timestamp, data}` shape):
 * `type` = `alert.fired`; `data` carries the rule, the texts in the user's language and in both,
 * price, market time, replay flag, link and the facts of the trigger.
 */
export function alertWebhookPayload(m: AlertMessage, ids: { eventId: number; ruleId: number }, lang: string, origin: string, now: number): Record<string, unknown> {
  return {
    type: 'alert.fired',
    timestamp: new Date(now).toISOString(),
    data: {
      event_id: ids.eventId,
      rule_id: ids.ruleId,
      kind: m.kind,
      title: pick(m.title, lang),
      body: pick(m.body, lang),
      record: m.record ? pick(m.record, lang) : null,
      texts: { title: m.title, body: m.body, record: m.record },
      price: m.price,
      market_time: new Date(m.marketTime).toISOString(),
      replay: m.replay,
      url: `${origin}/${langSegment(lang)}${m.path}`,
      ...m.facts,
    },
  };
}

/** Escapes text for Telegram's HTML parse mode (`&`, `<`, `>`, and `"` inside attributes). */
export function escapeTelegramHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Longest Telegram message text (characters after entity parsing; we stay well below with the HTML). */
export const TELEGRAM_TEXT_MAX = 4096;

/**
 * The Telegram message of an alert in the user's language, for `sendMessage` with
 * `parse_mode: 'HTML'`: the title in bold, the price and market time, the trigger's record and a
 * link to the page (`origin` + language + path). Every text is escaped; the title is cut to 300
 * characters so the message stays under {@link TELEGRAM_TEXT_MAX}.
 */
export function alertTelegram(m: AlertMessage, lang: string, origin: string): string {
  const url = `${origin}/${langSegment(lang)}${m.path}`;
  const title = pick(m.title, lang);
  const cut = title.length > 300 ? `${title.slice(0, 299)}…` : title;
  const open = lang.toLowerCase().startsWith('zh') ? '在 Coinlens 中打开' : 'Open in Coinlens';
  return [
    `<b>${escapeTelegramHtml(cut)}</b>`,
    escapeTelegramHtml(pick(m.body, lang)),
    ...(m.record ? [escapeTelegramHtml(pick(m.record, lang))] : []),
    `<a href="${escapeTelegramHtml(url)}">${open}</a>`,
  ].join('\n');
}
