import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldError } from '@coinlens/contracts';
import { AppError } from './errors';

/** At most this many failing fields are listed in one answer. */
const MAX_FIELDS = 10;

/**
 * Paths (`body.profile.nickname`, `query.q`, `params.id`) of every string, and every object key,
 * in `value` that holds a NUL character (U+0000). PostgreSQL `text` and `jsonb` cannot store one,
 * so such input must be refused before it reaches a query. Iterative (no recursion limit on deep
 * JSON); stops after `MAX_FIELDS` findings.
 */
export function nulFields(root: string, value: unknown): FieldError[] {
  const found: FieldError[] = [];
  const stack: [string, unknown][] = [[root, value]];
  while (stack.length && found.length < MAX_FIELDS) {
    const [path, v] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) found.push({ path, message: 'must not contain NUL characters' });
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) found.push({ path: `${path}.${k.split('\u0000').join('\\u0000')}`, message: 'key must not contain NUL characters' });
        else stack.push([`${path}.${k}`, child]);
      }
    }
  }
  return found;
}

/**
 * Refuses, for every route, request input that no handler can store: a NUL character in any string
 * (or key) of the path parameters, query or JSON body → 400 VALIDATION_FAILED naming each field.
 * Runs as a `preValidation` hook (after body parsing, before schema validation and handlers).
 * Path parameters and the query come from the URL, where a NUL can only arrive percent-encoded
 * (`%00`; Node's HTTP parser refuses raw control characters, and an injected raw NUL is checked too), so they are walked only when the URL
 * holds `%00`; a body is walked whenever there is one. Synchronous (no promise per request).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req: FastifyRequest, _reply, done) => {
    const fromUrl = req.url.includes('%00') || req.url.includes('\u0000');
    if (!fromUrl && req.body === undefined) return done();
    const fields = [...(fromUrl ? [...nulFields('params', req.params), ...nulFields('query', req.query)] : []), ...nulFields('body', req.body)];
    if (fields.length) return done(new AppError('VALIDATION_FAILED', 'Validation failed', { fields: fields.slice(0, MAX_FIELDS) }));
    done();
  });
}
