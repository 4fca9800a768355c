/**
 * Throughput of the news classifier on one core: classifySentiment (model + rules, as the ingester calls
 * it) over the shipped headlines (English and Chinese), after a warm-up pass. Prints, per language,
 * headlines per second of wall time and per second of this process's CPU time (user + system,
 * process.cpuUsage: what one core does when the process has it; on a shared machine the wall rate only
 * shows the share it got), and the model's load time and file size. Target: ≥ 1,000 headlines per
 * CPU-second on one core.
 * `cold=1` first runs one pass over the English headlines on a fresh model (nothing cached yet, as a
 * server analysing its backlog at start) and prints its CPU time and, after a full garbage collection,
 * the process's arrayBuffers and RSS (the CNNs' token cache is held in typed arrays). Compare code
 * versions by running the same command in a worktree of the other commit.
 * Usage: npm run -s bench:sentiment [-- model=<file>] [rounds=3] [n=5000] [cold=1]
 */
import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { classifySentiment, loadSentimentModel } from '../../packages/nlp/src/sentiment/classify.js';
import { CRYPTO_FILES, readCryptoHeadlines, ZH_NATIVE_FILES } from '../../packages/nlp/src/sentiment/crypto-dataset.js';
import { MODEL_JSON } from '../../packages/nlp/src/sentiment/dataset.js';
import { unlabelledHeadlines } from '../../packages/nlp/src/sentiment/unlabelled.js';

const arg = (k: string, d: string) => process.argv.find((a) => a.startsWith(k + '='))?.slice(k.length + 1) ?? d;
const path = arg('model', MODEL_JSON);
const rounds = Number(arg('rounds', '3'));
const t0 = performance.now();
const model = loadSentimentModel(path);
const loadMs = performance.now() - t0;
const en = unlabelledHeadlines(new Set()).slice(0, Number(arg('n', '5000')));
const zh = [...readCryptoHeadlines(CRYPTO_FILES.trainZh).map((r) => r.text), ...readCryptoHeadlines(ZH_NATIVE_FILES.train).map((r) => r.text)];
const out: string[] = [`model ${path === MODEL_JSON ? 'packages/nlp/model/sentiment-v2.json' : path}: ${(statSync(path).size / 1e6).toFixed(2)} MB, loaded in ${loadMs.toFixed(0)} ms`];
if (arg('cold', '0') === '1') {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const c = process.cpuUsage();
  for (const t of en) classifySentiment(t, model);
  const cpu = process.cpuUsage(c);
  gc();
  const mem = process.memoryUsage();
  out.push(`cold pass, English: ${en.length} headlines in ${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU-s; after it (full GC) arrayBuffers ${(mem.arrayBuffers / 1e6).toFixed(0)} MB, RSS ${(mem.rss / 1e6).toFixed(0)} MB`);
}
for (const [name, texts] of [['English', en], ['Chinese', zh]] as const) {
  for (const t of texts.slice(0, 500)) classifySentiment(t, model);
  const rates: number[] = [];
  const cpuRates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const s = performance.now();
    const c = process.cpuUsage();
    for (const t of texts) classifySentiment(t, model);
    const cpu = process.cpuUsage(c);
    rates.push((texts.length / (performance.now() - s)) * 1000);
    cpuRates.push(texts.length / ((cpu.user + cpu.system) / 1e6));
  }
  const med = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
  out.push(`${name}: ${texts.length} headlines × ${rounds} rounds, median ${med(cpuRates)} headlines per CPU-second (one thread), ${med(rates)} per wall-clock second`);
}
out.push(`load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')} (the machine is shared: figures are lower bounds of a quiet machine)`);
process.stdout.write(out.join('\n') + '\n');
