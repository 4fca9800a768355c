/**
 * Model selection by time, not at random: train the recipe on the crypto headlines published before
 * 1 July 2025 (train.csv, its Chinese renderings, train_extra.csv; plus the TFNS training part and 80 %
 * of the native-Chinese training rows, mulberry32 seed 35) and validate on the headlines published from
 * 1 July 2025 on (train.csv + train_extra.csv rows, English; the Chinese renderings of the train.csv
 * ones) and on the other 20 % of the native-Chinese training rows. Reports accuracy and macro F1 per
 * month, per outlet (n ≥ 80) and per language. Evaluation headlines (dev.csv, dev_zh.csv, the 2026-01
 * set, the native-Chinese dev set) and their near-duplicates are never read: crypto-dataset.ts
 * cryptoTrainingRows leaves them out.
 * Candidates: `order=0|1` (word-order cues, features.ts orderCues), `zhnative=0|1` (native-Chinese rows in
 * training), `xw=<weight>` (train_extra.csv weight; default the shipped recipe's), `cut=YYYY-MM-DD`.
 * Usage: npx tsx packages/nlp/scripts/time-split.ts [order=1] [zhnative=1] [xw=4]
 * Takes several minutes (two softmax models are trained).
 */
import { classifySentiment } from '../src/sentiment/classify.js';
import { cryptoTrainingRows, type CryptoRow } from '../src/sentiment/crypto-dataset.js';
import { CLASSES, readTfns, tfnsSplit } from '../src/sentiment/dataset.js';
import { computeMetrics } from '../src/sentiment/evaluate.js';
import { decodeModel } from '../src/sentiment/model.js';
import { RECIPE, trainRecipe, type RecipeSettings, type TrainingText } from '../src/sentiment/recipe.js';
import { mulberry32, shuffle } from '../src/sentiment/train.js';
import { headlineMeta } from '../src/sentiment/unlabelled.js';

const arg = (k: string, d: string) => process.argv.find((a) => a.startsWith(k + '='))?.slice(k.length + 1) ?? d;
const log = (s: string) => process.stdout.write(s + '\n');
const CUT = arg('cut', '2025-07-01');
const ORDER = arg('order', '0') === '1';
const ZHN = arg('zhnative', '0') === '1';
const XW = Number(arg('xw', String(RECIPE.cryptoLr?.extraWeight ?? 4)));

const settings: RecipeSettings = { ...RECIPE, cfg: { ...RECIPE.cfg, ...(ORDER ? { orderCues: true } : {}) }, cryptoLr: { ...RECIPE.cryptoLr!, extraWeight: XW } };
const meta = headlineMeta();
const { en, zh, extra, zhNative } = cryptoTrainingRows();
const when = (r: CryptoRow) => meta.get(r.id)?.published_at ?? '';
const early = (r: CryptoRow) => when(r) !== '' && when(r) < CUT;
const late = (r: CryptoRow) => when(r) >= CUT;
const enTrainIds = new Set(en.filter(early).map((r) => r.id));
const zn = shuffle(zhNative, mulberry32(35));
const znCut = Math.round(zn.length * 0.8);
const tfns = readTfns();
const texts: TrainingText[] = [
  ...tfnsSplit(tfns).train.map((i) => ({ text: tfns[i].text, label: tfns[i].label, weight: 1 })),
  ...en.filter(early).map((r) => ({ text: r.text, label: r.label, weight: RECIPE.cryptoWeight, domain: 'crypto' as const })),
  ...zh.filter((r) => enTrainIds.has(r.id)).map((r) => ({ text: r.text, label: r.label, weight: RECIPE.cryptoWeight, domain: 'crypto' as const })),
  ...(ZHN ? zn.slice(0, znCut).map((r) => ({ text: r.text, label: r.label, weight: RECIPE.cryptoWeight, domain: 'crypto' as const })) : []),
  ...extra.filter(early).map((r) => ({ text: r.text, label: r.label, weight: XW, domain: 'crypto' as const, extra: true })),
];
const t0 = Date.now();
const model = decodeModel(trainRecipe(texts, {}, settings).json);
log(`time split at ${CUT}: trained on ${texts.length} rows (order cues ${ORDER ? 'on' : 'off'}, native-Chinese rows ${ZHN ? 'in' : 'out'}, extra weight ${XW}) in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

const valEn = [...en.filter(late), ...extra.filter(late)];
const enValIds = new Set(en.filter(late).map((r) => r.id));
const groups: [string, CryptoRow[]][] = [
  [`EN, published ≥ ${CUT} (train.csv + train_extra.csv)`, valEn],
  ...[...new Set(valEn.map((r) => when(r).slice(0, 7)))].sort().map((m) => [`  EN ${m}`, valEn.filter((r) => when(r).startsWith(m))] as [string, CryptoRow[]]),
  ...[...new Set(valEn.map((r) => meta.get(r.id)!.source))]
    .map((s) => [s, valEn.filter((r) => meta.get(r.id)!.source === s)] as const)
    .filter(([, rows]) => rows.length >= 80)
    .sort((a, b) => b[1].length - a[1].length)
    .map(([s, rows]) => [`  EN outlet ${s}`, rows] as [string, CryptoRow[]]),
  [`ZH renderings of the train.csv rows published ≥ ${CUT}`, zh.filter((r) => enValIds.has(r.id))],
  ['ZH native (20 % of zh-native/train.csv, seed 35)', zn.slice(znCut)],
];
for (const [name, rows] of groups) {
  if (rows.length === 0) continue;
  const m = computeMetrics(rows.map((r) => r.label), rows.map((r) => classifySentiment(r.text, model).label));
  log(`${name.padEnd(64)} n=${String(m.n).padStart(5)}  accuracy ${(100 * m.accuracy).toFixed(1)} %  macro F1 ${m.macroF1.toFixed(3)}  recall ${CLASSES.map((c) => `${c} ${(100 * m.perClass[c].recall).toFixed(0)}`).join(' ')}`);
}
