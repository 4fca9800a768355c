import { strictOutbound, type Outbound } from '../../../platform/outbound';
import { maxAgeOf, nextPollDelay, retryAfterOf, type PollBounds } from '../poll-schedule';
import { cutSummary, guessLang, newsIdOf, plainText, USER_AGENT, type NewsBatch, type NewsProvider, type RawNewsItem } from '../types';

/** One article of CryptoCompare's `/data/v2/news/` answer (fields used here). */
interface CcArticle {
  id: string | number;
  guid?: string;
  published_on: number;
  title: string;
  url: string;
  body?: string;
  tags?: string;
  lang?: string;
  categories?: string;
  source?: string;
  source_info?: { name?: string };
}

/**
 * Maps one CryptoCompare article to an item. `categories` ("BTC|ETH|Market|Trading") gives coins
 * (tokens that are known symbols and occur in the title or body, as in data/news/SOURCE.md) and
 * topics (the other categories, lower-cased); SPONSORED marks paid content.
 */
export function mapCryptoCompareArticle(a: CcArticle, knownSymbols: ReadonlySet<string>): RawNewsItem | null {
  if (!a?.url || !a.title || !Number.isFinite(a.published_on)) return null;
  const title = plainText(a.title);
  const body = plainText(a.body ?? '');
  const cats = String(a.categories ?? '').split('|').map((c) => c.trim()).filter(Boolean);
  const hay = `${title} ${body}`;
  const coins = cats.filter((c) => knownSymbols.has(c.toUpperCase()) && new RegExp(`(?<![A-Za-z0-9])${c}(?![A-Za-z0-9])`).test(hay)).map((c) => c.toUpperCase());
  const topics = cats.filter((c) => !knownSymbols.has(c.toUpperCase()) && c !== 'SPONSORED').map((c) => c.toLowerCase());
  const labels: Record<string, unknown> = {};
  if (topics.length) labels.topics = topics;
  if (cats.includes('SPONSORED')) labels.sponsored = true;
  return {
    id: newsIdOf('cc', a.url),
    publishedAt: a.published_on * 1000,
    source: a.source_info?.name || a.source || 'CryptoCompare',
    url: a.url,
    title,
    summary: cutSummary(body),
    lang: a.lang?.toUpperCase() === 'ZH' ? 'zh' : guessLang(title),
    coins: [...new Set(coins)],
    labels,
  };
}

/**
 * CryptoCompare news API (`CRYPTOCOMPARE_API_KEY`): `GET {base}/data/v2/news/?lang=EN` with
 * `authorization: Apikey <key>`, newest first, through the guarded outbound client, polled every
 * `pollMs` (default 60 s; `Cache-Control: max-age` and `Retry-After` respected, back-off on
 * failures: {@link nextPollDelay}). The cursor is the newest `published_on` (seconds) stored;
 * older items are dropped. Throws on HTTP errors and on `{Response: "Error"}` answers.
 */
export class CryptoCompareNewsProvider implements NewsProvider {
  readonly name = 'cryptocompare';
  readonly origin = 'cryptocompare' as const;
  private nextAt = 0;
  private failures = 0;
  private readonly outbound: Outbound;
  constructor(
    private readonly apiKey: string,
    private readonly knownSymbols: ReadonlySet<string>,
    private readonly opts: { baseUrl?: string; lang?: string; timeoutMs?: number; outbound?: Outbound; pollMs?: number; now?: () => number } = {},
  ) {
    this.outbound = opts.outbound ?? strictOutbound();
  }
  due(now: number): boolean {
    return this.nextAt <= now;
  }
  async fetch(cursor: string | null): Promise<NewsBatch> {
    const base = (this.opts.baseUrl ?? 'https://min-api.cryptocompare.com').replace(/\/+$/, '');
    const at = (this.opts.now ?? Date.now)();
    const pace = this.opts.pollMs ?? 60_000;
    const bounds: PollBounds = { minMs: pace, maxMs: pace };
    let r;
    try {
      r = await this.outbound.get(`${base}/data/v2/news/?lang=${encodeURIComponent(this.opts.lang ?? 'EN')}`, { authorization: `Apikey ${this.apiKey}`, accept: 'application/json', 'user-agent': USER_AGENT }, this.opts.timeoutMs ?? 15_000);
    } catch (e) {
      this.nextAt = at + nextPollDelay(pace, { kind: 'failed', failures: ++this.failures }, bounds);
      throw e;
    }
    if (r.status < 200 || r.status >= 300) {
      this.nextAt = at + nextPollDelay(pace, { kind: 'failed', failures: ++this.failures, retryAfterMs: retryAfterOf(r.headers['retry-after'], at) }, bounds);
      throw new Error(`CryptoCompare: HTTP ${r.status}`);
    }
    this.failures = 0;
    this.nextAt = at + nextPollDelay(pace, { kind: 'fresh', maxAgeMs: maxAgeOf(r.headers['cache-control']) }, bounds);
    let body: any;
    try {
      body = JSON.parse(r.body);
    } catch {
      throw new Error('CryptoCompare: answer is not JSON');
    }
    if (body?.Response === 'Error' || !Array.isArray(body?.Data)) throw new Error(`CryptoCompare: ${body?.Message ?? 'unexpected answer'}`);
    const since = cursor ? Number(cursor) : 0;
    const items = (body.Data as CcArticle[])
      .filter((a) => a.published_on > since)
      .map((a) => mapCryptoCompareArticle(a, this.knownSymbols))
      .filter((i): i is RawNewsItem => i !== null);
    const newest = Math.max(since, ...(body.Data as CcArticle[]).map((a) => a.published_on).filter(Number.isFinite));
    return { items, cursor: String(newest) };
  }
}
