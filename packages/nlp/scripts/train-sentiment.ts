/**
 * Train the sentiment model on the in-repo TFNS copy and write
 * packages/nlp/model/sentiment-v1.json and sentiment-v1.report.md.
 * Reproducible: fixed split seed, deterministic features and L-BFGS (same bytes on rerun).
 * Usage: npm run train:sentiment
 */
import { writeFileSync } from 'node:fs';
import { DEFAULT_FEATURE_CONFIG, NBLR_FEATURE_CONFIG, extractFeatureCounts, vectorize } from '../src/sentiment/features.js';
import { decodeModel, dequantiseIdf, encodeModel, quantiseIdf } from '../src/sentiment/model.js';
import { compactify, computeIdf, trainNbLr, trainSoftmax, unseenIdf } from '../src/sentiment/train.js';
import { CLASSES, HOLDOUT_FRACTION, MODEL_JSON, REPORT_MD, SPLIT_SEED, readTfns, tfnsSplit } from '../src/sentiment/dataset.js';
import { evaluateHeldOut } from '../src/sentiment/evaluate.js';
import { renderReport } from './sentiment-report.js';

/** L2 strength (chosen on a dev split inside the training part, see tune-sentiment.ts). */
export const LAMBDA = 3e-6;
export const MAX_ITER = 400;
/**
 * Logit offsets added to the fitted bias of the softmax model (bearish, bullish, neutral). Model v1
 * alone used (-0.4, 0.3, 0) from scripts/tune-offsets.ts; in the ensemble the offsets are applied
 * after mixing instead (ENSEMBLE_OFFSETS), so none here.
 */
export const LOGIT_OFFSETS = [0, 0, 0];
/** NB-LR part: L2 strength = NBLR_C / training rows (C = 0.1), log-count-ratio smoothing 1. */
export const NBLR_C = 0.1;
/**
 * Ensemble: weight of the softmax model's log-probabilities (NB-LR gets the rest) and the per-class
 * offsets added after mixing; both chosen by 5-fold cross-validation on the training rows
 * (scripts/cv-sentiment.ts, see sentiment-v1.tuning.md).
 */
export const ENSEMBLE_WEIGHT = 0.9;
export const ENSEMBLE_OFFSETS = [0.5, 0.6, 0];

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
// NB-LR on binary bucket presence (its own feature settings, buckets seen in training)
const nbCounts = train.map((i) => extractFeatureCounts(rows[i].text, NBLR_FEATURE_CONFIG));
const nbSet = new Set<number>();
for (const gs of nbCounts) for (const g of gs) for (const b of g.keys()) nbSet.add(b);
const nbBuckets = Int32Array.from([...nbSet].sort((a, b) => a - b));
const nbPos = new Map<number, number>();
nbBuckets.forEach((b, i) => nbPos.set(b, i));
const nbRows = nbCounts.map((gs) => {
  const s = new Set<number>();
  for (const g of gs) for (const b of g.keys()) s.add(nbPos.get(b)!);
  return Int32Array.from([...s].sort((a, b) => a - b));
});
const nbFit = trainNbLr(nbRows, data.map((d) => d.y), nbBuckets.length, NBLR_C / train.length);
const json = encodeModel({
  classes: [...CLASSES],
  cfg,
  nTrainDocs: train.length,
  idfMax,
  buckets,
  idfQ,
  W: fit.W,
  bias,
  nb: { cfg: NBLR_FEATURE_CONFIG, buckets: nbBuckets, V: nbFit.V, bias: nbFit.b, weight: ENSEMBLE_WEIGHT, offsets: ENSEMBLE_OFFSETS },
  meta: {
    trainedOn: 'data/training/tfns/tfns_financial_news_sentiment_80pct.csv (TFNS, MIT)',
    split: `stratified ${HOLDOUT_FRACTION * 100}% held out, mulberry32 seed ${SPLIT_SEED}`,
    trainRows: train.length,
    lambda: LAMBDA,
    logitOffsets: LOGIT_OFFSETS,
    nblrC: NBLR_C,
    ensembleWeight: ENSEMBLE_WEIGHT,
    ensembleOffsets: ENSEMBLE_OFFSETS,
    lbfgsIterations: fit.iterations,
    objective: Number(fit.f.toFixed(6)),
  },
});
const text = JSON.stringify(json) + '\n';
writeFileSync(MODEL_JSON, text);
const model = decodeModel(json);
const ev = evaluateHeldOut(model, rows);
const evFloat = evaluateHeldOut({ ...model, W: fit.W, bias, nb: { ...model.nb!, V: nbFit.V } }, rows);
const evNoOffsets = evaluateHeldOut({ ...model, bias: fittedBias, nb: { ...model.nb!, offsets: new Float64Array(3) } }, rows);
const evLrOnly = evaluateHeldOut({ ...model, nb: undefined }, rows);
writeFileSync(REPORT_MD, renderReport({ ev, floatAccuracy: evFloat.model.accuracy, noOffsetsAccuracy: evNoOffsets.model.accuracy, lrOnlyAccuracy: evLrOnly.model.accuracy, nbBuckets: nbBuckets.length, offsets: ENSEMBLE_OFFSETS, ensembleWeight: ENSEMBLE_WEIGHT, nblrC: NBLR_C, lambda: LAMBDA, iterations: fit.iterations, trainRows: train.length, sizeBytes: Buffer.byteLength(text), nBuckets: buckets.length, seconds: (Date.now() - t0) / 1000 }));
process.stdout.write(`held-out accuracy: model ${ev.model.accuracy.toFixed(4)}, model+rules ${ev.withRules.accuracy.toFixed(4)} (n=${ev.n}); wrote ${MODEL_JSON} (${Buffer.byteLength(text)} bytes) in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
