/**
 * Sentiment model file format (`packages/nlp/model/sentiment-v1.json`) and inference.
 *
 * JSON fields: `format` ("coinlens-sentiment/1"), `classes` (output order), `features`
 * (FeatureConfig), `nTrainDocs`, `idfMax` (idf of unseen buckets), `count` (number of stored buckets),
 * `buckets` (base64 of LEB128 varints: ascending bucket ids delta-encoded), `idf` (base64 uint8 per
 * bucket: idf = 1 + q / 255 × (idfMax − 1)), `weightScale`, `weights` (base64 little-endian int16,
 * `count × classes.length`, row-major per bucket; weight = q × weightScale), `bias` (per class).
 * Inference: features → vectorize (with the dequantised idf) → logits = bias + Σ w·x → softmax.
 */
import { extractFeatureCounts, vectorize, type FeatureConfig } from './features.js';

/** Sentiment classes in model output order. */
export type SentimentLabel = 'bearish' | 'bullish' | 'neutral';

/** Serialised model (the JSON file). */
export interface SentimentModelJson {
  format: 'coinlens-sentiment/1';
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
  meta?: Record<string, unknown>;
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
}

/** Quantise an idf value to uint8 over [1, idfMax] (the trainer uses the dequantised value too). */
export function quantiseIdf(idf: number, idfMax: number): number {
  return Math.max(0, Math.min(255, Math.round(((idf - 1) / (idfMax - 1)) * 255)));
}

/** Inverse of {@link quantiseIdf}. */
export function dequantiseIdf(q: number, idfMax: number): number {
  return 1 + (q / 255) * (idfMax - 1);
}

function encodeVarints(values: Int32Array): Buffer {
  const out: number[] = [];
  let prev = 0;
  for (const v of values) {
    let d = v - prev;
    prev = v;
    while (d >= 0x80) {
      out.push((d & 0x7f) | 0x80);
      d >>>= 7;
    }
    out.push(d);
  }
  return Buffer.from(out);
}

function decodeVarints(buf: Uint8Array, count: number): Int32Array {
  const out = new Int32Array(count);
  let pos = 0;
  let prev = 0;
  for (let i = 0; i < count; i++) {
    let v = 0;
    let shift = 0;
    for (;;) {
      const b = buf[pos++];
      v |= (b & 0x7f) << shift;
      if (b < 0x80) break;
      shift += 7;
    }
    prev += v;
    out[i] = prev;
  }
  return out;
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
  meta?: Record<string, unknown>;
}): SentimentModelJson {
  let maxAbs = 0;
  for (const w of args.W) maxAbs = Math.max(maxAbs, Math.abs(w));
  const weightScale = maxAbs / 32767 || 1;
  const q = new Int16Array(args.W.length);
  for (let i = 0; i < q.length; i++) q[i] = Math.round(args.W[i] / weightScale);
  const wBuf = Buffer.alloc(q.length * 2);
  q.forEach((v, i) => wBuf.writeInt16LE(v, i * 2));
  return {
    format: 'coinlens-sentiment/1',
    classes: args.classes,
    features: args.cfg,
    nTrainDocs: args.nTrainDocs,
    idfMax: args.idfMax,
    count: args.buckets.length,
    buckets: encodeVarints(args.buckets).toString('base64'),
    idf: Buffer.from(args.idfQ).toString('base64'),
    weightScale,
    weights: wBuf.toString('base64'),
    bias: [...args.bias],
    meta: args.meta,
  };
}

/** Decode a model JSON object. Errors: throws `Error('sentiment model: …')` on a wrong format/size. */
export function decodeModel(json: SentimentModelJson): SentimentModel {
  if (json.format !== 'coinlens-sentiment/1') throw new Error(`sentiment model: unknown format ${String(json.format)}`);
  const K = json.classes.length;
  const buckets = decodeVarints(Buffer.from(json.buckets, 'base64'), json.count);
  const idfQ = Buffer.from(json.idf, 'base64');
  const wBuf = Buffer.from(json.weights, 'base64');
  if (idfQ.length !== json.count || wBuf.length !== json.count * K * 2) throw new Error('sentiment model: array sizes do not match count');
  const idf = new Float64Array(json.count);
  for (let i = 0; i < json.count; i++) idf[i] = dequantiseIdf(idfQ[i], json.idfMax);
  const W = new Float64Array(json.count * K);
  for (let i = 0; i < W.length; i++) W[i] = wBuf.readInt16LE(i * 2) * json.weightScale;
  return { classes: json.classes, cfg: json.features, buckets, idf, idfMax: json.idfMax, W, bias: Float64Array.from(json.bias) };
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

/** Class probabilities (softmax of the linear scores) for one text, in `model.classes` order. */
export function predictProba(model: SentimentModel, text: string): number[] {
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
  const mx = Math.max(...z);
  const e = z.map((v) => Math.exp(v - mx));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}
