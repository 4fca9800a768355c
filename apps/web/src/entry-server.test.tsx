import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstContentRequests, renderFirstContent } from './entry-server';
import { candles, coin, detail } from './first-content.fixtures';

/**
 * The server rendering of the pages' first content (entry-server.tsx) with the answers the server
 * passes it: the markup the browser paints before the app runs, and the query state the app starts
 * from. The server side (fetching the answers, the page around the markup) is tested in
 * apps/server/src/platform/first-content.int.test.ts; the paint in e2e/first-content.spec.ts.
 */
// This test runs in jsdom, which has a window but no IntersectionObserver, where NearViewport would
// mount the news column at once; the server has neither and renders its placeholder, as a browser does
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', class {
    observe() {}
    disconnect() {}
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

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
    // the news column waits below the list for the reader to scroll (NearViewport), as in the browser's first render
    expect(html).toContain('data-near-viewport="waiting"');
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
    expect(html.slice(html.indexOf('data-testid="chart-preview"')).match(/<rect /g)?.length).toBe(60 + 50); // the wide and the phone drawing
    expect(html).toContain('elementtiming="coinlens:chart"');
    expect(html).not.toMatch(/\sstyle="/);
    expect(out!.state.queries.map((q) => q.queryKey)).toEqual([
      ['crypto', 'detail', 'bitcoin'],
      ['crypto', 'candles', 'bitcoin', '1h', 500],
    ]);
  });

  it('a coin without market data or logo, on the home list and its own page: no style attribute in the markup', async () => {
    // the page's CSP blocks style attributes in server-sent markup, and the app hydrates it as it is
    const bare = { ...coin('ETH', 2, 0), lastPrice: null, priceChangePercent: null, logo: null, market_data: 'none', timeframes: [] };
    const home = await renderFirstContent('/en-US/home', [{ url: '/api/crypto/all', result: [coin('BTC', 1, 103935.55), bare] }]);
    expect(home!.html).toContain('data-testid="coin-monogram"');
    expect(home!.html).not.toMatch(/\sstyle="/);
    const page = await renderFirstContent('/en-US/crypto/ethereum', [{ url: '/api/crypto/ethereum/detail', result: { ...detail, ...bare } }]);
    expect(page!.html).toContain('data-state="empty"');
    expect(page!.html).not.toMatch(/\sstyle="/);
    // and a coin whose candles have not come: the chart's skeleton
    const loading = await renderFirstContent('/en-US/crypto/bitcoin', [{ url: '/api/crypto/bitcoin/detail', result: detail }]);
    expect(loading!.html).not.toMatch(/\sstyle="/);
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
