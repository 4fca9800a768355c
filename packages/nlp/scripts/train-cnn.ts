/**
 * Train the convolutional part of the sentiment model (recipe.ts CNN_RECIPE, decisions 136 and 137) on every
 * training row and its lead (cryptoTrainingRows: evaluation headlines, their near-duplicates and everything from
 * January 2026 on left out; the TFNS training part) and write a format-5 model file: the linear model of
 * `linear=<file>` (default: the shipped file, its own `cnn` part dropped) plus the CNNs. Deterministic
 * (seeded). Takes about 2 minutes per seed on one core.
 * `npm run train:sentiment` trains both parts of the shipped file; this script retrains only the CNNs.
 * Usage: npm run -s train:cnn [-- out=<file>] [linear=<file>]   (default out: the shipped model file)
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cryptoTrainingRows, trainingLeads } from '../src/sentiment/crypto-dataset.js';
import { MODEL_JSON, readTfns, tfnsSplit } from '../src/sentiment/dataset.js';
import type { SentimentModelJson } from '../src/sentiment/model.js';
import { cnnExamples, cnnLeadExamples, cnnMeta, CNN_RECIPE, RECIPE, trainCnnPart } from '../src/sentiment/recipe.js';

const arg = (k: string) => process.argv.find((a) => a.startsWith(k + '='))?.slice(k.length + 1);
const log = (s: string) => process.stdout.write(s + '\n');
const out = arg('out') ?? MODEL_JSON;
const linear = JSON.parse(readFileSync(arg('linear') ?? MODEL_JSON, 'utf8')) as SentimentModelJson;
const { cnn: _old, ...base } = linear;
if (base.format !== 'coinlens-sentiment/4' && base.format !== 'coinlens-sentiment/5') throw new Error(`train-cnn: the linear model must be format 4 (got ${base.format})`);
const { en, extra, nocoin } = cryptoTrainingRows(RECIPE.labelPass);
const tfns = readTfns();
const leads = cnnLeadExamples([...en, ...extra, ...nocoin], trainingLeads());
const rows = [...cnnExamples([...en, ...extra, ...nocoin], tfnsSplit(tfns).train.map((i) => tfns[i])), ...leads];
log(`training ${CNN_RECIPE.seeds} CNNs on ${rows.length} rows (${en.length + extra.length + nocoin.length} English crypto headlines, ${leads.length} of their leads, the rest TFNS)`);
const cnn = trainCnnPart(rows, log);
const json: SentimentModelJson = {
  ...base,
  format: 'coinlens-sentiment/5',
  cnn,
  meta: { ...(base.meta ?? {}), cnn: cnnMeta(rows.length, leads.length) },
};
writeFileSync(out + '.tmp', JSON.stringify(json) + '\n');
renameSync(out + '.tmp', out);
log(`wrote ${out}`);
