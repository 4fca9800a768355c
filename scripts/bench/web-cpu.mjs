#!/usr/bin/env node
/**
 * `npm run bench:web-cpu`: the main thread's CPU time of a page load, a figure that holds on a
 * loaded machine. Lighthouse (`npm run bench:web`) reads wall-clock task durations; when other
 * processes hold the cores, a task's wall time includes the time its thread waited for one, and
 * total blocking time swings several-fold between two runs of the same build. A Chromium trace also
 * records each task's thread time (`tdur`: CPU time of the thread), which waiting does not inflate.
 *
 * Per run: a fresh browser context (no cache) of 412 × 823 px opens the page and is traced for
 * BENCH_CPU_WINDOW_S seconds (default 12: the load, the first render and several market ticks);
 * the figures are the sums of `tdur` on the page's renderer main thread, in ms of host CPU
 * (unthrottled): all tasks, script (FunctionCall, EvaluateScript, v8.evaluateModule), style
 * (UpdateLayoutTree), layout and paint. BENCH_RUNS runs per page (default 3), medians and the range.
 * With BENCH_BASELINE_URL the baseline server (say, the build before a change, served with
 * WEB_DIST_DIR) is measured in the same run, alternating with this one, and the ratios printed.
 * Loopback only; Debian's Chromium (CHROMIUM_PATH) with the screenshot flags.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const base = (process.env.BENCH_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const baseline = process.env.BENCH_BASELINE_URL?.replace(/\/$/, '');
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const windowS = Math.max(2, Number(process.env.BENCH_CPU_WINDOW_S ?? 12));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = [
  ['home', '/en-US/home'],
  ['coin', '/en-US/crypto/bitcoin'],
];
const TARGETS = [['this', base], ...(baseline ? [['baseline', baseline]] : [])];
for (const [, u] of TARGETS) {
  if (!/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(u)) {
    console.error(`bench:web-cpu only measures a server on loopback (got ${u})`);
    process.exit(2);
  }
}

/**
 * CPU figures (ms) of one traced load of `url`.
 * @returns {Promise<{ cpu: number, script: number, style: number, layout: number, paint: number }>}
 */
async function measure(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await ctx.newPage();
  const file = path.join(os.tmpdir(), `coinlens-web-cpu-${process.pid}.json`);
  await browser.startTracing(page, { path: file, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForTimeout(windowS * 1000);
  await browser.stopTracing();
  await ctx.close();
  const { traceEvents } = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.rmSync(file, { force: true });
  // the page's renderer: of the renderer main threads (about:blank, the page, …), the busiest
  const threads = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const sum = (t, names) => traceEvents.filter((e) => e.ph === 'X' && e.pid === t.pid && e.tid === t.tid && names.includes(e.name)).reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000;
  const main = threads.sort((a, b) => sum(b, ['RunTask']) - sum(a, ['RunTask']))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  return {
    cpu: sum(main, ['RunTask']),
    script: sum(main, ['FunctionCall', 'EvaluateScript', 'v8.evaluateModule']),
    style: sum(main, ['UpdateLayoutTree']),
    layout: sum(main, ['Layout']),
    paint: sum(main, ['Paint']),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) => `${String(Math.round(median(xs))).padStart(5)} (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))})`;

const browser = await chromium.launch({ executablePath: chromePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
console.log(`== main-thread CPU time of a load, first ${windowS} s (trace tdur, ms; median (min–max) of ${runs} run${runs > 1 ? 's' : ''}) at ${base}${baseline ? ` and the baseline ${baseline}, runs alternated` : ''} ==`);
console.log(`page  ${baseline ? ' server   ' : ''}    all tasks         script          style         layout          paint   load`);
try {
  for (const [name, p] of PAGES) {
    const res = Object.fromEntries(TARGETS.map(([t]) => [t, []]));
    const loads = [];
    for (let i = 0; i < runs; i++) {
      for (const [target, url] of i % 2 ? [...TARGETS].reverse() : TARGETS) {
        res[target].push(await measure(browser, `${url}${p}`));
        loads.push(os.loadavg()[0]);
      }
    }
    for (const [target] of TARGETS) {
      const col = (k) => fmt(res[target].map((r) => r[k])).padStart(15);
      console.log(`${name.padEnd(6)}${baseline ? ` ${target.padEnd(8)}` : ''} ${col('cpu')}${col('script')}${col('style')}${col('layout')}${col('paint')}  ${median(loads).toFixed(1).padStart(5)}`);
    }
    if (baseline) {
      const ratio = (k) => (median(res.this.map((r) => r[k])) / median(res.baseline.map((r) => r[k]))).toFixed(2);
      console.log(`${name.padEnd(6)} this ÷ baseline: all tasks ${ratio('cpu')}×, script ${ratio('script')}×, style ${ratio('style')}×, layout ${ratio('layout')}×, paint ${ratio('paint')}×`);
    }
  }
} finally {
  await browser.close();
}
