/**
 * The shipped sentiment model's measured accuracy, as `npm run -s sentiment:eval -- write=1` wrote it
 * into packages/nlp/model/sentiment-v2.eval.json: per evaluation set, how many headlines the model (with
 * the rules) labelled as both labelling passes did, with a 95 % Wilson interval and the share of the
 * set's most frequent label (what always answering that label would score). The app shows it beside
 * the labels it gives (GET /api/feeds/sentiment-accuracy). A test checks the file against the model file
 * and a fresh evaluation. Node-only (reads a file).
 */
import { readFileSync } from 'node:fs';
import type { SentimentLabel } from './model.js';

/** URL of the measured figures of the shipped model. */
export const SENTIMENT_EVAL_URL = new URL('../../model/sentiment-v2.eval.json', import.meta.url);

/** One evaluation set's figures. Accuracy and shares are fractions (0..1). */
export interface SentimentAccuracySet {
  /** `later_en`: English, January 2026 (a period never trained on); `native_zh`: native-Chinese 快讯 headlines; `dev_en` / `dev_zh`: crypto dev, the training months (English, its Chinese renderings); `tfns`: the TFNS hold-out. */
  id: 'later_en' | 'native_zh' | 'dev_en' | 'dev_zh' | 'tfns';
  /** Headlines scored (the rows both labelling passes agree on, where a set has two). */
  n: number;
  /** Of which the model labelled alike. */
  correct: number;
  accuracy: number;
  /** 95 % Wilson interval of the accuracy. */
  ci95: [number, number];
  macro_f1: number;
  /** The set's most frequent label and its share: the accuracy of always answering it. */
  majority: { label: SentimentLabel; share: number };
}

/** The file: the model it measured (sha256 of the model file) and the sets. */
export interface SentimentAccuracyFile {
  model_sha256: string;
  sets: SentimentAccuracySet[];
}

let cached: SentimentAccuracyFile | null = null;

/** The shipped model's measured figures (read once). Errors: throws if the file is missing or malformed. */
export function sentimentAccuracy(): SentimentAccuracyFile {
  if (!cached) cached = JSON.parse(readFileSync(SENTIMENT_EVAL_URL, 'utf8')) as SentimentAccuracyFile;
  return cached;
}
