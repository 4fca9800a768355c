/**
 * Method and path of an endpoint, and filling a path's parameters: zod-free, so the web imports it
 * at run time with the generated route table (`routes.ts`).
 */

/** HTTP method of an endpoint. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Method and path of one endpoint; `path` is absolute (`/api/...`) and may hold `:param` segments. */
export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: string;
}

/**
 * Fills the `:name` segments of `path` with `params[name]`, percent-encoded
 * (`fillPath('/api/crypto/:coin/detail', { coin: 'bitcoin' })` → `/api/crypto/bitcoin/detail`).
 * Throws Error when a segment has no value (a programming error: the types require every one).
 */
export function fillPath(path: string, params?: Readonly<Record<string, string | number>>): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === '') throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(v));
  });
}
