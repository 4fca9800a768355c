import type { ApiInput, ApiResult } from '@coinlens/contracts/api/endpoints';
import { fillPath, ROUTES, type EndpointName } from '@coinlens/contracts/api/routes';
import { buildUrl, request, type RequestOptions } from './api';

/**
 * The one typed API client (decision 070). `api(name, input, opts)` calls the endpoint `name` of
 * `packages/contracts` (method and path from the zod-free `ROUTES` table; `params` fill the
 * path's `:segments`, `query` becomes the query string, `body` the JSON body) through
 * {@link request} (bearer token, analytics ids, 500 retries, navigation cancellation, `{result}`
 * unwrapped, ApiError). Input and result types are inferred from the endpoint's zod schemas
 * (type-only imports: no zod in the bundle), so a wrong name, path parameter, query field or
 * body is a type error.
 */

export type { ApiInput, ApiResult } from '@coinlens/contracts/api/endpoints';
export type { EndpointName } from '@coinlens/contracts/api/routes';

/** Transport options of one call (`signal`, `retries`, `navigationScoped`, …). */
export type CallOptions = Omit<RequestOptions, 'method' | 'query' | 'body'>;

/** `[input, opts]` of a call; `input` may be left out when every part of it is optional. */
export type CallArgs<N extends EndpointName> = object extends ApiInput<N> ? [input?: ApiInput<N>, opts?: CallOptions] : [input: ApiInput<N>, opts?: CallOptions];

/** The untyped shape every {@link ApiInput} has. */
interface AnyInput {
  params?: Readonly<Record<string, string | number>>;
  query?: RequestOptions['query'];
  body?: unknown;
}

const isParams = (v: unknown): v is Readonly<Record<string, string | number>> =>
  typeof v === 'object' && v !== null && Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number');
const isQuery = (v: unknown): v is RequestOptions['query'] =>
  typeof v === 'object' && v !== null && Object.values(v).every((x) => x == null || ['string', 'number', 'boolean'].includes(typeof x));

/** The parts of an input the overloads below have typed; anything else is left out. */
function partsOf(input: unknown): AnyInput {
  if (typeof input !== 'object' || input === null) return {};
  return {
    params: 'params' in input && isParams(input.params) ? input.params : undefined,
    query: 'query' in input && isQuery(input.query) ? input.query : undefined,
    body: 'body' in input ? input.body : undefined,
  };
}

/** Calls endpoint `name` and resolves with its unwrapped `result`; rejects with ApiError / ApiCancelledError. */
export function api<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<ApiResult<N>>;
export function api(name: EndpointName, input?: unknown, opts: CallOptions = {}): Promise<unknown> {
  const route = ROUTES[name];
  const { params, query, body } = partsOf(input);
  return request(fillPath(route.path, params), { ...opts, method: route.method, query, body });
}

/** URL of endpoint `name` with its path parameters and query (for EventSource and streamed fetches). */
export function apiUrl<N extends EndpointName>(name: N, ...args: CallArgs<N>): string;
export function apiUrl(name: EndpointName, input?: unknown): string {
  const { params, query } = partsOf(input);
  return buildUrl(fillPath(ROUTES[name].path, params), query);
}
