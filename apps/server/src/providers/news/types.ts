import crypto from 'node:crypto';

/**
 * One news item as a provider delivers it, before analysis. `publishedAt` in ms since epoch (UTC);
 * `summary` ≤ 300 characters of lead text (may be empty); `coins` ticker symbols the origin tagged.
 */
export interface RawNewsItem {
  id: string;
  publishedAt: number;
  source: string;
  url: string;
  title: string;
  summary: string;
  lang: 'en' | 'zh';
  coins: string[];
  labels: Record<string, unknown>;
}

/** A page of items from a provider and the cursor to store with them (in one transaction). */
export interface NewsBatch {
  items: RawNewsItem[];
  /** Position to resume from next time; null when the provider keeps none. */
  cursor: string | null;
}

/**
 * A source of news (a folder under `providers/news/<name>/`): `replay` (shipped data released by the
 * clock), `rss` (RSS 2.0 / Atom feeds) or `cryptocompare` (its news API). `name` keys the ingest
 * cursor. `fetch` may throw on network or format errors; the caller keeps its cursor then.
 */
export interface NewsProvider {
  readonly name: string;
  readonly origin: 'replay' | 'rss' | 'cryptocompare';
  fetch(cursor: string | null): Promise<NewsBatch>;
  /**
   * Whether the provider has something to poll at `now` (wall ms): sources with a schedule of
   * their own (RSS feeds, CryptoCompare) answer false between their polls. Absent: always due.
   */
  due?(now: number): boolean;
}

const TRACKING = /^(utm_.*|fbclid|gclid|mc_cid|mc_eid|ref|ref_src|cmpid|ocid|_hsenc|_hsmi|mkt_tok|guccounter)$/i;

/**
 * Normalised URL for de-duplication: lower-case scheme and host without `www.`, no fragment, no
 * tracking parameters (`utm_*`, `fbclid`…), sorted query, no trailing slash. Unparseable input is
 * returned trimmed and lower-cased.
 */
export function normaliseUrl(raw: string): string {
  try {
    const u = new URL(raw.trim());
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    const params = [...u.searchParams.entries()].filter(([k]) => !TRACKING.test(k)).sort(([a], [b]) => a.localeCompare(b));
    const q = params.length ? '?' + params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&') : '';
    const p = u.pathname.replace(/\/+$/, '') || '';
    return `${u.protocol.toLowerCase()}//${host}${u.port ? ':' + u.port : ''}${p}${q}`.replace(/^http:/, 'https:');
  } catch {
    return raw.trim().toLowerCase();
  }
}

/** Item id as in data/news/SOURCE.md: `<prefix>:<sha1(normalised url)[:16]>`. */
export function newsIdOf(prefix: string, url: string): string {
  return `${prefix}:${crypto.createHash('sha1').update(normaliseUrl(url)).digest('hex').slice(0, 16)}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—', ndash: '–', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };

/** Decodes HTML entities (named common ones, decimal and hex). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/**
 * Puts back the space between two sentences or a label and its text that an upstream tag stripper
 * removed ("…he brokered.Movement announced…" → "…he brokered. Movement announced…", "Key
 * points:Bitcoin" → "Key points: Bitcoin"): a lowercase word of two or more letters, `.`, `!`, `?` or
 * `:`, then a capitalised word. Abbreviations ("U.S.Treasury"), domains ("Crypto.com"), tickers
 * ("X.AI") and numbers ("1.5") do not match and stay as they are.
 */
export function repairSentenceJoins(s: string): string {
  return s.replace(/(\p{Ll}{2,}[.!?:])(\p{Lu}\p{Ll})/gu, '$1 $2');
}

/** HTML or text → plain one-paragraph text: tags stripped, entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return repairSentenceJoins(decodeEntities(
    decodeEntities(
      String(html ?? '')
        .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
        .replace(/<[^>]+>/g, ' '),
    ),
  )
    .replace(/The post .* appeared first on .*$/i, '')
    .replace(/\s+/g, ' ')
    .trim());
}

/** Cuts `s` to at most `max` characters at a word boundary, adding `…` when cut. */
export function cutSummary(s: string, max = 300): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const sp = cut.lastIndexOf(' ');
  return (sp > max * 0.6 ? cut.slice(0, sp) : cut).replace(/[\s,;:.-]+$/, '') + '…';
}

/** `zh` when the text is mostly CJK, else `en`. */
export function guessLang(text: string): 'en' | 'zh' {
  const cjk = (text.match(/[\u3400-\u9fff]/g) ?? []).length;
  return cjk >= 4 && cjk * 3 >= text.replace(/\s/g, '').length ? 'zh' : 'en';
}

/** The `user-agent` of news requests. */
export const USER_AGENT = 'Coinlens/0.1 (+https://github.com/coinlens)';
