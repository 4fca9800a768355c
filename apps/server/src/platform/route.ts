import type {
  ContextConfigDefault, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface, RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Endpoint } from '@coinlens/contracts/api/endpoint';

/**
 * Handler of descriptor `E`: fastify's own handler type over the descriptor's schema, so
 * `req.params`, `req.query` and `req.body` are the zod schemas' outputs and the returned value is
 * checked against the 200 response.
 */
export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, ContextConfigDefault, E['schema'], ZodTypeProvider>;

/** Route options besides method, URL and schema: `preHandler`, `config` (rate limits), `bodyLimit`. */
export type EndpointOptions<E extends Endpoint> = Omit<RouteShorthandOptions<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, ContextConfigDefault, E['schema'], ZodTypeProvider>, 'schema'>;

/**
 * Registers the route of descriptor `e` (method, path and schemas from `packages/contracts`) with
 * `handler`. Validation (400 VALIDATION_FAILED with the failing fields), serialisation and the
 * OpenAPI document come from the descriptor's zod schemas through fastify-type-provider-zod, as for
 * any route of the app. `opts` adds the server-side parts: `preHandler`, `config`, `bodyLimit`.
 */
export function route<E extends Endpoint>(app: FastifyInstance, e: E, opts: EndpointOptions<E>, handler: EndpointHandler<E>): void {
  app.withTypeProvider<ZodTypeProvider>().route({ ...opts, method: e.method, url: e.path, schema: e.schema, handler });
}
