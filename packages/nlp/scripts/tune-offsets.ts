/**
 * Choose per-class logit offsets (decision thresholds) by 5-fold cross-validation on the TRAINING
 * part only: out-of-fold logits for every training row, then a grid search of bearish/bullish offsets
 * (neutral fixed at 0) maximising out-of-fold accuracy. The held-out split is never used.
 * Usage: tsx packages/nlp/scripts/tune-offsets.ts   (prints the offsets of the softmax model alone;
 * the shipped ensemble's weight and offsets come from scripts/cv-sentiment.ts, see sentiment-v1.tuning.md)
 */
import { DEFAULT_FEATURE_CONFIG, extractFeatureCounts, vectorize } from '../src/sentiment/features.js';
import { CLASSES, readTfns, tfnsSplit } from '../src/sentiment/dataset.js';
import { compactify, computeIdf, mulberry32, shuffle, trainSoftmax, unseenIdf } from '../src/sentiment/train.js';

const LAMBDA = 3e-6;
const FOLDS = 5;
const rows = readTfns();
const { train } = tfnsSplit(rows);
const cfg = DEFAULT_FEATURE_CONFIG;
const counts = train.map((i) => extractFeatureCounts(rows[i].text, cfg));
const y = train.map((i) => CLASSES.indexOf(rows[i].label));
// stratified fold assignment
const fold = new Array<number>(train.length);
const rand = mulberry32(99);
for (let k = 0; k < 3; k++) {
  const idx = shuffle(y.map((c, j) => (c === k ? j : -1)).filter((j) => j >= 0), rand);
  idx.forEach((j, r) => (fold[j] = r % FOLDS));
}
const Z: number[][] = new Array(train.length);
for (let f = 0; f < FOLDS; f++) {
  const fit = train.map((_, j) => j).filter((j) => fold[j] !== f);
  const held = train.map((_, j) => j).filter((j) => fold[j] === f);
  const idf = computeIdf(fit.map((j) => counts[j]));
  const def = unseenIdf(fit.length);
  const buckets = [...idf.keys()];
  const comp = compactify(counts.map((c) => vectorize(c, (b) => idf.get(b) ?? def, cfg)), buckets);
  const m = trainSoftmax(fit.map((j) => ({ ...comp[j], y: y[j] })), buckets.length, 3, LAMBDA, { maxIter: 400 });
  for (const j of held) {
    const z = [m.b[0], m.b[1], m.b[2]];
    const v = comp[j];
    for (let t = 0; t < v.idx.length; t++) for (let k = 0; k < 3; k++) z[k] += m.W[v.idx[t] * 3 + k] * v.val[t];
    Z[j] = z;
  }
  process.stderr.write(`fold ${f} done\n`);
}
const acc = (o0: number, o1: number) => {
  let c = 0;
  Z.forEach((z, j) => {
    const a = z[0] + o0, b = z[1] + o1, n = z[2];
    const p = a >= b && a >= n ? 0 : b >= n ? 1 : 2;
    if (p === y[j]) c++;
  });
  return c / Z.length;
};
let best = { acc: acc(0, 0), o0: 0, o1: 0 };
console.log(`out-of-fold accuracy without offsets: ${best.acc.toFixed(4)}`);
for (let i = -10; i <= 15; i++)
  for (let k = -10; k <= 15; k++) {
    const a = acc(i / 10, k / 10);
    if (a > best.acc + 1e-12) best = { acc: a, o0: i / 10, o1: k / 10 };
  }
console.log(`best offsets bearish ${best.o0} bullish ${best.o1}: out-of-fold accuracy ${best.acc.toFixed(4)}`);
