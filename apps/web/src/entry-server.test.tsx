import { describe, expect, it } from 'vitest';
import type { CandleSeries, Coin, CoinDetail } from '@coinlens/contracts';
import { firstContentRequests, renderFirstContent } from './entry-server';

/**
 * The server rendering of the pages' first content (entry-server.tsx) with the answers the server
 * passes it: the markup the browser paints before the app runs, and the query state the app starts
 * from. The server side (fetching the answers, the page around the markup) is tested in
 * apps/server/src/platform/first-content.int.test.ts; the paint in e2e/first-content.spec.ts.
 */
const coin = (symbol: string, rank: number, price: number): Coin =>
  ({ id: rank, name: symbol === 'BTC' ? 'Bitcoin' : 'Ethereum', symbol, slug: symbol === 'BTC' ? 'bitcoin' : 'ethereum', logo: `/static/icons/${symbol.toLowerCase()}.svg`, cmc_id: rank, cmc_rank: rank, tags: [], lastPrice: price, priceChangePercent: 1.25, volume24h: 1.8e9, tradingPair: `${symbol}USDT`, timeframes: ['5m', '1h', '1d'], market_data: 'replay' }) as unknown as Coin;

const detail = {
  ...coin('BTC', 1, 103935.55),
  circulating_supply: 19900734,
  supply_as_of: '2025-08-02',
  market_cap: 2068393785079,
  fdv: 2182646604224,
  volume_market_cap_ratio: 0.0009,
  total_supply: 19900734,
  max_supply: 21000000,
  high24h: 104192.7,
  low24h: 101383.07,
  contracts: [],
  website: 'https://bitcoin.org',
  cryptocurrency_contents: { description: null, lang: 'en-US' },
  brand_color: '#f7931a',
  credits: [],
} as unknown as CoinDetail;

const hour = 3_600_000;
const candles: CandleSeries = {
  symbol: 'BTCUSDT',
  timeframe: '1h',
  candles: Array.from({ length: 60 }, (_, i) => ({ time: 1747300000000 + i * hour, open: 103000 + i * 10, high: 103100 + i * 10, low: 102900 + i * 10, close: 103000 + (i % 2 ? -20 : 40) + i * 10, volume: 100 })),
  forming: null,
  now: 1747300000000 + 60 * hour,
} as unknown as CandleSeries;

describe('first content rendered on the server', () => {
  it('names the reads of the home and coin pages, none for other pages', () => {
    expect(firstContentRequests('/en-US/home')).toEqual(['/api/crypto/all', '/api/clock']);
    expect(firstContentRequests('/zh-CN/crypto/bitcoin')).toEqual(['/api/crypto/bitcoin/detail', '/api/crypto/cmc_historical?coin=bitcoin&timeframe=1h&limit=500', '/api/clock']);
    for (const p of ['/en-US/trading-signals', '/fr-FR/home', '/en-US/crypto/<x>', '/en-US/home/extra']) expect(firstContentRequests(p), p).toEqual([]);
  });

  it('home: the coin table with its prices in both layouts, the first price named for Element Timing, the coins in the query state', async () => {
    const out = await renderFirstContent('/en-US/home', [{ url: '/api/crypto/all', result: [coin('ETH', 2, 2552.98), coin('BTC', 1, 103935.55)] }]);
    expect(out?.mark).toBe('coinlens:prices');
    const html = out!.html;
    expect(html).toContain('data-testid="coin-table"');
    expect(html).toContain('data-testid="coin-list"');
    expect(html).toContain('$103,935.55');
    // ranked: BTC's row comes first and carries the Element Timing name (one per layout)
    expect(html.indexOf('$103,935.55')).toBeLessThan(html.indexOf('$2,552.98'));
    expect(html.match(/elementtiming="coinlens:prices"/g)).toHaveLength(2);
    // the Content-Security-Policy blocks style attributes in server-sent HTML
    expect(html).not.toMatch(/\sstyle="/);
    expect(out!.state.queries.map((q) => q.queryKey)).toEqual([['crypto', 'all']]);
  });

  it('with the market clock in replay, the replay badge is in the markup, and the clock in the state for the app', async () => {
    const clock = { mode: 'replay', now: Date.UTC(2025, 4, 16, 0, 13, 30), speed: 1, start: null, window: null, market_source: 'replay' };
    const out = await renderFirstContent('/en-US/home', [
      { url: '/api/crypto/all', result: [coin('BTC', 1, 103935.55)] },
      { url: '/api/clock', result: clock },
    ]);
    expect(out!.html).toContain('data-testid="replay-badge"');
    expect(out!.html).toContain('Replay · 16 May 2025 00:13 UTC');
    expect(out!.state.queries.find((q) => q.queryKey[0] === 'first-content')?.state.data).toEqual(clock);
  });

  it('zh-CN coin page: the header in Chinese, the chart drawn from the candles, the detail and candles in the query state', async () => {
    const out = await renderFirstContent('/zh-CN/crypto/bitcoin', [
      { url: '/api/crypto/bitcoin/detail', result: detail },
      { url: '/api/crypto/cmc_historical?coin=bitcoin&timeframe=1h&limit=500', result: candles },
    ]);
    expect(out?.mark).toBe('coinlens:chart');
    const html = out!.html;
    expect(html).toContain('比特币');
    expect(html).toContain('data-testid="chart-preview"');
    expect(html.match(/<rect /g)?.length).toBe(60 + 50); // the wide and the phone drawing
    expect(html).toContain('elementtiming="coinlens:chart"');
    expect(html).not.toMatch(/\sstyle="/);
    expect(out!.state.queries.map((q) => q.queryKey)).toEqual([
      ['crypto', 'detail', 'bitcoin'],
      ['crypto', 'candles', 'bitcoin', '1h', 500],
    ]);
  });

  it('coin page without its candles: the header, the chart loading, no mark; without the detail: nothing', async () => {
    const out = await renderFirstContent('/en-US/crypto/bitcoin', [{ url: '/api/crypto/bitcoin/detail', result: detail }]);
    expect(out?.mark).toBeNull();
    expect(out!.html).toContain('Bitcoin');
    expect(out!.html).not.toContain('data-testid="chart-preview"');
    expect(await renderFirstContent('/en-US/crypto/bitcoin', [])).toBeNull();
    // addressed by id, the page's candles are read by slug: rendered without them
    const byId = await renderFirstContent('/en-US/crypto/1', [
      { url: '/api/crypto/1/detail', result: detail },
      { url: '/api/crypto/cmc_historical?coin=1&timeframe=1h&limit=500', result: candles },
    ]);
    expect(byId?.mark).toBeNull();
  });
});
