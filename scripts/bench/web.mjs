#!/usr/bin/env node
/**
 * `npm run bench:web`: what the web app costs a phone.
 *  1. Initial JS per page from the build (scripts/bench/web-size.mjs; builds first when dist is missing).
 *  2. Lighthouse (mobile preset, simulated throttling) on the home page and a coin page, in Debian's
 *     Chromium: performance score, LCP, CLS, TBT, and the bytes transferred — against a running
 *     server (BENCH_BASE_URL, default http://127.0.0.1:8080; start one with `npm start`).
 *     Targets: score ≥ 90, CLS ≤ 0.05.
 *  3. Time to first content: when the home page's coin table shows its prices (`coinlens:prices`)
 *     and the coin page's chart has drawn its candles (`coinlens:chart`), user-timing marks of the
 *     app (apps/web/src/lib/perf-marks.ts). Simulated throttling computes its metrics from an
 *     unthrottled load and cannot time a mark, so these come from a second Lighthouse run per page
 *     and run with applied throttling (throttlingMethod `devtools`, the same mobile preset: 4× CPU
 *     slowdown, 150 ms RTT and 1.6 Mbps as DevTools applies them, 562.5 ms per request and
 *     1.4 Mbps). Target ≤ 1.5 s. BENCH_MARKS=0 leaves these runs out.
 * Bounded: two pages (BENCH_PAGES, e.g. `coin`, for fewer) × BENCH_RUNS runs (default 1), loopback
 * only. BENCH_LH_DIR=<dir> also writes each run's full Lighthouse report (`<page>-<run>.json`)
 * there, for its opportunities and diagnostics.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { markSeconds, medianOf, runFigures, slowHostNote } from './lighthouse-runs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const base = (process.env.BENCH_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = process.env.BENCH_LH_DIR;
/**
 * BENCH_BASELINE_URL=<url>: a second server (say, the build before a change, served with
 * WEB_DIST_DIR) measured in the same run, its runs alternated with this one's, and printed beside
 * it with the ratios, so a change is judged against a baseline on the same machine load.
 */
const baseline = process.env.BENCH_BASELINE_URL?.replace(/\/$/, '');
/** BENCH_PAGES=coin (comma list of page names) measures only those pages. */
const ONLY = (process.env.BENCH_PAGES ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const ALL_PAGES = [
  ['home', '/en-US/home'],
  ['coin', '/en-US/crypto/bitcoin'],
];
/** The first-content mark of each page (apps/web/src/lib/perf-marks.ts) and its target in s. */
const MARKS = { home: 'coinlens:prices', coin: 'coinlens:chart' };
const MARK_TARGET_S = 1.5;
const withMarks = process.env.BENCH_MARKS !== '0';
const PAGES = ALL_PAGES.filter(([name]) => !ONLY.length || ONLY.includes(name));
const unknown = ONLY.filter((n) => !ALL_PAGES.some(([name]) => name === n));
if (unknown.length) {
  console.error(`BENCH_PAGES: unknown page ${unknown.join(', ')} (known: ${ALL_PAGES.map(([name]) => name).join(', ')})`);
  process.exit(2);
}

for (const u of [base, baseline].filter(Boolean)) {
  if (!/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(u)) {
    console.error(`bench:web only measures a server on loopback (got ${u})`);
    process.exit(2);
  }
}
if (!fs.existsSync(path.join(root, 'apps', 'web', 'dist', '.vite', 'manifest.json'))) {
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
console.log('== initial JavaScript per page (build) ==');
spawnSync('node', [path.join(root, 'scripts', 'bench', 'web-size.mjs')], { stdio: 'inherit' });

if (!fs.existsSync(chromePath)) {
  console.error(`\nLighthouse skipped: no Chromium at ${chromePath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  process.exit(1);
}
for (const u of [base, baseline].filter(Boolean)) {
  try {
    const r = await fetch(`${u}/api/health`);
    if (!r.ok) throw new Error(`status ${r.status}`);
  } catch (e) {
    console.error(`\nLighthouse skipped: no server at ${u} (${e.message}); start one with \`npm start\` or set BENCH_BASE_URL / BENCH_BASELINE_URL`);
    process.exit(1);
  }
}

// Under heavy load Lighthouse can leave a rejected promise behind when the page's target closes
// (checkForQuiet); unhandled, Node exits before `finally` and leaves Chromium running.
process.on('unhandledRejection', (e) => console.error(`lighthouse: ${e instanceof Error ? e.message : e}`));
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
/** The servers measured: this one, and with BENCH_BASELINE_URL a baseline (another build) beside it. */
const TARGETS = [['this', base], ...(baseline ? [['baseline', baseline]] : [])];
console.log(`\n== Lighthouse mobile (${runs} run${runs > 1 ? 's' : ''} per page, median) at ${base}${baseline ? ` and the baseline ${baseline}, runs alternated` : ''} ==`);
// Simulated throttling scales the CPU time observed on this machine: figures from a loaded machine
// are worse than the page. Each row shows the load average (1 min) and Lighthouse's benchmark index
// (higher = faster CPU; a free core of a current desktop scores about 1000–2000) at its runs.
const label = (target) => (baseline ? ` ${target.padEnd(8)}` : '');
console.log(`page  ${baseline ? ' server   ' : ''} score  LCP s  FCP s  TBT ms   CLS    JS KB (wire)  total KB (wire)  load  bench-index  scores of the runs`);
let failed = 0;
const indexes = [];
/** Per page and server: the mark's seconds of each applied-throttling run (null: not set or run failed). */
const markRuns = {};
/** Per page and server: the median figures of the simulated-throttling runs. */
const medians = {};
try {
  for (const [name, p] of PAGES) {
    const res = Object.fromEntries(TARGETS.map(([t]) => [t, []]));
    for (let i = 0; i < runs; i++) {
      // alternate which server goes first, so neither always runs on the later (often busier) half
      const order = i % 2 ? [...TARGETS].reverse() : TARGETS;
      for (const [target, url] of order) {
        const r = await lighthouse(`${url}${p}`, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
        const file = `${name}${target === 'this' ? '' : `-${target}`}-${i + 1}`;
        if (reportDir) {
          fs.mkdirSync(reportDir, { recursive: true });
          fs.writeFileSync(path.join(reportDir, `${file}.json`), JSON.stringify(r.lhr));
        }
        const figures = runFigures(r.lhr);
        if (!figures) console.log(`${name}${label(target)}: run ${i + 1} failed (${r.lhr.runtimeError?.code ?? 'no score'}), left out of the median`);
        res[target].push(figures && { ...figures, load: os.loadavg()[0] });
        if (withMarks && MARKS[name]) {
          const d = await lighthouse(`${url}${p}`, { port: chrome.port, onlyCategories: ['performance'], throttlingMethod: 'devtools', output: 'json', logLevel: 'error' });
          if (reportDir) fs.writeFileSync(path.join(reportDir, `${file}-devtools.json`), JSON.stringify(d.lhr));
          ((markRuns[name] ??= {})[target] ??= []).push({ s: markSeconds(d.lhr, MARKS[name]), load: os.loadavg()[0], index: d.lhr.environment?.benchmarkIndex ?? 0 });
        }
      }
    }
    for (const [target] of TARGETS) {
      const list = res[target];
      const done = list.filter(Boolean).length;
      if (!done) {
        if (target === 'this') failed++;
        console.log(`${name.padEnd(6)}${label(target)} no run completed`);
        continue;
      }
      const m = (k) => medianOf(list, k);
      (medians[name] ??= {})[target] = { score: m('score'), tbt: m('tbt') };
      indexes.push(m('index'));
      if (target === 'this' && (m('score') < 90 || m('cls') > 0.05)) failed++;
      const each = list.map((r) => (r ? String(r.score) : '—')).join(' ');
      console.log(
        `${name.padEnd(6)}${label(target)} ${String(m('score')).padStart(5)}  ${m('lcp').toFixed(1).padStart(5)}  ${m('fcp').toFixed(1).padStart(5)}  ${String(Math.round(m('tbt'))).padStart(6)}  ${m('cls').toFixed(3)}  ${m('js').toFixed(1).padStart(12)}  ${m('total').toFixed(1).padStart(15)}  ${m('load').toFixed(1).padStart(4)}  ${String(Math.round(m('index'))).padStart(11)}  ${each}${done < runs ? `  (${done} of ${runs} runs completed)` : ''}`,
      );
    }
    const pair = medians[name];
    if (pair?.this && pair.baseline) {
      console.log(`${name.padEnd(6)} this ÷ baseline: score ${(pair.this.score / pair.baseline.score).toFixed(2)}×, TBT ${(pair.this.tbt / pair.baseline.tbt).toFixed(2)}×`);
    }
  }
} finally {
  await chrome.kill();
}
if (withMarks && Object.keys(markRuns).length) {
  console.log(`\n== time to first content (Lighthouse mobile, applied devtools throttling; median of ${runs} run${runs > 1 ? 's' : ''}) ==`);
  console.log(`page  ${baseline ? ' server   ' : ''} mark               s     runs (s)                load  bench-index`);
  for (const [name, byTarget] of Object.entries(markRuns)) {
    const med = {};
    for (const [target] of TARGETS) {
      const list = byTarget[target];
      if (!list) continue;
      const got = list.filter((r) => r.s !== null);
      const m = got.length ? medianOf(got, 's') : NaN;
      med[target] = m;
      if (target === 'this' && !(m <= MARK_TARGET_S)) failed++;
      const each = list.map((r) => (r.s === null ? 'none' : r.s.toFixed(2))).join(' ');
      console.log(`${name.padEnd(6)}${label(target)} ${MARKS[name].padEnd(16)} ${Number.isFinite(m) ? m.toFixed(2).padStart(5) : '   — '}  ${each.padEnd(22)}  ${medianOf(list, 'load').toFixed(1).padStart(4)}  ${String(Math.round(medianOf(list, 'index'))).padStart(11)}`);
    }
    if (Number.isFinite(med.this) && Number.isFinite(med.baseline)) console.log(`${name.padEnd(6)} this ÷ baseline: ${(med.this / med.baseline).toFixed(2)}×`);
  }
}
console.log(`targets: score ≥ 90, CLS ≤ 0.05${withMarks ? `, first content ≤ ${MARK_TARGET_S} s` : ''} — ${failed ? `${failed} figure(s) below target` : 'met'}${baseline ? ' (this server)' : ''}`);
const note = slowHostNote(Math.min(...indexes));
if (note) console.log(note);
