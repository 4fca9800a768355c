/**
 * The default source list of the live RSS provider (`NEWS_FEEDS=default`, alone or with more URLs):
 * public RSS 2.0 feeds of English and Chinese crypto outlets. Chinese items are read by the same
 * pipeline (language detected per item; the headline classifier reads Chinese). Publishers move
 * feeds now and then: a feed that fails is skipped and reported while the others are read.
 */
export interface DefaultFeed {
  url: string;
  /** Publisher (display only; the feed's own title names the source of its items). */
  name: string;
  /** Language of the feed's headlines. */
  lang: 'en' | 'zh';
}

/** English and Chinese outlets, in this order. */
export const DEFAULT_NEWS_FEEDS: readonly DefaultFeed[] = [
  { url: 'https://www.coindesk.com/arc/outboundfeeds/rss/', name: 'CoinDesk', lang: 'en' },
  { url: 'https://cointelegraph.com/rss', name: 'Cointelegraph', lang: 'en' },
  { url: 'https://decrypt.co/feed', name: 'Decrypt', lang: 'en' },
  { url: 'https://www.theblock.co/rss.xml', name: 'The Block', lang: 'en' },
  { url: 'https://www.odaily.news/v1/openapi/odailyrss', name: 'Odaily 星球日报', lang: 'zh' },
  { url: 'https://www.blocktempo.com/feed/', name: '動區動趨 BlockTempo', lang: 'zh' },
  { url: 'https://abmedia.io/feed', name: '链新闻 ABMedia', lang: 'zh' },
];

/** `NEWS_FEEDS` entries with the word `default` replaced by the default list's URLs (duplicates dropped, order kept). */
export function expandNewsFeeds(entries: readonly string[]): string[] {
  return [...new Set(entries.flatMap((e) => (e.toLowerCase() === 'default' ? DEFAULT_NEWS_FEEDS.map((f) => f.url) : [e])))];
}
