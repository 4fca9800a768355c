/**
 * Runtime sentiment API: the v2 model (TFNS + crypto headlines, English and Chinese; weights in
 * packages/nlp/model/sentiment-v2.json, loaded synchronously once on first use).
 */
import { readFileSync } from 'node:fs';
import { detectLanguage } from '../lang.js';
import { matchChineseKeywords, matchCryptoRule } from './crypto-rules.js';
import { decodeModel, predictProba, type SentimentLabel, type SentimentModel, type SentimentModelJson } from './model.js';

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
 * Classify the market sentiment of a headline: 'bullish' | 'bearish' | 'neutral', English or Chinese.
 * The v2 model (trained on TFNS + crypto headlines in both languages, crypto rules as features) gives
 * the label and probabilities. `rule` names the evidence when it agrees with the label: the first
 * crypto rule that fires (English) or ZH_RULE_ID when the Chinese keyword lists lean the same way;
 * it explains, it does not decide. Empty text → neutral with scores {0, 0, 1}.
 * Deterministic; never throws for any string (throws only if the model file is missing).
 */
export function classifySentiment(text: string, model: SentimentModel = getSentimentModel()): SentimentResult {
  if (!text || !text.trim()) return { label: 'neutral', scores: { bearish: 0, bullish: 0, neutral: 1 } };
  const base = classifySentimentModelOnly(text, model);
  if (base.label === 'neutral') return base;
  if (detectLanguage(text) === 'zh') {
    const zh = matchChineseKeywords(text);
    return zh && zh.label === base.label ? { ...base, rule: ZH_RULE_ID } : base;
  }
  const rule = matchCryptoRule(text);
  return rule && rule.label === base.label ? { ...base, rule: rule.id } : base;
}
