/**
 * The TFNS training data in the repo and the fixed held-out split used by training, evaluation and
 * tests. Node-only (reads files); the runtime classifier never imports this module.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCsvObjects } from '../csv.js';
import { stratifiedSplit } from './train.js';

/** TFNS copy inside the repo (MIT, see data/training/tfns/SOURCE.md). */
export const TRAINING_CSV = fileURLToPath(new URL('../../../../data/training/tfns/tfns_financial_news_sentiment_80pct.csv', import.meta.url));
/** Where the trained model and report are written. */
export const MODEL_JSON = fileURLToPath(new URL('../../model/sentiment-v2.json', import.meta.url));
/** Class order of the model outputs. */
export const CLASSES = ['bearish', 'bullish', 'neutral'] as const;
/** Held-out split: stratified 20 % per label, mulberry32 seed 20250516. */
export const HOLDOUT_FRACTION = 0.2;
export const SPLIT_SEED = 20250516;
/** Dev split (inside the training part only) for hyper-parameter search. */
export const DEV_SEED = 7;

/** One labelled TFNS row. */
export interface TfnsRow {
  id: string;
  text: string;
  label: (typeof CLASSES)[number];
  cryptoRelated: boolean;
}

/** Read the TFNS CSV. Errors: throws when the file is missing or a label is unknown. */
export function readTfns(path: string = TRAINING_CSV): TfnsRow[] {
  return parseCsvObjects(readFileSync(path, 'utf8')).map((r) => {
    if (!(CLASSES as readonly string[]).includes(r.label_name)) throw new Error(`TFNS: unknown label ${r.label_name} (id ${r.id})`);
    return { id: r.id, text: r.text, label: r.label_name as TfnsRow['label'], cryptoRelated: r.crypto_related === 'True' };
  });
}

/** The fixed train / held-out split (row positions, ascending). */
export function tfnsSplit(rows: readonly TfnsRow[]): { train: number[]; test: number[] } {
  return stratifiedSplit(rows.map((r) => r.label), HOLDOUT_FRACTION, SPLIT_SEED);
}
