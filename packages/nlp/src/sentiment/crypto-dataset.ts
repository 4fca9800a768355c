/**
 * The crypto headline sentiment set in the repo (data/training/crypto-headline-sentiment, see
 * SOURCE.md there): `train.csv` (2,293 English crypto headlines, one annotator), `train_zh.csv`
 * (the same rows rendered in Chinese), `train_extra.csv` (18,669 more English headlines of the shipped
 * news, one labelling pass by the team; read only by the crypto-text model, decision 088), and the
 * evaluation-only `dev.csv` / `dev_zh.csv` (379 rows on which two annotators agreed). Node-only (reads files); the runtime classifier never imports it.
 *
 * Rule of use: dev.csv and dev_zh.csv are read by the evaluation only (scripts/sentiment-eval.ts and
 * the training report); model selection uses {@link cryptoSelectionSplit} of train.csv.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCsvObjects } from '../csv.js';
import { CLASSES } from './dataset.js';
import { stratifiedSplit } from './train.js';

const DIR = new URL('../../../../data/training/crypto-headline-sentiment/', import.meta.url);
/** Paths of the four files. */
export const CRYPTO_FILES = {
  train: fileURLToPath(new URL('train.csv', DIR)),
  trainZh: fileURLToPath(new URL('train_zh.csv', DIR)),
  dev: fileURLToPath(new URL('dev.csv', DIR)),
  devZh: fileURLToPath(new URL('dev_zh.csv', DIR)),
  /** More English headlines of the shipped news, one labelling pass by the Coinlens team (SOURCE.md there). */
  trainExtra: fileURLToPath(new URL('train_extra.csv', DIR)),
} as const;

/** One labelled crypto headline. `confidence`: 'high' | 'low' (annotator's). */
export interface CryptoRow {
  id: string;
  text: string;
  label: (typeof CLASSES)[number];
  confidence: string;
}

/** Read one of the CSVs (`id,text,label,confidence`). Errors: throws on a missing file or unknown label. */
export function readCryptoHeadlines(path: string): CryptoRow[] {
  return parseCsvObjects(readFileSync(path, 'utf8')).map((r) => {
    if (!(CLASSES as readonly string[]).includes(r.label)) throw new Error(`crypto headlines: unknown label ${r.label} (id ${r.id})`);
    return { id: r.id, text: r.text, label: r.label as CryptoRow['label'], confidence: r.confidence ?? '' };
  });
}

/** Seed and fraction of the model-selection split of train.csv. */
export const SELECTION_SEED = 16;
export const SELECTION_FRACTION = 0.2;

/**
 * Model-selection split of train.csv: stratified 20 % (mulberry32 seed 16) → `validation` ids, the rest
 * `train` ids. The Chinese rendering of a validation row is left out of training with it.
 */
export function cryptoSelectionSplit(rows: readonly CryptoRow[]): { train: Set<string>; validation: Set<string> } {
  const { train, test } = stratifiedSplit(rows.map((r) => r.label), SELECTION_FRACTION, SELECTION_SEED);
  return { train: new Set(train.map((i) => rows[i].id)), validation: new Set(test.map((i) => rows[i].id)) };
}
