import { z } from 'zod';
import { APP_ERROR_CODES } from './errors';

/**
 * Success envelope: every JSON response is `{ result: T }` (clients unwrap it from the
 * `result` field when present).
 */
export function resultOf<T extends z.ZodTypeAny>(schema: T) {
  return z.object({ result: schema });
}

/** One failing input field: `path` is dotted (`query.symbols`), `message` is English for logs/devs. */
export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** Error envelope: `{ error: { code, message, fields? } }`; `code` is from the AppErrorCode catalogue. */
export const ErrorResponse = z.object({
  error: z.object({
    code: z.enum(APP_ERROR_CODES as [string, ...string[]]),
    message: z.string(),
    fields: z.array(FieldError).optional(),
    /** Extra machine-readable facts, e.g. `{ available: ['1h','1d'] }` or `{ retry_after_s: 42 }`. */
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** `lang` query parameter used by content endpoints. */
export const Lang = z.enum(['en-US', 'zh-CN']);
export type Lang = z.infer<typeof Lang>;

/** Accepts `en-US`, `en_US`, `zh-CN`, `zh_CN` (locales are stored with underscores) → hyphen form. */
export const LangParam = z
  .string()
  .transform((s) => s.replace('_', '-'))
  .pipe(Lang);

/** Offset/limit paging query; limit capped at 100. */
export const PageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export { MAX_PAGE_OFFSET } from './limits';
