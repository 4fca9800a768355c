import { describe, expect, it } from 'vitest';
import { cachedProjectionTokens, cnnProba, cnnProbaReference, cnnTokens, decodeCnn, encodeCnn, trainCnn, CNN_CONFIG, CNN_TRAIN, PROJECTION_CACHE_TOKENS, type CnnConfig, type CnnExample } from './cnn.js';
import { DEFAULT_FEATURE_CONFIG } from './features.js';
import { cnnLeadExamples } from './recipe.js';
import { decodeModel, predictProba, type CnnGate, type SentimentModelJson } from './model.js';

const SMALL: CnnConfig = { dim: 16, widths: [1, 2], filters: 16, maxTokens: 20, subBuckets: 1024, minCount: 1 };
const FAST = { ...CNN_TRAIN, epochs: 40, lr: 1e-2, batch: 8, dropout: 0, wordDropout: 0, seed: 7 };

// The label depends on word order only: a bag of words cannot tell "bitcoin rallies not falls" from "bitcoin falls not rallies".
const ORDER_ROWS: CnnExample[] = [];
for (const coin of ['bitcoin', 'ether', 'solana', 'cardano', 'dogecoin']) {
  ORDER_ROWS.push({ text: `${coin} rallies not falls`, y: 1, weight: 1 });
  ORDER_ROWS.push({ text: `${coin} falls not rallies`, y: 0, weight: 1 });
  ORDER_ROWS.push({ text: `${coin} holds steady`, y: 2, weight: 1 });
}
const argmax = (p: readonly number[]) => p.indexOf(Math.max(...p));

describe('convolutional headline model', () => {
  it('reads word order: learns labels that differ only in the order of the same words', () => {
    const m = trainCnn(ORDER_ROWS, SMALL, FAST);
    for (const r of ORDER_ROWS) expect(argmax(cnnProba(m, r.text)), r.text).toBe(r.y);
    // a coin it never saw, in the same frames
    expect(argmax(cnnProba(m, 'polkadot rallies not falls'))).toBe(1);
    expect(argmax(cnnProba(m, 'polkadot falls not rallies'))).toBe(0);
  });

  it('is deterministic for the same rows and seed, and the file round trip keeps its probabilities', () => {
    const a = trainCnn(ORDER_ROWS, SMALL, { ...FAST, epochs: 5 });
    const b = trainCnn(ORDER_ROWS, SMALL, { ...FAST, epochs: 5 });
    expect(JSON.stringify(encodeCnn(a))).toBe(JSON.stringify(encodeCnn(b)));
    const back = decodeCnn(JSON.parse(JSON.stringify(encodeCnn(a))));
    for (const r of [...ORDER_ROWS, { text: 'an unseen headline, 12 % higher', y: 2, weight: 1 }]) {
      const p = cnnProba(a, r.text);
      const q = cnnProba(back, r.text);
      p.forEach((v, k) => expect(Math.abs(v - q[k])).toBeLessThan(0.02));
    }
  });

  it('the cached inference gives the reference forward pass\'s probabilities', () => {
    const m = trainCnn(ORDER_ROWS, SMALL, { ...FAST, epochs: 3 });
    const big = trainCnn(ORDER_ROWS, { ...SMALL, widths: [1, 2, 3, 4] }, { ...FAST, epochs: 3 });
    // a filter count that is not a multiple of eight (the projection's remainder loop)
    const odd = trainCnn(ORDER_ROWS, { ...SMALL, filters: 13 }, { ...FAST, epochs: 3 });
    for (const model of [m, big, odd])
      for (const t of ['', 'x', 'bitcoin', 'Bitcoin rallies not falls as ETH slides 5%', 'an unseen headline about polkadot and 比特币', 'a '.repeat(60)]) {
        const p = cnnProba(model, t);
        cnnProbaReference(model, t).forEach((v, k) => expect(Math.abs(v - p[k]), t).toBeLessThan(1e-5));
      }
  });

  it('keeps the cached token projections bounded however many distinct tokens a long-running server reads', () => {
    // the shipped shape (640 numbers per token); 36,000 distinct tokens would hold about 92 MB in an unbounded cache
    const m = trainCnn(ORDER_ROWS, CNN_CONFIG, { ...FAST, epochs: 1 });
    // letters only (the tokenizer reads digits as number placeholders): 'baaa', 'caaa', …
    const word = (n: number) => Array.from({ length: 4 }, (_, k) => String.fromCharCode(97 + (Math.floor(n / 26 ** k) % 26))).join('');
    const texts = Array.from({ length: 12_000 }, (_, i) => `q${word(3 * i)} q${word(3 * i + 1)} q${word(3 * i + 2)}`);
    const before = process.memoryUsage().arrayBuffers;
    for (const t of texts) cnnProba(m, t);
    const grown = process.memoryUsage().arrayBuffers - before;
    const perToken = 4 * CNN_CONFIG.filters * CNN_CONFIG.widths.reduce((a, w) => a + w, 0);
    expect(grown).toBeLessThan(PROJECTION_CACHE_TOKENS * perToken + 16e6);
    expect(cachedProjectionTokens(m)).toBeLessThanOrEqual(PROJECTION_CACHE_TOKENS);
    expect(cachedProjectionTokens(m)).toBeGreaterThanOrEqual((3 * PROJECTION_CACHE_TOKENS) / 4);
    // evicted buffers are reused: an early text, now evicted, and a recent one still read as the reference pass does
    for (const t of [texts[0], texts[texts.length - 1], 'bitcoin rallies not falls']) {
      const p = cnnProba(m, t);
      cnnProbaReference(m, t).forEach((v, k) => expect(Math.abs(v - p[k]), t).toBeLessThan(1e-5));
    }
  });

  it('reads the tokens the linear model reads, between start and end tokens, and never throws', () => {
    expect(cnnTokens('BTC up 5% to $60,000!')).toEqual(['<s>', 'btc', 'xpctup', 'to', 'xmoney', '!', '</s>']);
    const m = trainCnn(ORDER_ROWS, SMALL, { ...FAST, epochs: 1 });
    for (const t of ['', '   ', '比特币', 'x'.repeat(10_000), 'a '.repeat(500)]) {
      const p = cnnProba(m, t);
      expect(p.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 6);
    }
  });

  it('turns a training row\'s lead into an example with the headline\'s label and share; short or missing leads and weight 0 give none', () => {
    const leads = new Map([
      ['a', 'Bitcoin climbed above its 200-day average as ETF inflows resumed.'],
      ['b', 'Too short.'],
    ]);
    const rows = [
      { id: 'a', label: 'bullish' as const },
      { id: 'a', label: 'neutral' as const, share: 0.5 },
      { id: 'b', label: 'bearish' as const },
      { id: 'c', label: 'bearish' as const },
    ];
    expect(cnnLeadExamples(rows, leads, 2)).toEqual([
      { text: leads.get('a'), y: 1, weight: 2 },
      { text: leads.get('a'), y: 2, weight: 1 },
    ]);
    expect(cnnLeadExamples(rows, leads, 0)).toEqual([]);
  });

  it('rejects empty training sets and class indices outside 0–2', () => {
    expect(() => trainCnn([], SMALL, FAST)).toThrow(/no rows/);
    expect(() => trainCnn([{ text: 'a', y: 3, weight: 1 }], SMALL, FAST)).toThrow(/class index/);
  });

  it('a format-5 model file mixes the CNNs into English crypto texts only, and a bad weight is refused', () => {
    const cnn = encodeCnn(trainCnn(ORDER_ROWS, SMALL, FAST));
    const linear = (w: number[]): SentimentModelJson => ({
      format: 'coinlens-sentiment/1',
      classes: ['bearish', 'bullish', 'neutral'],
      features: DEFAULT_FEATURE_CONFIG,
      nTrainDocs: 1,
      idfMax: 1,
      count: 0,
      buckets: '',
      idf: '',
      weightScale: 1,
      weights: '',
      bias: w,
    });
    const file = (weight: number, gate: CnnGate = 'crypto'): SentimentModelJson => ({ ...linear([0, 0, 0]), format: 'coinlens-sentiment/5', cryptoLr: linear([0, 0, 0]), ensemble: { weight: 0, offsets: [0, 0, 0], gate: 'crypto' }, cnn: { models: [cnn], weight, gate } });
    const m = decodeModel(file(0));
    // linear part uniform: the label is the CNN's for a crypto text
    expect(argmax(predictProba(m, 'bitcoin rallies not falls'))).toBe(1);
    expect(argmax(predictProba(m, 'bitcoin falls not rallies'))).toBe(0);
    // not a crypto text: the linear part alone (uniform)
    expect(predictProba(m, 'rallies not falls')).toEqual([1 / 3, 1 / 3, 1 / 3]);
    // Chinese: the CNNs read English only
    expect(predictProba(m, '比特币 rallies not falls')).toEqual([1 / 3, 1 / 3, 1 / 3]);
    // gate crypto-no-fade: a failed or faded move is left to the linear model's word-order cues
    expect(predictProba(m, 'bitcoin rallies not falls, then fails to hold')).not.toEqual([1 / 3, 1 / 3, 1 / 3]);
    const noFade = decodeModel(file(0, 'crypto-no-fade'));
    expect(predictProba(noFade, 'bitcoin rallies not falls, then fails to hold')).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(predictProba(noFade, 'bitcoin rallies not falls')).toEqual(predictProba(m, 'bitcoin rallies not falls'));
    expect(() => decodeModel(file(1.5))).toThrow(/weight/);
    expect(() => decodeModel(file(0.5, 'everything' as CnnGate))).toThrow(/gate/);
    expect(() => decodeModel({ ...file(0.5), cnn: undefined })).toThrow(/format 5/);
  });
});
