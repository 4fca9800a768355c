/**
 * 5-fold cross-validation of sentiment model variants. By default on the TRAINING part only (the
 * held-out split is never touched): each run writes the out-of-fold logits of every training row to a
 * cache file; `combine` then scores single models and ensembles (with per-class logit offsets).
 * `rows=all` cross-validates over all TFNS rows instead (same fold seed), for the final recipe.
 * Usage:
 *   tsx packages/nlp/scripts/cv-sentiment.ts lr [lambda=3e-6] [tri=1] [lex=0.5] [cw=1] [cmax=5] [folds=0,1,2,3,4]
 *   tsx packages/nlp/scripts/cv-sentiment.ts mlp [h=32] [ep=8] [lr=0.003] [do=0.3] [wd=0] [init=0.05] [seed=1] [mindf=1]
 *   tsx packages/nlp/scripts/cv-sentiment.ts nblr [c=1] [beta=0.25] [alpha=1]
 *   tsx packages/nlp/scripts/cv-sentiment.ts recipe [rows=all]
 *     the shipped recipe (src/sentiment/recipe.ts, fixed settings) trained on 4 folds and evaluated as a
 *     quantised model file on the fifth; with rows=all (and all folds) the summary is written to
 *     packages/nlp/model/sentiment-v1.cv.json for the report.
 *   tsx packages/nlp/scripts/cv-sentiment.ts combine <name> <name> ...
 * Cache directory: $SENTIMENT_CV_DIR (default: the OS temp dir).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_FEATURE_CONFIG, extractFeatureCounts, vectorize, type FeatureConfig } from '../src/sentiment/features.js';
import { CLASSES, CV_JSON, readTfns, tfnsSplit } from '../src/sentiment/dataset.js';
import { classifySentiment, classifySentimentModelOnly } from '../src/sentiment/classify.js';
import { computeMetrics } from '../src/sentiment/evaluate.js';
import { decodeModel } from '../src/sentiment/model.js';
import { RECIPE_ID, recipeFingerprint, trainRecipe } from '../src/sentiment/recipe.js';
import type { CvSummary } from './sentiment-report.js';
import { compactify, computeIdf, mlpLogits, stratifiedFolds, trainBinaryLogistic, trainMlp, trainSoftmax, unseenIdf } from '../src/sentiment/train.js';

const FOLDS = 5;
const FOLD_SEED = 99;
const dir = process.env.SENTIMENT_CV_DIR ?? tmpdir();
const [kind, ...rest] = process.argv.slice(2);
const opt = new Map(rest.filter((a) => a.includes('=')).map((a) => a.split('=') as [string, string]));
const num = (k: string, d: number) => (opt.has(k) ? Number(opt.get(k)) : d);

const rows = readTfns();
const allRows = opt.get('rows') === 'all';
/** Row positions cross-validated: the training part of the fixed split, or every row with rows=all. */
const train = allRows ? rows.map((_, i) => i) : tfnsSplit(rows).train;
const y = train.map((i) => CLASSES.indexOf(rows[i].label));
const fold = stratifiedFolds(y, FOLDS, FOLD_SEED);

function logSoftmax(z: number[]): number[] {
  const mx = Math.max(...z);
  const ls = Math.log(z.reduce((s, v) => s + Math.exp(v - mx), 0)) + mx;
  return z.map((v) => v - ls);
}

function accuracy(Z: (number[] | undefined)[], off = [0, 0, 0]): { acc: number; n: number } {
  let c = 0, n = 0;
  Z.forEach((z, j) => {
    if (!z) return;
    n++;
    const a = z[0] + off[0], b = z[1] + off[1], m = z[2] + off[2];
    const p = a >= b && a >= m ? 0 : b >= m ? 1 : 2;
    if (p === y[j]) c++;
  });
  return { acc: c / n, n };
}

function bestOffsets(Z: (number[] | undefined)[]): { acc: number; o: number[] } {
  let best = { acc: accuracy(Z).acc, o: [0, 0, 0] };
  for (let i = -10; i <= 15; i++)
    for (let k = -10; k <= 15; k++) {
      const a = accuracy(Z, [i / 10, k / 10, 0]).acc;
      if (a > best.acc + 1e-12) best = { acc: a, o: [i / 10, k / 10, 0] };
    }
  return best;
}

if (kind === 'combine') {
  const names = rest;
  const Ls = names.map((n) => (JSON.parse(readFileSync(join(dir, `sentcv-${n}.json`), 'utf8')) as (number[] | null)[]).map((z) => (z ? logSoftmax(z) : undefined)));
  for (const [n, L] of names.map((n, i) => [n, Ls[i]] as const)) {
    const b = bestOffsets(L);
    console.log(`${n}: ${(100 * accuracy(L).acc).toFixed(2)} % (n=${accuracy(L).n}), with offsets ${b.o.slice(0, 2).join('/')} ${(100 * b.acc).toFixed(2)} %`);
  }
  if (Ls.length >= 2) {
    // weight of the first model vs the mean of the others, in log-prob space
    for (let w = 0; w <= 1.0001; w += 0.1) {
      const Z = Ls[0].map((z0, j) => {
        if (!z0 || Ls.some((L) => !L[j])) return undefined;
        return [0, 1, 2].map((k) => w * z0[k] + ((1 - w) / (Ls.length - 1)) * Ls.slice(1).reduce((s, L) => s + L[j]![k], 0));
      });
      const b = bestOffsets(Z);
      console.log(`  w(${names[0]})=${w.toFixed(1)}: ${(100 * accuracy(Z).acc).toFixed(2)} %, with offsets ${b.o.slice(0, 2).join('/')} ${(100 * b.acc).toFixed(2)} %`);
    }
  }
  process.exit(0);
}

if (kind === 'recipe') {
  // the shipped recipe, fixed settings; each fold's model is encoded/decoded like the shipped file
  const folds = (opt.get('folds') ?? '0,1,2,3,4').split(',').map(Number);
  const Z: (number[] | null)[] = new Array(train.length).fill(null);
  const truth: (typeof CLASSES)[number][] = [];
  const pm: (typeof CLASSES)[number][] = [];
  const pr: (typeof CLASSES)[number][] = [];
  const perFold: number[] = [];
  const t0 = Date.now();
  for (const f of folds) {
    const fit = train.filter((_, j) => fold[j] !== f);
    const held = train.map((_, j) => j).filter((j) => fold[j] === f);
    const model = decodeModel(trainRecipe(rows, fit).json);
    let correct = 0;
    for (const j of held) {
      const r = rows[train[j]];
      const a = classifySentimentModelOnly(r.text, model);
      Z[j] = CLASSES.map((c) => Math.log(Math.max(a.scores[c], 1e-300)));
      truth.push(r.label);
      pm.push(a.label);
      pr.push(classifySentiment(r.text, model).label);
      if (a.label === r.label) correct++;
    }
    perFold.push(correct / held.length);
    process.stderr.write(`fold ${f}: trained on ${fit.length} rows, ${(100 * correct / held.length).toFixed(2)} % on ${held.length} (${((Date.now() - t0) / 1000).toFixed(0)} s)\n`);
  }
  const name = [kind, ...rest].join('_');
  writeFileSync(join(dir, `sentcv-${name}.json`), JSON.stringify(Z));
  const m = computeMetrics(truth, pm);
  const mr = computeMetrics(truth, pr);
  console.log(`${name}: out-of-fold accuracy ${(100 * m.accuracy).toFixed(2)} % (n=${m.n}), with crypto rules ${(100 * mr.accuracy).toFixed(2)} %, macro F1 ${m.macroF1.toFixed(3)}; per fold ${perFold.map((a) => (100 * a).toFixed(2)).join(' / ')} %; ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  if (allRows && folds.length === FOLDS && m.n === rows.length) {
    const summary: CvSummary = {
      recipe: RECIPE_ID,
      recipeFingerprint: recipeFingerprint(),
      rows: m.n,
      folds: FOLDS,
      seed: FOLD_SEED,
      command: 'npx tsx packages/nlp/scripts/cv-sentiment.ts recipe rows=all',
      accuracy: m.accuracy,
      correct: m.confusion.reduce((s, row, k) => s + row[k], 0),
      macroF1: m.macroF1,
      withRulesAccuracy: mr.accuracy,
      perFold,
    };
    writeFileSync(CV_JSON, JSON.stringify(summary, null, 2) + '\n');
    console.log(`wrote ${CV_JSON}`);
  }
  process.exit(0);
}

const cfg: FeatureConfig = { ...DEFAULT_FEATURE_CONFIG, lexWeight: num('lex', DEFAULT_FEATURE_CONFIG.lexWeight), charWeight: num('cw', 1), charMax: num('cmax', DEFAULT_FEATURE_CONFIG.charMax), trigrams: opt.get('tri') === '1' };
const counts = train.map((i) => extractFeatureCounts(rows[i].text, cfg));
const folds = (opt.get('folds') ?? '0,1,2,3,4').split(',').map(Number);
const Z: (number[] | null)[] = new Array(train.length).fill(null);
const t0 = Date.now();
for (const f of folds) {
  const fit = train.map((_, j) => j).filter((j) => fold[j] !== f);
  const held = train.map((_, j) => j).filter((j) => fold[j] === f);
  if (kind === 'nblr') {
    // NB-LR (Wang & Manning 2012): binary presence features scaled by the log-count ratio, one-vs-rest
    const alpha = num('alpha', 1), c = num('c', 1), beta = num('beta', 0.25);
    const bset = new Set<number>();
    for (const j of fit) for (const g of counts[j]) for (const b of g.keys()) bset.add(b);
    const buckets = [...bset].sort((a, b) => a - b);
    const pos = new Map(buckets.map((b, i) => [b, i]));
    const bin = counts.map((gs) => {
      const s = new Set<number>();
      for (const g of gs) for (const b of g.keys()) if (pos.has(b)) s.add(pos.get(b)!);
      return Int32Array.from([...s].sort((a, b) => a - b));
    });
    const D = buckets.length;
    const out: number[][] = held.map(() => [0, 0, 0]);
    for (let k = 0; k < 3; k++) {
      const p = new Float64Array(D).fill(alpha), q = new Float64Array(D).fill(alpha);
      for (const j of fit) for (const b of bin[j]) (y[j] === k ? p : q)[b]++;
      let sp = 0, sq = 0;
      for (let i = 0; i < D; i++) { sp += p[i]; sq += q[i]; }
      const r = new Float64Array(D);
      for (let i = 0; i < D; i++) r[i] = Math.log(p[i] / sp / (q[i] / sq));
      const ex = (j: number) => ({ idx: bin[j], val: Float64Array.from(bin[j], (b) => r[b]), y: y[j] === k ? 1 : 0 });
      const m = trainBinaryLogistic(fit.map(ex), D, c / fit.length, { maxIter: 300 });
      let mean = 0;
      for (let i = 0; i < D; i++) mean += Math.abs(m.w[i]);
      mean /= D;
      held.forEach((j, h) => {
        const e = ex(j);
        let z = m.b;
        for (let t = 0; t < e.idx.length; t++) z += ((1 - beta) * mean + beta * m.w[e.idx[t]]) * e.val[t];
        out[h][k] = z;
      });
    }
    held.forEach((j, h) => (Z[j] = out[h]));
  } else {
    const idf = computeIdf(fit.map((j) => counts[j]));
    const def = unseenIdf(fit.length);
    const mindf = num('mindf', 1);
    let buckets = [...idf.keys()];
    if (mindf > 1) {
      const df = new Map<number, number>();
      for (const j of fit) { const s = new Set<number>(); for (const g of counts[j]) for (const b of g.keys()) s.add(b); for (const b of s) df.set(b, (df.get(b) ?? 0) + 1); }
      buckets = buckets.filter((b) => df.get(b)! >= mindf);
    }
    const comp = compactify(counts.map((c) => vectorize(c, (b) => idf.get(b) ?? def, cfg)), buckets);
    if (kind === 'lr') {
      const m = trainSoftmax(fit.map((j) => ({ ...comp[j], y: y[j] })), buckets.length, 3, num('lambda', 3e-6), { maxIter: 400 });
      for (const j of held) {
        const z = [m.b[0], m.b[1], m.b[2]];
        const v = comp[j];
        for (let t = 0; t < v.idx.length; t++) for (let k = 0; k < 3; k++) z[k] += m.W[v.idx[t] * 3 + k] * v.val[t];
        Z[j] = z;
      }
    } else if (kind === 'mlp') {
      const m = trainMlp(fit.map((j) => ({ ...comp[j], y: y[j] })), buckets.length, 3, {
        hidden: num('h', 32), epochs: num('ep', 8), lr: num('lr', 0.003), batch: num('bs', 32), dropout: num('do', 0.3), weightDecay: num('wd', 0), init: num('init', 0.05), seed: num('seed', 1),
      });
      for (const j of held) Z[j] = mlpLogits(m, comp[j].idx, comp[j].val);
    } else throw new Error(`unknown kind ${kind}`);
  }
  process.stderr.write(`fold ${f} done (${((Date.now() - t0) / 1000).toFixed(0)} s)\n`);
}
const name = [kind, ...rest].join('_');
writeFileSync(join(dir, `sentcv-${name}.json`), JSON.stringify(Z));
const a = accuracy(Z as (number[] | undefined)[]);
const b = bestOffsets(Z as (number[] | undefined)[]);
console.log(`${name}: out-of-fold accuracy ${(100 * a.acc).toFixed(2)} % (n=${a.n}); with offsets ${b.o.slice(0, 2).join('/')} ${(100 * b.acc).toFixed(2)} %; ${((Date.now() - t0) / 1000).toFixed(0)} s`);
