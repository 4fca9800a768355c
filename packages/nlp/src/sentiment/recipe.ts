/**
 * The sentiment training recipe (features, lambda, NB-LR part, ensemble weight and offsets) as one
 * function of the rows it may see. Used three ways, always with the same settings:
 *  - on the training part of the fixed split → evaluated on the held-out rows (the report figures,
 *    `npm run -s sentiment:eval`);
 *  - on every TFNS row → the shipped file model/sentiment-v1.json;
 *  - on 4/5 of all rows per fold → the 5-fold cross-validation estimate (scripts/cv-sentiment.ts recipe).
 * Deterministic: same rows in, same bytes out. Node-only (hashing, Buffer); the runtime classifier
 * never imports this module.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_FEATURE_CONFIG, NBLR_FEATURE_CONFIG, extractFeatureCounts, vectorize } from './features.js';
import { CLASSES, HOLDOUT_FRACTION, SPLIT_SEED, tfnsSplit, type TfnsRow } from './dataset.js';
import { dequantiseIdf, encodeModel, quantiseIdf, type SentimentModelJson } from './model.js';
import { compactify, computeIdf, trainNbLr, trainSoftmax, unseenIdf } from './train.js';

/** Name of the recipe, written into every model it produces. */
export const RECIPE_ID = 'sentiment-v1: trigram softmax LR + NB-LR (0.9 / 0.1 log-prob mix, offsets 0.5 / 0.6 / 0)';

/**
 * Settings of the recipe. All chosen on the 7,636 training rows only: lambda and feature weights on a
 * dev split (scripts/tune-sentiment.ts), trigrams, NB-LR C, mix weight and offsets by 5-fold CV
 * (scripts/cv-sentiment.ts); see model/sentiment-v1.tuning.md.
 */
export const RECIPE = {
  /** Features of the softmax model. */
  cfg: DEFAULT_FEATURE_CONFIG,
  /** L2 strength of the softmax model (bias not penalised). */
  lambda: 3e-6,
  /** L-BFGS iteration cap of the softmax model. */
  maxIter: 400,
  /**
   * Logit offsets added to the fitted bias of the softmax model (bearish, bullish, neutral). Model v1
   * alone used (-0.4, 0.3, 0) from scripts/tune-offsets.ts; in the ensemble the offsets are applied
   * after mixing instead (`ensembleOffsets`), so none here.
   */
  logitOffsets: [0, 0, 0],
  /** Features of the NB-LR part (no word trigrams). */
  nbCfg: NBLR_FEATURE_CONFIG,
  /** NB-LR part: L2 strength = nblrC / training rows; log-count-ratio smoothing 1. */
  nblrC: 0.1,
  /** Weight of the softmax model's log-probabilities in the mix (NB-LR gets the rest). */
  ensembleWeight: 0.9,
  /** Per-class offsets added after mixing (bearish, bullish, neutral). */
  ensembleOffsets: [0.5, 0.6, 0],
} as const;

/** Short fingerprint of {@link RECIPE} (changes whenever a setting changes). */
export function recipeFingerprint(): string {
  return createHash('sha256').update(JSON.stringify(RECIPE)).digest('hex').slice(0, 12);
}

/** A model trained by {@link trainRecipe}: the file contents plus the float parts (for the report). */
export interface RecipeResult {
  /** Model file contents (quantised; `meta` names the recipe and the number of rows). */
  json: SentimentModelJson;
  /** Float softmax weights, bias with and without `logitOffsets`, float NB-LR scores. */
  W: Float64Array;
  bias: Float64Array;
  fittedBias: Float64Array;
  nbV: Float64Array;
  iterations: number;
  objective: number;
  nBuckets: number;
  nbBuckets: number;
}

/**
 * Train the recipe on `rows[i]` for i in `indices` (ascending row positions) and return the model.
 * `meta` entries are written first into the file's `meta` (e.g. which rows were used); the recipe
 * name, fingerprint, settings and fit statistics follow.
 */
export function trainRecipe(rows: readonly TfnsRow[], indices: readonly number[], meta: Record<string, unknown> = {}): RecipeResult {
  const { cfg, lambda, maxIter, logitOffsets, nbCfg, nblrC, ensembleWeight, ensembleOffsets } = RECIPE;
  const n = indices.length;
  const y = indices.map((i) => CLASSES.indexOf(rows[i].label));
  // softmax model: tf-idf over the buckets seen in these rows, idf quantised to uint8 before fitting
  const counts = indices.map((i) => extractFeatureCounts(rows[i].text, cfg));
  const idf = computeIdf(counts);
  const idfMax = unseenIdf(n);
  const buckets = Int32Array.from(idf.keys());
  const idfQ = Uint8Array.from([...idf.values()].map((v) => quantiseIdf(v, idfMax)));
  const idfDeq = new Map<number, number>();
  buckets.forEach((b, i) => idfDeq.set(b, dequantiseIdf(idfQ[i], idfMax)));
  const vecs = counts.map((c) => vectorize(c, (b) => idfDeq.get(b) ?? idfMax, cfg));
  const comp = compactify(vecs, [...buckets]);
  const data = comp.map((c, j) => ({ ...c, y: y[j] }));
  const fit = trainSoftmax(data, buckets.length, CLASSES.length, lambda, { maxIter });
  const fittedBias = Float64Array.from(fit.b);
  const bias = Float64Array.from(fit.b, (b, k) => b + logitOffsets[k]);
  // NB-LR on binary bucket presence (its own feature settings, buckets seen in these rows)
  const nbCounts = indices.map((i) => extractFeatureCounts(rows[i].text, nbCfg));
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
  const nbFit = trainNbLr(nbRows, y, nbBuckets.length, nblrC / n);
  const objective = Number(fit.f.toFixed(6));
  const json = encodeModel({
    classes: [...CLASSES],
    cfg,
    nTrainDocs: n,
    idfMax,
    buckets,
    idfQ,
    W: fit.W,
    bias,
    nb: { cfg: nbCfg, buckets: nbBuckets, V: nbFit.V, bias: nbFit.b, weight: ensembleWeight, offsets: [...ensembleOffsets] },
    meta: {
      ...meta,
      recipe: RECIPE_ID,
      recipeFingerprint: recipeFingerprint(),
      trainRows: n,
      lambda,
      logitOffsets: [...logitOffsets],
      nblrC,
      ensembleWeight,
      ensembleOffsets: [...ensembleOffsets],
      lbfgsIterations: fit.iterations,
      objective,
    },
  });
  return { json, W: fit.W, bias, fittedBias, nbV: nbFit.V, iterations: fit.iterations, objective, nBuckets: buckets.length, nbBuckets: nbBuckets.length };
}

const TRAINED_ON = 'data/training/tfns/tfns_financial_news_sentiment_80pct.csv (TFNS, MIT)';

/**
 * Recipe (a): trained on the training part of the fixed split only, so the held-out rows are unseen.
 * Its held-out accuracy is the figure in the report (`npm run -s sentiment:eval` retrains it in memory).
 */
export function trainOnTrainingPart(rows: readonly TfnsRow[]): RecipeResult {
  const { train } = tfnsSplit(rows);
  return trainRecipe(rows, train, {
    trainedOn: TRAINED_ON,
    rows: `training part only (${train.length} of ${rows.length}): stratified ${HOLDOUT_FRACTION * 100}% held out, mulberry32 seed ${SPLIT_SEED}`,
  });
}

/**
 * Recipe (b): the same recipe trained on every row (held-out rows included). This is the shipped
 * model/sentiment-v1.json; its accuracy on the held-out rows is not an estimate (it has seen them).
 */
export function trainOnAllRows(rows: readonly TfnsRow[]): RecipeResult {
  return trainRecipe(rows, rows.map((_, i) => i), {
    trainedOn: TRAINED_ON,
    rows: `all ${rows.length} rows (the held-out split included; held-out figures come from the same recipe trained on the training part only)`,
  });
}
