/** Classification metrics and the held-out evaluation of a sentiment model. */
import { classifySentiment, classifySentimentModelOnly } from './classify.js';
import { CLASSES, tfnsSplit, type TfnsRow } from './dataset.js';
import type { SentimentLabel, SentimentModel } from './model.js';

/** Accuracy, per-class precision/recall/F1/support, macro F1, confusion[true][pred] (CLASSES order). */
export interface Metrics {
  n: number;
  accuracy: number;
  macroF1: number;
  perClass: Record<SentimentLabel, { precision: number; recall: number; f1: number; support: number }>;
  confusion: number[][];
}

/** Compute {@link Metrics} from parallel arrays of true and predicted labels. */
export function computeMetrics(truth: readonly SentimentLabel[], pred: readonly SentimentLabel[]): Metrics {
  const K = CLASSES.length;
  const confusion = Array.from({ length: K }, () => new Array<number>(K).fill(0));
  truth.forEach((t, i) => confusion[CLASSES.indexOf(t)][CLASSES.indexOf(pred[i])]++);
  let correct = 0;
  const perClass = {} as Metrics['perClass'];
  let f1Sum = 0;
  CLASSES.forEach((c, k) => {
    correct += confusion[k][k];
    const tp = confusion[k][k];
    const predK = confusion.reduce((s, row) => s + row[k], 0);
    const support = confusion[k].reduce((s, v) => s + v, 0);
    const precision = predK ? tp / predK : 0;
    const recall = support ? tp / support : 0;
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
    perClass[c] = { precision, recall, f1, support };
    f1Sum += f1;
  });
  return { n: truth.length, accuracy: truth.length ? correct / truth.length : 0, macroF1: f1Sum / K, perClass, confusion };
}

/** Held-out evaluation: model only, model + crypto rules, the crypto-related subset, rule counts. */
export interface HeldOutEvaluation {
  n: number;
  model: Metrics;
  withRules: Metrics;
  cryptoSubset: { n: number; modelAccuracy: number; withRulesAccuracy: number };
  rulesFired: number;
  rulesChangedLabel: number;
}

/** Evaluate `model` on the fixed held-out split of `rows` (all TFNS rows). */
export function evaluateHeldOut(model: SentimentModel, rows: readonly TfnsRow[]): HeldOutEvaluation {
  return evaluateRows(model, rows, tfnsSplit(rows).test);
}

/** Evaluate `model` on `rows[i]` for i in `test` (same figures as {@link evaluateHeldOut}). */
export function evaluateRows(model: SentimentModel, rows: readonly TfnsRow[], test: readonly number[]): HeldOutEvaluation {
  const truth: SentimentLabel[] = [];
  const pm: SentimentLabel[] = [];
  const pr: SentimentLabel[] = [];
  let fired = 0;
  let changed = 0;
  let cn = 0;
  let cm = 0;
  let cr = 0;
  for (const i of test) {
    const r = rows[i];
    const a = classifySentimentModelOnly(r.text, model);
    const b = classifySentiment(r.text, model);
    truth.push(r.label);
    pm.push(a.label);
    pr.push(b.label);
    if (b.rule || a.scores.bullish !== b.scores.bullish) fired++;
    if (a.label !== b.label) changed++;
    if (r.cryptoRelated) {
      cn++;
      if (a.label === r.label) cm++;
      if (b.label === r.label) cr++;
    }
  }
  return {
    n: test.length,
    model: computeMetrics(truth, pm),
    withRules: computeMetrics(truth, pr),
    cryptoSubset: { n: cn, modelAccuracy: cn ? cm / cn : 0, withRulesAccuracy: cn ? cr / cn : 0 },
    rulesFired: fired,
    rulesChangedLabel: changed,
  };
}
