/**
 * Hyper-parameter search for the sentiment classifier on a DEV split carved out of the training
 * part only (the held-out test split is never touched here).
 * Usage: tsx packages/nlp/scripts/tune-sentiment.ts [lambda,...] [charWeight,...]
 */
import { readFileSync } from 'node:fs';
import { parseCsvObjects } from '../src/csv.js';
import { DEFAULT_FEATURE_CONFIG, extractFeatureCounts, vectorize, type FeatureConfig } from '../src/sentiment/features.js';
import { compactify, computeIdf, stratifiedSplit, trainSoftmax, unseenIdf } from '../src/sentiment/train.js';
import { CLASSES, HOLDOUT_FRACTION, SPLIT_SEED, DEV_SEED, TRAINING_CSV } from '../src/sentiment/dataset.js';

const rows = parseCsvObjects(readFileSync(TRAINING_CSV, 'utf8'));
const labels = rows.map((r) => r.label_name);
const { train } = stratifiedSplit(labels, HOLDOUT_FRACTION, SPLIT_SEED);
const trLabels = train.map((i) => labels[i]);
const dev = stratifiedSplit(trLabels, 0.2, DEV_SEED);
const lambdas = (process.argv[2] ?? '1e-4').split(',').map(Number);
const cws = (process.argv[3] ?? '1').split(',').map(Number);
const lw = Number(process.argv[4] ?? '0.5');
for (const cw of cws) {
  const cfg: FeatureConfig = { ...DEFAULT_FEATURE_CONFIG, charWeight: cw, lexWeight: lw };
  const counts = train.map((i) => extractFeatureCounts(rows[i].text, cfg));
  const fitIdx = dev.train;
  const idf = computeIdf(fitIdx.map((i) => counts[i]));
  const def = unseenIdf(fitIdx.length);
  const vecs = counts.map((c) => vectorize(c, (b) => idf.get(b) ?? def, cfg));
  const buckets = [...idf.keys()];
  const comp = compactify(vecs, buckets);
  const y = trLabels.map((l) => CLASSES.indexOf(l as (typeof CLASSES)[number]));
  for (const lambda of lambdas) {
    const t0 = Date.now();
    const model = trainSoftmax(fitIdx.map((i) => ({ ...comp[i], y: y[i] })), buckets.length, 3, lambda, { maxIter: 400 });
    let ok = 0;
    const Z: number[][] = [];
    for (const i of dev.test) {
      const z = [0, 0, 0].map((_, k) => model.b[k]);
      const v = comp[i];
      for (let t = 0; t < v.idx.length; t++) for (let k = 0; k < 3; k++) z[k] += model.W[v.idx[t] * 3 + k] * v.val[t];
      Z.push(z);
      const p = z.indexOf(Math.max(...z));
      if (p === y[i]) ok++;
    }
    // logit offsets for bearish / bullish (neutral fixed at 0), searched on the dev rows
    let best = { acc: 0, o0: 0, o1: 0 };
    for (let o0 = -0.5; o0 <= 1.001; o0 += 0.1)
      for (let o1 = -0.5; o1 <= 1.001; o1 += 0.1) {
        let c = 0;
        Z.forEach((z, j) => {
          const zz = [z[0] + o0, z[1] + o1, z[2]];
          if (zz.indexOf(Math.max(...zz)) === y[dev.test[j]]) c++;
        });
        if (c / Z.length > best.acc + 1e-9) best = { acc: c / Z.length, o0, o1 };
      }
    console.log(`  best offsets bearish ${best.o0.toFixed(1)} bullish ${best.o1.toFixed(1)} -> ${best.acc.toFixed(4)}`);
    console.log(`lw=${lw} cw=${cw} lambda=${lambda} dim=${buckets.length} iters=${model.iterations} devAcc=${(ok / dev.test.length).toFixed(4)} ${Date.now() - t0}ms`);
  }
}
