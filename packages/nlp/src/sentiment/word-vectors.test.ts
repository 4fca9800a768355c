import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_CONFIG } from './features.js';
import { decodeModel, encodeModel, predictProba, type SentimentLabel } from './model.js';
import { RECIPE_VEC_MIX, trainRecipe } from './recipe.js';
import { decodeWordVectors, encodeWordVectors, readWinkVectors, sentenceFeatures, vectorPositions, vectorTokens, withContextVectors, type WordVectors } from './word-vectors.js';

/** A tiny table in the wink-embeddings file shape: 4-d vectors, + l2 norm and word index like the real file. */
function winkFile(): string {
  const words = ['the', 'bitcoin', 'rises', 'falls', 'market', "'s", 'crypto', 'friendly'];
  const vecs: Record<string, number[]> = {
    the: [0.1, 0.1, 0.1, 0.1],
    bitcoin: [1, 0, 0, 0.5],
    rises: [0, 2, 0, 0],
    falls: [0, -2, 0, 0],
    market: [0.5, 0, 1, 0],
    "'s": [0, 0, 0, 0.2],
    crypto: [1, 0, 0.2, 0],
    friendly: [0, 0.5, 0, 1],
  };
  const vectors = Object.fromEntries(words.map((w, i) => [w, [...vecs[w], Math.hypot(...vecs[w]), i]]));
  const dir = mkdtempSync(join(tmpdir(), 'wv-'));
  const path = join(dir, 'vectors.json');
  writeFileSync(path, JSON.stringify({ precision: 8, l2NormIndex: 4, wordIndex: 5, size: words.length, dimensions: 4, words, vectors, unkVector: [0, 0, 0, 0] }));
  return path;
}

describe('word vectors', () => {
  const path = winkFile();

  it('reads the wink file, keeping the chosen words in rank order', () => {
    const wv = readWinkVectors(path, (w, r) => r < 3 || w === 'market');
    expect(wv.words).toEqual(['the', 'bitcoin', 'rises', 'market']);
    expect(Array.from(wv.ranks)).toEqual([0, 1, 2, 4]);
    expect(wv.sourceSize).toBe(8);
    expect(Array.from(wv.vectors.slice(4, 8))).toEqual([1, 0, 0, 0.5]);
    expect(() => readWinkVectors(join(path, '..', 'missing.json'), () => true)).toThrow();
  });

  it('int8 encoding round-trips within one step of each vector scale', () => {
    const wv = readWinkVectors(path, () => true);
    const back = decodeWordVectors(JSON.parse(JSON.stringify(encodeWordVectors(wv, 'test'))) as ReturnType<typeof encodeWordVectors>);
    expect(back.words).toEqual(wv.words);
    expect(Array.from(back.ranks)).toEqual(Array.from(wv.ranks));
    wv.vectors.forEach((v, i) => expect(Math.abs(back.vectors[i] - v)).toBeLessThanOrEqual(2 / 127 + 1e-6));
    expect(() => decodeWordVectors({ ...encodeWordVectors(wv, 'test'), count: 3 })).toThrow(/sizes/);
  });

  it('tokenises as GloVe does: possessives split, hyphenated words split when unknown, no CJK', () => {
    expect(vectorTokens('Bitcoin’s rally: U.S. crypto-friendly bill')).toEqual(['bitcoin', "'s", 'rally', 'u.s', 'crypto-friendly', 'bill']);
    expect(vectorTokens('比特币上涨')).toEqual([]);
    const wv = readWinkVectors(path, () => true);
    expect(vectorPositions(wv, 'crypto-friendly bitcoin').map((p) => wv.words[p])).toEqual(['crypto', 'friendly', 'bitcoin']);
  });

  it('pools sentence vectors (mean, SIF, max), each L2-normalised; none for Chinese or unknown words', () => {
    const wv = readWinkVectors(path, () => true);
    const f = sentenceFeatures(wv, 'Bitcoin rises', ['mean', 'sif', 'max'])!;
    expect(f).toHaveLength(12);
    for (let p = 0; p < 3; p++) expect(Math.hypot(...f.slice(p * 4, p * 4 + 4))).toBeCloseTo(1, 9);
    // max pool of [1,0,0,0.5] and [0,2,0,0] = [1,2,0,0.5]
    const n = Math.hypot(1, 2, 0, 0.5);
    expect(Array.from(f.slice(8))).toEqual([1 / n, 2 / n, 0, 0.5 / n]);
    // SIF down-weights the most frequent word: "the" moves the SIF pool less than the mean
    const withThe = sentenceFeatures(wv, 'the the the bitcoin', ['mean', 'sif'])!;
    expect(withThe[4]).toBeGreaterThan(withThe[0]);
    expect(sentenceFeatures(wv, '比特币 BTC 上涨', ['mean'])).toBeNull();
    expect(sentenceFeatures(wv, 'zzz qqq', ['mean'])).toBeNull();
  });

  it('gives words the file lacks the normalised mean of their contexts', () => {
    const wv = readWinkVectors(path, () => true);
    const texts = ['ethereum rises', 'ethereum rises', 'ethereum rises', 'solana falls'];
    const ext = withContextVectors(wv, texts, 3, 5);
    expect(ext.words.slice(wv.words.length)).toEqual(['ethereum']);
    const v = Array.from(ext.vectors.slice(wv.words.length * 4));
    // the context is "rises" only: the direction of [0, 2, 0, 0]
    expect(v[1]).toBeGreaterThan(0);
    expect(v[0]).toBe(0);
    expect(ext.ranks[ext.ranks.length - 1]).toBeGreaterThanOrEqual(wv.sourceSize);
    expect(sentenceFeatures(ext, 'Ethereum', ['mean'])).not.toBeNull();
  });

  it('format 3 mixes the word-vector part into English crypto texts only', () => {
    const wv: WordVectors = readWinkVectors(path, () => true);
    const args = { classes: ['bearish', 'bullish', 'neutral'] as SentimentLabel[], cfg: DEFAULT_FEATURE_CONFIG, nTrainDocs: 10, idfMax: 3, buckets: Int32Array.from([3]), idfQ: Uint8Array.from([0]), W: new Float64Array(3), bias: Float64Array.from([0, 0, 0]) };
    // the vec part reads dimension 1 of the mean pool: positive → bullish, negative → bearish
    const W = new Float64Array(4 * 3);
    W[1 * 3 + 0] = -5;
    W[1 * 3 + 1] = 5;
    const json = encodeModel({ ...args, vec: { wv, source: 'test', pools: ['mean'], W, bias: new Float64Array(3), weight: 0.5, offsets: [0, 0, 0], gate: 'crypto' } });
    expect(json.format).toBe('coinlens-sentiment/3');
    const m = decodeModel(JSON.parse(JSON.stringify(json)));
    expect(m.vec!.wv.words).toEqual(wv.words);
    const up = predictProba(m, 'bitcoin rises');
    const down = predictProba(m, 'bitcoin falls');
    expect(up[1]).toBeGreaterThan(0.5);
    expect(down[0]).toBeGreaterThan(0.5);
    // not crypto, or Chinese: the softmax part alone (all zero: uniform)
    expect(predictProba(m, 'the market rises')).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(predictProba(m, '比特币上涨')).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(() => decodeModel({ ...json, vec: undefined })).toThrow(/format 3/);
    expect(() => encodeModel({ ...args, vec: { wv, source: 'test', pools: ['mean'], W, bias: new Float64Array(3), weight: 0.5, offsets: [0, 0, 0] }, nb: { cfg: DEFAULT_FEATURE_CONFIG, buckets: new Int32Array(0), V: new Float64Array(0), bias: new Float64Array(3), weight: 1, offsets: [0, 0, 0] } })).toThrow(/at most one/);
  });

  it('the vec-mix recipe needs the vectors and trains a format 3 file', () => {
    const rows = [
      { text: 'Bitcoin rises', label: 'bullish' as const, weight: 1, domain: 'crypto' as const },
      { text: 'Bitcoin falls', label: 'bearish' as const, weight: 1, domain: 'crypto' as const },
      { text: 'crypto market', label: 'neutral' as const, weight: 1, domain: 'crypto' as const },
    ];
    expect(() => trainRecipe(rows, {}, RECIPE_VEC_MIX)).toThrow(/word vectors/);
    const wv = readWinkVectors(path, () => true);
    const r = trainRecipe(rows, {}, RECIPE_VEC_MIX, { wv, source: 'test' });
    expect(r.json.format).toBe('coinlens-sentiment/3');
    expect(r.json.ensemble).toEqual({ weight: 0.7, offsets: [0, 0, 0], gate: 'crypto' });
    expect(r.json.vec!.W).toHaveLength(3 * 4 * 3);
  });
});
