import type { FastifyError, FastifyInstance } from 'fastify';
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
      // Fastify's own 4xx (bad JSON body, payload too large, unsupported media type…)
      const code = fe.statusCode === 404 ? 'NOT_FOUND' : fe.statusCode === 429 ? 'RATE_LIMITED' : fe.statusCode === 401 ? 'UNAUTHORIZED' : 'VALIDATION_FAILED';
      return reply.code(fe.statusCode).send({ error: { code, message: fe.message, ...(code === 'VALIDATION_FAILED' ? { fields: [{ path: 'body', message: fe.message }] } : {}) } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
  });
}
