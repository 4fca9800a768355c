#!/usr/bin/env node
/**
 * `npm test`: every test of the project, in this order, stopping at the first failing stage:
 *   1. i18n key check (en-US and zh-CN must have the same keys; every error code translated), then
 *      the import-cycle check (`npm run lint:cycles`: eslint's import-x/no-cycle alone)
 *   2. vitest: unit, integration (PGlite by default; PostgreSQL/Redis when DATABASE_URL/REDIS_URL
 *      are set) and web component tests
 *   3. Playwright end-to-end tests in Debian's Chromium against the built app (scripts/e2e.mjs
 *      installs or finds Chromium and says what is missing when it cannot); the model-backed and
 *      Telegram specs run in the same Playwright run, against side servers it starts.
 * Prints each stage's wall time and a closing line `tests: N passed, N failed`.
 * Flags: --no-e2e skips stage 3 (for quick local runs; CI runs everything).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;
/** Wall time of each stage run so far: [label, seconds]. */
const stages = [];
const started = performance.now();

function run(label, cmd, cmdArgs, env = {}) {
  console.log(`\n=== ${label} ===`);
  const t0 = performance.now();
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  stages.push([label, (performance.now() - t0) / 1000]);
  return r.status ?? 1;
}

function finish(code) {
  console.log('\nstage times:');
  for (const [label, s] of stages) console.log(`  ${fmtSeconds(s).padStart(8)}  ${label}`);
  console.log(`  ${fmtSeconds((performance.now() - started) / 1000).padStart(8)}  total`);
  console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(code);
}

/** `83.4 s` below two minutes, `12 min 05 s` above. */
function fmtSeconds(s) {
  return s < 120 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${String(Math.floor(s % 60)).padStart(2, '0')} s`;
}

if (run('i18n keys', 'node', ['scripts/i18n-check.mjs']) !== 0) {
  failed++;
  finish(1);
}

if (run('import cycles', 'npx', ['eslint', '-c', 'eslint.cycles.config.js', 'apps', 'packages', 'scripts']) !== 0) {
  failed++;
  finish(1);
}

const vitestJson = path.join(tmp, 'vitest.json');
const vs = run('vitest (unit, integration, web)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (fs.existsSync(vitestJson)) {
  const j = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += j.numPassedTests ?? 0;
  failed += j.numFailedTests ?? 0;
  skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
}
if (vs !== 0) {
  if (failed === 0) failed++;
  finish(vs);
}

if (!args.includes('--no-e2e')) {
  const pwJson = path.join(tmp, 'playwright.json');
  const es = run('end-to-end (Playwright, Chromium)', 'node', ['scripts/e2e.mjs'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
  if (fs.existsSync(pwJson)) {
    const j = JSON.parse(fs.readFileSync(pwJson, 'utf8'));
    passed += j.stats?.expected ?? 0;
    failed += j.stats?.unexpected ?? 0;
    skipped += j.stats?.skipped ?? 0;
  }
  if (es !== 0) {
    if (failed === 0) failed++;
    finish(es);
  }
}
finish(0);
