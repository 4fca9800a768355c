/**
 * Train the sentiment recipe v2 (src/sentiment/recipe.ts) and write packages/nlp/model/sentiment-v2.json.
 * Rows: the TFNS training part (the fixed 20 % hold-out is left out, so it stays a clean test), every
 * row of data/training/crypto-headline-sentiment/train.csv and its Chinese rendering train_zh.csv.
 * dev.csv / dev_zh.csv are never read here (`npm run -s sentiment:eval` measures on them).
 * Reproducible: fixed split seed, deterministic features and L-BFGS (same bytes on rerun).
 * Usage: npm run train:sentiment [-- recipe=nb-mix out=<file>]  (the candidate RECIPE_NB_MIX, not shipped)
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { CRYPTO_FILES, readCryptoHeadlines } from '../src/sentiment/crypto-dataset.js';
import { HOLDOUT_FRACTION, MODEL_JSON, readTfns, SPLIT_SEED, tfnsSplit } from '../src/sentiment/dataset.js';
import { RECIPE, RECIPE_NB_MIX, trainRecipe } from '../src/sentiment/recipe.js';

const log = (s: string) => process.stdout.write(s + '\n');
const arg = (k: string) => process.argv.find((a) => a.startsWith(k + '='))?.slice(k.length + 1);
const recipeName = arg('recipe') ?? 'v2';
if (recipeName !== 'v2' && recipeName !== 'nb-mix') throw new Error(`unknown recipe ${recipeName} (v2 | nb-mix)`);
const settings = recipeName === 'nb-mix' ? RECIPE_NB_MIX : RECIPE;
const out = arg('out') ?? MODEL_JSON;
if (recipeName !== 'v2' && out === MODEL_JSON) throw new Error('recipe=nb-mix is a measured candidate, not the shipped model: give out=<file>');
const tfns = readTfns();
const { train } = tfnsSplit(tfns);
const en = readCryptoHeadlines(CRYPTO_FILES.train);
const zh = readCryptoHeadlines(CRYPTO_FILES.trainZh);
const texts = [
  ...train.map((i) => ({ text: tfns[i].text, label: tfns[i].label, weight: 1 })),
  ...en.map((r) => ({ text: r.text, label: r.label, weight: RECIPE.cryptoWeight, domain: 'crypto' as const })),
  ...zh.map((r) => ({ text: r.text, label: r.label, weight: RECIPE.cryptoWeight, domain: 'crypto' as const })),
];
const t = Date.now();
const r = trainRecipe(
  texts,
  {
  trainedOn: [
    `data/training/tfns (TFNS, MIT): training part only, ${train.length} of ${tfns.length} rows (stratified ${HOLDOUT_FRACTION * 100} % held out, mulberry32 seed ${SPLIT_SEED})`,
    `data/training/crypto-headline-sentiment/train.csv: ${en.length} rows (en)`,
    `data/training/crypto-headline-sentiment/train_zh.csv: ${zh.length} rows (zh, the same headlines in Chinese)`,
  ],
  },
  settings,
);
const text = JSON.stringify(r.json) + '\n';
writeFileSync(out, text);
log(`trained on ${texts.length} rows in ${((Date.now() - t) / 1000).toFixed(0)} s (${r.iterations} L-BFGS iterations, ${r.nBuckets} buckets)`);
log(`wrote ${out} (${Buffer.byteLength(text)} bytes, sha256 ${createHash('sha256').update(text).digest('hex')})`);
log(`measure it: npm run -s sentiment:eval${out === MODEL_JSON ? '' : ` -- model=${out}`}`);
