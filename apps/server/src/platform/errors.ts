import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { httpStatusOf, type AppErrorCode, type FieldError } from '@coinlens/contracts';

/**
 * An expected, user-facing failure: `throw new AppError('COIN_NOT_FOUND')`. The HTTP status comes
 * from the catalogue in @coinlens/contracts; `fields` lists failing inputs for 400s.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly fields?: FieldError[];
  readonly details?: Record<string, unknown>;
  constructor(code: AppErrorCode, message?: string, opts: { fields?: FieldError[]; details?: Record<string, unknown> } = {}) {
    super(message ?? code);
    this.code = code;
    this.status = httpStatusOf(code);
    this.fields = opts.fields;
    this.details = opts.details;
  }
}

/** The generic catalogue code of an HTTP 4xx status raised outside the app's own code. */
const GENERIC_4XX: Record<number, AppErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/** The `{error: {code, message, fields?}}` body of a code (status from the catalogue). */
export function errorBody(code: AppErrorCode, message: string, fields?: FieldError[]): { error: { code: AppErrorCode; message: string; fields?: FieldError[] } } {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/**
 * Fastify's `frameworkErrors` option: errors the router raises before any route or hook runs,
 * answered in the app's format instead of Fastify's own. A path that is not valid percent-encoding
 * (`FST_ERR_BAD_URL`, e.g. `/api/crypto/%zz/detail`) or a path parameter longer than the router's
 * `maxParamLength` (`FST_ERR_MAX_PARAM_LENGTH`) → 400 VALIDATION_FAILED naming `url`/`params`.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send(errorBody('VALIDATION_FAILED', 'Validation failed', [{ path: 'url', message: 'not a valid percent-encoded URL' }]));
  } else if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(400).send(errorBody('VALIDATION_FAILED', 'Validation failed', [{ path: 'params', message: 'a path parameter is too long' }]));
  } else {
    reply.log.error({ err }, 'framework error');
    void reply.code(500).send(errorBody('INTERNAL', 'Something went wrong'));
  }
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses (headers or URL over
 * `maxHeaderSize` → 431 HEADERS_TOO_LARGE, a request that arrives too slowly → 408
 * REQUEST_TIMEOUT, anything malformed → 400 VALIDATION_FAILED), written straight to the socket
 * in the app's format, then the connection is closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code: AppErrorCode = err.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : 'VALIDATION_FAILED';
  const status = httpStatusOf(code);
  const message = code === 'HEADERS_TOO_LARGE' ? 'Request headers or URL too large' : code === 'REQUEST_TIMEOUT' ? 'Request timed out' : 'Malformed HTTP request';
  const body = JSON.stringify(errorBody(code, message, code === 'VALIDATION_FAILED' ? [{ path: 'request', message }] : undefined));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(err);
}

/**
 * Maps every error to `{ error: { code, message, fields? } }`: AppError → its status; schema
 * validation → 400 VALIDATION_FAILED naming each field (`query.symbols`); anything else → 500
 * INTERNAL, logged with the stack but never sent to the client.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      const retryAfter = err.details?.retry_after_s;
      if (typeof retryAfter === 'number' && !reply.hasHeader('retry-after')) reply.header('retry-after', String(retryAfter));
      return reply.code(err.status).send({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}), ...(err.details ? { details: err.details } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = (err as FastifyError).validationContext ?? 'request';
      const fields = err.validation.map((v: any) => ({
        path: [where, ...String(v.instancePath ?? '').split('/').filter(Boolean)].join('.') || where,
        message: v.message ?? 'invalid',
      }));
      return reply.code(400).send({ error: { code: 'VALIDATION_FAILED', message: 'Validation failed', fields } });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response does not match its schema');
      return reply.code(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
    }
    const fe = err as FastifyError;
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Fastify's and its plugins' own 4xx (bad JSON body, payload too large, unsupported media
      // type, a static file outside its root…): the status's generic code, 400 when it has none.
      const code = GENERIC_4XX[fe.statusCode] ?? 'VALIDATION_FAILED';
      const status = httpStatusOf(code);
      return reply.code(status).send({ error: { code, message: fe.message, ...(code === 'VALIDATION_FAILED' ? { fields: [{ path: 'body', message: fe.message }] } : {}) } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
  });
}
