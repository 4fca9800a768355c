import { ensureServerBuild } from './build-server.mjs';

/**
 * How the server process is started (by `npm start`, the Dockerfile through it, and the
 * benchmarks), so that what is measured is what runs:
 *  - `--max-semi-space-size=16`: V8's young generation of the HTTP thread may grow to 16 MB
 *    semi-spaces (Node 20's default, stated so it is not lowered again). Under 64 connections the
 *    requests in flight survive a small young generation: at 4 MB the server ran ~35 scavenges/s of
 *    ~3.4 ms (12–13 % of the thread) and answered a third fewer small requests; at 16 MB ~15/s of
 *    ~1.1 ms, and the idle RSS is the same (276 vs 278 MB, `npm run bench:restart`; decision 090);
 *  - `MALLOC_ARENA_MAX=2` (unless set): glibc gives each thread (HTTP, PGlite, analysis, libuv
 *    pool) its own malloc arena of up to 64 MB otherwise; two arenas measured ~50 MB less idle RSS.
 * Together with PGLITE_SHARED_BUFFERS_MB=8 they keep the embedded default under 300 MB idle
 * (`npm run bench:restart` prints the figure).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=16'];

/** The environment of the server process: `env` with MALLOC_ARENA_MAX=2 unless it sets one. */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}

/**
 * The node arguments that run the server as `npm start` does: {@link SERVER_NODE_ARGS} and the
 * prebuilt bundle (scripts/build-server.mjs, rebuilt here when a source changed). Pass
 * `{ log }` to route the "built the server" line.
 */
export async function serverArgs(opts) {
  return [...SERVER_NODE_ARGS, await ensureServerBuild(opts)];
}
