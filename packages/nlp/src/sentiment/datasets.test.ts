import { describe, expect, it } from 'vitest';
import { agreement } from './agreement.js';
import { CRYPTO_FILES, cryptoTrainingRows, evaluationHeadlines, nearDuplicateKey, readCryptoHeadlines, readSecondPass, readTwoPassSet, trainingLeads, ZH_NATIVE_FILES } from './crypto-dataset.js';
import { domainCues, orderCues } from './domain-cues.js';
import { headlineLeads, headlineMeta } from './unlabelled.js';

describe('near-duplicates of evaluation headlines', () => {
  it('gives number-changed copies of a headline the same key', () => {
    expect(nearDuplicateKey('Hyper Reduces BTC Long Positions by $5.9M Despite Leading Win Rate')).toBe(
      nearDuplicateKey('Hyper Reduces BTC Long Positions by $5.45M Despite Leading Win Rate'),
    );
    expect(nearDuplicateKey('Bitcoin (BTC) Price Prediction for June 21')).toBe(nearDuplicateKey('Bitcoin (BTC) Price Prediction For June 17, 2025'));
    expect(nearDuplicateKey('比特币跌破9万美元')).toBe(nearDuplicateKey('比特币跌破 8.5 万美元'));
    expect(nearDuplicateKey('Bitcoin rises')).not.toBe(nearDuplicateKey('Bitcoin falls'));
  });

  it('the training rows hold no evaluation headline and no near-duplicate of one', () => {
    const ev = evaluationHeadlines();
    const { en, zh, extra, nocoin, zhNative, dropped } = cryptoTrainingRows();
    expect(nocoin.length).toBeGreaterThan(6000);
    for (const r of [...en, ...zh, ...extra, ...nocoin, ...zhNative]) {
      expect(ev.ids.has(r.id)).toBe(false);
      expect(ev.keys.has(nearDuplicateKey(r.text))).toBe(false);
    }
    // train_extra.csv holds 28 number-changed copies of dev.csv headlines and 6 stray items dated 30 June 2026; train.csv 2 and its 293 January 2026 rows
    expect(dropped['train_extra.csv']).toBe(28 + 6);
    expect(dropped['train.csv']).toBe(295);
    // the stray items dated 30 June 2026, after the later-period set
    expect(dropped['train_nocoin.csv']).toBe(17);
  }, 120_000);

  it('the leads the CNNs train on repeat no evaluation headline (another outlet\'s lead of the same story often does)', () => {
    const dev = readCryptoHeadlines(CRYPTO_FILES.dev);
    const kept = [...trainingLeads().values()].map(nearDuplicateKey);
    const all = [...headlineLeads().values()].map(nearDuplicateKey);
    // a dev.csv headline that a shipped lead repeats word for word
    const trump = nearDuplicateKey(dev.find((r) => r.text.startsWith('Trump Media files S-1 to list Truth Social'))!.text);
    expect(all.some((l) => l.includes(trump))).toBe(true);
    expect(kept.some((l) => l.includes(trump))).toBe(false);
    for (const r of dev) {
      const k = nearDuplicateKey(r.text);
      if (k.length >= 20) expect(kept.some((l) => l.includes(k)), r.text).toBe(false);
    }
    expect(kept.length).toBeGreaterThan(20_000);
  }, 120_000);

  it('train_nocoin.csv holds no headline an earlier round labelled, and no repeated one', () => {
    const earlier = [...readCryptoHeadlines(CRYPTO_FILES.train), ...readCryptoHeadlines(CRYPTO_FILES.trainExtra), ...readCryptoHeadlines(CRYPTO_FILES.dev)];
    const ids = new Set(earlier.map((r) => r.id));
    const keys = new Set(earlier.map((r) => nearDuplicateKey(r.text)));
    const nocoin = readCryptoHeadlines(CRYPTO_FILES.trainNocoin);
    expect(nocoin.some((r) => ids.has(r.id) || keys.has(nearDuplicateKey(r.text)))).toBe(false);
    expect(new Set(nocoin.map((r) => nearDuplicateKey(r.text))).size).toBe(nocoin.length);
  }, 60_000);

  it('a label pass replaces or filters the English labels, and a rendering follows its original', () => {
    const second = readSecondPass();
    const first = cryptoTrainingRows('first');
    const agreed = cryptoTrainingRows('agreed');
    const swapped = cryptoTrainingRows('second');
    expect(swapped.en.length).toBe(first.en.length);
    expect(agreed.en.length + agreed.extra.length).toBeLessThanOrEqual(first.en.length + first.extra.length);
    for (const r of agreed.extra.slice(0, 2000)) expect(second.get(r.id)?.label ?? r.label).toBe(r.label);
    const enLabel = new Map(swapped.en.map((r) => [r.id, r.label]));
    for (const r of swapped.zh) expect(r.label).toBe(enLabel.get(r.id));
  }, 120_000);
});

describe('evaluation sets by period and language', () => {
  it('the January 2026 set is a later period than every training row', () => {
    const meta = headlineMeta();
    const jan = readTwoPassSet(CRYPTO_FILES.dev202601Headlines, CRYPTO_FILES.dev202601Pass1, CRYPTO_FILES.dev202601Pass2);
    expect(jan.n).toBe(293);
    expect(jan.rows.every((r) => r.published_at?.startsWith('2026-01'))).toBe(true);
    const { en, extra, nocoin } = cryptoTrainingRows();
    // every English training row, the stray items the 2025 news file dates 30 June 2026 included, is earlier
    const latestTraining = [...en, ...extra, ...nocoin].map((r) => meta.get(r.id)?.published_at ?? '').sort().at(-1)!;
    expect(latestTraining < '2025-09').toBe(true);
    expect(latestTraining < jan.rows.map((r) => r.published_at!).sort()[0]).toBe(true);
  }, 120_000);

  it('the native-Chinese dev set has ≥ 300 headlines with two labels, none in training', () => {
    const zhn = readTwoPassSet(ZH_NATIVE_FILES.devHeadlines, ZH_NATIVE_FILES.devPass1, ZH_NATIVE_FILES.devPass2);
    expect(zhn.n).toBeGreaterThanOrEqual(300);
    expect(zhn.pass1.length).toBe(zhn.n);
    expect(zhn.pass2.length).toBe(zhn.n);
    expect(zhn.rows.every((r) => /[\u4e00-\u9fff]/.test(r.text))).toBe(true);
    const train = new Set(readCryptoHeadlines(ZH_NATIVE_FILES.train).map((r) => nearDuplicateKey(r.text)));
    expect(zhn.rows.some((r) => train.has(nearDuplicateKey(r.text)))).toBe(false);
  }, 60_000);
});

describe('agreement', () => {
  it('computes raw agreement and Cohen\u2019s kappa', () => {
    // 10 items: 8 agree; marginals a = (3 bearish, 4 bullish, 3 neutral), b = (3, 5, 2)
    const a = ['bearish', 'bearish', 'bearish', 'bullish', 'bullish', 'bullish', 'bullish', 'neutral', 'neutral', 'neutral'];
    const b = ['bearish', 'bearish', 'bearish', 'bullish', 'bullish', 'bullish', 'bullish', 'bullish', 'neutral', 'neutral'];
    b[2] = 'bullish';
    b[7] = 'bearish';
    const r = agreement(a, b);
    expect(r.agreement).toBeCloseTo(0.8, 10);
    // pe = .3·.3 + .4·.5 + .3·.2 = .35 → κ = (.8 − .35)/.65
    expect(r.kappa).toBeCloseTo(0.45 / 0.65, 10);
    expect(() => agreement(['bullish'], [])).toThrow();
  });
});

describe('word-order cues', () => {
  it('separate the main clause from a concessive one, in English and Chinese', () => {
    expect(orderCues('Bitcoin Falls Despite ETF Inflows')).toEqual(expect.arrayContaining(['main_down', 'conc_up']));
    expect(orderCues('尽管ETF资金流出，比特币仍守住9万美元支撑')).toEqual(expect.arrayContaining(['main_up', 'conc_down']));
    expect(orderCues('Bitcoin pulls back to $90,000 as early Friday rally attempt fails')).toContain('fade_up');
    expect(orderCues('比特币未能突破10万美元关口，随后回落')).toContain('fade_up');
    expect(orderCues('DOGE盘中插针至0.12美元后快速收回')).toEqual(expect.arrayContaining(['fade_down', 'last_up']));
  });

  it('are added only when the model asks for them', () => {
    expect(domainCues('Bitcoin Falls Despite ETF Inflows')).not.toContain('main_down');
    expect(domainCues('Bitcoin Falls Despite ETF Inflows', true)).toContain('main_down');
  });
});
