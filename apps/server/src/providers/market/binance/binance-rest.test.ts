import { describe, expect, it } from 'vitest';
import { BinanceHttpError, BinanceRest } from './binance-rest';

/** A fetch answering from a script of Binance answers (status, headers, body), recording the paths. */
function scripted(answers: { status: number; headers?: Record<string, string>; body: unknown }[], delayMs = 0) {
  const paths: string[] = [];
  const f = (async (url: string) => {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    paths.push(new URL(url).pathname + new URL(url).search);
    const a = answers.shift() ?? { status: 200, body: [] };
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json', ...a.headers } });
  }) as unknown as typeof fetch;
  return { f, paths };
}

/** A wall clock that only moves when the client sleeps (the sleeps are recorded). */
function fakeTime() {
  let t = 1_000_000;
  const sleeps: number[] = [];
  return { now: () => t, sleep: async (ms: number) => void (sleeps.push(ms), (t += ms)), sleeps };
}

const TOO_MANY = { code: -1003, msg: 'Too many requests; current limit is 6000 request weight per 1 MINUTE. Please use the websocket for live updates to avoid polling the API.' };
const BANNED = { code: -1003, msg: 'Way too many requests; IP banned until 1700000000000. Please use the websocket for live updates to avoid bans.' };

describe('Binance REST client: weight limits and back-off', () => {
  it('on 429 holds every request for Retry-After seconds, then retries', async () => {
    const { f, paths } = scripted([{ status: 429, headers: { 'retry-after': '7' }, body: TOO_MANY }, { status: 200, body: { serverTime: 1 } }]);
    const time = fakeTime();
    const rest = new BinanceRest({ baseUrl: 'http://x', fetch: f, ...time });
    expect(await rest.get('/api/v3/time', 1)).toEqual({ serverTime: 1 });
    expect(time.sleeps).toEqual([7000]);
    expect(paths).toEqual(['/api/v3/time', '/api/v3/time']);
    expect(rest.stats.throttled).toBe(1);
    await rest.close();
  });

  it('on 418 (banned) waits Retry-After, or a doubling default without one', async () => {
    const { f } = scripted([
      { status: 418, headers: { 'retry-after': '120' }, body: BANNED },
      { status: 418, body: BANNED },
      { status: 200, body: [] },
    ]);
    const time = fakeTime();
    const rest = new BinanceRest({ baseUrl: 'http://x', fetch: f, defaultBackoffMs: 1000, attempts: 3, ...time });
    await rest.get('/api/v3/klines?symbol=BTCUSDT&interval=5m', 2);
    // 120 s from the header; then 1 s × 2² for the second ban in a row without a header
    expect(time.sleeps).toEqual([120_000, 4000]);
    expect(rest.stats.banned).toBe(2);
    await rest.close();
  });

  it('gives up after the attempts with a BinanceHttpError carrying the status and body', async () => {
    const { f } = scripted([{ status: 429, headers: { 'retry-after': '1' }, body: TOO_MANY }, { status: 429, headers: { 'retry-after': '1' }, body: TOO_MANY }]);
    const rest = new BinanceRest({ baseUrl: 'http://x', fetch: f, attempts: 2, ...fakeTime() });
    const err = (await rest.get('/api/v3/exchangeInfo', 20).catch((e: unknown) => e)) as BinanceHttpError;
    expect(err).toBeInstanceOf(BinanceHttpError);
    expect(err).toMatchObject({ status: 429, path: '/api/v3/exchangeInfo' });
    expect(err.body).toContain('-1003');
    await rest.close();
  });

  it('holds requests until the next minute when Binance reports 90 % of its weight used', async () => {
    const { f } = scripted([{ status: 200, headers: { 'x-mbx-used-weight-1m': '5500' }, body: [] }, { status: 200, body: [] }]);
    const time = fakeTime();
    const rest = new BinanceRest({ baseUrl: 'http://x', fetch: f, ...time });
    await rest.get('/api/v3/klines?symbol=A', 2);
    expect(rest.heldUntil).toBe(Math.ceil((1_000_000 + 1) / 60_000) * 60_000);
    await rest.get('/api/v3/klines?symbol=B', 2);
    expect(time.sleeps).toEqual([rest.heldUntil - 1_000_000]);
    await rest.close();
  });

  it('spends no more than its weight budget per minute (the rest waits for the refill)', async () => {
    const { f, paths } = scripted([]);
    const rest = new BinanceRest({ baseUrl: 'http://x', fetch: f, weightPerMinute: 10 });
    const done: string[] = [];
    const all = ['A', 'B', 'C', 'D', 'E', 'F'].map((s) => rest.get(`/api/v3/klines?symbol=${s}`, 2).then(() => done.push(s)));
    await new Promise((r) => setTimeout(r, 300));
    expect(paths).toHaveLength(5); // 5 × weight 2 = the budget of 10
    expect(done).toHaveLength(5);
    await rest.close();
    await Promise.allSettled(all);
  });

  it('serves readers before the background warm-up', async () => {
    const { f, paths } = scripted([], 20);
    const rest = new BinanceRest({ baseUrl: 'http://x', fetch: f, maxConcurrent: 1 });
    const jobs = [rest.get('/bg1', 1, 'background'), rest.get('/bg2', 1, 'background'), rest.get('/bg3', 1, 'background'), rest.get('/now', 1, 'now')];
    await Promise.all(jobs);
    expect(paths.indexOf('/now')).toBeLessThan(paths.indexOf('/bg3'));
    await rest.close();
  });
});
