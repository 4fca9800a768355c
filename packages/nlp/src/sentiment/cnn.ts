/**
 * A small convolutional headline classifier that reads word order (Kim 2014, "Convolutional Neural
 * Networks for Sentence Classification"), trained from scratch in the repo on the labelled headlines,
 * offline, no pre-trained weights (decision 136).
 *
 * Input: the text's tokens as the linear model sees them (features.ts normaliseText + tokenize: lower
 * case, numbers / percentages / amounts / cashtags as placeholder tokens, clause punctuation kept), at
 * most `maxTokens`, between a start and an end token. Each token's embedding (`dim` numbers) is the mean
 * of its word row (a vocabulary of the words seen `minCount` times in training; others share the unknown
 * row) and the rows of its hashed character 3–5-grams (fastText-style subwords of "<word>", FNV-1a modulo
 * `subBuckets`; so a word never seen in training, such as a new coin's name, still gets an embedding from
 * its spelling). Convolutions of each width in `widths` (`filters` each, ReLU) run over the token
 * sequence; each filter keeps its maximum over positions (max-over-time pooling); a dense softmax layer
 * maps the pooled features to the classes (bearish, bullish, neutral). Training: weighted cross-entropy,
 * Adam (lazy on embedding rows), dropout on the pooled features, word dropout to the unknown row, a fixed
 * number of epochs, seeded (mulberry32): same rows and seed in, same weights out.
 * Inference cost: Σ_w (tokens − w + 1)·w·dim·filters multiply-adds (about 0.4 M for a 20-token headline
 * at the default settings).
 */
import { domainCues } from './domain-cues.js';
import { fnv1a, normaliseText, tokenize } from './features.js';
import { mulberry32 } from '@coinlens/ta/random';
import { decodeVarints, encodeVarints } from './varint.js';

/** Architecture and training settings of a {@link CnnModel}. */
export interface CnnConfig {
  /** Embedding size. */
  dim: number;
  /** Convolution widths in tokens, e.g. [1, 2, 3]. */
  widths: number[];
  /** Filters per width. */
  filters: number;
  /** Tokens read at most (the rest is cut). */
  maxTokens: number;
  /** Hash buckets of the character n-gram rows (0: no subwords). */
  subBuckets: number;
  /** A word gets its own row when seen at least this often in training. */
  minCount: number;
  /**
   * Append the text's crypto-market and word-order cues (domain-cues.ts domainCues with order cues, the
   * linear model's group 3) after the end token, one `cue:<name>` token each; absent = false.
   */
  cues?: boolean;
}

/** Training settings of {@link trainCnn}. */
export interface CnnTrainOptions {
  epochs: number;
  /** Adam step size. */
  lr: number;
  batch: number;
  /** Dropout probability on the pooled features. */
  dropout: number;
  /** Probability of replacing a known word's row by the unknown row during training. */
  wordDropout: number;
  /** Decoupled weight decay of the convolution and dense weights (per step, × lr). */
  weightDecay: number;
  seed: number;
  /** Called after each epoch with its mean weighted loss and the model as it stands. */
  onEpoch?: (epoch: number, loss: number, model: CnnModel) => void;
}

/** Default architecture (chosen on the time split, decision 136). */
export const CNN_CONFIG: CnnConfig = { dim: 48, widths: [1, 2, 3, 4], filters: 64, maxTokens: 40, subBuckets: 1 << 13, minCount: 2 };

/** Default training settings (chosen on the time split, decision 136). */
export const CNN_TRAIN: CnnTrainOptions = { epochs: 4, lr: 2e-3, batch: 32, dropout: 0.5, wordDropout: 0.1, weightDecay: 1e-4, seed: 136 };

const K = 3;
const BOS = '<s>';
const EOS = '</s>';
const UNK = 0;

/** A decoded CNN: weights as float32, row-major as described per field. */
export interface CnnModel {
  cfg: CnnConfig;
  /** Word → row of `E` (row 0 is the unknown word). */
  vocab: Map<string, number>;
  /** Word rows, `(vocab.size + 1) × dim`. */
  E: Float32Array;
  /** Subword rows, `subBuckets × dim`. */
  S: Float32Array;
  /** Per width index i: weights `[(j·dim + d)·filters + f]` for offset j < width, input d, filter f. */
  conv: Float32Array[];
  /** Per width index i: `filters` biases. */
  convB: Float32Array[];
  /** Dense weights `[h·K + k]`, h < widths.length × filters. */
  W: Float32Array;
  /** Dense biases (bearish, bullish, neutral). */
  b: Float32Array;
}

/** One encoded text: per token its word row and its subword rows (`subStart[t] … subStart[t + 1]` in `sub`). */
interface Encoded {
  words: Int32Array;
  subStart: Int32Array;
  sub: Int32Array;
}

/**
 * The tokens the CNN reads of `text`: start token, at most `maxTokens` word tokens, end token, then with
 * `cues` the text's domain and order cues as `cue:<name>` tokens (at most 16). Pure.
 */
export function cnnTokens(text: string, maxTokens: number = CNN_CONFIG.maxTokens, cues: boolean = CNN_CONFIG.cues ?? false): string[] {
  const words = [BOS, ...tokenize(normaliseText(text)).slice(0, maxTokens), EOS];
  return cues ? [...words, ...[...new Set(domainCues(text, true))].slice(0, MAX_CUES).map((c) => `cue:${c}`)] : words;
}

/** Cue tokens read at most. */
const MAX_CUES = 16;

function subwordBuckets(token: string, buckets: number): number[] {
  if (buckets === 0 || token.length < 3 || !/^[a-z]/.test(token) || token.includes(':') || /^x(?:url|user|cashtag|pct|pctup|pctdown|money|num)$/.test(token)) return [];
  const w = `<${token}>`;
  const out: number[] = [];
  for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= w.length; i++) out.push(fnv1a(w.slice(i, i + n)) % buckets);
  return out;
}

function encode(tokens: readonly string[], vocab: Map<string, number>, buckets: number): Encoded {
  const words = new Int32Array(tokens.length);
  const subStart = new Int32Array(tokens.length + 1);
  const sub: number[] = [];
  tokens.forEach((t, i) => {
    words[i] = vocab.get(t) ?? UNK;
    subStart[i] = sub.length;
    sub.push(...subwordBuckets(t, buckets));
  });
  subStart[tokens.length] = sub.length;
  return { words, subStart, sub: Int32Array.from(sub) };
}

/** Reusable buffers of one forward pass. */
interface Scratch {
  X: Float32Array;
  acc: Float32Array;
  h: Float32Array;
  arg: Int32Array;
  logits: Float64Array;
  /** Word row each position read (after word dropout). */
  used: Int32Array;
}

function scratch(cfg: CnnConfig): Scratch {
  const H = cfg.widths.length * cfg.filters;
  return { X: new Float32Array((cfg.maxTokens + 2 + MAX_CUES + Math.max(...cfg.widths)) * cfg.dim), acc: new Float32Array(cfg.filters), h: new Float32Array(H), arg: new Int32Array(H), logits: new Float64Array(K), used: new Int32Array(cfg.maxTokens + 2 + MAX_CUES) };
}

/** Embeds an encoded text into s.X; returns the number of positions (padded to the widest filter). */
function embed(m: CnnModel, e: Encoded, s: Scratch, wordDrop?: (i: number) => boolean): number {
  const D = m.cfg.dim;
  const L = e.words.length;
  const P = Math.max(L, Math.max(...m.cfg.widths));
  s.X.fill(0, 0, P * D);
  for (let t = 0; t < L; t++) {
    const w = wordDrop && e.words[t] !== UNK && wordDrop(t) ? UNK : e.words[t];
    s.used[t] = w;
    const n = 1 + e.subStart[t + 1] - e.subStart[t];
    const inv = 1 / n;
    const o = t * D;
    const eo = w * D;
    for (let d = 0; d < D; d++) s.X[o + d] = m.E[eo + d] * inv;
    for (let q = e.subStart[t]; q < e.subStart[t + 1]; q++) {
      const so = e.sub[q] * D;
      for (let d = 0; d < D; d++) s.X[o + d] += m.S[so + d] * inv;
    }
  }
  return P;
}

/** Convolution, ReLU and max-over-time pooling of s.X into s.h (s.arg: the position of each maximum, −1 if none > 0). */
function convolve(m: CnnModel, P: number, s: Scratch): void {
  const { dim: D, filters: F, widths } = m.cfg;
  const { X, acc, h, arg } = s;
  for (let i = 0; i < widths.length; i++) {
    const w = widths[i];
    const Wc = m.conv[i];
    const bc = m.convB[i];
    const ho = i * F;
    for (let f = 0; f < F; f++) {
      h[ho + f] = 0;
      arg[ho + f] = -1;
    }
    for (let t = 0; t + w <= P; t++) {
      acc.set(bc);
      for (let j = 0; j < w; j++) {
        const xo = (t + j) * D;
        for (let d = 0; d < D; d++) {
          const x = X[xo + d];
          if (x === 0) continue;
          const wo = (j * D + d) * F;
          for (let f = 0; f < F; f++) acc[f] += x * Wc[wo + f];
        }
      }
      for (let f = 0; f < F; f++)
        if (acc[f] > h[ho + f]) {
          h[ho + f] = acc[f];
          arg[ho + f] = t;
        }
    }
  }
}

function dense(m: CnnModel, h: Float32Array, out: Float64Array): void {
  for (let k = 0; k < K; k++) out[k] = m.b[k];
  for (let q = 0; q < h.length; q++) {
    const v = h[q];
    if (v === 0) continue;
    for (let k = 0; k < K; k++) out[k] += v * m.W[q * K + k];
  }
}

function softmaxInPlace(z: Float64Array): void {
  let mx = -Infinity;
  for (const v of z) if (v > mx) mx = v;
  let sum = 0;
  for (let k = 0; k < z.length; k++) sum += z[k] = Math.exp(z[k] - mx);
  for (let k = 0; k < z.length; k++) z[k] /= sum;
}

let predictScratch: { m: CnnModel; s: Scratch } | null = null;

/**
 * Reference forward pass (the training one, without dropout): embeddings, convolution, pooling, dense.
 * {@link cnnProba} gives the same probabilities (up to float rounding) faster; tests compare the two.
 */
export function cnnProbaReference(m: CnnModel, text: string): [number, number, number] {
  if (predictScratch?.m !== m) predictScratch = { m, s: scratch(m.cfg) };
  const s = predictScratch.s;
  const e = encode(cnnTokens(text, m.cfg.maxTokens, m.cfg.cues ?? false), m.vocab, m.cfg.subBuckets);
  convolve(m, embed(m, e, s), s);
  dense(m, s.h, s.logits);
  softmaxInPlace(s.logits);
  return [s.logits[0], s.logits[1], s.logits[2]];
}

/** One cached token projection: its numbers and when it was last read (the cache's read counter). */
interface CachedProjection {
  p: Float32Array;
  t: number;
}

/** Per model: token → its contribution to each filter at each offset of each width (Σ_i widths[i]·filters numbers). */
const projections = new WeakMap<CnnModel, { map: Map<string, CachedProjection>; reads: number; free: Float32Array[] }>();

/**
 * Tokens whose projections are kept per model: 4,096 × 640 numbers × 4 bytes ≈ 10.5 MB per model of the
 * shipped shape, so about 31 MB for its three CNNs however long a server runs. When the cache is full,
 * the quarter read longest ago is dropped and its buffers reused (close to least-recently-used, without
 * reordering the map on every read). On the 27,803 shipped English headlines (12,986 distinct tokens)
 * this cache answers 92.4 % of lookups (an exact least-recently-used one of this size 93.3 %; of 2,048
 * tokens 87 %, of 8,192 96 %); a miss costs one embedding-by-filters product (dim × Σ widths × filters
 * multiply-adds, about 31,000). A quarter of it must exceed the tokens of one text (`maxTokens` + 2), so
 * that a text's own projections, read last, are never dropped while it is being read.
 */
export const PROJECTION_CACHE_TOKENS = 4096;

function tokenProjection(m: CnnModel, token: string): Float32Array {
  let cache = projections.get(m);
  if (!cache) projections.set(m, (cache = { map: new Map(), reads: 0, free: [] }));
  const hit = cache.map.get(token);
  if (hit) {
    hit.t = ++cache.reads;
    return hit.p;
  }
  const { dim: D, filters: F, widths } = m.cfg;
  const x = new Float32Array(D);
  const e = encode([token], m.vocab, m.cfg.subBuckets);
  const inv = 1 / (1 + e.sub.length);
  for (let d = 0; d < D; d++) x[d] = m.E[e.words[0] * D + d] * inv;
  for (const b of e.sub) for (let d = 0; d < D; d++) x[d] += m.S[b * D + d] * inv;
  if (cache.map.size >= PROJECTION_CACHE_TOKENS) {
    // drop the quarter read longest ago; their buffers serve the next misses
    const stamps = [...cache.map.values()].map((c) => c.t).sort((u, v) => u - v);
    const limit = stamps[Math.floor(stamps.length / 4)];
    for (const [k, c] of cache.map)
      if (c.t < limit) {
        cache.map.delete(k);
        cache.free.push(c.p);
      }
  }
  const out = cache.free.pop() ?? new Float32Array(widths.reduce((a, w) => a + w, 0) * F);
  // out[o + f] = Σ_d x[d]·conv[(j·D + d)·F + f] for each offset j of each width: eight filters at a time in
  // local sums (about 3× faster than accumulating into the typed array), then the rest one by one
  let o = 0;
  for (let i = 0; i < widths.length; i++) {
    const conv = m.conv[i];
    for (let j = 0; j < widths[i]; j++, o += F) {
      let f = 0;
      for (; f + 8 <= F; f += 8) {
        let a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0;
        for (let d = 0, wo = j * D * F + f; d < D; d++, wo += F) {
          const v = x[d];
          a0 += v * conv[wo];
          a1 += v * conv[wo + 1];
          a2 += v * conv[wo + 2];
          a3 += v * conv[wo + 3];
          a4 += v * conv[wo + 4];
          a5 += v * conv[wo + 5];
          a6 += v * conv[wo + 6];
          a7 += v * conv[wo + 7];
        }
        out[o + f] = a0;
        out[o + f + 1] = a1;
        out[o + f + 2] = a2;
        out[o + f + 3] = a3;
        out[o + f + 4] = a4;
        out[o + f + 5] = a5;
        out[o + f + 6] = a6;
        out[o + f + 7] = a7;
      }
      for (; f < F; f++) {
        let a = 0;
        for (let d = 0, wo = j * D * F + f; d < D; d++, wo += F) a += x[d] * conv[wo];
        out[o + f] = a;
      }
    }
  }
  cache.map.set(token, { p: out, t: ++cache.reads });
  return out;
}

/** How many tokens' projections {@link cnnProba} holds for model `m` now (at most {@link PROJECTION_CACHE_TOKENS}). */
export function cachedProjectionTokens(m: CnnModel): number {
  return projections.get(m)?.map.size ?? 0;
}

/**
 * Class probabilities (bearish, bullish, neutral) of `text` under CNN `m` (`tokens`: {@link cnnTokens}
 * of the text when the caller has them). A token's embedding is fixed at inference, so its product with
 * each convolution offset is computed once per model and cached (at most {@link PROJECTION_CACHE_TOKENS}
 * tokens, those read most recently); a position's
 * filter values are then sums of cached vectors. Never throws for any string (an empty text reads just
 * the start and end tokens). Same result as {@link cnnProbaReference} up to float rounding.
 */
export function cnnProba(m: CnnModel, text: string, tokens: readonly string[] = cnnTokens(text, m.cfg.maxTokens, m.cfg.cues ?? false)): [number, number, number] {
  const { filters: F, widths } = m.cfg;
  const proj = tokens.map((t) => tokenProjection(m, t));
  const L = proj.length;
  const P = Math.max(L, Math.max(...widths));
  const logits = [m.b[0], m.b[1], m.b[2]];
  const acc = new Float32Array(F);
  let base = 0;
  for (let i = 0; i < widths.length; i++) {
    const w = widths[i];
    const h = new Float32Array(F);
    for (let t = 0; t + w <= P; t++) {
      acc.set(m.convB[i]);
      for (let j = 0; j < w; j++) {
        if (t + j >= L) break;
        const p = proj[t + j];
        const o = base + j * F;
        for (let f = 0; f < F; f++) acc[f] += p[o + f];
      }
      for (let f = 0; f < F; f++) if (acc[f] > h[f]) h[f] = acc[f];
    }
    for (let f = 0; f < F; f++) {
      const v = h[f];
      if (v === 0) continue;
      const q = (i * F + f) * K;
      logits[0] += v * m.W[q];
      logits[1] += v * m.W[q + 1];
      logits[2] += v * m.W[q + 2];
    }
    base += w * F;
  }
  const z = Float64Array.from(logits);
  softmaxInPlace(z);
  return [z[0], z[1], z[2]];
}

/** One training row: text, class index (0 bearish, 1 bullish, 2 neutral) and sample weight. */
export interface CnnExample {
  text: string;
  y: number;
  weight: number;
}

function gaussian(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** Adam moments of one parameter array. */
interface AdamState {
  p: Float32Array;
  g: Float32Array;
  m: Float32Array;
  v: Float32Array;
}

const adam = (p: Float32Array): AdamState => ({ p, g: new Float32Array(p.length), m: new Float32Array(p.length), v: new Float32Array(p.length) });

/**
 * Train a CNN on `rows` (see the file header). Deterministic for the same rows, config and seed.
 * Errors: throws when `rows` is empty or holds a class index outside 0–2.
 */
export function trainCnn(rows: readonly CnnExample[], cfg: CnnConfig = CNN_CONFIG, o: CnnTrainOptions = CNN_TRAIN): CnnModel {
  if (rows.length === 0) throw new Error('trainCnn: no rows');
  if (rows.some((r) => !(r.y >= 0 && r.y < K))) throw new Error('trainCnn: class index outside 0–2');
  const rand = mulberry32(o.seed);
  const toks = rows.map((r) => cnnTokens(r.text, cfg.maxTokens, cfg.cues ?? false));
  const counts = new Map<string, number>();
  for (const ts of toks) for (const t of ts) counts.set(t, (counts.get(t) ?? 0) + 1);
  const words = [...counts].filter(([, c]) => c >= cfg.minCount).map(([w]) => w).sort();
  const vocab = new Map(words.map((w, i) => [w, i + 1]));
  const D = cfg.dim;
  const F = cfg.filters;
  const H = cfg.widths.length * F;
  const m: CnnModel = {
    cfg,
    vocab,
    E: Float32Array.from({ length: (words.length + 1) * D }, () => 0.1 * gaussian(rand)),
    // zero-initialised: a bucket no training word reaches stays zero, so dropping it from the file changes nothing
    S: new Float32Array(cfg.subBuckets * D),
    conv: cfg.widths.map((w) => Float32Array.from({ length: w * D * F }, () => Math.sqrt(2 / (w * D)) * gaussian(rand))),
    convB: cfg.widths.map(() => new Float32Array(F).fill(0.01)),
    W: Float32Array.from({ length: H * K }, () => Math.sqrt(1 / H) * gaussian(rand)),
    b: new Float32Array(K),
  };
  const enc = toks.map((ts) => encode(ts, vocab, cfg.subBuckets));
  const denseParams = [...m.conv.map(adam), ...m.convB.map(adam), adam(m.W), adam(m.b)];
  const [convS, convBS] = [denseParams.slice(0, cfg.widths.length), denseParams.slice(cfg.widths.length, 2 * cfg.widths.length)];
  const [WS, bS] = denseParams.slice(2 * cfg.widths.length);
  const ES = adam(m.E);
  const SS = adam(m.S);
  const s = scratch(cfg);
  const dX = new Float32Array(s.X.length);
  const dh = new Float32Array(H);
  const keep = new Float32Array(H);
  const touchedE = new Set<number>();
  const touchedS = new Set<number>();
  const b1 = 0.9;
  const b2 = 0.999;
  let step = 0;
  const meanW = rows.reduce((a, r) => a + r.weight, 0) / rows.length;
  const update = (st: AdamState, lo: number, hi: number, decay: number, lrt: number) => {
    for (let q = lo; q < hi; q++) {
      const g = st.g[q];
      st.m[q] = b1 * st.m[q] + (1 - b1) * g;
      st.v[q] = b2 * st.v[q] + (1 - b2) * g * g;
      st.p[q] -= lrt * st.m[q] / (Math.sqrt(st.v[q]) + 1e-8) + (decay ? o.lr * decay * st.p[q] : 0);
      st.g[q] = 0;
    }
  };
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    const order = Array.from(rows.keys());
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    let lossSum = 0;
    let wSum = 0;
    for (let start = 0; start < order.length; start += o.batch) {
      const batch = order.slice(start, start + o.batch);
      for (const r of batch) {
        const e = enc[r];
        const wt = rows[r].weight / meanW / batch.length;
        const P = embed(m, e, s, () => rand() < o.wordDropout);
        convolve(m, P, s);
        for (let q = 0; q < H; q++) {
          keep[q] = rand() < o.dropout ? 0 : 1 / (1 - o.dropout);
          s.h[q] *= keep[q];
        }
        dense(m, s.h, s.logits);
        softmaxInPlace(s.logits);
        lossSum += -Math.log(Math.max(s.logits[rows[r].y], 1e-12)) * rows[r].weight;
        wSum += rows[r].weight;
        // dense layer
        dh.fill(0);
        for (let k = 0; k < K; k++) {
          const g = (s.logits[k] - (k === rows[r].y ? 1 : 0)) * wt;
          bS.g[k] += g;
          for (let q = 0; q < H; q++) {
            if (s.h[q] !== 0) WS.g[q * K + k] += s.h[q] * g;
            dh[q] += m.W[q * K + k] * g;
          }
        }
        // max-over-time: only each filter's maximum position gets a gradient
        dX.fill(0, 0, P * D);
        for (let i = 0; i < cfg.widths.length; i++) {
          const w = cfg.widths[i];
          const Wc = m.conv[i];
          const gW = convS[i].g;
          for (let f = 0; f < F; f++) {
            const q = i * F + f;
            const t = s.arg[q];
            if (t < 0 || keep[q] === 0) continue;
            const g = dh[q] * keep[q];
            convBS[i].g[f] += g;
            for (let j = 0; j < w; j++) {
              const xo = (t + j) * D;
              for (let d = 0; d < D; d++) {
                const wo = (j * D + d) * F + f;
                gW[wo] += s.X[xo + d] * g;
                dX[xo + d] += Wc[wo] * g;
              }
            }
          }
        }
        // embeddings: the mean of word and subword rows
        for (let t = 0; t < e.words.length; t++) {
          const inv = 1 / (1 + e.subStart[t + 1] - e.subStart[t]);
          const xo = t * D;
          const eo = s.used[t] * D;
          touchedE.add(s.used[t]);
          for (let d = 0; d < D; d++) ES.g[eo + d] += dX[xo + d] * inv;
          for (let q = e.subStart[t]; q < e.subStart[t + 1]; q++) {
            const so = e.sub[q] * D;
            touchedS.add(e.sub[q]);
            for (let d = 0; d < D; d++) SS.g[so + d] += dX[xo + d] * inv;
          }
        }
      }
      step++;
      const lrt = (o.lr * Math.sqrt(1 - b2 ** step)) / (1 - b1 ** step);
      for (const st of [...convS, WS]) update(st, 0, st.p.length, o.weightDecay, lrt);
      for (const st of [...convBS, bS]) update(st, 0, st.p.length, 0, lrt);
      for (const row of touchedE) update(ES, row * D, row * D + D, 0, lrt);
      for (const row of touchedS) update(SS, row * D, row * D + D, 0, lrt);
      touchedE.clear();
      touchedS.clear();
    }
    // the weights changed: token projections cached by cnnProba are stale (before and after the callback)
    projections.delete(m);
    o.onEpoch?.(epoch + 1, lossSum / wSum, m);
    projections.delete(m);
  }
  return m;
}

/** Serialised {@link CnnModel} (a part of the model file, model.ts format 5). */
export interface CnnJson {
  cfg: CnnConfig;
  /** Vocabulary joined by "\n"; word i is row i + 1 of `E` (row 0: unknown word). */
  words: string;
  /** base64 int8 rows of `E`, `(count + 1) × dim`; value = q × scale of its row. */
  E: string;
  /** base64 float32 little-endian: one scale per `E` row. */
  eScales: string;
  /** Number of non-zero subword rows. */
  sCount: number;
  /** base64 of LEB128 varints: the ascending ids of the non-zero subword rows, delta-encoded (the others are zero). */
  sBuckets: string;
  /** base64 int8 of the non-zero subword rows, `sCount × dim`. */
  S: string;
  /** base64 float32: one scale per stored subword row. */
  sScales: string;
  /** Per width: base64 float32 convolution weights (layout as {@link CnnModel}.conv). */
  conv: string[];
  /** Per width: base64 float32 biases. */
  convB: string[];
  /** base64 float32 dense weights. */
  W: string;
  b: number[];
}

const f32b64 = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
const b64f32 = (s: string) => {
  const buf = Buffer.from(s, 'base64');
  return new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
};

/** int8 rows with one scale each (max |x| / 127); rows listed in `rows`. */
function quantiseRows(a: Float32Array, dim: number, rows: readonly number[]): { q: string; scales: string } {
  const q = new Int8Array(rows.length * dim);
  const scales = new Float32Array(rows.length);
  rows.forEach((r, i) => {
    let mx = 0;
    for (let d = 0; d < dim; d++) mx = Math.max(mx, Math.abs(a[r * dim + d]));
    const sc = mx / 127 || 1;
    scales[i] = sc;
    for (let d = 0; d < dim; d++) q[i * dim + d] = Math.round(a[r * dim + d] / sc);
  });
  return { q: Buffer.from(q.buffer).toString('base64'), scales: f32b64(scales) };
}

function dequantiseRows(q: string, scales: string, dim: number, into: Float32Array, rows: ArrayLike<number>): void {
  const v = new Int8Array(Buffer.from(q, 'base64'));
  const sc = b64f32(scales);
  for (let i = 0; i < rows.length; i++) for (let d = 0; d < dim; d++) into[rows[i] * dim + d] = v[i * dim + d] * sc[i];
}

/** Serialise a CNN (embedding rows int8 with a per-row scale; zero subword rows left out; the rest float32). */
export function encodeCnn(m: CnnModel): CnnJson {
  const D = m.cfg.dim;
  const words = [...m.vocab.entries()].sort((a, b) => a[1] - b[1]).map(([w]) => w);
  const eRows = Array.from({ length: words.length + 1 }, (_, i) => i);
  const sRows: number[] = [];
  for (let r = 0; r < m.cfg.subBuckets; r++) {
    for (let d = 0; d < D; d++)
      if (m.S[r * D + d] !== 0) {
        sRows.push(r);
        break;
      }
  }
  const e = quantiseRows(m.E, D, eRows);
  const s = quantiseRows(m.S, D, sRows);
  return {
    cfg: m.cfg,
    words: words.join('\n'),
    E: e.q,
    eScales: e.scales,
    sCount: sRows.length,
    sBuckets: encodeVarints(Int32Array.from(sRows)).toString('base64'),
    S: s.q,
    sScales: s.scales,
    conv: m.conv.map(f32b64),
    convB: m.convB.map(f32b64),
    W: f32b64(m.W),
    b: [...m.b],
  };
}

/** Decode a {@link CnnJson}. Errors: throws when a length does not match the config. */
export function decodeCnn(j: CnnJson): CnnModel {
  const D = j.cfg.dim;
  const words = j.words === '' ? [] : j.words.split('\n');
  const E = new Float32Array((words.length + 1) * D);
  dequantiseRows(j.E, j.eScales, D, E, Array.from({ length: words.length + 1 }, (_, i) => i));
  const rows = decodeVarints(Buffer.from(j.sBuckets, 'base64'), j.sCount);
  const S = new Float32Array(j.cfg.subBuckets * D);
  dequantiseRows(j.S, j.sScales, D, S, rows);
  const conv = j.conv.map(b64f32);
  conv.forEach((c, i) => {
    if (c.length !== j.cfg.widths[i] * D * j.cfg.filters) throw new Error(`decodeCnn: convolution ${i} has ${c.length} weights`);
  });
  const W = b64f32(j.W);
  if (W.length !== j.cfg.widths.length * j.cfg.filters * K) throw new Error(`decodeCnn: dense layer has ${W.length} weights`);
  return { cfg: j.cfg, vocab: new Map(words.map((w, i) => [w, i + 1])), E, S, conv, convB: j.convB.map(b64f32), W, b: Float32Array.from(j.b) };
}
