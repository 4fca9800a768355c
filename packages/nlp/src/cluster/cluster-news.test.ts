import { describe, expect, it } from 'vitest';
import { assignCluster, clusterNews, signatureSimilarity, titleSignature, type ClusterableNews, type NewsCluster } from './cluster-news.js';

// Real items from shared/data/crypto-news (en_2025-05_08_btc-news_cryptocompare), copied verbatim.
const raw = [
  ['cc:c797d1b5ca8b3fff', 'Paraguay President’s X Account Hacked with Fake Bitcoin Legal Tender Claims', 'COINOTAG', '2025-06-09T17:43:31Z'],
  ['cc:24b06702bed626f8', "Paraguay President's X Account Hacked, Shares Bitcoin Scam", 'CoinDesk', '2025-06-09T18:11:10Z'],
  ['cc:43669e67f9e35df3', 'Paraguay president’s X account hacked, falsely claims Bitcoin as legal tender', 'crypto.news', '2025-06-09T19:42:11Z'],
  ['cc:b959bf56b3700b81', 'Paraguayan President’s X Account Hacked – False Bitcoin Legal Tender Announcement Posted', 'Cryptonews', '2025-06-09T22:10:35Z'],
  ['cc:d7e770c5a3270347', "Paraguay President's X account was hacked and promoted BTC scam", 'Cryptopolitan', '2025-06-10T07:17:57Z'],
  ['cc:cc1ed879a6da339b', 'Paraguay President’s Hacked X Account Falsely Claims Bitcoin Is Legal Tender', 'ZyCrypto', '2025-06-10T10:50:06Z'],
  ['cc:1662c62cebafd642', 'Siebert Financial May Raise $100 Million for Bitcoin and AI Investments Following SEC Approval', 'COINOTAG', '2025-06-10T10:46:05Z'],
  ['cc:b19374a89dae270f', 'Siebert to invest $100M into crypto and AI', 'Cryptopolitan', '2025-06-10T10:52:00Z'],
  ['cc:49895d15bb07efd4', 'Siebert Financial Unlocks $100M for Bold Crypto and AI Expansion', 'BitcoinWorld', '2025-06-10T15:40:03Z'],
  ['cc:ea28864835d6714c', 'Siebert Financial to Raise $100M to Fuel Crypto and AI Growth Plan', 'The Coin Rise', '2025-06-10T17:15:56Z'],
  ['cc:8b52f9fc30a3c38d', 'Mystery Bitcoin Whale Ups the Ante on Hyperliquid', 'U.Today', '2025-06-10T05:22:45Z'],
  ['cc:7919a6e10ebd3b6a', 'Mystery Bitcoin Whale Makes Bold Bet on Hyperliquid', 'Cryptoknowmics', '2025-06-10T05:54:17Z'],
  ['cc:7716bf4dd39a7a38', 'Robert Kiyosaki Declares Civil War Has Begun—Warns of Violent Summer', 'Bitcoin.com', '2025-06-10T01:45:34Z'],
  ['cc:72bbec00831ae3dc', 'Robert Kiyosaki Warns of ‘Civil War,’ Suggests Bitcoin, Gold, Silver Amid Financial Turmoil', 'Cryptonews', '2025-06-10T08:14:43Z'],
  ['cc:afeec0db32d7e30d', 'Robert Kiyosaki Is Buying Bitcoin Today as He Writes a New Book', 'Bitcoin.com', '2025-06-12T00:30:59Z'],
  ['cc:6703ac7c42fb37c0', 'Bitcoin Jumps Above $97K as Traders Optimistic U.S.-China Trade Deal Possible', 'CoinDesk', '2025-06-10T05:04:57Z'],
] as const;
const items: ClusterableNews[] = raw.map(([id, title, source, at]) => ({ id, title, source, publishedAt: Date.parse(at) }));
const clusterOf = (cs: NewsCluster[], id: string) => cs.find((c) => c.itemIds.includes(id))!;

describe('clusterNews', () => {
  const clusters = clusterNews(items);

  it('groups the same event across sources ("N sources confirm")', () => {
    const paraguay = clusterOf(clusters, 'cc:24b06702bed626f8');
    expect(paraguay.itemIds).toEqual(items.slice(0, 6).map((i) => i.id));
    expect(paraguay.sources).toEqual(['COINOTAG', 'CoinDesk', 'crypto.news', 'Cryptonews', 'Cryptopolitan', 'ZyCrypto']);
    expect(paraguay.size).toBe(6);
    expect(paraguay.clusterId).toBe('cc:c797d1b5ca8b3fff');
    const siebert = clusterOf(clusters, 'cc:b19374a89dae270f');
    expect(siebert.size).toBe(4);
    expect(clusterOf(clusters, 'cc:8b52f9fc30a3c38d').itemIds).toEqual(['cc:8b52f9fc30a3c38d', 'cc:7919a6e10ebd3b6a']);
  });

  it('keeps unrelated single-source items alone', () => {
    const single = clusterOf(clusters, 'cc:6703ac7c42fb37c0');
    expect(single.size).toBe(1);
    expect(single.sources).toEqual(['CoinDesk']);
  });

  it('respects the time window', () => {
    const kiyosaki = clusterOf(clusters, 'cc:7716bf4dd39a7a38');
    expect(kiyosaki.itemIds).toContain('cc:72bbec00831ae3dc');
    expect(kiyosaki.itemIds).not.toContain('cc:afeec0db32d7e30d'); // 47 h later
    const narrow = clusterNews(items.slice(0, 6), { windowMs: 3600_000 });
    expect(narrow.length).toBeGreaterThan(1);
  });

  it('does not depend on input order and is deterministic', () => {
    const reversed = clusterNews([...items].reverse());
    const norm = (cs: NewsCluster[]) => cs.map((c) => [c.clusterId, [...c.itemIds].sort()]);
    expect(norm(reversed)).toEqual(norm(clusters));
    expect(clusterNews(items)).toEqual(clusters);
  });

  it('assignCluster places streaming items like the batch', () => {
    const recent: NewsCluster[] = [];
    const sorted = [...items].sort((a, b) => a.publishedAt - b.publishedAt || a.id.localeCompare(b.id));
    const results = sorted.map((it) => assignCluster(it, recent));
    expect(results[0].isNew).toBe(true);
    const coindesk = results[sorted.findIndex((i) => i.id === 'cc:24b06702bed626f8')];
    expect(coindesk.isNew).toBe(false);
    expect(coindesk.similarity).toBeGreaterThanOrEqual(0.45);
    expect(coindesk.cluster.clusterId).toBe('cc:c797d1b5ca8b3fff');
    // re-assigning a known id does not duplicate it
    expect(assignCluster(sorted[0], recent).cluster.size).toBe(clusterOf(recent, sorted[0].id).size);
  });
});

describe('titleSignature', () => {
  it('drops stop words and dates, keeps numbers, down-weights generic words', () => {
    const s = titleSignature('Bitcoin Price Prediction for June 10: BTC Holds $109.7K');
    expect(s).toMatchObject({ bitcoin: 0.4, btc: 0.4, hold: 1, '109.7k': 1.5 });
    expect(s).not.toHaveProperty('june');
    expect(s).not.toHaveProperty('10');
    expect(s).not.toHaveProperty('for');
    expect(signatureSimilarity(s, s)).toBeCloseTo(1, 9);
    expect(signatureSimilarity(s, {})).toBe(0);
  });

  it('reads words that name an Object property ("constructor", "valueOf") as plain tokens', () => {
    // they read the object's prototype before: the weight was NaN and every comparison 0
    const a = titleSignature('Constructor of Ethereum rollup raises $20M');
    expect(a.constructor).toBe(1);
    expect(signatureSimilarity(a, a)).toBeCloseTo(1, 9);
    expect(signatureSimilarity(a, titleSignature('Ethereum rollup constructor raises $20M in seed round'))).toBeGreaterThan(0.45);
    expect(signatureSimilarity(titleSignature('Rollup raises $20M'), titleSignature('Token constructor valueOf'))).toBe(0);
  });

  it('gives the same similarity however often a signature is compared', () => {
    const a = titleSignature('SEC delays decision on spot Solana ETF to October');
    const b = titleSignature('SEC postpones Solana ETF decision');
    const first = signatureSimilarity(a, b);
    expect(first).toBeGreaterThan(0.45);
    for (let i = 0; i < 3; i++) expect(signatureSimilarity(a, b)).toBe(first);
    expect(signatureSimilarity(b, a)).toBeCloseTo(first, 12);
  });

  it('uses character bigrams for Chinese', () => {
    expect(signatureSimilarity(titleSignature('巴拉圭总统 X 账户被盗'), titleSignature('巴拉圭总统账户遭黑客攻击'))).toBeGreaterThan(0.3);
  });
});
