/**
 * Print the held-out accuracy of the shipped model (reproduces sentiment-v1.report.md).
 * Usage: npm run -s sentiment:eval
 */
import { loadSentimentModel } from '../src/sentiment/classify.js';
import { readTfns } from '../src/sentiment/dataset.js';
import { evaluateHeldOut } from '../src/sentiment/evaluate.js';

const ev = evaluateHeldOut(loadSentimentModel(), readTfns());
const pct = (x: number) => (100 * x).toFixed(2) + ' %';
process.stdout.write(
  `TFNS held-out (n=${ev.n}): accuracy ${pct(ev.withRules.accuracy)} (model + crypto rules), ` +
    `${pct(ev.model.accuracy)} (model only), macro F1 ${ev.withRules.macroF1.toFixed(3)}\n`,
);
