/**
 * Runtime sentiment API: the v2 model (TFNS + crypto headlines, English and Chinese; weights in
 * packages/nlp/model/sentiment-v2.json, loaded synchronously once on first use).
 */
import { readFileSync } from 'node:fs';
import { detectLanguage } from '../lang.js';
import { CRYPTO_RULES, matchChineseKeywords, matchCryptoRule, type CryptoRule } from './crypto-rules.js';
import { matchChineseRuleId } from './domain-cues.js';
import { decodeModel, predictProba, type SentimentLabel, type SentimentModel, type SentimentModelJson } from './model.js';
import type { ClassVector } from './prior-shift.js';

/** Result of {@link classifySentiment}. `scores` are probabilities summing to 1. */
export interface SentimentResult {
  label: SentimentLabel;
  scores: Record<SentimentLabel, number>;
  /** Id of the crypto lexicon rule that decided or confirmed the label (see CRYPTO_RULES). */
  rule?: string;
}

/** URL of the shipped model file. */
export const SENTIMENT_MODEL_URL = new URL('../../model/sentiment-v2.json', import.meta.url);

let cached: SentimentModel | null = null;

/** Read and decode a model file (sync). Errors: throws if the file is missing or malformed. */
export function loadSentimentModel(url: URL | string = SENTIMENT_MODEL_URL): SentimentModel {
  return decodeModel(JSON.parse(readFileSync(url, 'utf8')) as SentimentModelJson);
}

/** The shipped model, loaded once (sync, on first call). */
export function getSentimentModel(): SentimentModel {
  if (!cached) cached = loadSentimentModel();
  return cached;
}

function toScores(model: SentimentModel, p: readonly number[]): Record<SentimentLabel, number> {
  const s = { bearish: 0, bullish: 0, neutral: 0 } as Record<SentimentLabel, number>;
  model.classes.forEach((c, k) => (s[c] = p[k]));
  return s;
}

function argmaxLabel(scores: Record<SentimentLabel, number>): SentimentLabel {
  let best: SentimentLabel = 'neutral';
  for (const l of ['bearish', 'bullish', 'neutral'] as const) if (scores[l] > scores[best]) best = l;
  return best;
}

/** Model-only prediction (no crypto rules): label and class probabilities. */
export function classifySentimentModelOnly(text: string, model: SentimentModel = getSentimentModel()): SentimentResult {
  const scores = toScores(model, predictProba(model, text));
  return { label: argmaxLabel(scores), scores };
}

/** Rule id reported for a Chinese headline whose label agrees with the Chinese keyword lists. */
export const ZH_RULE_ID = 'zh-keywords';

/**
 * Scale of the crypto rules' mixing weights (rule.weight × scale, see {@link classifySentiment}),
 * chosen on the model-selection split of train.csv and the TFNS dev split (scripts/tune-sentiment.ts
 * grid=rules); 0 would leave the label to the model alone.
 */
export const RULE_MIX_SCALE = 0.5;

/**
 * Classify the market sentiment of a headline: 'bullish' | 'bearish' | 'neutral', English or Chinese.
 * The v2 model (trained on TFNS + crypto headlines in both languages, crypto cues as features) gives
 * probabilities; the first crypto rule that fires (English: CRYPTO_RULES patterns; Chinese: the same
 * rules' Chinese phrases) is mixed in: scores = (1 − w)·model + w·onehot(rule label), w = rule.weight ×
 * `ruleScale` (default RULE_MIX_SCALE). `rule` is set when the rule's label is the final label; for a
 * Chinese headline without a rule, ZH_RULE_ID when the Chinese keyword lists lean the same way as the
 * label. Empty text → neutral with scores {0, 0, 1}.
 * Deterministic; never throws for any string (throws only if the model file is missing).
 */
export function classifySentiment(text: string, model: SentimentModel = getSentimentModel(), opts: { ruleScale?: number } = {}): SentimentResult {
  if (!text || !text.trim()) return { label: 'neutral', scores: { bearish: 0, bullish: 0, neutral: 1 } };
  return applyRule(classifySentimentModelOnly(text, model), ruleEvidence(text), opts.ruleScale);
}

/**
 * The training prior a class-prior adjustment starts from (prior-shift.ts; decision 134): the mean
 * model-only probability (bearish, bullish, neutral) over `texts` (the English crypto training
 * headlines), rounded to 6 decimals, with their count. Errors: throws for an empty list.
 */
export function meanModelProbabilities(texts: readonly string[], model: SentimentModel): { bearish: number; bullish: number; neutral: number; rows: number } {
  if (texts.length === 0) throw new Error('meanModelProbabilities: no texts');
  const sum = { bearish: 0, bullish: 0, neutral: 0 };
  for (const t of texts) {
    const s = classifySentimentModelOnly(t, model).scores;
    sum.bearish += s.bearish;
    sum.bullish += s.bullish;
    sum.neutral += s.neutral;
  }
  const r = (v: number) => Math.round((v / texts.length) * 1e6) / 1e6;
  return { bearish: r(sum.bearish), bullish: r(sum.bullish), neutral: r(sum.neutral), rows: texts.length };
}

/**
 * Model-only class probabilities of an English headline as a {@link ClassVector} (bearish, bullish,
 * neutral), the input of a feed-prior estimate (prior-shift.ts feedPrior); null for a Chinese or empty
 * text, which a feed prior neither reads nor adjusts.
 */
export function feedProbabilities(text: string, model: SentimentModel = getSentimentModel()): ClassVector | null {
  if (!text || !text.trim() || detectLanguage(text) === 'zh') return null;
  const s = classifySentimentModelOnly(text, model).scores;
  return [s.bearish, s.bullish, s.neutral];
}

/** What the rule step of {@link classifySentiment} needs to know about a text (see {@link ruleEvidence}). */
export interface RuleEvidence {
  /** The first crypto rule that fires (English patterns, or the Chinese phrases of a Chinese text). */
  rule: CryptoRule | null;
  /** Label the Chinese keyword lists lean to (Chinese texts only), else null. */
  zhKeywords: 'bullish' | 'bearish' | null;
}

/** The rule evidence of `text` (language detection, crypto rules, Chinese keywords). Pure. */
export function ruleEvidence(text: string): RuleEvidence {
  const zh = detectLanguage(text) === 'zh';
  const rule = zh ? CRYPTO_RULES.find((r) => r.id === matchChineseRuleId(text)) ?? null : matchCryptoRule(text);
  return { rule, zhKeywords: zh ? matchChineseKeywords(text)?.label ?? null : null };
}

/**
 * The rule step of {@link classifySentiment} on given model scores (`base`: the model-only result of
 * a text, `ev`: its {@link ruleEvidence}): mixes in the rule's one-hot vector with weight
 * rule.weight × `ruleScale` and names the rule or ZH_RULE_ID as described there. Used by
 * cross-validation to score out-of-fold probabilities exactly as the runtime does.
 */
export function applyRule(base: SentimentResult, ev: RuleEvidence, ruleScale: number = RULE_MIX_SCALE): SentimentResult {
  const { rule } = ev;
  const w = rule ? Math.min(1, rule.weight * ruleScale) : 0;
  if (rule && w > 0) {
    const scores = { bearish: (1 - w) * base.scores.bearish, bullish: (1 - w) * base.scores.bullish, neutral: (1 - w) * base.scores.neutral };
    scores[rule.label] += w;
    const label = argmaxLabel(scores);
    return label === rule.label ? { label, scores, rule: rule.id } : { label, scores };
  }
  if (rule && rule.label === base.label) return { ...base, rule: rule.id };
  if (base.label !== 'neutral' && ev.zhKeywords === base.label) return { ...base, rule: ZH_RULE_ID };
  return base;
}
