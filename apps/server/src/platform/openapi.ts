import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import Fastify from 'fastify';
import { ENDPOINTS } from '@coinlens/contracts/api/endpoints';

/** Options of @fastify/swagger for the API's OpenAPI 3 document (served at /api/docs/json). */
export const OPENAPI_OPTIONS = {
  openapi: {
    info: { title: 'Coinlens API', description: 'Crypto news, market analysis and trading signals. Every response is `{result}` or `{error: {code, message, fields?}}`.', version: '0.1.0' },
    components: { securitySchemes: { bearerAuth: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' } } },
  },
  transform: jsonSchemaTransform,
};

/** Registers @fastify/swagger with {@link OPENAPI_OPTIONS} (before any route). */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, OPENAPI_OPTIONS);
}

/**
 * The OpenAPI 3 document of every endpoint descriptor of packages/contracts — the same schemas the
 * server registers its routes from — built without a database or any service (`npm run openapi`).
 */
export async function buildOpenApiDocument(): Promise<ReturnType<FastifyInstance['swagger']>> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await installOpenApi(app);
  for (const e of Object.values(ENDPOINTS)) app.route({ method: e.method, url: e.path, schema: e.schema, handler: async () => null });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  return doc;
}
