#!/usr/bin/env node
/**
 * `npm start`: builds the web app and the server when their builds are missing or older than their
 * sources, then runs the server (API + SPA + jobs) on the embedded default: PGlite in DATA_DIR, the replay market
 * source and the built-in analyst. Every real service is switched on by an environment variable
 * (docs/OPERATIONS.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs, serverEnv } from './server-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Coinlens needs Node.js 20.19 or newer (this is ${process.versions.node}).`);
  process.exit(1);
}

/** Newest modification time (ms) of any file below `dir`. */
function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else t = Math.max(t, fs.statSync(p).mtimeMs);
  }
  return t;
}

const web = path.join(root, 'apps', 'web');
const built = path.join(web, 'dist', 'index.html');
const sources = Math.max(newest(path.join(web, 'src')), newest(path.join(web, 'public')), ...['index.html', 'vite.config.ts'].map((f) => (fs.existsSync(path.join(web, f)) ? fs.statSync(path.join(web, f)).mtimeMs : 0)), newest(path.join(root, 'packages', 'contracts', 'src')));
// (the build includes the first-content renderer, dist-ssr/entry-server.mjs)
if (!fs.existsSync(built) || !fs.existsSync(path.join(web, 'dist-ssr', 'entry-server.mjs')) || fs.statSync(built).mtimeMs < sources || process.env.FORCE_BUILD === '1') {
  console.log('[coinlens] building the web app…');
  const r = spawnSync('npm', ['run', '-s', '-w', '@coinlens/web', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server runs prebuilt (scripts/build-server.mjs: one esbuild bundle of apps/server and the
// workspace packages, rebuilt when a source changed), not through tsx: a warm restart loads ~2
// files instead of ~220 TypeScript modules through loader hooks.
const child = spawn(process.execPath, await serverArgs(), { cwd: root, stdio: 'inherit', env: serverEnv(process.env) });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
