#!/usr/bin/env node
/**
 * Builds the server for `npm start`: apps/server/src/main.ts and the workspace packages it imports
 * (@coinlens/*) and the npm dependencies, transpiled and bundled by esbuild into
 * apps/server/dist/main.mjs (ES modules, code split at the dynamic imports, source maps). The
 * dependencies in {@link EXTERNAL_PACKAGES} stay external and load from node_modules as usual
 * (native code, WebAssembly, files read beside their own sources, worker-thread entry files);
 * CommonJS code in the bundle gets `require` from `createRequire` (the banner). Each source file
 * keeps its own `import.meta.url` (rewritten to the file's URL at build time), so the paths it
 * resolves (migrations, worker threads, the model file, the repository root) are the same as when
 * it runs from source. The output is a local build artefact (not committed): `npm start` rebuilds
 * it when a source, or a dependency's file, is newer (scripts/start.mjs).
 *
 * Why: loading ~300 TypeScript modules through tsx's loader hooks at every start was most of the
 * warm restart (docs/decisions/075-prebuilt-server.md); after that, resolving and loading ~1,500
 * dependency files one by one through Node's module loader was ~0.8 s of it on 2 cores (decision
 * 093). Tests and `tsx` runs still use the sources.
 *
 * Usage: node scripts/build-server.mjs   (prints the time and the output size)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the bundle goes, and its entry. */
export const SERVER_DIST = path.join(root, 'apps', 'server', 'dist');
export const SERVER_ENTRY = path.join(SERVER_DIST, 'main.mjs');

/**
 * npm packages left out of the bundle (loaded from node_modules at run time): native addons
 * (@node-rs/argon2, talib), PGlite (its WebAssembly and data files sit beside its sources, and its
 * worker thread imports it), packages that read files beside their own sources through
 * `__dirname` (@fastify/swagger and its UI's static files, ioredis' error stacks), and pino with
 * thread-stream (transports run in worker threads from their own files). Each name also covers
 * its subpaths. A bundled package that imports one of these gets it from node_modules.
 */
export const EXTERNAL_PACKAGES = ['@electric-sql/pglite', '@node-rs/argon2', 'talib', '@fastify/swagger', '@fastify/swagger-ui', 'ioredis', 'pino', 'thread-stream'];

/** esbuild plugin: Node's built-ins and {@link EXTERNAL_PACKAGES} stay external; every other package is bundled. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      if (EXTERNAL_PACKAGES.some((p) => args.path === p || args.path.startsWith(`${p}/`))) return { external: true };
      return undefined;
    });
  },
};

/** CommonJS code in an ES module bundle has no `require`: each output file makes one for its own URL. */
const REQUIRE_BANNER = "import { createRequire as __coinlensCreateRequire } from 'node:module'; const require = __coinlensCreateRequire(import.meta.url);";

/** esbuild plugin: `import.meta.url` of each TypeScript source is its own file URL. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const src = await fs.promises.readFile(args.path, 'utf8');
      if (!src.includes('import.meta.url')) return undefined;
      return { contents: src.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: args.path.endsWith('x') ? 'tsx' : 'ts', resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * The analysis thread's entry (apps/server/src/modules/signals/analysis/analysis-worker.ts), built
 * beside the server as `analysis-worker.mjs`; the bundle names it through the global
 * `__COINLENS_ANALYSIS_WORKER__` (esbuild `define`). From source a thread loads the TypeScript
 * through tsx: 429–431 ms per thread start against 72–105 ms bundled (three starts each, timed by
 * hand on the 2-core machine, not by a benchmark here), paid at each candle close in
 * live mode, where idle threads stop between closes (decision 126).
 */
const ANALYSIS_WORKER_SOURCE = path.join(root, 'apps', 'server', 'src', 'modules', 'signals', 'analysis', 'analysis-worker.ts');

/** The list of sources the last build read (for the staleness check). */
const INPUTS = path.join(SERVER_DIST, 'inputs.json');

/**
 * True when the bundle is missing, or older than any source it was built from or than this
 * script; a source added since is only reached through an import in a changed file, so it is
 * covered too.
 */
export function serverBuildStale() {
  if (!fs.existsSync(SERVER_ENTRY) || !fs.existsSync(INPUTS)) return true;
  const builtAt = fs.statSync(INPUTS).mtimeMs;
  const inputs = [...JSON.parse(fs.readFileSync(INPUTS, 'utf8')), fileURLToPath(import.meta.url)];
  return inputs.some((f) => !fs.existsSync(f) || fs.statSync(f).mtimeMs > builtAt);
}

/**
 * Builds the bundle of `entry` (default the server's main.ts) and of the analysis thread's entry
 * into `outdir` (default {@link SERVER_DIST}, emptied first); resolves with esbuild's metafile inputs (the absolute paths
 * of the sources it read), also written to `outdir/inputs.json`. Errors: esbuild's build errors.
 */
export async function buildServer({ entry = path.join(root, 'apps', 'server', 'src', 'main.ts'), outdir = SERVER_DIST } = {}) {
  fs.rmSync(outdir, { recursive: true, force: true });
  const r = await build({
    entryPoints: { main: entry, 'analysis-worker': ANALYSIS_WORKER_SOURCE },
    define: { __COINLENS_ANALYSIS_WORKER__: JSON.stringify(pathToFileURL(path.join(outdir, 'analysis-worker.mjs')).href) },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // Names as written even where esbuild renames a collision: bundled packages compare them
    // (node-fetch checks `constructor.name === 'AbortSignal'`; decision 093).
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    tsconfig: path.join(root, 'tsconfig.json'),
    banner: { js: REQUIRE_BANNER },
    plugins: [externalDependencies, ownImportMetaUrl],
  });
  patchNameHelper(outdir);
  const inputs = Object.keys(r.metafile.inputs).map((p) => path.resolve(root, p));
  fs.writeFileSync(path.join(outdir, 'inputs.json'), JSON.stringify(inputs));
  return inputs;
}

/** esbuild's keepNames helper, as it writes it in the bundle (esbuild 0.25–0.28). */
export const NAME_HELPER = 'var __name = (target, value) => __defProp(target, "name", { value, configurable: true });';
/**
 * The same helper, with no effect where the name is already right. keepNames wraps every named
 * function, and fastify's hook runner makes several per request: redefining `name` on each (which
 * also changes the function's hidden class) cost ~2 % of a small answer's CPU. A function keeps an
 * own `name` (non-writable, configurable), so setting the value it already has changes nothing;
 * only a renamed class or function (esbuild's `AbortSignal2`) gets its name back, as before.
 */
export const NAME_HELPER_PATCHED = 'var __name = (target, value) => target.name === value ? target : __defProp(target, "name", { value, configurable: true });';

/**
 * Replaces {@link NAME_HELPER} by {@link NAME_HELPER_PATCHED} in the bundle's chunks (one line for
 * one line: the source maps stay right). Errors: when a chunk defines `__name` otherwise (an
 * esbuild that writes it differently: update both constants).
 */
function patchNameHelper(outdir) {
  for (const f of fs.readdirSync(outdir).filter((x) => x.endsWith('.mjs'))) {
    const file = path.join(outdir, f);
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes('var __name = ')) continue;
    if (!text.includes(NAME_HELPER)) throw new Error(`build-server: esbuild's __name helper in ${f} is not the one expected; update NAME_HELPER`);
    fs.writeFileSync(file, text.split(NAME_HELPER).join(NAME_HELPER_PATCHED));
  }
}

/** Builds the bundle when {@link serverBuildStale}; resolves with the entry file to run. */
export async function ensureServerBuild({ log = (m) => console.log(m) } = {}) {
  if (serverBuildStale() || process.env.FORCE_BUILD === '1') {
    const t0 = performance.now();
    try {
      const inputs = await buildServer();
      log(`[coinlens] built the server (${inputs.length} sources) in ${Math.round(performance.now() - t0)} ms`);
    } catch (e) {
      // A read-only install (a container image built with `npm run build:server`) runs what it has.
      if (!(e?.code === 'EACCES' || e?.code === 'EROFS' || e?.code === 'EPERM') || !fs.existsSync(SERVER_ENTRY)) throw e;
      log(`[coinlens] cannot rebuild the server here (${e.code}); running the existing build`);
    }
  }
  return SERVER_ENTRY;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const t0 = performance.now();
  const inputs = await buildServer();
  const size = fs.readdirSync(SERVER_DIST).filter((f) => f.endsWith('.mjs')).reduce((s, f) => s + fs.statSync(path.join(SERVER_DIST, f)).size, 0);
  console.log(`[build-server] ${inputs.length} sources → ${path.relative(root, SERVER_ENTRY)} (${(size / 1024).toFixed(0)} KB) in ${Math.round(performance.now() - t0)} ms`);
}
