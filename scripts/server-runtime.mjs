import { ensureServerBuild } from './build-server.mjs';

/**
 * How the server process is started (by `npm start`, the Dockerfile through it, and the
 * benchmarks), so that what is measured is what runs:
 *  - `--max-semi-space-size=4`: V8's young generation of the HTTP thread at most 3 × 4 MB (Node 20's
 *    default is 3 × 16 MB), which the server's short-lived request garbage does not need;
 *  - `MALLOC_ARENA_MAX=2` (unless set): glibc gives each thread (HTTP, PGlite, analysis, libuv
 *    pool) its own malloc arena of up to 64 MB otherwise; two arenas measured ~50 MB less idle RSS.
 * Together with PGLITE_SHARED_BUFFERS_MB=8 they keep the embedded default under 300 MB idle
 * (issue 13; `npm run bench:restart` prints the figure).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=4'];

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
