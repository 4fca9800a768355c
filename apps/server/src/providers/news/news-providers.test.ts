import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RssNewsProvider, parseFeed } from './rss/rss-provider';
import { DEFAULT_NEWS_FEEDS, expandNewsFeeds } from './rss/default-feeds';
import { CryptoCompareNewsProvider } from './cryptocompare/cryptocompare-provider';
import { ReplayNewsProvider } from './replay/replay-provider';
import { ManualClock } from '../../platform/clock';
import { REPO_ROOT } from '../../platform/env';
import { normaliseUrl } from './types';
import { Outbound } from '../../platform/outbound';
import path from 'node:path';

// RSS 2.0 as CoinDesk/Cointelegraph serve it: CDATA titles, HTML descriptions, dc:creator, media.
const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/" version="2.0">
<channel>
  <title><![CDATA[CoinDesk: Bitcoin, Ethereum, Crypto News and Price Data]]></title>
  <link>https://www.coindesk.com</link>
  <description><![CDATA[Leader in cryptocurrency, Bitcoin, Ethereum, XRP, blockchain, DeFi, digital finance and Web 3.0 news.]]></description>
  <item>
    <title><![CDATA[Bitcoin Tops $104K as ETF Inflows Return]]></title>
    <link>https://www.coindesk.com/markets/2025/05/16/bitcoin-tops-104k?utm_medium=referral&amp;utm_source=rss</link>
    <guid isPermaLink="false">c1a5e0d2-1</guid>
    <description><![CDATA[<p>Spot bitcoin ETFs took in &#36;260 million on Thursday &amp; prices rose.</p><p>The post Bitcoin Tops appeared first on CoinDesk.</p>]]></description>
    <pubDate>Fri, 16 May 2025 09:30:00 +0000</pubDate>
    <dc:creator><![CDATA[Jane Doe]]></dc:creator>
    <category><![CDATA[Markets]]></category>
    <category><![CDATA[Bitcoin]]></category>
    <media:content medium="image" url="https://www.coindesk.com/img.png"/>
  </item>
  <item>
    <title>Ether&#8217;s Pectra Upgrade Goes Live</title>
    <link>https://www.coindesk.com/tech/2025/05/07/pectra</link>
    <description>Ethereum shipped its largest upgrade since 2022.</description>
    <pubDate>Wed, 07 May 2025 10:05:11 GMT</pubDate>
  </item>
  <item><title>No date</title><link>https://www.coindesk.com/x</link></item>
</channel>
</rss>`;

// Atom 1.0 as The Block / many WordPress feeds serve it.
const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
  <title type="text">The Block</title>
  <id>https://www.theblock.co/</id>
  <updated>2025-05-16T10:00:00Z</updated>
  <entry>
    <title type="html">Circle files for &lt;b&gt;IPO&lt;/b&gt;</title>
    <link rel="alternate" type="text/html" href="https://www.theblock.co/post/1/circle-ipo"/>
    <link rel="enclosure" href="https://www.theblock.co/img.jpg"/>
    <id>tag:theblock.co,2025:1</id>
    <published>2025-05-16T08:00:00Z</published>
    <updated>2025-05-16T08:10:00Z</updated>
    <summary type="html">&lt;p&gt;USDC issuer Circle filed for an IPO.&lt;/p&gt;</summary>
    <category term="Stablecoins"/>
  </entry>
  <entry>
    <title>Relative link entry</title>
    <link href="/post/2/relative"/>
    <id>tag:theblock.co,2025:2</id>
    <updated>2025-05-16T09:00:00Z</updated>
  </entry>
</feed>`;

// CryptoCompare /data/v2/news/?lang=EN answer (documented format).
const CC = {
  Type: 100,
  Message: 'News list successfully returned',
  Promoted: [],
  Data: [
    {
      id: '46812345',
      guid: 'https://cointelegraph.com/news/xrp-etf',
      published_on: 1747389600,
      imageurl: 'https://images.cryptocompare.com/news/default/cointelegraph.png',
      title: 'XRP price rallies as SEC delays ETF decision',
      url: 'https://cointelegraph.com/news/xrp-etf',
      body: 'XRP rose 5% while the SEC pushed back its decision on a spot XRP ETF. Bitcoin was flat.',
      tags: 'XRP|SEC|ETF',
      lang: 'EN',
      upvotes: '0',
      downvotes: '0',
      categories: 'XRP|BTC|ETH|REGULATION|MARKET',
      source_info: { name: 'Cointelegraph', img: 'https://images.cryptocompare.com/news/default/cointelegraph.png', lang: 'EN' },
      source: 'cointelegraph',
    },
    {
      id: '46812300',
      guid: 'https://coinotag.com/promo',
      published_on: 1747386000,
      title: 'Presale of a new token',
      url: 'https://coinotag.com/promo',
      body: 'Sponsored.',
      tags: '',
      lang: 'EN',
      categories: 'SPONSORED|ALTCOIN',
      source_info: { name: 'COINOTAG' },
      source: 'coinotag',
    },
  ],
  RateLimit: {},
  HasWarning: false,
};

// RSS 2.0 as a Chinese outlet serves it (Odaily-style newsflash: plain titles, CST pubDate).
const RSS_ZH = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>Odaily星球日报</title>
    <link>https://www.odaily.news</link>
    <item>
      <title><![CDATA[美国比特币现货 ETF 昨日净流入 2.6 亿美元]]></title>
      <link>https://www.odaily.news/newsflash/430001</link>
      <description><![CDATA[<p>据 Farside 数据，美国比特币现货 ETF 昨日净流入 2.6 亿美元。</p>]]></description>
      <pubDate>Fri, 16 May 2025 17:30:00 +0800</pubDate>
    </item>
    <item>
      <title>以太坊 Pectra 升级已在主网激活</title>
      <link>https://www.odaily.news/post/5203001</link>
      <pubDate>Wed, 07 May 2025 18:05:00 +0800</pubDate>
    </item>
  </channel>
</rss>`;

/** Loopback feeds are allowed for these tests only, as an operator would allow a LAN host. */
const outbound = new Outbound({ allow: '127.0.0.1' });
let server: http.Server;
let base = '';
const seen: { url: string; auth?: string }[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url!, auth: req.headers.authorization });
    if (req.url === '/coindesk/rss') return res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS);
    if (req.url === '/theblock/atom') return res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(ATOM);
    if (req.url === '/broken') return res.writeHead(500).end('oops');
    if (req.url === '/odaily/rss') return res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(RSS_ZH);
    if (req.url?.startsWith('/data/v2/news/')) {
      if (req.headers.authorization !== 'Apikey good-key') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Response: 'Error', Message: 'You are over your rate limit please upgrade your account!', Type: 99, Data: {} }));
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(CC));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('RSS 2.0 and Atom provider', () => {
  it('reads RSS 2.0 items with decoded text, tracking-free ids and topics', async () => {
    const p = new RssNewsProvider([`${base}/coindesk/rss`, `${base}/broken`], { outbound });
    const { items, cursor } = await p.fetch(null);
    expect(items).toHaveLength(2);
    const [a, b] = items;
    expect(a).toMatchObject({ source: 'CoinDesk: Bitcoin, Ethereum, Crypto News and Price Data', title: 'Bitcoin Tops $104K as ETF Inflows Return', lang: 'en', publishedAt: Date.parse('2025-05-16T09:30:00Z') });
    expect(a.summary).toBe('Spot bitcoin ETFs took in $260 million on Thursday & prices rose.');
    expect(a.labels).toEqual({ tags: ['markets', 'bitcoin'], first_read: true });
    expect(normaliseUrl(a.url)).toBe('https://coindesk.com/markets/2025/05/16/bitcoin-tops-104k');
    expect(b.title).toBe('Ether’s Pectra Upgrade Goes Live');
    expect(p.errors[0]).toMatch(/broken.*500/);
    // a second fetch with the cursor drops items older than a day before the newest stored
    // (a provider of its own: this one polls the feed again only when it is due)
    const again = await new RssNewsProvider([`${base}/coindesk/rss`], { outbound }).fetch(cursor);
    expect(again.items.map((i) => i.title)).toEqual([a.title]);
  });

  it('reads Atom entries (alternate link, html title, relative links, updated as fallback)', async () => {
    const { items } = await new RssNewsProvider([`${base}/theblock/atom`], { outbound }).fetch(null);
    expect(items.map((i) => i.title)).toEqual(['Circle files for IPO', 'Relative link entry']);
    expect(items[0]).toMatchObject({ source: 'The Block', url: 'https://www.theblock.co/post/1/circle-ipo', summary: 'USDC issuer Circle filed for an IPO.', labels: { tags: ['stablecoins'] } });
    expect(items[1].url).toBe(`${base}/post/2/relative`);
    expect(items[1].publishedAt).toBe(Date.parse('2025-05-16T09:00:00Z'));
  });

  it('reads a Chinese outlet next to an English one: language per item, times from +0800', async () => {
    const { items } = await new RssNewsProvider([`${base}/coindesk/rss`, `${base}/odaily/rss`], { outbound }).fetch(null);
    const zh = items.filter((i) => i.lang === 'zh');
    expect(zh.map((i) => i.title)).toEqual(['美国比特币现货 ETF 昨日净流入 2.6 亿美元', '以太坊 Pectra 升级已在主网激活']);
    expect(zh[0]).toMatchObject({ source: 'Odaily星球日报', url: 'https://www.odaily.news/newsflash/430001', publishedAt: Date.parse('2025-05-16T09:30:00Z') });
    expect(zh[0].summary).toBe('据 Farside 数据，美国比特币现货 ETF 昨日净流入 2.6 亿美元。');
    expect(items.filter((i) => i.lang === 'en')).toHaveLength(2);
  });

  it('default source list: English and Chinese outlets, `default` expands inside NEWS_FEEDS', () => {
    expect(new Set(DEFAULT_NEWS_FEEDS.map((f) => f.lang))).toEqual(new Set(['en', 'zh']));
    expect(DEFAULT_NEWS_FEEDS.filter((f) => f.lang === 'zh').length).toBeGreaterThanOrEqual(2);
    const urls = expandNewsFeeds(['default', 'https://example.com/feed', 'https://decrypt.co/feed']);
    expect(urls.slice(0, DEFAULT_NEWS_FEEDS.length)).toEqual(DEFAULT_NEWS_FEEDS.map((f) => f.url));
    expect(urls.at(-1)).toBe('https://example.com/feed');
    expect(new Set(urls).size).toBe(urls.length);
    expect(expandNewsFeeds(['https://example.com/feed'])).toEqual(['https://example.com/feed']);
  });

  it('fails when every feed fails, and rejects documents that are not feeds', async () => {
    await expect(new RssNewsProvider([`${base}/broken`], { outbound }).fetch(null)).rejects.toThrow(/500/);
    expect(() => parseFeed('<html><body>hi</body></html>', 'https://x.example')).toThrow(/not an RSS or Atom/);
  });
});

describe('CryptoCompare provider', () => {
  it('maps the documented /data/v2/news/ answer: coins, topics, sponsored, cursor', async () => {
    const p = new CryptoCompareNewsProvider('good-key', new Set(['BTC', 'ETH', 'XRP']), { baseUrl: base, outbound });
    const { items, cursor } = await p.fetch(null);
    expect(seen.some((s) => s.url === '/data/v2/news/?lang=EN' && s.auth === 'Apikey good-key')).toBe(true);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ source: 'Cointelegraph', publishedAt: 1747389600_000, coins: ['XRP'], labels: { topics: ['regulation', 'market'] } });
    expect(items[0].id).toMatch(/^cc:[0-9a-f]{16}$/);
    expect(items[1].labels).toMatchObject({ sponsored: true, topics: ['altcoin'] });
    expect(cursor).toBe('1747389600');
    expect((await p.fetch(cursor)).items).toHaveLength(0);
  });

  it('throws on an error answer', async () => {
    await expect(new CryptoCompareNewsProvider('bad', new Set(), { baseUrl: base, outbound }).fetch(null)).rejects.toThrow(/rate limit/);
  });
});

describe('replay provider', () => {
  it('releases shipped items only once the clock has passed their publication time', async () => {
    const clock = new ManualClock(Date.parse('2025-05-16T12:00:00Z'));
    const p = new ReplayNewsProvider(path.join(REPO_ROOT, 'data'), clock, { from: Date.parse('2025-05-16T00:00:00Z'), to: Date.parse('2025-05-17T00:00:00Z') });
    const first = await p.fetch(null);
    expect(first.items.length).toBeGreaterThan(10);
    for (const i of first.items) expect(i.publishedAt).toBeLessThanOrEqual(clock.now());
    expect((await p.fetch(first.cursor)).items).toHaveLength(0);
    clock.advance(3600_000);
    const next = await p.fetch(first.cursor);
    for (const i of next.items) {
      expect(i.publishedAt).toBeGreaterThan(Number(first.cursor));
      expect(i.publishedAt).toBeLessThanOrEqual(clock.now());
    }
  });
});

describe('news text keeps the words the source had', () => {
  it('puts back the space a tag stripper removed between sentences, and leaves abbreviations alone', async () => {
    const { plainText, repairSentenceJoins } = await import('./types');
    // from the shipped CryptoCompare archive (data/news): paragraphs joined without a space upstream
    expect(repairSentenceJoins('following controversies over a market maker deal that he brokered.Movement announced')).toBe(
      'following controversies over a market maker deal that he brokered. Movement announced',
    );
    expect(repairSentenceJoins('Key points:Bitcoin long-term holders are about to sell.That level')).toBe('Key points: Bitcoin long-term holders are about to sell. That level');
    for (const kept of ['the U.S.Treasury said', 'on Crypto.com today', 'X.AI and 1.5 BTC', 'v2.Beta']) expect(repairSentenceJoins(kept)).toBe(kept);
    expect(plainText('<p>It fell 5% on the show.</p><p>The market</p>')).toBe('It fell 5% on the show. The market');
    expect(plainText('It fell on the show.The market')).toBe('It fell on the show. The market');
  });
});
