/**
 * Runtime sentiment API: the TFNS-trained model (weights in packages/nlp/model/sentiment-v1.json,
 * loaded synchronously once on first use) plus the crypto lexicon rules.
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
export const SENTIMENT_MODEL_URL = new URL('../../model/sentiment-v1.json', import.meta.url);

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

/** Rule id reported for Chinese headlines decided by the Chinese keyword lists. */
export const ZH_RULE_ID = 'zh-keywords';
/** Mixing weight of the Chinese keyword rule. */
export const ZH_RULE_WEIGHT = 0.5;
/**
 * Scores of Chinese text before keyword rules: the English-trained model has no signal on Chinese,
 * so a fixed prior (neutral unless keywords say otherwise) is used instead of the model.
 */
export const ZH_PRIOR: Readonly<Record<SentimentLabel, number>> = { bearish: 0.25, bullish: 0.25, neutral: 0.5 };

/**
 * Classify the market sentiment of a headline/tweet: 'bullish' | 'bearish' | 'neutral'.
 * English: model probabilities mixed with the first matching crypto rule's label
 * (scores = (1 − w)·model + w·onehot, w = rule.weight). Chinese (detectLanguage = 'zh'): ZH_PRIOR mixed
 * with the Chinese keyword rule (w = ZH_RULE_WEIGHT), since the model is trained on English. `rule` is set when the rule's label is the final label.
 * Empty text → neutral with scores {0, 0, 1}.
 * Deterministic; never throws for any string (throws only if the model file is missing).
 */
export function classifySentiment(text: string, model: SentimentModel = getSentimentModel()): SentimentResult {
  if (!text || !text.trim()) return { label: 'neutral', scores: { bearish: 0, bullish: 0, neutral: 1 } };
  let base: SentimentResult;
  let rule: { id: string; label: 'bullish' | 'bearish'; weight: number } | null;
  if (detectLanguage(text) === 'zh') {
    base = { label: 'neutral', scores: { ...ZH_PRIOR } };
    const zh = matchChineseKeywords(text);
    rule = zh ? { id: ZH_RULE_ID, label: zh.label, weight: ZH_RULE_WEIGHT } : null;
  } else {
    base = classifySentimentModelOnly(text, model);
    rule = matchCryptoRule(text);
  }
  if (!rule) return base;
  const w = rule.weight;
  const scores = { bearish: (1 - w) * base.scores.bearish, bullish: (1 - w) * base.scores.bullish, neutral: (1 - w) * base.scores.neutral };
  scores[rule.label] += w;
  const label = argmaxLabel(scores);
  return label === rule.label ? { label, scores, rule: rule.id } : { label, scores };
}
