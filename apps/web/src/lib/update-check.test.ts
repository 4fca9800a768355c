import { describe, expect, it } from 'vitest';
import { checkForUpdate, LAST_MODIFIED_KEY, reloadUrl, VERSION_KEY } from './update-check';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}
function server(state: { lm: string; version: string }) {
  const calls: string[] = [];
  const fetchFn = (async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (init?.method === 'HEAD') return new Response(null, { headers: { 'last-modified': state.lm } });
    return new Response(JSON.stringify({ version: state.version, buildTime: '2026-01-01T00:00:00Z' }), { headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

describe('update check', () => {
  it('stores on the first run, reports a change of last-modified or version, with cache-busting queries', async () => {
    const store = memory();
    const state = { lm: 'Mon, 01 Jan 2026 00:00:00 GMT', version: '1' };
    const { fetchFn, calls } = server(state);
    expect(await checkForUpdate(fetchFn, store, 111)).toBe(false);
    expect(calls).toEqual(['HEAD /?_t=111', 'GET /version.json?_t=111']);
    expect(store.m.get(LAST_MODIFIED_KEY)).toBe(state.lm);
    expect(await checkForUpdate(fetchFn, store, 222)).toBe(false);
    state.version = '2';
    expect(await checkForUpdate(fetchFn, store, 333)).toBe(true);
    expect(JSON.parse(store.m.get(VERSION_KEY)!).version).toBe('2');
    state.lm = 'Tue, 02 Jan 2026 00:00:00 GMT';
    expect(await checkForUpdate(fetchFn, store, 444)).toBe(true);
  });
  it('reloads to the same path with rv', () => {
    expect(reloadUrl({ pathname: '/en-US/home', search: '?a=1&rv=5', hash: '#x' }, 99)).toBe('/en-US/home?a=1&rv=99#x');
  });
  it('a failing HEAD does not skip the version probe, and a failing version probe keeps the Last-Modified check', async () => {
    const store = memory();
    store.setItem(VERSION_KEY, JSON.stringify({ version: '1', buildTime: '2026-01-01T00:00:00Z' }));
    const down = (async (url: string, init?: RequestInit) => {
      if (init?.method === 'HEAD') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ version: '2', buildTime: '2026-01-02T00:00:00Z' }));
    }) as unknown as typeof fetch;
    expect(await checkForUpdate(down, store, 1)).toBe(true);
    store.setItem(LAST_MODIFIED_KEY, 'Mon, 01 Jan 2026 00:00:00 GMT');
    const versionDown = (async (_url: string, init?: RequestInit) => {
      if (init?.method === 'HEAD') return new Response(null, { headers: { 'last-modified': 'Tue, 02 Jan 2026 00:00:00 GMT' } });
      return new Response('bad gateway', { status: 502 });
    }) as unknown as typeof fetch;
    expect(await checkForUpdate(versionDown, store, 2)).toBe(true);
  });
});
