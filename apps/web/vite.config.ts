import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bootPlugin } from './boot-plugin';

const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('./package.json', import.meta.url)), 'utf8')) as { version: string };

/** Emits `dist/version.json` ({version, buildTime}) for the client's update check. */
function versionFile(): Plugin {
  return {
    name: 'coinlens-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ version: pkg.version, buildTime: new Date().toISOString() }),
      });
    },
  };
}

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8095';

export default defineConfig(({ isSsrBuild }) => isSsrBuild ? ssrConfig() : ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    versionFile(),
    // Translated static shell in index.html; the modules requested by boot.js after its first paint.
    bootPlugin(),
    // `.br` and `.gz` beside every text asset, served by the API's static handler (preCompressed).
    compression({
      include: /\.(js|css|html|json|svg)$/,
      exclude: /manifest\.json$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph the size budget (scripts/bench/web-size.mjs) reads.
    manifest: true,
    rolldownOptions: {
      // A feature's index.ts only re-exports (its public surface for other features). Declared free
      // of side effects, it is skipped: an import through it binds to the module that defines the
      // name, so a page's chunk pulls only the modules it uses, not every module the index names.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false }] },
      output: {
        // The libraries every page starts with (React, the router, i18next, TanStack Query) in one
        // chunk: left to the automatic split they land in two or three chunks whose boundaries move
        // with every lazy import, each paying its own request and gzip overhead.
        codeSplitting: {
          // react-i18next's <Trans> (and the HTML parser it brings) stays with the pages that use it:
          // in the shared framework chunk it would weigh ~4 KB gzip on every page's first load.
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next(?![\\/]dist[\\/]es[\\/]Trans)|@tanstack[\\/](query-core|react-query))[\\/]/ }],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true }, '/static': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true }, '/static': { target: apiTarget, changeOrigin: true } },
  },
}));

/**
 * `vite build --ssr src/entry-server.tsx` (npm run build): the first-content renderer the server
 * loads (src/entry-server.tsx), one self-contained ES module in dist-ssr/ with React and the
 * libraries inside, no CSS and no assets (the browser build has those).
 */
function ssrConfig() {
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react()],
    define: { __APP_VERSION__: JSON.stringify(pkg.version) },
    ssr: { noExternal: true, target: 'node' as const },
    build: {
      outDir: 'dist-ssr',
      emptyOutDir: true,
      sourcemap: false,
      minify: false,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'entry-server.mjs', codeSplitting: false } },
    },
  };
}
