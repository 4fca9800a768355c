import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@coinlens/contracts/api/endpoints';
import { API_BENCH_ENDPOINTS, FLOOD_PATHS } from './paths';

/** The contract (method GET, path template) a concrete benchmark path belongs to, with its parts. */
function match(url: string) {
  const u = new URL(url, 'http://x');
  for (const e of Object.values(ENDPOINTS)) {
    if (e.method !== 'GET') continue;
    const names: string[] = [];
    const re = new RegExp(`^${e.path.replace(/:([a-zA-Z_]+)/g, (_m, n: string) => (names.push(n), '([^/]+)'))}$`);
    const m = re.exec(u.pathname);
    if (!m) continue;
    return { e, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])])), query: Object.fromEntries(u.searchParams) };
  }
  return null;
}

describe('benchmark paths', () => {
  // bench:flood used to flood `track-record?offset=80000`, which the contract refuses (400): it
  // measured the validation error, not the deepest page.
  it.each([...FLOOD_PATHS, ...API_BENCH_ENDPOINTS.map((e) => e.path)])('%s is a valid request of its contract', (path) => {
    const m = match(path);
    expect(m, `no GET contract matches ${path}`).not.toBeNull();
    const schema = m!.e.schema as { querystring?: { safeParse(v: unknown): { success: boolean; error?: unknown } }; params?: { safeParse(v: unknown): { success: boolean; error?: unknown } } };
    if (schema.querystring) expect(schema.querystring.safeParse(m!.query).error).toBeUndefined();
    if (schema.params) expect(schema.params.safeParse(m!.params).error).toBeUndefined();
  });
});
