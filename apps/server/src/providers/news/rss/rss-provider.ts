import { XMLParser } from 'fast-xml-parser';
import { cutSummary, guessLang, httpGet, newsIdOf, plainText, type NewsBatch, type NewsProvider, type RawNewsItem } from '../types';

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

/**
 * Parses an RSS 2.0 or Atom document into items. `feedUrl` resolves relative links and names the
 * source when the feed has no title. Items without a link, title or parseable date are skipped.
 * Throws when the document is neither RSS nor Atom.
 */
export function parseFeed(xml: string, feedUrl: string): RawNewsItem[] {
  const doc = parser.parse(xml) as Record<string, any>;
  const out: RawNewsItem[] = [];
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
    return out;
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
    return out;
  }
  throw new Error(`${feedUrl}: not an RSS or Atom document`);
}

/**
 * RSS 2.0 / Atom feeds (`NEWS_FEEDS`, comma list of URLs). Each fetch reads every feed; the cursor
 * is a JSON map feed URL → newest `publishedAt` stored, and only items newer than a day before it
 * are returned (feeds re-list old items; the unique keys drop repeats anyway). A failing feed is
 * skipped and reported in `errors` while the others are read.
 */
export class RssNewsProvider implements NewsProvider {
  readonly name = 'rss';
  readonly origin = 'rss' as const;
  errors: string[] = [];
  constructor(private readonly feeds: string[], private readonly opts: { timeoutMs?: number } = {}) {}
  async fetch(cursor: string | null): Promise<NewsBatch> {
    const pos: Record<string, number> = cursor ? JSON.parse(cursor) : {};
    const items: RawNewsItem[] = [];
    this.errors = [];
    for (const feed of this.feeds) {
      try {
        const xml = await httpGet(feed, { timeoutMs: this.opts.timeoutMs, headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml' } });
        const since = (pos[feed] ?? 0) - 86_400_000;
        const got = parseFeed(xml, feed).filter((i) => i.publishedAt > since);
        for (const i of got) pos[feed] = Math.max(pos[feed] ?? 0, i.publishedAt);
        items.push(...got);
      } catch (e) {
        this.errors.push(`${feed}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (this.errors.length === this.feeds.length && this.feeds.length) throw new Error(this.errors.join('; '));
    return { items, cursor: JSON.stringify(pos) };
  }
}
