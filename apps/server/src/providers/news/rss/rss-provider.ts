import crypto from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { strictOutbound, type Outbound } from '../../../platform/outbound';
import { maxAgeOf, nextPollDelay, paceOf, retryAfterOf, type PollBounds } from '../poll-schedule';
import { cutSummary, guessLang, newsIdOf, plainText, USER_AGENT, type NewsBatch, type NewsProvider, type RawNewsItem } from '../types';
import type { WebSub } from './websub';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ['item', 'entry', 'link', 'category'].includes(name),
});

const text = (v: unknown): string => {
  if (v == null) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return text(v[0]);
  if (typeof v === 'object') return text((v as Record<string, unknown>)['#text']);
  return '';
};

const dateOf = (...vals: unknown[]): number | null => {
  for (const v of vals) {
    const t = Date.parse(text(v).trim());
    if (Number.isFinite(t)) return t;
  }
  return null;
};

/** Host name as a display source when the feed has no title: `cointelegraph.com` → `cointelegraph.com`. */
const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** A parsed feed: its items and the WebSub links it declares (`<link rel="hub">`, `<link rel="self">`), null when absent. */
export interface ParsedFeed {
  items: RawNewsItem[];
  hub: string | null;
  self: string | null;
}

/** `href` of the first link with `rel` among Atom-style links (`<link>` or `<atom:link>`, one or many). */
const relLink = (links: unknown, rel: string): string | null => {
  for (const l of Array.isArray(links) ? links : links ? [links] : []) {
    if (l && typeof l === 'object' && (l as Record<string, unknown>)['@_rel'] === rel) {
      const href = String((l as Record<string, unknown>)['@_href'] ?? '').trim();
      if (href) return href;
    }
  }
  return null;
};

/**
 * Parses an RSS 2.0 or Atom document into items. `feedUrl` resolves relative links and names the
 * source when the feed has no title. Items without a link, title or parseable date are skipped.
 * Throws when the document is neither RSS nor Atom.
 */
export function parseFeed(xml: string, feedUrl: string): RawNewsItem[] {
  return parseFeedDocument(xml, feedUrl).items;
}

/** {@link parseFeed} plus the feed's WebSub hub and self links (resolved against `feedUrl`). */
export function parseFeedDocument(xml: string, feedUrl: string): ParsedFeed {
  const doc = parser.parse(xml) as Record<string, any>;
  const out: RawNewsItem[] = [];
  const abs = (href: string | null) => {
    if (!href) return null;
    try {
      return new URL(href, feedUrl).toString();
    } catch {
      return null;
    }
  };
  const push = (o: { title: string; link: string; summary: string; published: number | null; source: string; categories: string[] }) => {
    if (!o.link || !o.title || o.published == null) return;
    let url: string;
    try {
      url = new URL(o.link.trim(), feedUrl).toString();
    } catch {
      return;
    }
    const title = plainText(o.title);
    // a lead that repeats the headline at its start loses it (a headline quoted inside the lead stays)
    const lead = plainText(o.summary).trim();
    const summary = cutSummary((lead.startsWith(title) ? lead.slice(title.length) : lead).trim());
    out.push({
      id: newsIdOf('rss', url),
      publishedAt: o.published,
      source: o.source,
      url,
      title,
      summary,
      lang: guessLang(title + ' ' + summary),
      coins: [],
      labels: o.categories.length ? { tags: o.categories.map((c) => c.toLowerCase()) } : {},
    });
  };
  if (doc.rss?.channel || doc['rdf:RDF']) {
    const ch = doc.rss?.channel ?? doc['rdf:RDF'].channel ?? {};
    const items: any[] = doc.rss?.channel?.item ?? doc['rdf:RDF']?.item ?? [];
    const source = plainText(text(ch.title)) || hostOf(feedUrl);
    for (const it of items) {
      push({
        title: text(it.title),
        link: text(it.link) || (it.guid && text(it.guid).startsWith('http') ? text(it.guid) : ''),
        summary: text(it.description) || text(it['content:encoded']),
        published: dateOf(it.pubDate, it['dc:date'], it.published),
        source,
        categories: (it.category ?? []).map(text).filter(Boolean),
      });
    }
    const links = [ch['atom:link'], ch['atom10:link'], ch.link].flat().filter((l) => l && typeof l === 'object');
    return { items: out, hub: abs(relLink(links, 'hub')), self: abs(relLink(links, 'self')) };
  }
  if (doc.feed) {
    const f = doc.feed;
    const source = plainText(text(f.title)) || hostOf(feedUrl);
    for (const e of (f.entry as any[]) ?? []) {
      const links: any[] = e.link ?? [];
      const alt = links.find((l) => !l['@_rel'] || l['@_rel'] === 'alternate') ?? links[0];
      push({
        title: text(e.title),
        link: alt ? String(alt['@_href'] ?? text(alt)) : '',
        summary: text(e.summary) || text(e.content),
        published: dateOf(e.published, e.updated, e.issued),
        source,
        categories: (e.category ?? []).map((c: any) => String(c['@_term'] ?? c['@_label'] ?? text(c))).filter(Boolean),
      });
    }
    return { items: out, hub: abs(relLink(f.link, 'hub')), self: abs(relLink(f.link, 'self')) };
  }
  throw new Error(`${feedUrl}: not an RSS or Atom document`);
}

/** Options of the RSS provider. */
export interface RssProviderOptions {
  /** Guarded client the feeds are read through (default: the strict one, internal addresses refused). */
  outbound?: Outbound;
  /** Whole-request limit of one feed read (ms, default 15 s). */
  timeoutMs?: number;
  /** Pace bounds of a feed (ms; default 15 s to 45 s). */
  bounds?: PollBounds;
  /** WebSub subscriber (only with a public callback URL); feeds naming a hub are subscribed. */
  websub?: WebSub | null;
  /** Wall clock (ms); tests inject one. */
  now?: () => number;
}

/** What the provider keeps per feed between polls (in memory: a restart costs one full read per feed). */
interface FeedState {
  etag: string | null;
  lastModified: string | null;
  /** SHA-1 of the last document read: a server without validators that sends the same bytes is "unchanged". */
  digest: string | null;
  /** Publication times of the feed's newest items (the pace is measured on them). */
  published: number[];
  /** Wall ms of the next poll. */
  nextAt: number;
  failures: number;
  /** Whether a document was read since the start (items listed in the first one are marked `first_read`). */
  read: boolean;
}

/** One poll of one feed, as measured (wall ms). */
export interface FeedPoll {
  feed: string;
  at: number;
  status: number | null;
  items: number;
  nextAt: number;
}

/**
 * RSS 2.0 / Atom feeds (`NEWS_FEEDS`, comma list of URLs), each polled on its own schedule
 * ({@link nextPollDelay}: its publishing pace within `bounds`, `Cache-Control: max-age`,
 * `Retry-After`, back-off on failures) with conditional GETs (`If-None-Match` with the last
 * `ETag`, `If-Modified-Since` with the last `Last-Modified`; a 304 is "nothing new") through the
 * guarded outbound client. A fetch reads only the feeds that are due ({@link due}). The cursor is a
 * JSON map feed URL → newest `publishedAt` stored, and only items newer than a day before it are
 * returned (feeds re-list old items; the unique keys drop repeats anyway). A failing feed is
 * skipped and reported in `errors` while the others are read. A feed naming a WebSub hub is
 * subscribed to when a subscriber is given; its polls then slow to a safety net.
 */
export class RssNewsProvider implements NewsProvider {
  readonly name = 'rss';
  readonly origin = 'rss' as const;
  errors: string[] = [];
  /** The polls of the last fetch (for logs and the bench). */
  lastPolls: FeedPoll[] = [];
  private readonly state = new Map<string, FeedState>();
  private readonly outbound: Outbound;
  private readonly bounds: PollBounds;
  private readonly now: () => number;

  constructor(private readonly feeds: string[], private readonly opts: RssProviderOptions = {}) {
    this.outbound = opts.outbound ?? strictOutbound();
    this.bounds = opts.bounds ?? { minMs: 15_000, maxMs: 45_000 };
    this.now = opts.now ?? Date.now;
    for (const f of feeds) this.state.set(f, { etag: null, lastModified: null, digest: null, published: [], nextAt: 0, failures: 0, read: false });
    opts.websub?.knowFeeds(feeds);
  }

  /** Whether a feed is due at `now` (wall ms). */
  due(now: number): boolean {
    for (const s of this.state.values()) if (s.nextAt <= now) return true;
    return false;
  }

  /** Wall ms of the next poll of `feed` (undefined for an unknown feed). */
  nextPollAt(feed: string): number | undefined {
    return this.state.get(feed)?.nextAt;
  }

  async fetch(cursor: string | null): Promise<NewsBatch> {
    const pos: Record<string, number> = cursor ? JSON.parse(cursor) : {};
    const items: RawNewsItem[] = [];
    this.errors = [];
    this.lastPolls = [];
    const now = this.now();
    const due = this.feeds.filter((f) => this.state.get(f)!.nextAt <= now);
    const results = await Promise.all(due.map((f) => this.poll(f, pos[f] ?? 0)));
    for (const r of results) {
      if (r.error) this.errors.push(`${r.feed}: ${r.error}`);
      for (const i of r.items) pos[r.feed] = Math.max(pos[r.feed] ?? 0, i.publishedAt);
      items.push(...r.items);
    }
    if (due.length && this.errors.length === due.length) throw new Error(this.errors.join('; '));
    return { items, cursor: JSON.stringify(pos) };
  }

  /** Items of a pushed document (WebSub) of `feed`, filtered like a poll's. Throws on a document that is not a feed. */
  itemsOfPush(feed: string, xml: string): RawNewsItem[] {
    const parsed = parseFeedDocument(xml, feed);
    const s = this.state.get(feed);
    if (s) s.published = [...parsed.items.map((i) => i.publishedAt), ...s.published].sort((a, b) => b - a).slice(0, 20);
    return parsed.items;
  }

  private async poll(feed: string, newest: number): Promise<{ feed: string; items: RawNewsItem[]; error?: string }> {
    const s = this.state.get(feed)!;
    const at = this.now();
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml' };
    if (s.etag) headers['if-none-match'] = s.etag;
    if (s.lastModified) headers['if-modified-since'] = s.lastModified;
    const record = (status: number | null, items: number) => this.lastPolls.push({ feed, at, status, items, nextAt: s.nextAt });
    try {
      const r = await this.outbound.get(feed, headers, this.opts.timeoutMs ?? 15_000);
      const maxAgeMs = maxAgeOf(r.headers['cache-control']);
      const pushed = this.opts.websub?.isActive(feed) ?? false;
      if (r.status === 304) {
        s.failures = 0;
        s.nextAt = at + nextPollDelay(paceOf(s.published, this.bounds), { kind: 'unchanged', maxAgeMs, pushed }, this.bounds);
        record(304, 0);
        return { feed, items: [] };
      }
      if (r.status < 200 || r.status >= 300) {
        s.failures++;
        s.nextAt = at + nextPollDelay(paceOf(s.published, this.bounds), { kind: 'failed', failures: s.failures, retryAfterMs: retryAfterOf(r.headers['retry-after'], at) }, this.bounds);
        record(r.status, 0);
        return { feed, items: [], error: `HTTP ${r.status}` };
      }
      s.failures = 0;
      const etag = r.headers.etag;
      const lastModified = r.headers['last-modified'];
      s.etag = typeof etag === 'string' ? etag : null;
      s.lastModified = typeof lastModified === 'string' ? lastModified : null;
      const digest = crypto.createHash('sha1').update(r.body).digest('hex');
      if (digest === s.digest) {
        s.nextAt = at + nextPollDelay(paceOf(s.published, this.bounds), { kind: 'unchanged', maxAgeMs, pushed }, this.bounds);
        record(r.status, 0);
        return { feed, items: [] };
      }
      const parsed = parseFeedDocument(r.body, feed);
      s.digest = digest;
      s.published = parsed.items.map((i) => i.publishedAt).sort((a, b) => b - a).slice(0, 20);
      if (parsed.hub && this.opts.websub) void this.opts.websub.ensure(feed, parsed.self ?? feed, parsed.hub);
      s.nextAt = at + nextPollDelay(paceOf(s.published, this.bounds), { kind: 'fresh', maxAgeMs, pushed }, this.bounds);
      const since = newest - 86_400_000;
      // Items already listed at the first read after a start were published before we watched the
      // feed: marked, so the measured delay of the source leaves them out.
      const first = !s.read;
      s.read = true;
      const got = parsed.items.filter((i) => i.publishedAt > since).map((i) => (first ? { ...i, labels: { ...i.labels, first_read: true } } : i));
      record(r.status, got.length);
      return { feed, items: got };
    } catch (e) {
      s.failures++;
      s.nextAt = at + nextPollDelay(paceOf(s.published, this.bounds), { kind: 'failed', failures: s.failures }, this.bounds);
      record(null, 0);
      return { feed, items: [], error: e instanceof Error ? e.message : String(e) };
    }
  }
}
