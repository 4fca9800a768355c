/**
 * The baseline of bench:restart: a bare Fastify process answering the benchmark's paths with
 * fixed JSON bodies of the same size as Coinlens' answers (`BARE_BODIES` = path of a JSON file
 * mapping request path → body text). Nothing else: no database, no jobs.
 * Usage: PORT=… BARE_BODIES=… node scripts/bench/bare-server.mjs
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const bodies = process.env.BARE_BODIES ? JSON.parse(fs.readFileSync(process.env.BARE_BODIES, 'utf8')) : {};
const app = Fastify({ logger: false });
const send = (path) => (_req, reply) => reply.type('application/json; charset=utf-8').send(bodies[path] ?? '{"result":{"status":"ok"}}');
for (const p of new Set(['/api/health', ...Object.keys(bodies)])) app.get(p.split('?')[0], send(p));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
