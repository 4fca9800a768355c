import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@coinlens/ta/random';
import { classifySentimentModelOnly, feedProbabilities, getSentimentModel, meanModelProbabilities } from './classify.js';
import { adjustToPrior, estimatePrior, feedPrior, FEED_PRIOR_MAX, FEED_PRIOR_MIN, FEED_PRIOR_WINDOW_MS, hourStartOf, type ClassVector } from './prior-shift.js';

/** Exact posteriors of a 1-D three-class Gaussian mixture (means −2, 2, 0; sd 1.2) under prior `pi`. */
function posterior(x: number, pi: ClassVector): ClassVector {
  const like = [-2, 2, 0].map((m) => Math.exp(-((x - m) ** 2) / (2 * 1.2 ** 2)));
  const q = like.map((l, k) => l * pi[k]);
  const s = q[0] + q[1] + q[2];
  return [q[0] / s, q[1] / s, q[2] / s];
}

/** `n` draws (x and its class) from the mixture with prior `pi` (Box–Muller, seeded). */
function draw(n: number, pi: ClassVector, seed: number): { x: number; k: number }[] {
  const rnd = mulberry32(seed);
  return Array.from({ length: n }, () => {
    const u = rnd();
    const k = u < pi[0] ? 0 : u < pi[0] + pi[1] ? 1 : 2;
    const g = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
    return { x: [-2, 2, 0][k] + 1.2 * g, k };
  });
}

describe('class-prior shift (EM of Saerens et al. 2002)', () => {
  const source: ClassVector = [0.2, 0.45, 0.35];

  it('adjustToPrior is the identity at the training prior and moves mass toward a heavier class', () => {
    const p: ClassVector = [0.2, 0.5, 0.3];
    expect(adjustToPrior(p, source, source).map((v) => +v.toFixed(12))).toEqual([0.2, 0.5, 0.3]);
    const q = adjustToPrior(p, source, [0.1, 0.2, 0.7]);
    expect(q[2]).toBeGreaterThan(p[2]);
    expect(q[0] + q[1] + q[2]).toBeCloseTo(1, 12);
  });

  it('recovers the class mix of a sample drawn with another prior, from posteriors computed under the training prior', () => {
    for (const target of [[0.1, 0.2, 0.7], [0.15, 0.7, 0.15], [0.2, 0.45, 0.35]] as ClassVector[]) {
      const xs = draw(4000, target, 7);
      const est = estimatePrior(xs.map((d) => posterior(d.x, source)), source);
      for (let k = 0; k < 3; k++) expect(Math.abs(est.prior[k] - target[k])).toBeLessThan(0.03);
      expect(est.n).toBe(4000);
    }
  });

  it('after a shift of the class mix, the re-weighted probabilities classify more draws correctly than the unadjusted ones', () => {
    const target: ClassVector = [0.1, 0.2, 0.7];
    const xs = draw(4000, target, 11);
    const est = estimatePrior(xs.map((d) => posterior(d.x, source)), source).prior;
    const argmax = (v: readonly number[]) => v.indexOf(Math.max(...v));
    const right = (f: (x: number) => readonly number[]) => xs.filter((d) => argmax(f(d.x)) === d.k).length;
    expect(right((x) => adjustToPrior(posterior(x, source), source, est))).toBeGreaterThan(right((x) => posterior(x, source)) + 100);
  });

  it('returns the training prior for an empty sample', () => {
    expect(estimatePrior([], source)).toEqual({ prior: [...source], iterations: 0, n: 0 });
  });

  it('feedPrior reads only the headlines of the 7 days before the hour, the latest FEED_PRIOR_MAX, and needs FEED_PRIOR_MIN', () => {
    const hour = hourStartOf(Date.UTC(2026, 0, 12, 10, 37));
    expect(hour).toBe(Date.UTC(2026, 0, 12, 10));
    const neutralish: ClassVector = [0.1, 0.1, 0.8];
    const bullish: ClassVector = [0.05, 0.9, 0.05];
    const item = (publishedAt: number, probs: ClassVector) => ({ publishedAt, probs });
    // too old, in the window, in the hour itself (after its start): only the middle group counts
    const window = [
      ...Array.from({ length: 300 }, (_, i) => item(hour - FEED_PRIOR_WINDOW_MS - 1000 - i, bullish)).reverse(),
      ...Array.from({ length: FEED_PRIOR_MIN }, (_, i) => item(hour - 3_600_000 + i, neutralish)),
      ...Array.from({ length: 20 }, (_, i) => item(hour + i, bullish)),
    ];
    const p = feedPrior(window, hour, source)!;
    expect(p.n).toBe(FEED_PRIOR_MIN);
    expect(p.prior[2]).toBeGreaterThan(0.6);
    expect(feedPrior(window.slice(1 + 300), hour, source)).toBeNull(); // one short of FEED_PRIOR_MIN
    const many = Array.from({ length: FEED_PRIOR_MAX + 500 }, (_, i) => item(hour - 86_400_000 + i, i < 500 ? bullish : neutralish));
    expect(feedPrior(many, hour, source)!.n).toBe(FEED_PRIOR_MAX);
    expect(feedPrior(many, hour, source)!.prior[2]).toBeGreaterThan(0.6); // the 500 older bullish ones fell out
  });
});

describe('feed-prior inputs', () => {
  const model = getSentimentModel();

  it('feedProbabilities: model-only probabilities of an English headline; none for a Chinese or empty one', () => {
    const en = 'Bitcoin edges higher as traders eye Fed minutes';
    const p = feedProbabilities(en, model)!;
    const s = classifySentimentModelOnly(en, model).scores;
    expect(p).toEqual([s.bearish, s.bullish, s.neutral]);
    expect(feedProbabilities('比特币小幅上涨，交易员关注美联储会议纪要', model)).toBeNull();
    expect(feedProbabilities('  ', model)).toBeNull();
  });

  it('meanModelProbabilities: the mean of the model-only probabilities, rounded to 6 decimals, with the count', () => {
    const texts = ['Bitcoin edges higher as traders eye Fed minutes', 'Ether slides as liquidations mount', 'SEC delays decision on Solana ETF'];
    const m = meanModelProbabilities(texts, model);
    const mean = (k: 'bearish' | 'bullish' | 'neutral') => texts.reduce((a, t) => a + classifySentimentModelOnly(t, model).scores[k], 0) / texts.length;
    expect(m.rows).toBe(3);
    for (const k of ['bearish', 'bullish', 'neutral'] as const) expect(m[k]).toBeCloseTo(mean(k), 6);
    expect(() => meanModelProbabilities([], model)).toThrow();
  });
});
