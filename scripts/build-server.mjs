#!/usr/bin/env node
/**
 * Builds the server for `npm start`: apps/server/src/main.ts and the workspace packages it imports
 * (@coinlens/*), transpiled and bundled by esbuild into apps/server/dist/main.mjs (ES modules, code
 * split at the dynamic imports, source maps). npm dependencies stay external and load from
 * node_modules as usual. Each source file keeps its own `import.meta.url` (rewritten to the file's
 * URL at build time), so the paths it resolves (migrations, worker threads, the model file, the
 * repository root) are the same as when it runs from source. The output is a local build artefact
 * (not committed): `npm start` rebuilds it when a source is newer (scripts/start.mjs).
 *
 * Why: loading ~300 TypeScript modules through tsx's loader hooks at every start was most of the
 * warm restart (docs/decisions/075-prebuilt-server.md). Tests and `tsx` runs still use the sources.
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

/** esbuild plugin: bare imports other than the workspace's own packages stay external. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@coinlens/') || args.path.startsWith('node:')) return args.path.startsWith('node:') ? { external: true } : undefined;
      return { external: true };
    });
  },
};

/** esbuild plugin: `import.meta.url` of each TypeScript source is its own file URL. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const src = await fs.promises.readFile(args.path, 'utf8');
      if (!src.includes('import.meta.url')) return undefined;
      return { contents: src.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: args.path.endsWith('x') ? 'tsx' : 'ts', resolveDir: path.dirname(args.path) };
    });
  },
};

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
 * Builds the bundle of `entry` (default the server's main.ts) into `outdir` (default
 * {@link SERVER_DIST}, emptied first); resolves with esbuild's metafile inputs (the absolute paths
 * of the sources it read), also written to `outdir/inputs.json`. Errors: esbuild's build errors.
 */
export async function buildServer({ entry = path.join(root, 'apps', 'server', 'src', 'main.ts'), outdir = SERVER_DIST } = {}) {
  fs.rmSync(outdir, { recursive: true, force: true });
  const r = await build({
    entryPoints: { main: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    tsconfig: path.join(root, 'tsconfig.json'),
    plugins: [externalDependencies, ownImportMetaUrl],
  });
  const inputs = Object.keys(r.metafile.inputs).map((p) => path.resolve(root, p));
  fs.writeFileSync(path.join(outdir, 'inputs.json'), JSON.stringify(inputs));
  return inputs;
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
