import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifySentiment, classifySentimentModelOnly, getSentimentModel, loadSentimentModel } from './classify.js';
import { CRYPTO_FILES, cryptoSelectionSplit, cryptoTrainingRows, readCryptoHeadlines, trainingLeads } from './crypto-dataset.js';
import { CRYPTO_RULES, matchCryptoRule } from './crypto-rules.js';
import { CLASSES, MODEL_JSON, readTfns, tfnsSplit } from './dataset.js';
import { computeMetrics } from './evaluate.js';
import { domainCues } from './domain-cues.js';
import { DEFAULT_FEATURE_CONFIG, NBLR_FEATURE_CONFIG, extractFeatureCounts, fnv1a, normaliseText, tokenize, tokenizeZh, vectorize, wordsWithNegation } from './features.js';
import { lexiconPolarity } from './lexicon.js';
import { decodeModel, encodeModel, predictProba, type SentimentLabel } from './model.js';
import { cnnLeadExamples, cnnMeta, RECIPE, RECIPE_ID, RECIPE_NB_MIX, recipeFingerprint, trainRecipe } from './recipe.js';
import { mulberry32 } from '@coinlens/ta/random';
import { compactify, computeIdf, stratifiedFolds, stratifiedSplit, trainNbLr, trainSoftmax } from './train.js';

describe('features', () => {
  it('normalises urls, cashtags, percentages, money and numbers', () => {
    const n = normaliseText('$TSLA up 5% to $1.2B, -3% later; 42 deals https://t.co/x @user');
    expect(tokenize(n)).toEqual(['xcashtag', 'xpctup', 'to', 'xmoney', ',', 'xpctdown', 'later', ';', 'xnum', 'deals', 'xurl', 'xuser']);
  });

  it('marks negation scope until clause punctuation', () => {
    const { negated, lex } = wordsWithNegation(tokenize(normaliseText('Shares did not rally, but fell')));
    expect(negated).toEqual(['neg_rally']);
    expect(lex).toEqual(['neg_pos', 'neg']);
  });

  it('lexicon covers inflections', () => {
    expect(lexiconPolarity('plummeted')).toBe(-1);
    expect(lexiconPolarity('soaring')).toBe(1);
    expect(lexiconPolarity('table')).toBe(0);
  });

  it('vectorize L2-normalises each group', () => {
    const v = vectorize(extractFeatureCounts('Stocks rally', DEFAULT_FEATURE_CONFIG), () => 1, { ...DEFAULT_FEATURE_CONFIG, lexWeight: 0 });
    const norm2 = Array.from(v.val).reduce((s, x) => s + x * x, 0);
    expect(norm2).toBeCloseTo(2, 6); // two groups of unit norm (collisions aside)
  });
});

describe('split and training', () => {
  it('stratified split is deterministic and keeps class ratios', () => {
    const labels = Array.from({ length: 1000 }, (_, i) => (i % 10 < 6 ? 'n' : i % 10 < 8 ? 'b' : 'c'));
    const a = stratifiedSplit(labels, 0.2, 1);
    expect(stratifiedSplit(labels, 0.2, 1)).toEqual(a);
    expect(a.test.length).toBe(200);
    expect(a.test.filter((i) => labels[i] === 'n').length).toBe(120);
    expect(new Set([...a.train, ...a.test]).size).toBe(1000);
    expect(mulberry32(5)()).toBe(mulberry32(5)());
  });

  it('training is deterministic (identical weights on rerun) and learns', () => {
    const rows = readTfns().slice(0, 200);
    const counts = rows.map((r) => extractFeatureCounts(r.text, DEFAULT_FEATURE_CONFIG));
    const idf = computeIdf(counts);
    const comp = compactify(counts.map((c) => vectorize(c, (b) => idf.get(b) ?? 1, DEFAULT_FEATURE_CONFIG)), [...idf.keys()]);
    const data = comp.map((c, i) => ({ ...c, y: CLASSES.indexOf(rows[i].label) }));
    const a = trainSoftmax(data, idf.size, 3, 1e-4, { maxIter: 30 });
    const b = trainSoftmax(data, idf.size, 3, 1e-4, { maxIter: 30 });
    expect(Buffer.from(a.W.buffer).equals(Buffer.from(b.W.buffer))).toBe(true);
    expect(Array.from(a.b)).toEqual(Array.from(b.b));
    expect(a.f).toBeLessThan(Math.log(3));
  }, 60_000);

  it('stratified folds are deterministic, balanced per class and cover every row', () => {
    const y = Array.from({ length: 103 }, (_, i) => (i % 10 < 6 ? 2 : i % 10 < 8 ? 1 : 0));
    const f = stratifiedFolds(y, 5, 99);
    expect(stratifiedFolds(y, 5, 99)).toEqual(f);
    expect(f.every((v) => v >= 0 && v < 5)).toBe(true);
    for (let k = 0; k < 3; k++) {
      const sizes = [0, 1, 2, 3, 4].map((g) => f.filter((v, j) => v === g && y[j] === k).length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });

  it('trainRecipe is deterministic, weighs rows and names the recipe', () => {
    const rows = readTfns().slice(0, 200).map((r) => ({ text: r.text, label: r.label, weight: 1 }));
    const zh = readCryptoHeadlines(CRYPTO_FILES.trainZh).slice(0, 100).map((r) => ({ text: r.text, label: r.label, weight: 3, domain: 'crypto' as const }));
    const a = trainRecipe([...rows, ...zh], { rows: 'subset' });
    expect(JSON.stringify(trainRecipe([...rows, ...zh], { rows: 'subset' }).json)).toBe(JSON.stringify(a.json));
    expect(a.json.nTrainDocs).toBe(300);
    expect(a.json.meta).toMatchObject({ rows: 'subset', recipe: RECIPE_ID, recipeFingerprint: recipeFingerprint(), trainRows: 300 });
    // it fits the rows it was given, Chinese ones included
    const m = decodeModel(a.json);
    const fit = zh.filter((r) => classifySentimentModelOnly(r.text, m).label === r.label).length / zh.length;
    expect(fit).toBeGreaterThan(0.9);
    // the NB-LR candidate: format 2, NB-LR trained on the crypto rows only, mixed into crypto texts only
    const b = trainRecipe([...rows, ...zh], {}, RECIPE_NB_MIX);
    expect(b.json.format).toBe('coinlens-sentiment/2');
    expect(b.json.ensemble).toEqual({ weight: 0.7, offsets: [0.9, 0, 0], gate: 'crypto' });
    const mb = decodeModel(b.json);
    expect(zh.filter((r) => classifySentimentModelOnly(r.text, mb).label === r.label).length / zh.length).toBeGreaterThan(0.9);
    expect(() => trainRecipe(rows, {}, RECIPE_NB_MIX)).toThrow(/domain "crypto"/);
  }, 120_000);

  it('model encoding round-trips within int16 quantisation', () => {
    const W = Float64Array.from([0.5, -1.25, 2, 0, 1e-3, -2]);
    const json = encodeModel({ classes: ['bearish', 'bullish', 'neutral'], cfg: DEFAULT_FEATURE_CONFIG, nTrainDocs: 10, idfMax: 3, buckets: Int32Array.from([3, 70000]), idfQ: Uint8Array.from([0, 255]), W, bias: Float64Array.from([0.1, 0.2, 0.3]) });
    const m = decodeModel(JSON.parse(JSON.stringify(json)));
    expect(Array.from(m.buckets)).toEqual([3, 70000]);
    expect(Array.from(m.idf)).toEqual([1, 3]);
    m.W.forEach((w, i) => expect(Math.abs(w - W[i])).toBeLessThan(2 / 32767));
    expect(() => decodeModel({ ...json, format: 'x' as never })).toThrow(/format/);
  });

  it('format 2 (softmax + NB-LR ensemble) round-trips and mixes log-probabilities', () => {
    const base = { classes: ['bearish', 'bullish', 'neutral'] as const, cfg: DEFAULT_FEATURE_CONFIG, nTrainDocs: 10, idfMax: 3, buckets: Int32Array.from([3, 70000]), idfQ: Uint8Array.from([0, 255]), W: new Float64Array(6), bias: Float64Array.from([0, 0, 0]) };
    const V = Float64Array.from([1, -1, 0.5, 0.25, 0, -0.75]);
    const json = encodeModel({ ...base, classes: [...base.classes], nb: { cfg: NBLR_FEATURE_CONFIG, buckets: Int32Array.from([5, 9]), V, bias: Float64Array.from([0.1, 0, -0.1]), weight: 0.9, offsets: [0.5, 0.6, 0] } });
    expect(json.format).toBe('coinlens-sentiment/2');
    const m = decodeModel(JSON.parse(JSON.stringify(json)));
    expect(Array.from(m.nb!.buckets)).toEqual([5, 9]);
    m.nb!.V.forEach((v, i) => expect(Math.abs(v - V[i])).toBeLessThan(2 / 32767));
    expect(m.nb!.weight).toBe(0.9);
    // all-zero softmax part and no known NB buckets: the offsets and NB bias decide
    const p = predictProba(m, 'zzz');
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(p[1]).toBeGreaterThan(p[2]);
    expect(() => decodeModel({ ...json, nblr: undefined })).toThrow(/format 2/);
  });

  it('format 2 with gate "crypto" mixes the NB-LR part only into crypto texts', () => {
    const cfg = { ...NBLR_FEATURE_CONFIG, lexWeight: 0 };
    const mask = (1 << cfg.hashBits) - 1;
    // one NB bucket: the word "bitcoin", strongly bearish; the softmax part is all zero
    const b = fnv1a('w|bitcoin') & mask;
    const args = { classes: ['bearish', 'bullish', 'neutral'] as SentimentLabel[], cfg: DEFAULT_FEATURE_CONFIG, nTrainDocs: 10, idfMax: 3, buckets: Int32Array.from([3]), idfQ: Uint8Array.from([0]), W: new Float64Array(3), bias: Float64Array.from([0, 0, 0]) };
    const nb = { cfg, buckets: Int32Array.from([b]), V: Float64Array.from([4, 0, 0]), bias: Float64Array.from([0, 0, 0]), weight: 0.5, offsets: [0, 0.1, 0] };
    const gated = decodeModel(JSON.parse(JSON.stringify(encodeModel({ ...args, nb: { ...nb, gate: 'crypto' } }))));
    const ungated = decodeModel(JSON.parse(JSON.stringify(encodeModel({ ...args, nb }))));
    expect(gated.nb!.gate).toBe('crypto');
    expect(ungated.nb!.gate).toBeUndefined();
    // a crypto text: mixed in both
    expect(predictProba(gated, 'bitcoin falls')).toEqual(predictProba(ungated, 'bitcoin falls'));
    expect(predictProba(gated, 'bitcoin falls')[0]).toBeGreaterThan(0.5);
    // not crypto: the gated model is the softmax part alone (here all zero: uniform), the ungated one adds the offsets
    expect(predictProba(gated, 'shares of acme')).toEqual([1 / 3, 1 / 3, 1 / 3]);
    const p = predictProba(ungated, 'shares of acme');
    expect(p[1]).toBeGreaterThan(p[0]);
  });

  it('NB-LR row weights count like repeated rows', () => {
    const rows = [Int32Array.from([0, 1]), Int32Array.from([1, 2]), Int32Array.from([2, 3]), Int32Array.from([0, 3])];
    const y = [0, 1, 2, 1];
    const weighted = trainNbLr(rows, y, 4, 0.01, 1, { maxIter: 200 }, [2, 1, 1, 1]);
    const repeated = trainNbLr([...rows, rows[0]], [...y, y[0]], 4, 0.01, 1, { maxIter: 200 });
    weighted.V.forEach((v, i) => expect(v).toBeCloseTo(repeated.V[i], 4));
    weighted.b.forEach((v, i) => expect(v).toBeCloseTo(repeated.b[i], 4));
  });
});

describe('shipped model', () => {
  it('loads, is small and has the expected classes', () => {
    const m = getSentimentModel();
    expect(m.classes).toEqual(['bearish', 'bullish', 'neutral']);
    // 9.7 MB of linear models and 6.2 MB of convolutional ones (decisions 136, 137: the leads add word rows); read once by the server
    expect(readFileSync(MODEL_JSON).length).toBeLessThan(17e6);
  });

  it('is the recipe trained on the TFNS training part and the crypto training rows only', () => {
    const json = JSON.parse(readFileSync(MODEL_JSON, 'utf8')) as { nTrainDocs: number; features: { orderCues?: boolean }; meta: Record<string, unknown> };
    const tfns = readTfns();
    // the training reader's rows: no evaluation headline (dev sets, January 2026, native-Chinese dev) nor a near-duplicate of one
    // with the recipe's label pass (`both`: a row the two passes disagree on counts once per label)
    const rows = cryptoTrainingRows(RECIPE.labelPass);
    // the headlines naming no coin are in the general model too when their weight there is > 0
    const nocoin = RECIPE.nocoin && RECIPE.nocoin.weight > 0 ? rows.nocoin.length : 0;
    const n = tfnsSplit(tfns).train.length + rows.en.length + rows.zh.length + rows.zhNative.length + nocoin;
    expect(json.meta.recipe).toBe(RECIPE_ID);
    expect(json.meta.recipeFingerprint).toBe(recipeFingerprint(RECIPE));
    expect(json.nTrainDocs).toBe(n);
    expect(json.meta.cryptoLr).toMatchObject({ trainRows: n + rows.extra.length, extraRows: rows.extra.length });
    expect(json.features.orderCues).toBe(RECIPE.cfg.orderCues);
    expect(String(json.meta.trainedOn)).toContain('training part only');
    expect(String(json.meta.trainedOn)).toContain('January 2026 rows are evaluation');
    expect(String(json.meta.trainedOn)).toContain('train_nocoin.csv');
    expect(json.meta.nocoin).toEqual(RECIPE.nocoin);
    // the convolutional part (decisions 136, 137): the English crypto rows, the TFNS training part and the rows' leads
    const leads = cnnLeadExamples([...rows.en, ...rows.extra, ...rows.nocoin], trainingLeads()).length;
    expect(leads).toBeGreaterThan(20_000);
    expect(json.meta.cnn).toEqual(cnnMeta(rows.en.length + rows.extra.length + rows.nocoin.length + tfnsSplit(tfns).train.length + leads, leads));
  }, 60_000);

  it('evaluation rows are disjoint from training rows', () => {
    const dev = readCryptoHeadlines(CRYPTO_FILES.dev);
    const train = new Set(readCryptoHeadlines(CRYPTO_FILES.train).map((r) => r.id));
    expect(dev.length).toBe(379);
    expect(dev.some((r) => train.has(r.id))).toBe(false);
    const devZh = readCryptoHeadlines(CRYPTO_FILES.devZh);
    expect(devZh.map((r) => [r.id, r.label])).toEqual(dev.map((r) => [r.id, r.label]));
    const sel = cryptoSelectionSplit(readCryptoHeadlines(CRYPTO_FILES.train));
    expect([...sel.validation].some((id) => sel.train.has(id))).toBe(false);
  });

  it('held-out rows are not used for training (split is disjoint)', () => {
    const { train, test } = tfnsSplit(readTfns());
    const t = new Set(test);
    expect(train.some((i) => t.has(i))).toBe(false);
  });

  it('is deterministic and reloads identically', () => {
    const text = 'Tesla downgraded at Morgan Stanley as deliveries miss';
    const a = classifySentiment(text);
    expect(classifySentiment(text)).toEqual(a);
    expect(classifySentimentModelOnly(text, loadSentimentModel())).toEqual(classifySentimentModelOnly(text));
  });

  it('reads crypto headlines the way a trader does', () => {
    expect(classifySentiment('Bitcoin Holds Above $100K as Traders Eye Crypto Rally').label).toBe('bullish');
    expect(classifySentiment('Ethereum Slides Below $2,400 as Liquidations Mount').label).toBe('bearish');
    expect(classifySentiment('What Is Bitcoin Staking? A Beginner’s Guide').label).toBe('neutral');
  });

  it('reads the main clause and the last move (word-order cues)', () => {
    expect(classifySentiment('Bitcoin Falls Despite ETF Inflows').label).toBe('bearish');
    expect(classifySentiment('Bitcoin Rises Despite ETF Outflows').label).toBe('bullish');
    expect(classifySentiment('比特币未能突破10万美元关口，随后回落').label).toBe('bearish');
    expect(classifySentiment('Ether pares gains after early rally').label).toBe('bearish');
    expect(classifySentiment('以太坊涨幅收窄，多头动能减弱').label).toBe('bearish');
  });

  it('classifies Chinese headlines with the same model', () => {
    expect(classifySentiment('比特币突破10万美元创历史新高').label).toBe('bullish');
    expect(classifySentiment('某交易所遭黑客攻击，被盗 1 亿美元').label).toBe('bearish');
    expect(tokenizeZh(normaliseText('比特币自关键需求位反弹'))).toContain('反弹');
  });

  it('classifies clear headlines', () => {
    expect(classifySentiment('$AAPL upgraded to Buy at Goldman, price target raised').label).toBe('bullish');
    expect(classifySentiment('$XYZ shares plunge after company cuts guidance').label).toBe('bearish');
    expect(classifySentiment('Company to hold annual shareholder meeting on June 4').label).toBe('neutral');
    const r = classifySentiment('Bitcoin ETF sees record inflows');
    expect(r.scores.bullish + r.scores.bearish + r.scores.neutral).toBeCloseTo(1, 9);
    expect(classifySentiment('   ')).toEqual({ label: 'neutral', scores: { bearish: 0, bullish: 0, neutral: 1 } });
  });
});

describe('crypto rules', () => {
  it('fire on crypto headlines, are mixed into the scores and named when they agree with the label', () => {
    const cases: [string, string][] = [
      ['Bybit hack: Lazarus stole $1.5B in ether', 'hack-exploit'],
      ['SEC delays decision on Solana ETF', 'etf-rejected-or-delayed'],
      ['Shorts liquidated as bitcoin squeezes higher', 'short-liquidations'],
      ['BlackRock’s Bitcoin ETF posts $356M inflows, longest inflow streak in 2025', 'inflows'],
      ['Wisconsin Investment Board sold off its Bitcoin ETF stash', 'sell-off'],
    ];
    for (const [text, id] of cases) {
      const rule = matchCryptoRule(text)!;
      expect(rule.id).toBe(id);
      const mixed = classifySentiment(text);
      const alone = classifySentiment(text, getSentimentModel(), { ruleScale: 0 });
      expect(mixed.scores[rule.label]).toBeGreaterThan(alone.scores[rule.label]);
      expect(mixed.rule === rule.id).toBe(mixed.label === rule.label);
    }
    expect(classifySentiment('BlackRock’s Bitcoin ETF posts $356M inflows, longest inflow streak in 2025')).toMatchObject({ label: 'bullish', rule: 'inflows' });
    expect(matchCryptoRule('Fed rate cut hopes lift bitcoin')?.id).toBe('rate-cut');
  });

  it('skip non-crypto text and negated phrases', () => {
    expect(matchCryptoRule('Retailer announces partnership with logistics firm')).toBeNull();
    expect(matchCryptoRule('Exchange says no hack occurred, bitcoin withdrawals resume')).toBeNull();
    expect(matchCryptoRule('Bitcoin hits all-time high')?.id).toBe('all-time-high');
  });

  it('every rule has ids, labels and both descriptions', () => {
    const ids = new Set(CRYPTO_RULES.map((r) => r.id));
    expect(ids.size).toBe(CRYPTO_RULES.length);
    for (const r of CRYPTO_RULES) {
      expect(['bullish', 'bearish']).toContain(r.label);
      expect(r.description.length).toBeGreaterThan(3);
      expect(r.descriptionZh).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('crypto cues are features, shared by English and Chinese', () => {
    expect(domainCues('Bitcoin Holds Above $100K as Altcoins Slide')).toEqual(expect.arrayContaining(['up', 'down', 'lead_up']));
    expect(domainCues('比特币跌破 10 万美元')).toEqual(expect.arrayContaining(['down', 'lead_down']));
    expect(domainCues('XRP fails to break $3 resistance')).not.toContain('lead_up');
    expect(domainCues('某交易所遭黑客攻击')).toContain('r_hack-exploit');
  });
});

describe('computeMetrics', () => {
  it('computes accuracy, P/R/F1 and the confusion matrix', () => {
    const m = computeMetrics(['bullish', 'bullish', 'bearish', 'neutral'], ['bullish', 'neutral', 'bearish', 'neutral']);
    expect(m.accuracy).toBe(0.75);
    expect(m.perClass.bullish).toMatchObject({ precision: 1, recall: 0.5, support: 2 });
    expect(m.perClass.neutral.precision).toBe(0.5);
    expect(m.confusion).toEqual([[1, 0, 0], [0, 1, 1], [0, 0, 1]]);
  });
});

describe('format 4: crypto-text model (decision 088)', () => {
  const rows = [
    { text: 'stocks rise', label: 'bullish' as const, weight: 1 },
    { text: 'stocks fall', label: 'bearish' as const, weight: 1 },
    { text: 'earnings call today', label: 'neutral' as const, weight: 1 },
    { text: 'Bitcoin rises', label: 'bullish' as const, weight: 1, domain: 'crypto' as const },
    { text: 'Bitcoin falls', label: 'bearish' as const, weight: 1, domain: 'crypto' as const },
    // only the crypto-text model sees the extra rows: they teach it "bitcoin outflows" is bearish
    ...Array.from({ length: 6 }, () => ({ text: 'Bitcoin outflows', label: 'bearish' as const, weight: 1, domain: 'crypto' as const, extra: true })),
  ];

  it('trains the general model without the extra rows and routes crypto texts to the crypto model', () => {
    const r = trainRecipe(rows, {}, { ...RECIPE, cryptoLr: { extraWeight: 4, weight: 0, offsets: [0, 0, 0], gate: 'crypto' } });
    expect(r.json.format).toBe('coinlens-sentiment/4');
    expect(r.json.nTrainDocs).toBe(5);
    expect(r.json.cryptoLr!.format).toBe('coinlens-sentiment/1');
    expect(r.json.cryptoLr!.nTrainDocs).toBe(11);
    expect(r.json.meta!.cryptoLr).toMatchObject({ extraRows: 6, trainRows: 11 });
    const m = decodeModel(JSON.parse(JSON.stringify(r.json)));
    const general = decodeModel({ ...r.json, format: 'coinlens-sentiment/1', cryptoLr: undefined, ensemble: undefined });
    const crypto = decodeModel(r.json.cryptoLr!);
    // a crypto text is scored by the crypto model alone (weight 0, offsets 0) …
    const close = (a: number[], b: number[]) => a.forEach((p, k) => expect(p).toBeCloseTo(b[k], 12));
    close(predictProba(m, 'bitcoin outflows'), predictProba(crypto, 'bitcoin outflows'));
    expect(predictProba(m, 'bitcoin outflows')[0]).toBeGreaterThan(predictProba(general, 'bitcoin outflows')[0]);
    // … any other text by the general model
    expect(predictProba(m, 'stocks outflows')).toEqual(predictProba(general, 'stocks outflows'));
  });

  it('mixes with the general model when the weight is above 0, and rejects malformed files', () => {
    const r = trainRecipe(rows, {}, { ...RECIPE, cryptoLr: { extraWeight: 4, weight: 0.5, offsets: [0, 0, 0], gate: 'crypto' } });
    const m = decodeModel(r.json);
    const a = predictProba(decodeModel({ ...r.json, format: 'coinlens-sentiment/1', cryptoLr: undefined, ensemble: undefined }), 'bitcoin outflows');
    const c = predictProba(decodeModel(r.json.cryptoLr!), 'bitcoin outflows');
    const z = a.map((p, k) => 0.5 * Math.log(p) + 0.5 * Math.log(c[k]));
    const s = z.reduce((t, v) => t + Math.exp(v), 0);
    predictProba(m, 'bitcoin outflows').forEach((p, k) => expect(p).toBeCloseTo(Math.exp(z[k]) / s, 10));
    expect(() => decodeModel({ ...r.json, cryptoLr: undefined })).toThrow(/format 4/);
    expect(() => decodeModel({ ...r.json, cryptoLr: r.json })).toThrow(/format 1/);
  });
});
