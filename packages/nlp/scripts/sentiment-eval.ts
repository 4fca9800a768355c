/**
 * Evaluate the shipped sentiment model (model/sentiment-v2.json) on data it never saw:
 *  - crypto dev (EN): data/training/crypto-headline-sentiment/dev.csv (379 headlines, two annotators agreed);
 *  - crypto dev (ZH): dev_zh.csv, the same headlines rendered in Chinese, labels carried over;
 *  - TFNS hold-out: the fixed stratified 20 % of the TFNS copy (seed 20250516), left out of training.
 * For each: accuracy, macro F1, per-class recall and the confusion matrix (rows = truth, columns =
 * prediction), with the "always bullish" baseline for reference. Takes a few seconds.
 * Usage: npm run -s sentiment:eval [-- model=<file>]  (default: the shipped model)
 */
import { statSync } from 'node:fs';
import { classifySentiment, loadSentimentModel } from '../src/sentiment/classify.js';
import { CRYPTO_FILES, readCryptoHeadlines } from '../src/sentiment/crypto-dataset.js';
import { CLASSES, MODEL_JSON, readTfns, tfnsSplit } from '../src/sentiment/dataset.js';
import { computeMetrics, type Metrics } from '../src/sentiment/evaluate.js';

const modelPath = process.argv.find((a) => a.startsWith('model='))?.slice(6) ?? MODEL_JSON;
const model = loadSentimentModel(modelPath);
const pct = (x: number) => (100 * x).toFixed(1) + ' %';

function report(name: string, rows: { text: string; label: (typeof CLASSES)[number] }[], target: string): Metrics {
  const truth = rows.map((r) => r.label);
  const m = computeMetrics(truth, rows.map((r) => classifySentiment(r.text, model).label));
  const base = computeMetrics(truth, rows.map(() => 'bullish' as const));
  const w = Math.max(...CLASSES.map((c) => c.length)) + 2;
  const lines = [
    `${name} (n=${m.n}; target ${target})`,
    `  accuracy ${pct(m.accuracy)}   macro F1 ${m.macroF1.toFixed(3)}   (always "bullish": accuracy ${pct(base.accuracy)}, macro F1 ${base.macroF1.toFixed(3)})`,
    `  recall   ${CLASSES.map((c) => `${c} ${pct(m.perClass[c].recall)}`).join('   ')}`,
    `  confusion (rows = truth, columns = predicted):`,
    `    ${''.padEnd(w)}${CLASSES.map((c) => c.padStart(w)).join('')}`,
    ...CLASSES.map((c, k) => `    ${c.padEnd(w)}${m.confusion[k].map((v) => String(v).padStart(w)).join('')}`),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
  return m;
}

const meta = model.meta;
const bytes = statSync(modelPath).size;
process.stdout.write(`model: ${modelPath === MODEL_JSON ? 'packages/nlp/model/sentiment-v2.json' : modelPath}, ${(bytes / 1e6).toFixed(2)} MB${meta?.recipe ? ` (${String(meta.recipe)})` : ''}\n\n`);
const t0 = performance.now();
let n = 0;
const timed = (name: string, rows: { text: string; label: (typeof CLASSES)[number] }[], target: string) => {
  n += rows.length;
  return report(name, rows, target);
};
timed('Crypto dev (EN)', readCryptoHeadlines(CRYPTO_FILES.dev), 'accuracy ≥ 80 %, macro F1 ≥ 0.75');
timed('Crypto dev (ZH)', readCryptoHeadlines(CRYPTO_FILES.devZh), 'accuracy ≥ 75 %');
const tfns = readTfns();
timed('TFNS hold-out', tfnsSplit(tfns).test.map((i) => tfns[i]), 'accuracy ≥ 84 %');
const ms = performance.now() - t0;
process.stdout.write(`speed: ${n} texts classified (with the rules) in ${ms.toFixed(0)} ms, ${Math.round((n / ms) * 1000)} texts/s on one thread (this machine, load not controlled)\n`);
