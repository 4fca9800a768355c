#!/usr/bin/env node
/**
 * Initial JavaScript per page of the built web app, from Vite's own chunk graph
 * (apps/web/dist/.vite/manifest.json): the entry chunk and everything it imports statically, plus
 * the page's lazily loaded chunk and its static imports, plus the en-US translation chunks the page
 * loads (the shell's CORE_NAMESPACES in app/i18n.ts and the page's list in app/routes.tsx). Sizes
 * are those of the `.gz` and `.br` files written at build time, i.e. what is sent over the wire.
 *
 * Usage: `node scripts/bench/web-size.mjs [--check]` (after `npm run build`). With `--check` it
 * exits 1 when a page exceeds its budget (BUDGETS, KB gzip). `npm test` runs it with --check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = path.join(root, 'apps', 'web', 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');

/** Initial-JS budgets in KB (gzip) per page (docs/benchmarks/README.md). */
export const BUDGETS = {
  home: { src: 'src/features/home/HomePage.tsx', kb: 170 },
  coin: { src: 'src/features/coin/CoinPage.tsx', kb: 300 },
  feeds: { src: 'src/features/feeds/FeedsPage.tsx', kb: 200 },
  signals: { src: 'src/features/signals/SignalsPage.tsx', kb: 200 },
  pricing: { src: 'src/features/pricing/PricingPage.tsx', kb: 260 },
};

/** Wire sizes of one built file: the precompressed siblings when present, else compressed here. */
function sizes(file) {
  const abs = path.join(dist, file);
  const raw = fs.readFileSync(abs);
  const gz = fs.existsSync(`${abs}.gz`) ? fs.statSync(`${abs}.gz`).size : gzipSync(raw, { level: 9 }).length;
  const br = fs.existsSync(`${abs}.br`) ? fs.statSync(`${abs}.br`).size : brotliCompressSync(raw).length;
  return { raw: raw.length, gz, br };
}

/** Keys of the manifest reachable from `key` through static imports (inclusive). */
function closure(manifest, keys) {
  const seen = new Set();
  const walk = (k) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return seen;
}

/** Namespaces a page loads: CORE_NAMESPACES (app/i18n.ts) plus the list beside its import in app/routes.tsx. */
function namespacesOf(src) {
  const web = path.join(root, 'apps', 'web', 'src', 'app');
  const core = /CORE_NAMESPACES[^=]*=\s*\[([^\]]*)\]/.exec(fs.readFileSync(path.join(web, 'i18n.ts'), 'utf8'));
  const routes = fs.readFileSync(path.join(web, 'routes.tsx'), 'utf8');
  const rel = src.replace(/^src\//, '../').replace(/\.tsx$/, '');
  const line = routes.split('\n').find((l) => l.includes(`import('${rel}')`));
  const own = line && /\[([^\]]*)\]\)\s*;?\s*$/.exec(line);
  if (!core || !own) throw new Error(`cannot find the namespaces of ${src} in app/i18n.ts / app/routes.tsx`);
  const names = (list) => [...list.matchAll(/'([a-z]+)'/g)].map((m) => m[1]);
  return new Set([...names(core[1]), ...names(own[1])]);
}

export function measure() {
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npm run build\` first`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const rows = [];
  for (const [page, b] of Object.entries(BUDGETS)) {
    const locales = [...namespacesOf(b.src)].map((ns) => `src/locales/en-US/${ns}.json`);
    const keys = closure(manifest, [entry, b.src, ...locales]);
    const total = { raw: 0, gz: 0, br: 0, files: 0 };
    for (const k of keys) {
      const s = sizes(manifest[k].file);
      total.raw += s.raw;
      total.gz += s.gz;
      total.br += s.br;
      total.files++;
    }
    rows.push({ page, ...total, budget: b.kb });
  }
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = measure();
  const kb = (n) => (n / 1024).toFixed(1).padStart(7);
  console.log('page      files   raw KB  gzip KB  brotli KB  budget (gzip)');
  let over = 0;
  for (const r of rows) {
    const ok = r.gz / 1024 <= r.budget;
    if (!ok) over++;
    console.log(`${r.page.padEnd(9)} ${String(r.files).padStart(5)}  ${kb(r.raw)}  ${kb(r.gz)}  ${kb(r.br)}     ${r.budget} KB ${ok ? 'ok' : 'OVER'}`);
  }
  if (process.argv.includes('--check') && over) {
    console.error(`web-size: ${over} page(s) over budget`);
    process.exit(1);
  }
}
