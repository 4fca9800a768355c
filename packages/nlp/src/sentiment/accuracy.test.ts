import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sentimentAccuracy } from './accuracy.js';
import { classifySentiment, getSentimentModel } from './classify.js';
import { CRYPTO_FILES, readTwoPassSet, ZH_NATIVE_FILES } from './crypto-dataset.js';
import { MODEL_JSON } from './dataset.js';

describe('the shipped model\'s measured figures (model/sentiment-v2.eval.json)', () => {
  const file = sentimentAccuracy();

  it('were measured on the model file that ships', () => {
    expect(file.model_sha256).toBe(createHash('sha256').update(readFileSync(MODEL_JSON)).digest('hex'));
    expect(file.sets.map((s) => s.id).sort()).toEqual(['dev_en', 'dev_zh', 'later_en', 'native_zh', 'tfns']);
  });

  it('are what the model scores on the later-period and native-Chinese sets now, with the interval around the accuracy', () => {
    const model = getSentimentModel();
    for (const [id, set] of [
      ['later_en', readTwoPassSet(CRYPTO_FILES.dev202601Headlines, CRYPTO_FILES.dev202601Pass1, CRYPTO_FILES.dev202601Pass2)],
      ['native_zh', readTwoPassSet(ZH_NATIVE_FILES.devHeadlines, ZH_NATIVE_FILES.devPass1, ZH_NATIVE_FILES.devPass2)],
    ] as const) {
      const s = file.sets.find((x) => x.id === id)!;
      const correct = set.rows.filter((r) => classifySentiment(r.text, model).label === r.label).length;
      expect({ n: s.n, correct: s.correct }).toEqual({ n: set.rows.length, correct });
      expect(s.accuracy).toBeCloseTo(correct / set.rows.length, 4);
      expect(s.ci95[0]).toBeLessThan(s.accuracy);
      expect(s.ci95[1]).toBeGreaterThan(s.accuracy);
      const counts = new Map<string, number>();
      for (const r of set.rows) counts.set(r.label, (counts.get(r.label) ?? 0) + 1);
      expect(s.majority.share).toBeCloseTo(Math.max(...counts.values()) / set.rows.length, 4);
    }
  });
});
