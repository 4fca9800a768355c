import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints';
import { fillPath, ROUTES, type EndpointName } from './routes';

describe('endpoint descriptors', () => {
  it('describe every route of ROUTES once, under the same name, method and path', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(ROUTES).sort());
    for (const name of Object.keys(ROUTES) as EndpointName[]) {
      expect({ name, method: ENDPOINTS[name].method, path: ENDPOINTS[name].path }).toEqual({ name, ...ROUTES[name] });
    }
  });

  it('name each method and path once', () => {
    const keys = Object.values(ROUTES).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declare a schema for every path parameter', () => {
    for (const e of Object.values(ENDPOINTS)) {
      const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const params = 'params' in e.schema ? Object.keys(e.schema.params.shape) : [];
      expect({ path: e.path, params: params.sort() }).toEqual({ path: e.path, params: names.sort() });
    }
  });

  it('give every JSON endpoint a {result} 200 response and every endpoint a summary and tags', () => {
    for (const e of Object.values(ENDPOINTS)) {
      expect(e.schema.summary.length).toBeGreaterThan(0);
      expect(e.schema.tags.length).toBeGreaterThan(0);
    }
    expect(ENDPOINTS.getCoinDetail.schema.response[200].shape.result).toBeDefined();
  });
});

describe('fillPath', () => {
  it('fills and percent-encodes path parameters', () => {
    expect(fillPath(ROUTES.getCoinTa.path, { coin: 'bitcoin', timeframe: '1h' })).toBe('/api/crypto/bitcoin/ta/1h');
    expect(fillPath(ROUTES.getFeed.path, { id: 'a/b c' })).toBe('/api/feeds/a%2Fb%20c');
    expect(fillPath(ROUTES.updateUser.path, { id: 7 })).toBe('/api/users/7');
    expect(fillPath(ROUTES.getClock.path)).toBe('/api/clock');
  });

  it('refuses a missing parameter', () => {
    expect(() => fillPath(ROUTES.getCoinDetail.path, {})).toThrow(/missing path parameter coin/);
  });
});
