/**
 * Runtime sentiment API: the TFNS-trained model (weights in packages/nlp/model/sentiment-v1.json,
 * loaded synchronously once on first use) plus the crypto lexicon rules.
 */
import { readFileSync } from 'node:fs';
import { matchCryptoRule, RULE_BOOST } from './crypto-rules.js';
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

/**
 * Classify the market sentiment of an English headline/tweet: 'bullish' | 'bearish' | 'neutral'.
 * Model probabilities are adjusted by the first matching crypto rule (+RULE_BOOST on its label,
 * renormalised); `rule` is set when that rule's label is the final label. Empty text → neutral.
 * Deterministic; never throws for any string (throws only if the model file is missing).
 */
export function classifySentiment(text: string, model: SentimentModel = getSentimentModel()): SentimentResult {
  if (!text || !text.trim()) return { label: 'neutral', scores: { bearish: 0, bullish: 0, neutral: 1 } };
  const base = classifySentimentModelOnly(text, model);
  const rule = matchCryptoRule(text);
  if (!rule) return base;
  const s = { ...base.scores };
  s[rule.label] += RULE_BOOST;
  const total = s.bearish + s.bullish + s.neutral;
  const scores = { bearish: s.bearish / total, bullish: s.bullish / total, neutral: s.neutral / total };
  const label = argmaxLabel(scores);
  return label === rule.label ? { label, scores, rule: rule.id } : { label, scores };
}
