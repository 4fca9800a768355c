import { afterEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { api, apiUrl } from './api-client';
import { PREFETCH_MAX_AGE_MS, takePrefetched } from './api';

const bootJs = fs.readFileSync(path.resolve(__dirname, '../../public/boot.js'), 'utf8');

/** Runs public/boot.js as the browser would at `pathname`, with `fetch` recorded. */
function boot(pathname: string, timeframes: string[] = ['5m', '1h', '1d']) {
  window.history.replaceState(null, '', pathname);
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const result = url.includes('/detail') ? { slug: 'bitcoin', timeframes } : url.includes('cmc_historical') ? { candles: [], timeframe: '1h' } : [{ symbol: 'BTC' }];
    return new Response(JSON.stringify({ result }), { status: 200 });
  });
  new Function(bootJs)();
  return fetchSpy;
}

afterEach(() => {
  vi.restoreAllMocks();
  delete window.__coinlensPrefetch;
  localStorage.clear();
});

describe('the page data requested by boot.js', () => {
  it('home: asks for the coins at once, and the app takes that answer instead of asking again', async () => {
    const fetchSpy = boot('/en-US/home');
    expect(fetchSpy.mock.calls.map((c) => String(c[0]))).toEqual([apiUrl('getAllCoins')]);
    const coins = await api('getAllCoins');
    expect(coins).toEqual([{ symbol: 'BTC' }]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    // taken once: the next call asks the server
    await api('getAllCoins');
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('coin page: asks for the detail and the 1h candles under the URLs the page calls, with the stored token', async () => {
    localStorage.setItem('token', 'tok-1');
    const fetchSpy = boot('/zh-CN/crypto/bitcoin');
    // the candles are asked once the detail says the coin has a 1h series
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    expect(fetchSpy.mock.calls.map((c) => String(c[0]))).toEqual([
      apiUrl('getCoinDetail', { params: { coin: 'bitcoin' } }),
      // as lib/market-queries useCandles asks (coin, timeframe, limit 500)
      apiUrl('getCmcHistorical', { query: { coin: 'bitcoin', timeframe: '1h', limit: 500 } }),
    ]);
    expect((fetchSpy.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    const candles = await api('getCmcHistorical', { query: { coin: 'bitcoin', timeframe: '1h', limit: 500 } });
    expect(candles).toEqual({ candles: [], timeframe: '1h' });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('other pages ask for nothing early; an answer older than a minute is not used', () => {
    expect(boot('/en-US/feeds')).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    boot('/en-US/home');
    expect(takePrefetched(apiUrl('getAllCoins'), Date.now() + PREFETCH_MAX_AGE_MS + 1)).toBeUndefined();
  });

  it('a page the server sent with its first content (<html data-first-content>) asks nothing: its data are in it', () => {
    document.documentElement.setAttribute('data-first-content', 'coinlens:prices');
    try {
      expect(boot('/en-US/home')).not.toHaveBeenCalled();
      expect(boot('/en-US/crypto/bitcoin')).not.toHaveBeenCalled();
    } finally {
      document.documentElement.removeAttribute('data-first-content');
    }
  });

  it('coin page of a coin without a 1h series (no market data): asks no candles, so no 404 is logged', async () => {
    const fetchSpy = boot('/en-US/crypto/shiba-inu', []);
    const detail = await api('getCoinDetail', { params: { coin: 'shiba-inu' } });
    expect(detail).toMatchObject({ timeframes: [] });
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchSpy.mock.calls.map((c) => String(c[0]))).toEqual([apiUrl('getCoinDetail', { params: { coin: 'shiba-inu' } })]);
  });
});
