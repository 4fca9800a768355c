/**
 * Training utilities for the sentiment classifier: stratified split (seeded by @coinlens/ta/random), idf, and a
 * multinomial logistic regression (softmax, L2) fitted with L-BFGS. Pure, deterministic (fixed
 * iteration order, no Math.random), so reruns give identical weights.
 */
import { mulberry32 } from '@coinlens/ta/random';
import type { SparseVector } from './features.js';

/** Fisher–Yates shuffle of a copy of `arr` with the given PRNG. */
export function shuffle<T>(arr: readonly T[], rand: () => number): T[] {
  const a = arr.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/**
 * Stratified split of row positions 0..labels.length-1: within each label (in sorted label order)
 * the positions are shuffled with mulberry32(seed) and the first round(fraction × count) go to `test`.
 * Returns both lists in ascending order.
 */
export function stratifiedSplit(labels: readonly string[], fraction: number, seed: number): { train: number[]; test: number[] } {
  const rand = mulberry32(seed);
  const byLabel = new Map<string, number[]>();
  labels.forEach((l, i) => {
    if (!byLabel.has(l)) byLabel.set(l, []);
    byLabel.get(l)!.push(i);
  });
  const train: number[] = [];
  const test: number[] = [];
  for (const l of [...byLabel.keys()].sort()) {
    const idx = shuffle(byLabel.get(l)!, rand);
    const k = Math.round(fraction * idx.length);
    test.push(...idx.slice(0, k));
    train.push(...idx.slice(k));
  }
  return { train: train.sort((a, b) => a - b), test: test.sort((a, b) => a - b) };
}

/**
 * Stratified k-fold assignment: within each class 0..nClasses-1 (in that order, one mulberry32(seed)
 * stream) the positions are shuffled and dealt round-robin to folds 0..k-1. Returns the fold of each
 * position of `y`.
 */
export function stratifiedFolds(y: readonly number[], k: number, seed: number, nClasses = 3): number[] {
  const fold = new Array<number>(y.length);
  const rand = mulberry32(seed);
  for (let c = 0; c < nClasses; c++) {
    const idx = shuffle(y.map((v, j) => (v === c ? j : -1)).filter((j) => j >= 0), rand);
    idx.forEach((j, r) => (fold[j] = r % k));
  }
  return fold;
}

/** Smooth idf per bucket over documents: ln((1 + N) / (1 + df)) + 1. Keys in ascending order. */
export function computeIdf(docs: readonly Map<number, number>[][]): Map<number, number> {
  const df = new Map<number, number>();
  for (const groups of docs) {
    const seen = new Set<number>();
    for (const g of groups) for (const b of g.keys()) seen.add(b);
    for (const b of seen) df.set(b, (df.get(b) ?? 0) + 1);
  }
  const n = docs.length;
  const out = new Map<number, number>();
  for (const b of [...df.keys()].sort((a, c) => a - c)) out.set(b, Math.log((1 + n) / (1 + df.get(b)!)) + 1);
  return out;
}

/** Default idf for a bucket never seen in training: ln(1 + N) + 1. */
export function unseenIdf(nDocs: number): number {
  return Math.log(1 + nDocs) + 1;
}

/** Options of {@link lbfgs}. */
export interface LbfgsOptions {
  /** History size (default 10). */
  m?: number;
  /** Maximum iterations (default 300). */
  maxIter?: number;
  /** Stop when the relative decrease of f over 5 iterations is below this (default 1e-7). */
  tol?: number;
}

/**
 * Minimise f with L-BFGS (two-loop recursion, backtracking Armijo line search).
 * `fg(x, g)` must return f(x) and write the gradient into g. Returns the final x (a new array).
 */
export function lbfgs(fg: (x: Float64Array, g: Float64Array) => number, x0: Float64Array, opts: LbfgsOptions = {}): { x: Float64Array; f: number; iterations: number } {
  const m = opts.m ?? 10;
  const maxIter = opts.maxIter ?? 300;
  const tol = opts.tol ?? 1e-7;
  const n = x0.length;
  let x = Float64Array.from(x0);
  let g = new Float64Array(n);
  let f = fg(x, g);
  const S: Float64Array[] = [];
  const Y: Float64Array[] = [];
  const rho: number[] = [];
  const hist: number[] = [f];
  const d = new Float64Array(n);
  const alpha = new Array<number>(m);
  let iter = 0;
  const dot = (a: Float64Array, b: Float64Array) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += a[i] * b[i];
    return s;
  };
  for (; iter < maxIter; iter++) {
    // two-loop recursion: d = -H g
    for (let i = 0; i < n; i++) d[i] = -g[i];
    for (let k = S.length - 1; k >= 0; k--) {
      alpha[k] = rho[k] * dot(S[k], d);
      const yk = Y[k];
      for (let i = 0; i < n; i++) d[i] -= alpha[k] * yk[i];
    }
    if (S.length > 0) {
      const last = S.length - 1;
      const gamma = dot(S[last], Y[last]) / dot(Y[last], Y[last]);
      for (let i = 0; i < n; i++) d[i] *= gamma;
    } else {
      const gn = Math.sqrt(dot(g, g));
      if (gn === 0) break;
      for (let i = 0; i < n; i++) d[i] /= gn;
    }
    for (let k = 0; k < S.length; k++) {
      const beta = rho[k] * dot(Y[k], d);
      const sk = S[k];
      for (let i = 0; i < n; i++) d[i] += sk[i] * (alpha[k] - beta);
    }
    let gd = dot(g, d);
    if (gd >= 0) {
      // not a descent direction: reset to steepest descent
      S.length = 0;
      Y.length = 0;
      rho.length = 0;
      for (let i = 0; i < n; i++) d[i] = -g[i];
      gd = dot(g, d);
    }
    let step = 1;
    const xNew = new Float64Array(n);
    const gNew = new Float64Array(n);
    let fNew = Infinity;
    for (let ls = 0; ls < 40; ls++) {
      for (let i = 0; i < n; i++) xNew[i] = x[i] + step * d[i];
      fNew = fg(xNew, gNew);
      if (fNew <= f + 1e-4 * step * gd) break;
      step *= 0.5;
    }
    if (!(fNew < f)) break;
    const s = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      s[i] = xNew[i] - x[i];
      y[i] = gNew[i] - g[i];
    }
    const sy = dot(s, y);
    if (sy > 1e-12) {
      if (S.length === m) {
        S.shift();
        Y.shift();
        rho.shift();
      }
      S.push(s);
      Y.push(y);
      rho.push(1 / sy);
    }
    x = xNew;
    g = gNew;
    f = fNew;
    hist.push(f);
    if (hist.length > 5) {
      const old = hist[hist.length - 6];
      if ((old - f) / Math.max(Math.abs(old), 1e-12) < tol) {
        iter++;
        break;
      }
    }
  }
  return { x, f, iterations: iter };
}

/** A training example in compact feature space. */
export interface CompactExample {
  idx: Int32Array;
  val: Float64Array;
  y: number;
  /** Sample weight (absent = 1); the loss is the weighted mean over examples. */
  w?: number;
}

/**
 * Fit multinomial logistic regression: minimise the (sample-weighted) mean cross-entropy
 * + (lambda / 2)·‖W‖² (bias not regularised). Weights layout: W[j * K + k] for compact feature j and
 * class k; bias b[k]. Without sample weights `w` every example counts 1.
 */
export function trainSoftmax(data: readonly CompactExample[], dim: number, K: number, lambda: number, opts: LbfgsOptions = {}): { W: Float64Array; b: Float64Array; f: number; iterations: number } {
  const N = data.reduce((s, ex) => s + (ex.w ?? 1), 0);
  const nParam = dim * K + K;
  if (K !== 3) throw new Error('trainSoftmax: only K = 3 classes are supported');
  const fg = (x: Float64Array, g: Float64Array): number => {
    g.fill(0);
    let loss = 0;
    const bOff = dim * K;
    const b0 = x[bOff], b1 = x[bOff + 1], b2 = x[bOff + 2];
    let gb0 = 0, gb1 = 0, gb2 = 0;
    for (let e = 0; e < data.length; e++) {
      const ex = data[e];
      const idx = ex.idx;
      const val = ex.val;
      const L = idx.length;
      let z0 = b0, z1 = b1, z2 = b2;
      for (let t = 0; t < L; t++) {
        const base = idx[t] * 3;
        const v = val[t];
        z0 += x[base] * v;
        z1 += x[base + 1] * v;
        z2 += x[base + 2] * v;
      }
      const mx = Math.max(z0, z1, z2);
      let e0 = Math.exp(z0 - mx), e1 = Math.exp(z1 - mx), e2 = Math.exp(z2 - mx);
      const se = e0 + e1 + e2;
      e0 /= se; e1 /= se; e2 /= se;
      const y = ex.y;
      const sw = ex.w ?? 1;
      loss -= sw * Math.log(y === 0 ? e0 : y === 1 ? e1 : e2);
      if (y === 0) e0 -= 1;
      else if (y === 1) e1 -= 1;
      else e2 -= 1;
      const s = sw / N;
      e0 *= s; e1 *= s; e2 *= s;
      for (let t = 0; t < L; t++) {
        const base = idx[t] * 3;
        const v = val[t];
        g[base] += e0 * v;
        g[base + 1] += e1 * v;
        g[base + 2] += e2 * v;
      }
      gb0 += e0; gb1 += e1; gb2 += e2;
    }
    g[bOff] = gb0; g[bOff + 1] = gb1; g[bOff + 2] = gb2;
    loss /= N;
    let reg = 0;
    for (let i = 0; i < bOff; i++) {
      const w = x[i];
      reg += w * w;
      g[i] += lambda * w;
    }
    return loss + (lambda / 2) * reg;
  };
  const res = lbfgs(fg, new Float64Array(nParam), opts);
  return { W: res.x.slice(0, dim * K), b: res.x.slice(dim * K), f: res.f, iterations: res.iterations };
}

/** Map sparse vectors in bucket space to compact ids (buckets sorted ascending → 0..D-1). */
export function compactify(vectors: readonly SparseVector[], buckets: readonly number[]): { idx: Int32Array; val: Float64Array }[] {
  const pos = new Map<number, number>();
  buckets.forEach((b, i) => pos.set(b, i));
  return vectors.map((v) => {
    const idx: number[] = [];
    const val: number[] = [];
    for (let t = 0; t < v.idx.length; t++) {
      const p = pos.get(v.idx[t]);
      if (p !== undefined) {
        idx.push(p);
        val.push(v.val[t]);
      }
    }
    return { idx: Int32Array.from(idx), val: Float64Array.from(val) };
  });
}

/**
 * Fit binary logistic regression (labels y ∈ {0, 1}): (sample-weighted) mean log-loss
 * + (lambda / 2)·‖w‖², bias free. Without sample weights `w` every example counts 1.
 * Returns weights per compact feature and the bias.
 */
export function trainBinaryLogistic(data: readonly CompactExample[], dim: number, lambda: number, opts: LbfgsOptions = {}): { w: Float64Array; b: number; iterations: number } {
  const N = data.reduce((s, ex) => s + (ex.w ?? 1), 0);
  const fg = (x: Float64Array, g: Float64Array): number => {
    g.fill(0);
    let loss = 0;
    let gb = 0;
    const b = x[dim];
    for (let e = 0; e < data.length; e++) {
      const { idx, val, y } = data[e];
      const sw = data[e].w ?? 1;
      let z = b;
      for (let t = 0; t < idx.length; t++) z += x[idx[t]] * val[t];
      // log(1 + exp(-s z)) with s = ±1, stable
      const s = y === 1 ? 1 : -1;
      const m = -s * z;
      loss += sw * (m > 0 ? m + Math.log1p(Math.exp(-m)) : Math.log1p(Math.exp(m)));
      const p = 1 / (1 + Math.exp(-z));
      const d = (sw * (p - y)) / N;
      for (let t = 0; t < idx.length; t++) g[idx[t]] += d * val[t];
      gb += d;
    }
    g[dim] = gb;
    let reg = 0;
    for (let i = 0; i < dim; i++) {
      reg += x[i] * x[i];
      g[i] += lambda * x[i];
    }
    return loss / N + (lambda / 2) * reg;
  };
  const res = lbfgs(fg, new Float64Array(dim + 1), opts);
  return { w: res.x.slice(0, dim), b: res.x[dim], iterations: res.iterations };
}

/** Options of {@link trainMlp}. */
export interface MlpOptions {
  /** Hidden units. */
  hidden: number;
  /** Passes over the training rows. */
  epochs: number;
  /** Adam step size. */
  lr: number;
  /** Mini-batch size. */
  batch: number;
  /** Dropout rate on the hidden layer during training (0 = none). */
  dropout: number;
  /** Decoupled weight decay per step (× lr), applied to the rows of W1 a batch touches and to W2. */
  weightDecay: number;
  /** Half-width of the uniform initialisation of W1. */
  init: number;
  /** PRNG seed (initialisation, shuffling, dropout). */
  seed: number;
}

/** A one-hidden-layer network: h = relu(b1 + Σ x_j W1[j]), logits = b2 + W2ᵀ h. */
export interface MlpWeights {
  hidden: number;
  /** `dim × hidden`, row j = input feature j. */
  W1: Float64Array;
  b1: Float64Array;
  /** `hidden × K`, row u = hidden unit u. */
  W2: Float64Array;
  b2: Float64Array;
}

/** Logits of a one-hidden-layer network for one sparse input (compact ids). */
export function mlpLogits(m: MlpWeights, idx: Int32Array, val: Float64Array, K = 3): number[] {
  const H = m.hidden;
  const h = Float64Array.from(m.b1);
  for (let t = 0; t < idx.length; t++) {
    const base = idx[t] * H;
    const v = val[t];
    for (let u = 0; u < H; u++) h[u] += m.W1[base + u] * v;
  }
  const z = Array.from(m.b2);
  for (let u = 0; u < H; u++) {
    if (h[u] <= 0) continue;
    for (let k = 0; k < K; k++) z[k] += m.W2[u * K + k] * h[u];
  }
  return z;
}

/**
 * Train a one-hidden-layer ReLU network (softmax output, cross-entropy) with mini-batch Adam.
 * Rows of W1 are updated lazily (only the features present in the batch), so an epoch costs
 * O(non-zeros × hidden). Deterministic for a given seed: fixed shuffles and dropout masks from
 * mulberry32, fixed summation order.
 */
export function trainMlp(data: readonly CompactExample[], dim: number, K: number, o: MlpOptions): MlpWeights {
  const H = o.hidden;
  const rand = mulberry32(o.seed);
  const W1 = new Float64Array(dim * H);
  for (let i = 0; i < W1.length; i++) W1[i] = (rand() * 2 - 1) * o.init;
  const b1 = new Float64Array(H);
  const W2 = new Float64Array(H * K);
  const a2 = Math.sqrt(6 / (H + K));
  for (let i = 0; i < W2.length; i++) W2[i] = (rand() * 2 - 1) * a2;
  const b2 = new Float64Array(K);
  // Adam state
  const m1 = new Float64Array(W1.length), v1 = new Float64Array(W1.length);
  const mb1 = new Float64Array(H), vb1 = new Float64Array(H);
  const m2 = new Float64Array(W2.length), v2 = new Float64Array(W2.length);
  const mb2 = new Float64Array(K), vb2 = new Float64Array(K);
  const beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  // gradient buffers
  const gW1 = new Float64Array(W1.length);
  const touched = new Uint8Array(dim);
  const rows: number[] = [];
  const gb1 = new Float64Array(H), gW2 = new Float64Array(W2.length), gb2 = new Float64Array(K);
  const h = new Float64Array(H), mask = new Float64Array(H), dh = new Float64Array(H);
  const z = new Float64Array(K);
  const order = data.map((_, i) => i);
  let step = 0;
  const keep = 1 - o.dropout;
  const adam = (w: Float64Array, g: Float64Array, m: Float64Array, v: Float64Array, i: number, lrT: number, decay: boolean) => {
    const gi = g[i];
    m[i] = beta1 * m[i] + (1 - beta1) * gi;
    v[i] = beta2 * v[i] + (1 - beta2) * gi * gi;
    w[i] -= lrT * m[i] / (Math.sqrt(v[i]) + eps) + (decay ? o.lr * o.weightDecay * w[i] : 0);
    g[i] = 0;
  };
  for (let ep = 0; ep < o.epochs; ep++) {
    const perm = shuffle(order, rand);
    for (let s = 0; s < perm.length; s += o.batch) {
      const end = Math.min(perm.length, s + o.batch);
      const bs = end - s;
      for (let e = s; e < end; e++) {
        const ex = data[perm[e]];
        h.set(b1);
        for (let t = 0; t < ex.idx.length; t++) {
          const base = ex.idx[t] * H;
          const v = ex.val[t];
          for (let u = 0; u < H; u++) h[u] += W1[base + u] * v;
        }
        for (let u = 0; u < H; u++) {
          mask[u] = o.dropout > 0 ? (rand() < keep ? 1 / keep : 0) : 1;
          if (h[u] < 0) mask[u] = 0;
          h[u] *= mask[u];
        }
        let mx = -Infinity;
        for (let k = 0; k < K; k++) {
          let acc = b2[k];
          for (let u = 0; u < H; u++) acc += W2[u * K + k] * h[u];
          z[k] = acc;
          if (acc > mx) mx = acc;
        }
        let se = 0;
        for (let k = 0; k < K; k++) {
          z[k] = Math.exp(z[k] - mx);
          se += z[k];
        }
        for (let k = 0; k < K; k++) z[k] = (z[k] / se - (k === ex.y ? 1 : 0)) / bs;
        for (let u = 0; u < H; u++) {
          let acc = 0;
          for (let k = 0; k < K; k++) {
            gW2[u * K + k] += h[u] * z[k];
            acc += W2[u * K + k] * z[k];
          }
          dh[u] = acc * mask[u];
          gb1[u] += dh[u];
        }
        for (let k = 0; k < K; k++) gb2[k] += z[k];
        for (let t = 0; t < ex.idx.length; t++) {
          const j = ex.idx[t];
          if (!touched[j]) {
            touched[j] = 1;
            rows.push(j);
          }
          const base = j * H;
          const v = ex.val[t];
          for (let u = 0; u < H; u++) gW1[base + u] += dh[u] * v;
        }
      }
      step++;
      const lrT = (o.lr * Math.sqrt(1 - Math.pow(beta2, step))) / (1 - Math.pow(beta1, step));
      rows.sort((a, b) => a - b);
      for (const j of rows) {
        touched[j] = 0;
        const base = j * H;
        for (let u = 0; u < H; u++) adam(W1, gW1, m1, v1, base + u, lrT, true);
      }
      rows.length = 0;
      for (let u = 0; u < H; u++) adam(b1, gb1, mb1, vb1, u, lrT, false);
      for (let i = 0; i < W2.length; i++) adam(W2, gW2, m2, v2, i, lrT, true);
      for (let k = 0; k < K; k++) adam(b2, gb2, mb2, vb2, k, lrT, false);
    }
  }
  return { hidden: H, W1, b1, W2, b2 };
}

/**
 * NB-LR (Wang & Manning 2012), one-vs-rest: for each class k, log-count ratios
 * r_k = ln((p_k / ‖p_k‖₁) / (q_k / ‖q_k‖₁)) of binary feature presence (p: rows of class k, q: the
 * others, both smoothed with `alpha`), then binary logistic regression on the features x ∘ r_k.
 * `rows[j]`: ascending compact ids present in row j; `weights[j]` (optional, default 1) weighs row j
 * in the counts and in the logistic loss. Returns V[i * 3 + k] = w_k[i] · r_k[i] (so a
 * row's class-k score is b[k] + Σ V over its present ids) and the biases.
 */
export function trainNbLr(rows: readonly Int32Array[], y: readonly number[], dim: number, lambda: number, alpha = 1, opts: LbfgsOptions = { maxIter: 300 }, weights?: readonly number[]): { V: Float64Array; b: Float64Array } {
  const V = new Float64Array(dim * 3);
  const bias = new Float64Array(3);
  for (let k = 0; k < 3; k++) {
    const p = new Float64Array(dim).fill(alpha);
    const q = new Float64Array(dim).fill(alpha);
    rows.forEach((r, j) => {
      const t = y[j] === k ? p : q;
      const sw = weights?.[j] ?? 1;
      for (const i of r) t[i] += sw;
    });
    let sp = 0;
    let sq = 0;
    for (let i = 0; i < dim; i++) {
      sp += p[i];
      sq += q[i];
    }
    const ratio = new Float64Array(dim);
    for (let i = 0; i < dim; i++) ratio[i] = Math.log(p[i] / sp / (q[i] / sq));
    const data = rows.map((r, j) => ({ idx: r, val: Float64Array.from(r, (i) => ratio[i]), y: y[j] === k ? 1 : 0, ...(weights ? { w: weights[j] } : {}) }));
    const m = trainBinaryLogistic(data, dim, lambda, opts);
    for (let i = 0; i < dim; i++) V[i * 3 + k] = m.w[i] * ratio[i];
    bias[k] = m.b;
  }
  return { V, b: bias };
}
