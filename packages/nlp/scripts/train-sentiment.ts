/**
 * Train the sentiment model on the in-repo TFNS copy and write
 * packages/nlp/model/sentiment-v1.json and sentiment-v1.report.md.
 * Reproducible: fixed split seed, deterministic features and L-BFGS (same bytes on rerun).
 * Usage: npm run train:sentiment
 */
import { writeFileSync } from 'node:fs';
import { DEFAULT_FEATURE_CONFIG, extractFeatureCounts, vectorize } from '../src/sentiment/features.js';
import { decodeModel, dequantiseIdf, encodeModel, quantiseIdf } from '../src/sentiment/model.js';
import { compactify, computeIdf, trainSoftmax, unseenIdf } from '../src/sentiment/train.js';
import { CLASSES, HOLDOUT_FRACTION, MODEL_JSON, REPORT_MD, SPLIT_SEED, readTfns, tfnsSplit } from '../src/sentiment/dataset.js';
import { evaluateHeldOut } from '../src/sentiment/evaluate.js';
import { renderReport } from './sentiment-report.js';

/** L2 strength (chosen on a dev split inside the training part, see tune-sentiment.ts). */
export const LAMBDA = 3e-6;
export const MAX_ITER = 400;
/**
 * Logit offsets added to the fitted bias (bearish, bullish, neutral): decision thresholds chosen by
 * 5-fold cross-validation on the training rows (scripts/tune-offsets.ts), not on the held-out split.
 */
export const LOGIT_OFFSETS = [-0.4, 0.3, 0];

const t0 = Date.now();
const rows = readTfns();
const labels = rows.map((r) => r.label);
const { train } = tfnsSplit(rows);
const cfg = DEFAULT_FEATURE_CONFIG;
const counts = train.map((i) => extractFeatureCounts(rows[i].text, cfg));
const idf = computeIdf(counts);
const idfMax = unseenIdf(train.length);
const buckets = Int32Array.from(idf.keys());
const idfQ = Uint8Array.from([...idf.values()].map((v) => quantiseIdf(v, idfMax)));
const idfDeq = new Map<number, number>();
buckets.forEach((b, i) => idfDeq.set(b, dequantiseIdf(idfQ[i], idfMax)));
const vecs = counts.map((c) => vectorize(c, (b) => idfDeq.get(b) ?? idfMax, cfg));
const comp = compactify(vecs, [...buckets]);
const data = train.map((i, j) => ({ ...comp[j], y: CLASSES.indexOf(labels[i]) }));
const fit = trainSoftmax(data, buckets.length, CLASSES.length, LAMBDA, { maxIter: MAX_ITER });
const fittedBias = Float64Array.from(fit.b);
const bias = Float64Array.from(fit.b, (b, k) => b + LOGIT_OFFSETS[k]);
const json = encodeModel({
  classes: [...CLASSES],
  cfg,
  nTrainDocs: train.length,
  idfMax,
  buckets,
  idfQ,
  W: fit.W,
  bias,
  meta: {
    trainedOn: 'data/training/tfns/tfns_financial_news_sentiment_80pct.csv (TFNS, MIT)',
    split: `stratified ${HOLDOUT_FRACTION * 100}% held out, mulberry32 seed ${SPLIT_SEED}`,
    trainRows: train.length,
    lambda: LAMBDA,
    logitOffsets: LOGIT_OFFSETS,
    lbfgsIterations: fit.iterations,
    objective: Number(fit.f.toFixed(6)),
  },
});
const text = JSON.stringify(json) + '\n';
writeFileSync(MODEL_JSON, text);
const model = decodeModel(json);
const ev = evaluateHeldOut(model, rows);
const evFloat = evaluateHeldOut({ ...model, W: fit.W, bias }, rows);
const evNoOffsets = evaluateHeldOut({ ...model, bias: fittedBias }, rows);
writeFileSync(REPORT_MD, renderReport({ ev, floatAccuracy: evFloat.model.accuracy, noOffsetsAccuracy: evNoOffsets.model.accuracy, offsets: LOGIT_OFFSETS, lambda: LAMBDA, iterations: fit.iterations, trainRows: train.length, sizeBytes: Buffer.byteLength(text), nBuckets: buckets.length, seconds: (Date.now() - t0) / 1000 }));
process.stdout.write(`held-out accuracy: model ${ev.model.accuracy.toFixed(4)}, model+rules ${ev.withRules.accuracy.toFixed(4)} (n=${ev.n}); wrote ${MODEL_JSON}\n`);
