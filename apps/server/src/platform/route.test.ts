import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform } from 'fastify-type-provider-zod';
import fastifySwagger from '@fastify/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BEARER, endpoint } from '@coinlens/contracts/api/endpoint';
import { ErrorResponse, resultOf } from '@coinlens/contracts';
import { installErrorHandler } from './errors';
import { route } from './route';

// A descriptor written like those of packages/contracts/src/<feature>/api.ts.
const getThing = endpoint(
  { method: 'GET', path: '/api/things/:id' },
  {
    tags: ['test'],
    summary: 'One thing',
    security: BEARER,
    params: z.object({ id: z.coerce.number().int().positive() }),
    querystring: z.object({ lang: z.enum(['en-US', 'zh-CN']).default('en-US') }),
    response: { 200: resultOf(z.object({ id: z.number(), lang: z.string() })), 400: ErrorResponse },
  },
);
const putThing = endpoint(
  { method: 'PUT', path: '/api/things/:id' },
  { tags: ['test'], summary: 'Save a thing', params: z.object({ id: z.coerce.number() }), body: z.object({ name: z.string().min(1) }), response: { 200: resultOf(z.object({ name: z.string() })) } },
);

const app = Fastify();
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(fastifySwagger, { openapi: { info: { title: 't', version: '1' }, components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } } }, transform: jsonSchemaTransform });
  let preHandled = 0;
  route(app, getThing, { preHandler: async () => void preHandled++ }, async (req) => {
    // the handler sees the schemas' outputs: id a number, lang defaulted
    const id: number = req.params.id;
    // extra fields are dropped by the response schema
    return { result: { id, lang: req.query.lang, secret: 'not sent' } };
  });
  route(app, putThing, {}, async (req) => ({ result: { name: req.body.name } }));
  app.get('/pre-handled', async () => ({ preHandled }));
  await app.ready();
});
afterAll(() => app.close());

describe('route(app, descriptor, opts, handler)', () => {
  it('registers the method and path of the descriptor and validates and serialises with its schemas', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/things/7?lang=zh-CN' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ result: { id: 7, lang: 'zh-CN' } });
    expect((await app.inject({ method: 'GET', url: '/api/things/7' })).json()).toEqual({ result: { id: 7, lang: 'en-US' } });
    expect((await app.inject({ method: 'PUT', url: '/api/things/7', payload: { name: 'x' } })).json()).toEqual({ result: { name: 'x' } });
    expect((await app.inject({ method: 'GET', url: '/pre-handled' })).json().preHandled).toBe(2);
  });

  it('answers bad input with 400 VALIDATION_FAILED and the failing fields', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/things/-1?lang=fr' });
    expect(bad.statusCode).toBe(400);
    const e = bad.json().error;
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.fields.map((f: { path: string }) => f.path)).toEqual(['params.id']);
    const lang = (await app.inject({ method: 'GET', url: '/api/things/7?lang=fr' })).json().error;
    expect(lang).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'querystring.lang' }] });
    const body = await app.inject({ method: 'PUT', url: '/api/things/7', payload: { name: '' } });
    expect(body.statusCode).toBe(400);
    expect(body.json().error.fields[0].path).toMatch(/name/);
  });

  it('documents the route in the OpenAPI document with its summary, tags and security', async () => {
    const doc = JSON.parse(JSON.stringify(app.swagger()));
    const op = doc.paths['/api/things/{id}'].get;
    expect(op.summary).toBe('One thing');
    expect(op.tags).toEqual(['test']);
    expect(op.security).toEqual([{ bearerAuth: [] }]);
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['id', 'lang']);
    expect(doc.paths['/api/things/{id}'].put.summary).toBe('Save a thing');
  });
});

// Type-level checks (run by `tsc`): the handler is typed from the descriptor.
export function typeChecks() {
  // @ts-expect-error the 200 response needs `result.id` to be a number
  route(app, getThing, {}, async () => ({ result: { id: 'seven', lang: 'en-US' } }));
  route(app, getThing, {}, async (req) => {
    // @ts-expect-error no such query field
    void req.query.nope;
    return { result: { id: req.params.id, lang: req.query.lang } };
  });
  // @ts-expect-error the body of putThing has `name`, not `title`
  route(app, putThing, {}, async (req) => ({ result: { name: req.body.title } }));
}
