import type { z } from 'zod';
import type { RouteSpec } from './route-spec';

/**
 * The schema part of an endpoint descriptor, in the shape fastify takes it: zod schemas of the path
 * parameters, query string, JSON body and responses by HTTP status, plus the OpenAPI texts.
 * `response[200]` is `{result}` for JSON endpoints; server-sent-event endpoints have error responses
 * only (their events are documented beside their schemas).
 */
export interface EndpointSchema {
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** OpenAPI tags (the feature). */
  readonly tags: readonly string[];
  /** `[{ bearerAuth: [] }]` when the endpoint takes the bearer session. */
  readonly security?: ReadonlyArray<Readonly<Record<string, readonly string[]>>>;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: Readonly<Record<number, z.ZodType>>;
}

/**
 * An executable endpoint descriptor: method and path and its {@link EndpointSchema}, written
 * together in the area's `api.ts` (`endpoint(GET('/api/clock'), { … })`).
 * The server registers its route from it (`apps/server/src/platform/route.ts`: validation,
 * serialisation, the OpenAPI document); the web calls it through the typed client
 * (`apps/web/src/lib/api-client.ts`), whose input and result types are inferred from the same
 * schemas. Decisions 070 and 102 (docs/decisions/070-executable-contracts.md,
 * docs/decisions/102-one-contract-file-per-endpoint-group.md).
 */
export interface Endpoint extends RouteSpec {
  readonly schema: EndpointSchema;
}

/** Bearer-session security of the OpenAPI document (`security` of an {@link EndpointSchema}). */
export const BEARER = [{ bearerAuth: [] }] as const;

/**
 * Builds a descriptor from a method and path ({@link GET}, {@link POST}, …) and its schema; the
 * literal types of both are kept, so the schemas' types reach the server handler and the web client.
 */
export function endpoint<const R extends RouteSpec, const S extends EndpointSchema>(route: R, schema: S): R & { readonly schema: S } {
  return { ...route, schema };
}

/** `GET path` (a literal path keeps its literal type). */
export const GET = <const P extends string>(path: P) => ({ method: 'GET', path }) as const;
/** `POST path`. */
export const POST = <const P extends string>(path: P) => ({ method: 'POST', path }) as const;
/** `PUT path`. */
export const PUT = <const P extends string>(path: P) => ({ method: 'PUT', path }) as const;
/** `PATCH path`. */
export const PATCH = <const P extends string>(path: P) => ({ method: 'PATCH', path }) as const;
/** `DELETE path`. */
export const DELETE = <const P extends string>(path: P) => ({ method: 'DELETE', path }) as const;

// ---- types of a descriptor's parts -------------------------------------------------------------

/** Schema of part `K` of descriptor `E`, or `undefined` when it has none. */
export type PartOf<E, K extends 'params' | 'querystring' | 'body'> = E extends { readonly schema: { readonly [P in K]: infer S } } ? (S extends z.ZodType ? S : undefined) : undefined;

/** A value the client may put in a query string. */
export type QueryValue = string | number | boolean | null | undefined;

/** Input type of a query schema; coerced fields (input `unknown`) accept any query value. */
type QueryInput<S extends z.ZodType> = { [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? QueryValue : z.input<S>[K] };
/** Input type of a params schema; coerced fields accept a string or a number. */
type ParamsInput<S extends z.ZodType> = { [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? string | number : z.input<S>[K] };

/** True when every key of T is optional (so the part may be left out). */
type AllOptional<T> = object extends T ? true : false;

type Part<Name extends string, T> = T extends undefined ? unknown : AllOptional<T> extends true ? { [K in Name]?: T } : { [K in Name]: T };

/**
 * What a client passes to call descriptor `E`: `{ params?, query?, body? }`, each typed from the
 * schema's input side and required when the schema has a required field.
 */
export type EndpointInput<E> = Part<'params', PartOf<E, 'params'> extends z.ZodType ? ParamsInput<PartOf<E, 'params'>> : undefined> &
  Part<'query', PartOf<E, 'querystring'> extends z.ZodType ? QueryInput<PartOf<E, 'querystring'>> : undefined> &
  Part<'body', PartOf<E, 'body'> extends z.ZodType ? z.input<PartOf<E, 'body'>> : undefined>;

/** The unwrapped `result` of a JSON endpoint's 200 response (`never` for streams). */
export type EndpointResult<E> = E extends { readonly schema: { readonly response: { readonly 200: infer S } } } ? (S extends z.ZodType ? (z.output<S> extends { result: infer R } ? R : z.output<S>) : never) : never;
