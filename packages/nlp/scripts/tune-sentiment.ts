/**
 * Model selection for the sentiment recipe v2 (src/sentiment/recipe.ts): trains a small grid of
 * settings on the selection-training rows and scores them on rows none of them saw:
 *  - crypto validation: the stratified 20 % of train.csv from cryptoSelectionSplit (English) and the
 *    Chinese renderings of the same rows (train_zh.csv);
 *  - TFNS dev: a stratified 20 % (seed DEV_SEED) of the TFNS training part.
 * dev.csv / dev_zh.csv and the TFNS hold-out are not read here. Prints one line per setting and the
 * best by the mean of crypto-EN macro F1, crypto-ZH macro F1 and TFNS dev accuracy.
 * Usage: npx tsx packages/nlp/scripts/tune-sentiment.ts [grid=one|small|offsets|cw<a>:<b>] [self=tau,weight,n] [save=model.json]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { classifySentiment } from '../src/sentiment/classify.js';
import { CRYPTO_FILES, cryptoSelectionSplit, cryptoTrainingRows, readCryptoHeadlines } from '../src/sentiment/crypto-dataset.js';
import { CLASSES, DEV_SEED, readTfns, tfnsSplit } from '../src/sentiment/dataset.js';
import { computeMetrics } from '../src/sentiment/evaluate.js';
import { decodeModel, predictProba, type SentimentLabel } from '../src/sentiment/model.js';
import { RECIPE_V2, trainRecipe, type RecipeSettings, type TrainingText } from '../src/sentiment/recipe.js';
import { stratifiedSplit } from '../src/sentiment/train.js';
import { unlabelledHeadlines } from '../src/sentiment/unlabelled.js';

const tfns = readTfns();
const { train: tfnsTrainPart } = tfnsSplit(tfns);
const inner = stratifiedSplit(tfnsTrainPart.map((i) => tfns[i].label), 0.2, DEV_SEED);
const tfnsFit = inner.train.map((j) => tfns[tfnsTrainPart[j]]);
const tfnsDev = inner.test.map((j) => tfns[tfnsTrainPart[j]]);
// evaluation headlines (the January 2026 rows of train.csv, near-duplicates of dev rows) left out
const { en, zh } = cryptoTrainingRows();
const sel = cryptoSelectionSplit(en);
const valEn = en.filter((r) => sel.validation.has(r.id));
const valZh = zh.filter((r) => sel.validation.has(r.id));

let extra: TrainingText[] = [];

function texts(s: RecipeSettings): TrainingText[] {
  return [
    ...extra,
    ...tfnsFit.map((r) => ({ text: r.text, label: r.label, weight: 1 })),
    ...en.filter((r) => sel.train.has(r.id)).map((r) => ({ text: r.text, label: r.label, weight: s.cryptoWeight, domain: 'crypto' as const })),
    ...zh.filter((r) => sel.train.has(r.id)).map((r) => ({ text: r.text, label: r.label, weight: s.cryptoWeight, domain: 'crypto' as const })),
  ];
}

function score(s: RecipeSettings, offsetsGrid: (readonly [number, number, number])[] = [s.offsets]) {
  const t0 = Date.now();
  const json = trainRecipe(texts(s), {}, s).json;
  const save = process.argv.find((a) => a.startsWith('save='))?.slice(5);
  if (save) writeFileSync(save, JSON.stringify(json));
  const m = decodeModel(json);
  const probs = (rows: { text: string }[]) => rows.map((r) => predictProba(m, r.text));
  const pe = probs(valEn), pz = probs(valZh), pt = probs(tfnsDev);
  for (const off of offsetsGrid) {
    const lab = (p: number[]) => {
      const z = p.map((v, k) => Math.log(v) + off[k] - s.offsets[k]);
      return CLASSES[z.indexOf(Math.max(...z))] as SentimentLabel;
    };
    const e = computeMetrics(valEn.map((r) => r.label), pe.map(lab));
    const z = computeMetrics(valZh.map((r) => r.label), pz.map(lab));
    const t = computeMetrics(tfnsDev.map((r) => r.label), pt.map(lab));
    const obj = (e.macroF1 + z.macroF1 + t.accuracy) / 3;
    console.log(
      `${JSON.stringify({ lambda: s.lambda, cw: s.cryptoWeight, dw: s.cfg.domainWeight, off })}  ` +
        `cryptoEN acc ${e.accuracy.toFixed(3)} F1 ${e.macroF1.toFixed(3)} | cryptoZH acc ${z.accuracy.toFixed(3)} F1 ${z.macroF1.toFixed(3)} | TFNS dev acc ${t.accuracy.toFixed(3)} | obj ${obj.toFixed(4)}  (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
    );
  }
}

const selfArg = process.argv.find((a) => a.startsWith('self='))?.slice(5);
if (selfArg) {
  // self-training: the teacher (these settings, selection rows) labels shipped headlines; confident ones join
  const [tau, w, n] = selfArg.split(',').map(Number);
  const teacher = decodeModel(trainRecipe(texts(RECIPE_V2), {}, RECIPE_V2).json);
  const dev = readCryptoHeadlines(CRYPTO_FILES.dev);
  const exclude = new Set([...en.map((r) => r.id), ...dev.map((r) => r.id), ...dev.map((r) => r.text), ...sel.validation, ...valEn.map((r) => r.text)]);
  const pool = unlabelledHeadlines(exclude, n);
  extra = pool.flatMap((t) => {
    const p = predictProba(teacher, t);
    const k = p.indexOf(Math.max(...p));
    return p[k] >= tau ? [{ text: t, label: CLASSES[k], weight: w }] : [];
  });
  console.log(`self-training: ${extra.length} of ${pool.length} shipped headlines with p ≥ ${tau}, weight ${w}`);
}

const cryptoOnly = process.argv.find((a) => a.startsWith('cryptoonly='))?.slice(11);
if (cryptoOnly) {
  // the crypto-only model of the ensemble: selection-training crypto rows (en + zh) only
  const rows = [...en, ...zh].filter((r) => sel.train.has(r.id)).map((r) => ({ text: r.text, label: r.label, weight: 1, domain: 'crypto' as const }));
  writeFileSync(cryptoOnly, JSON.stringify(trainRecipe(rows, {}, { ...RECIPE_V2, offsets: [0, 0, 0] }).json));
  console.log(`wrote ${cryptoOnly} (${rows.length} rows)`);
  process.exit(0);
}
const modelArg = process.argv.find((a) => a.startsWith('model='))?.slice(6);
if (modelArg) {
  // inference variants of a saved selection model (save=…): rule mixing scale and class offsets
  const m = decodeModel(JSON.parse(readFileSync(modelArg, 'utf8')));
  const sets = [['cryptoEN', valEn], ['cryptoZH', valZh], ['TFNS dev', tfnsDev]] as const;
  for (const ruleScale of [0, 0.5, 1, 1.5]) {
    for (const off of [[0, 0, 0], [0.3, 0, 0], [0.6, 0, 0], [0.3, 0.2, 0]] as const) {
      const ms = sets.map(([, rows]) => {
        const pred = rows.map((r) => {
          const sc = classifySentiment(r.text, m, { ruleScale }).scores;
          const z = CLASSES.map((c, k) => Math.log(sc[c] + 1e-12) + off[k]);
          return CLASSES[z.indexOf(Math.max(...z))] as SentimentLabel;
        });
        return computeMetrics(rows.map((r) => r.label), pred);
      });
      const obj = (ms[0].macroF1 + ms[1].macroF1 + ms[2].accuracy) / 3;
      console.log(`ruleScale ${ruleScale} off ${JSON.stringify(off)}  ` + sets.map(([n], i) => `${n} acc ${ms[i].accuracy.toFixed(3)} F1 ${ms[i].macroF1.toFixed(3)}`).join(' | ') + `  obj ${obj.toFixed(4)}`);
    }
  }
  process.exit(0);
}

const grid = process.argv.find((a) => a.startsWith('grid='))?.slice(5) ?? 'small';
if (grid === 'one') score(RECIPE_V2);
else if (grid.startsWith('cw')) for (const cw of grid.slice(2).split(':').map(Number)) score({ ...RECIPE_V2, cryptoWeight: cw });
else if (grid === 'offsets') {
  const offs: (readonly [number, number, number])[] = [];
  for (const a of [-0.3, 0, 0.3, 0.6]) for (const b of [-0.3, 0, 0.3]) offs.push([a, b, 0]);
  score(RECIPE_V2, offs);
} else {
  for (const dw of [0.5, 1]) for (const cw of [3, 8]) for (const lambda of [3e-6]) score({ ...RECIPE_V2, lambda, cryptoWeight: cw, cfg: { ...RECIPE_V2.cfg, domainWeight: dw } });
}
