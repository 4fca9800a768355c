/**
 * Reproduce the held-out figures of sentiment-v1.report.md: train the recipe on the training part of
 * the fixed split only (recipe (a), in memory, about a minute) and evaluate it on the held-out rows.
 * Then, for reference, the shipped model (trained on all rows, held-out rows included) on the same
 * rows — a training-set figure, not an estimate.
 * Usage: npm run -s sentiment:eval
 */
import { loadSentimentModel } from '../src/sentiment/classify.js';
import { readTfns } from '../src/sentiment/dataset.js';
import { evaluateHeldOut } from '../src/sentiment/evaluate.js';
import { decodeModel } from '../src/sentiment/model.js';
import { trainOnTrainingPart } from '../src/sentiment/recipe.js';

const rows = readTfns();
const t0 = Date.now();
process.stderr.write('training the recipe on the training part only (in memory, about a minute)…\n');
const a = trainOnTrainingPart(rows);
process.stderr.write(`trained on ${a.json.nTrainDocs} rows in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
const ev = evaluateHeldOut(decodeModel(a.json), rows);
const pct = (x: number) => (100 * x).toFixed(2) + ' %';
process.stdout.write(
  `TFNS held-out (n=${ev.n}): accuracy ${pct(ev.withRules.accuracy)} (model + crypto rules), ` +
    `${pct(ev.model.accuracy)} (model only), macro F1 ${ev.withRules.macroF1.toFixed(3)}\n`,
);
const seen = evaluateHeldOut(loadSentimentModel(), rows);
process.stdout.write(
  `Shipped model (trained on all rows, INCLUDING these ${seen.n}; not a held-out figure): ` +
    `accuracy ${pct(seen.withRules.accuracy)} (model + crypto rules), ${pct(seen.model.accuracy)} (model only)\n`,
);
