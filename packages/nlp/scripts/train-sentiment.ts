/**
 * Train the sentiment recipe (src/sentiment/recipe.ts) twice and write
 * packages/nlp/model/sentiment-v1.json and sentiment-v1.report.md:
 *  (a) on the training part of the fixed split only → evaluated on the held-out rows: the report's
 *      figures (`npm run -s sentiment:eval` retrains (a) in memory and prints the same numbers);
 *  (b) on all rows → the shipped model file (its `meta` says so and names the recipe).
 * The report also shows the 5-fold cross-validation of the recipe over all rows, read from
 * model/sentiment-v1.cv.json (written by `npx tsx packages/nlp/scripts/cv-sentiment.ts recipe rows=all`).
 * Reproducible: fixed split seed, deterministic features and L-BFGS (same bytes on rerun).
 * Usage: npm run train:sentiment
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { CV_JSON, MODEL_JSON, REPORT_MD, readTfns } from '../src/sentiment/dataset.js';
import { evaluateHeldOut } from '../src/sentiment/evaluate.js';
import { decodeModel } from '../src/sentiment/model.js';
import { recipeFingerprint, trainOnAllRows, trainOnTrainingPart } from '../src/sentiment/recipe.js';
import { renderReport, type CvSummary } from './sentiment-report.js';

const rows = readTfns();
const log = (s: string) => process.stdout.write(s + '\n');

// (a) training part only → held-out figures
let t = Date.now();
const a = trainOnTrainingPart(rows);
const secondsA = (Date.now() - t) / 1000;
const modelA = decodeModel(a.json);
const ev = evaluateHeldOut(modelA, rows);
const evFloat = evaluateHeldOut({ ...modelA, W: a.W, bias: a.bias, nb: { ...modelA.nb!, V: a.nbV } }, rows);
const evNoOffsets = evaluateHeldOut({ ...modelA, bias: a.fittedBias, nb: { ...modelA.nb!, offsets: new Float64Array(3) } }, rows);
const evLrOnly = evaluateHeldOut({ ...modelA, nb: undefined }, rows);
log(`(a) training part (${a.json.nTrainDocs} rows), ${secondsA.toFixed(0)} s: held-out accuracy model ${ev.model.accuracy.toFixed(4)}, model+rules ${ev.withRules.accuracy.toFixed(4)} (n=${ev.n})`);

// (b) all rows → shipped file
t = Date.now();
const b = trainOnAllRows(rows);
const secondsB = (Date.now() - t) / 1000;
const text = JSON.stringify(b.json) + '\n';
writeFileSync(MODEL_JSON, text);
const sha256 = createHash('sha256').update(text).digest('hex');
const evSeen = evaluateHeldOut(decodeModel(b.json), rows);
log(`(b) all rows (${b.json.nTrainDocs}), ${secondsB.toFixed(0)} s: wrote ${MODEL_JSON} (${Buffer.byteLength(text)} bytes, sha256 ${sha256})`);
log(`    shipped model on the held-out rows (seen in training, not an estimate): ${evSeen.model.accuracy.toFixed(4)}`);

// cross-validation summary (only if it was computed for this recipe and data)
let cv: CvSummary | null = null;
if (existsSync(CV_JSON)) {
  const c = JSON.parse(readFileSync(CV_JSON, 'utf8')) as CvSummary;
  if (c.recipeFingerprint === recipeFingerprint() && c.rows === rows.length) cv = c;
  else log(`note: ${CV_JSON} is for another recipe or data set; rerun the cross-validation`);
}
if (cv) log(`5-fold CV over all rows (from ${CV_JSON}): ${(100 * cv.accuracy).toFixed(2)} %`);

writeFileSync(
  REPORT_MD,
  renderReport({
    ev,
    floatAccuracy: evFloat.model.accuracy,
    noOffsetsAccuracy: evNoOffsets.model.accuracy,
    lrOnlyAccuracy: evLrOnly.model.accuracy,
    split: { iterations: a.iterations, trainRows: a.json.nTrainDocs, nBuckets: a.nBuckets, nbBuckets: a.nbBuckets },
    shipped: { iterations: b.iterations, trainRows: b.json.nTrainDocs, nBuckets: b.nBuckets, nbBuckets: b.nbBuckets, sizeBytes: Buffer.byteLength(text), sha256, seenHeldOutAccuracy: evSeen.model.accuracy },
    cv,
  }),
);
log(`wrote ${REPORT_MD}; total ${(secondsA + secondsB).toFixed(0)} s of training`);
