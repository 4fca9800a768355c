import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Coin, CoinDetail, LatestFeeds } from '@coinlens/contracts';
import { api, apiUrl, type ApiResult } from './api-client';

/** A fetch that answers `{result}` and records what it was asked. */
function recorder(result: unknown = null) {
  const calls: Array<{ url: string; method: string; body: string | undefined }> = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: String(init?.method), body: typeof init?.body === 'string' ? init.body : undefined });
    return new Response(JSON.stringify({ result }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls, fetchImpl };
}

describe('typed API client', () => {
  it('takes method and path from the contract, fills path parameters and sends query and body', async () => {
    const r = recorder({ id: 1 });
    await api('getAggregate', { params: { coin: 'bitcoin' }, query: { lang: 'zh-CN' } }, { fetchImpl: r.fetchImpl });
    await api('followCoin', { params: { coin: 'bitcoin' } }, { fetchImpl: r.fetchImpl });
    await api('unfollowCoin', { params: { coin: 'bitcoin' } }, { fetchImpl: r.fetchImpl });
    await api('putNewsFilter', { body: { followed_coins: true, coins: ['BTC'] } }, { fetchImpl: r.fetchImpl });
    await api('getUsage', { params: { kind: 'qa_per_day' } }, { fetchImpl: r.fetchImpl });
    expect(r.calls).toEqual([
      { url: '/api/crypto/bitcoin/aggregate?lang=zh-CN', method: 'GET', body: undefined },
      { url: '/api/crypto/crypto_following/bitcoin', method: 'POST', body: undefined },
      { url: '/api/crypto/crypto_following/bitcoin', method: 'DELETE', body: undefined },
      { url: '/api/feeds/filter', method: 'PUT', body: JSON.stringify({ followed_coins: true, coins: ['BTC'] }) },
      { url: '/api/users/usage/qa_per_day', method: 'GET', body: undefined },
    ]);
  });

  it('leaves out empty query values and unwraps result', async () => {
    const r = recorder([{ symbol: 'BTC' }]);
    const coins = await api('searchCoins', { query: { search_term: 'bt', offset: 0, limit: undefined } }, { fetchImpl: r.fetchImpl });
    expect(coins).toEqual([{ symbol: 'BTC' }]);
    expect(r.calls[0].url).toBe('/api/crypto?search_term=bt&offset=0');
  });

  it('builds stream URLs', () => {
    expect(apiUrl('streamMarket', { query: { symbol: 'BTC', timeframe: '1h' } })).toBe('/api/stream/market?symbol=BTC&timeframe=1h');
    expect(apiUrl('streamFeeds')).toBe('/api/stream/feeds');
    expect(apiUrl('streamSotdRefresh', { query: { lang: 'en-US', auto: 'true' } })).toBe('/api/feeds/stream/sotd/refresh?lang=en-US&auto=true');
  });

  it('infers results from the contract', () => {
    expectTypeOf<ApiResult<'getAllCoins'>>().toEqualTypeOf<Coin[]>();
    expectTypeOf<ApiResult<'getCoinDetail'>>().toEqualTypeOf<CoinDetail>();
    expectTypeOf<ApiResult<'getLatestFeeds'>>().toEqualTypeOf<LatestFeeds>();
  });
});

// Type-level checks (run by `tsc`): a wrong name, path parameter, query field or body is an error.
export function typeChecks(signal: AbortSignal) {
  // @ts-expect-error no endpoint of that name
  void api('getCoinDetails', { params: { coin: 'bitcoin' } });
  // @ts-expect-error the path parameter is `coin`
  void api('getCoinDetail', { params: { id: 'bitcoin' } });
  // @ts-expect-error path parameters are required
  void api('getCoinDetail', {});
  // @ts-expect-error `timeframe` must be one of the contract's timeframes
  void api('getCoinTa', { params: { coin: 'bitcoin', timeframe: '4h' } });
  // @ts-expect-error no such query field
  void api('getLatestFeeds', { query: { page: 2 } });
  // @ts-expect-error the body needs `code`
  void api('bindInvitation', { body: { invite: 'x' } });
  // @ts-expect-error the usage kinds are qa_per_day and strategy_per_day
  void api('getUsage', { params: { kind: 'chat_per_day' } });
  void api('getAllCoins', {}, { signal });
  void api('getClock');
}
