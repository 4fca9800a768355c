/**
 * Inter-annotator agreement for the three sentiment classes: raw agreement and Cohen's κ
 * (κ = (p_o − p_e) / (1 − p_e), p_e from the two annotators' marginal label frequencies).
 */
import { CLASSES } from './dataset.js';

/** Agreement of two label sequences of equal length. `confusion[i][j]`: a said CLASSES[i], b said CLASSES[j]. */
export interface Agreement {
  n: number;
  /** Fraction of items with the same label, 0–1. */
  agreement: number;
  /** Cohen's κ (1 = perfect, 0 = chance level); NaN when n = 0 or both annotators used a single class. */
  kappa: number;
  confusion: number[][];
}

/** Errors: throws on different lengths or a label outside bullish / bearish / neutral. */
export function agreement(a: readonly string[], b: readonly string[]): Agreement {
  if (a.length !== b.length) throw new Error(`agreement: ${a.length} vs ${b.length} labels`);
  const K = CLASSES.length;
  const confusion = CLASSES.map(() => new Array<number>(K).fill(0));
  const index = (l: string) => {
    const i = (CLASSES as readonly string[]).indexOf(l);
    if (i < 0) throw new Error(`agreement: unknown label ${l}`);
    return i;
  };
  for (let i = 0; i < a.length; i++) confusion[index(a[i])][index(b[i])]++;
  const n = a.length;
  let same = 0;
  let pe = 0;
  for (let k = 0; k < K; k++) {
    same += confusion[k][k];
    const rowSum = confusion[k].reduce((s, v) => s + v, 0);
    const colSum = confusion.reduce((s, row) => s + row[k], 0);
    pe += (rowSum / n) * (colSum / n);
  }
  const po = same / n;
  return { n, agreement: po, kappa: (po - pe) / (1 - pe), confusion };
}
