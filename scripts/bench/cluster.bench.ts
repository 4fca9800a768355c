/**
 * Event clustering over the shipped news (packages/nlp/src/cluster/cluster-news.ts `clusterNews`,
 * what a first start does to the whole backlog), this checkout's code against the same file at a
 * baseline git revision (BENCH_BASELINE_REF, default HEAD), run alternately in one process: wall
 * time per pass (median of `rounds`), the ratio baseline / this, and whether both give the same
 * clusters (a SHA-1 of every cluster's item ids). One core; no network.
 * Usage: npm run -s bench:cluster [-- rounds=3 n=29521]
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as current from '../../packages/nlp/src/cluster/cluster-news.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const arg = (k: string, d: string) => process.argv.find((a) => a.startsWith(k + '='))?.slice(k.length + 1) ?? d;
const rounds = Math.max(1, Number(arg('rounds', '3')));
const ref = process.env.BENCH_BASELINE_REF ?? 'HEAD';
const file = 'packages/nlp/src/cluster/cluster-news.ts';
const dir = fs.mkdtempSync(path.join(tmpdir(), 'coinlens-bench-cluster-'));
const baselineFile = path.join(dir, 'cluster-news.ts');
fs.writeFileSync(baselineFile, execFileSync('git', ['show', `${ref}:${file}`], { cwd: root }));
const baseline = (await import(baselineFile)) as typeof current;

const news = path.join(root, 'data', 'news', 'en_2025-05_08_btc-news_cryptocompare.jsonl.gz');
const rows = zlib.gunzipSync(fs.readFileSync(news)).toString('utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; title: string; summary?: string; source: string; published_at: string });
const items = rows.slice(0, Number(arg('n', String(rows.length)))).map((r) => ({ id: r.id, title: r.title, summary: r.summary, source: r.source, publishedAt: Date.parse(r.published_at) }));

const runs = { baseline: [] as number[], current: [] as number[] };
const digests = { baseline: '', current: '' };
for (let r = 0; r < rounds; r++) {
  // alternate which goes first, so a drift of the machine's speed falls on both
  const order = r % 2 ? (['current', 'baseline'] as const) : (['baseline', 'current'] as const);
  for (const name of order) {
    const impl = name === 'current' ? current : baseline;
    const t0 = performance.now();
    const clusters = impl.clusterNews(items);
    runs[name].push(performance.now() - t0);
    digests[name] = createHash('sha1').update(JSON.stringify(clusters.map((c) => c.itemIds))).digest('hex');
  }
}
fs.rmSync(dir, { recursive: true, force: true });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`clusterNews over ${items.length} shipped headlines, ${rounds} rounds alternated, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log(`  baseline (${ref}): median ${median(runs.baseline).toFixed(0)} ms (${runs.baseline.map((x) => x.toFixed(0)).join(', ')})`);
console.log(`  this checkout:     median ${median(runs.current).toFixed(0)} ms (${runs.current.map((x) => x.toFixed(0)).join(', ')})`);
console.log(`  ratio ${(median(runs.baseline) / median(runs.current)).toFixed(2)}× faster; clusters ${digests.baseline === digests.current ? 'identical' : 'DIFFERENT'} (${digests.current.slice(0, 12)})`);
if (digests.baseline !== digests.current) process.exitCode = 1;
