#!/usr/bin/env node
/**
 * `npm test`: every test of the project, stopping at the first failing stage:
 *   1. i18n key check (en-US and zh-CN must have the same keys; every error code translated), then
 *      the import-cycle check (`npm run lint:cycles`: eslint's import-x/no-cycle alone), then the
 *      server bundle (scripts/build-server.mjs, when a source is newer), built once here because
 *      the end-to-end servers and two integration tests start it at the same time below
 *   2. vitest: unit, integration (PGlite by default; PostgreSQL/Redis when DATABASE_URL/REDIS_URL
 *      are set) and web component tests. Meanwhile scripts/e2e.mjs builds the web app and starts
 *      the end-to-end servers (their start-up imports the shipped data, mostly on one thread), then
 *      waits for vitest (E2E_GATE_FILE): a failing vitest stops them without running Playwright
 *   3. Playwright end-to-end tests in Debian's Chromium against the built app (scripts/e2e.mjs
 *      installs or finds Chromium and says what is missing when it cannot); the model-backed and
 *      Telegram specs run in the same Playwright run, against side servers it starts.
 *      With TEST_INT_DATABASE_URL (and optionally TEST_INT_REDIS_URL) set, the integration project
 *      runs a second time against that PostgreSQL (and Redis) alongside Playwright (.ci/run does);
 *      its output is printed when it ends.
 * Prints each stage's wall time (the stages that overlap say so) and a closing line
 * `tests: N passed, N failed`.
 * Flags: --no-e2e skips stage 3 (for quick local runs; CI runs everything).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild } from './build-server.mjs';
import { playwrightFailures, vitestFailures } from './test-failures.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const withE2e = !args.includes('--no-e2e');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-test-'));
const intDatabaseUrl = process.env.TEST_INT_DATABASE_URL;
let passed = 0;
let failed = 0;
let skipped = 0;
/** Playwright tests that failed once and passed on their retry (CI only: playwright.config.ts `retries`). */
let flaky = 0;
/**
 * One line per failed (or flaky) test, `[stage] file › title: first line of the error`, printed after
 * the stage times so that the kept tail of a long log names what failed.
 */
const failures = [];
/** Wall time of each stage run so far: [label, seconds]. */
const stages = [];
const started = performance.now();
/** Child processes still running (stopped on SIGINT/SIGTERM). */
const children = new Set();

function runSync(label, cmd, cmdArgs) {
  console.log(`\n=== ${label} ===`);
  const t0 = performance.now();
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
  stages.push([label, (performance.now() - t0) / 1000]);
  return r.status ?? 1;
}

/**
 * Starts `cmd` without waiting; `out` receives its stdout and stderr chunks (without one the child
 * writes to this process's terminal). Resolves `done` with the exit code.
 */
function start(cmd, cmdArgs, env = {}, out = null) {
  const child = spawn(cmd, cmdArgs, { cwd: root, stdio: out ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
  children.add(child);
  if (out) {
    child.stdout.on('data', out);
    child.stderr.on('data', out);
  }
  const done = new Promise((resolve) => child.on('close', (code) => {
    children.delete(child);
    resolve(code ?? 1);
  }));
  return { child, done };
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const c of children) c.kill('SIGTERM');
    process.exit(sig === 'SIGINT' ? 130 : 143);
  });
}

/** Test app closes that hung and were abandoned (apps/server/test/harness.ts appends to these files). */
const hangReports = [path.join(tmp, 'hangs.txt'), path.join(tmp, 'hangs-postgres.txt')];

function finish(code) {
  const hangs = hangReports.filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f, 'utf8').trim());
  if (hangs.length) console.log(`\ntest app closes abandoned after the close limit (not failures; what each waited on):\n${hangs.join('\n')}`);
  if (failures.length) console.log(`\nfailed or flaky tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
  console.log('\nstage times:');
  for (const [label, s] of stages) console.log(`  ${fmtSeconds(s).padStart(8)}  ${label}`);
  console.log(`  ${fmtSeconds((performance.now() - started) / 1000).padStart(8)}  total`);
  console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${flaky ? `, ${flaky} flaky (failed once, passed on the retry: see the Playwright output above)` : ''}`);
  process.exit(code);
}

/** `83.4 s` below two minutes, `12 min 05 s` above. */
function fmtSeconds(s) {
  return s < 120 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${String(Math.floor(s % 60)).padStart(2, '0')} s`;
}

/**
 * Adds a vitest JSON report's counts to the totals and its failed tests (or failed files, e.g. a
 * hook that timed out) to `failures`; nothing when the file was not written.
 */
function countVitest(file, stage = 'vitest') {
  if (!fs.existsSync(file)) return;
  const j = JSON.parse(fs.readFileSync(file, 'utf8'));
  failures.push(...vitestFailures(j, root, stage));
  passed += j.numPassedTests ?? 0;
  failed += j.numFailedTests ?? 0;
  skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
}

if (runSync('i18n keys', 'node', ['scripts/i18n-check.mjs']) !== 0) {
  failed++;
  finish(1);
}

if (runSync('import cycles', 'npx', ['eslint', '-c', 'eslint.cycles.config.js', 'apps', 'packages', 'scripts']) !== 0) {
  failed++;
  finish(1);
}

{
  console.log('\n=== server bundle ===');
  const t0 = performance.now();
  try {
    await ensureServerBuild();
  } catch (err) {
    console.error(err);
    failed++;
    finish(1);
  }
  stages.push(['server bundle', (performance.now() - t0) / 1000]);
}

// The end-to-end set-up starts now and runs alongside vitest; its output waits until vitest is done.
const gateFile = path.join(tmp, 'e2e-gate');
const pwJson = path.join(tmp, 'playwright.json');
let e2e = null;
const e2eStarted = performance.now();
let e2eReadyAt = null;
let e2eHeld = [];
if (withE2e) {
  e2e = start('node', ['scripts/e2e.mjs'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson, E2E_GATE_FILE: gateFile }, (chunk) => {
    if (e2eReadyAt === null && String(chunk).includes('waiting for the go-ahead')) e2eReadyAt = performance.now();
    if (e2eHeld) e2eHeld.push(chunk);
    else process.stdout.write(chunk);
  });
}

const vitestLabel = withE2e ? 'vitest (unit, integration, web), alongside the end-to-end set-up' : 'vitest (unit, integration, web)';
console.log(`\n=== ${vitestLabel} ===`);
const vitestJson = path.join(tmp, 'vitest.json');
const v0 = performance.now();
const vs = await start('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], { COINLENS_TEST_HANG_REPORT: hangReports[0] }).done;
const vitestEnd = performance.now();
stages.push([vitestLabel, (vitestEnd - v0) / 1000]);
countVitest(vitestJson);

/** The integration project again against TEST_INT_DATABASE_URL (and TEST_INT_REDIS_URL); output kept for the end. */
function startPostgresInt() {
  const json = path.join(tmp, 'vitest-postgres.json');
  const chunks = [];
  const env = { DATABASE_URL: intDatabaseUrl, COINLENS_TEST_HANG_REPORT: hangReports[1], ...(process.env.TEST_INT_REDIS_URL ? { REDIS_URL: process.env.TEST_INT_REDIS_URL } : {}) };
  const t0 = performance.now();
  const run = start('npx', ['vitest', 'run', '--project', 'int', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], env, (c) => chunks.push(c));
  return run.done.then((code) => ({ code, json, chunks, seconds: (performance.now() - t0) / 1000 }));
}

const pgLabel = `integration against PostgreSQL${process.env.TEST_INT_REDIS_URL ? ' and Redis' : ''}${withE2e ? ', alongside Playwright' : ''}`;
/** Prints the PostgreSQL run's output and counts it; false when it failed. */
function reportPostgresInt(r) {
  console.log(`\n=== ${pgLabel} ===`);
  for (const c of r.chunks) process.stdout.write(c);
  stages.push([pgLabel, r.seconds]);
  const before = failed;
  countVitest(r.json, 'PostgreSQL');
  if (r.code !== 0 && failed === before) failed++;
  return r.code === 0;
}

if (vs !== 0) {
  if (failed === 0) failed++;
  if (e2e) {
    // stops the end-to-end set-up (e2e.mjs stops its servers on SIGTERM; the gate, if it got there)
    fs.writeFileSync(gateFile, 'stop');
    e2e.child.kill('SIGTERM');
    await e2e.done;
  }
  finish(vs);
}

if (!withE2e) {
  if (intDatabaseUrl && !reportPostgresInt(await startPostgresInt())) finish(1);
  finish(0);
}

console.log('\n=== end-to-end (Playwright, Chromium) ===');
for (const c of e2eHeld) process.stdout.write(c);
e2eHeld = null;
fs.writeFileSync(gateFile, 'go');
const pg = intDatabaseUrl ? startPostgresInt() : null;
const es = await e2e.done;
const e2eEnd = performance.now();
// set-up: until the servers were ready (or the run ended before); Playwright: from then or from the end of vitest
const ready = e2eReadyAt ?? e2eEnd;
stages.push([`end-to-end set-up (web build, servers)${withE2e ? ', alongside vitest' : ''}`, (ready - e2eStarted) / 1000]);
stages.push(['end-to-end (Playwright, Chromium)', (e2eEnd - Math.max(ready, vitestEnd)) / 1000]);
if (fs.existsSync(pwJson)) {
  const j = JSON.parse(fs.readFileSync(pwJson, 'utf8'));
  // a flaky test passed on its retry: counted as passed, and named in the closing line
  passed += (j.stats?.expected ?? 0) + (j.stats?.flaky ?? 0);
  failed += j.stats?.unexpected ?? 0;
  skipped += j.stats?.skipped ?? 0;
  flaky += j.stats?.flaky ?? 0;
  failures.push(...playwrightFailures(j));
}
const pgOk = pg ? reportPostgresInt(await pg) : true;
if (es !== 0) {
  if (failed === 0) failed++;
  finish(es);
}
finish(pgOk ? 0 : 1);
