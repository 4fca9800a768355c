/**
 * Model selection by time, not at random: train the recipe on the crypto headlines published before
 * 1 July 2025 (train.csv, its Chinese renderings, train_extra.csv, train_nocoin.csv; plus the TFNS training part and 80 %
 * of the native-Chinese training rows, mulberry32 seed 35) and validate on the headlines published from
 * 1 July 2025 on (train.csv + train_extra.csv + train_nocoin.csv rows, English; the Chinese renderings of the train.csv
 * ones) and on the other 20 % of the native-Chinese training rows. Reports accuracy and macro F1 per
 * month, per outlet (n ≥ 80) and per language. Evaluation headlines (dev.csv, dev_zh.csv, the 2026-01
 * set, the native-Chinese dev set) and their near-duplicates are never read: crypto-dataset.ts
 * cryptoTrainingRows leaves them out.
 * Candidates: `order=0|1` (word-order cues, features.ts orderCues), `zhnative=0|1` (native-Chinese rows in
 * training), `xw=<weight>` (train_extra.csv weight; default the shipped recipe's), `nw=<weight>` and
 * `ncw=<weight>` (train_nocoin.csv weight in the general and the crypto-text model; `nw=-1` leaves those
 * rows out of training; they are validated on either way), `ww=<weight>` and `wcw=<weight>` (the same for
 * train_written.csv, headlines about 2017–2024 written by language-model agents; `ww=-1` leaves them out), `labels=first|second|agreed|both` (which labelling
 * pass of train.csv / train_extra.csv training reads, crypto-dataset.ts LabelPass), `lw=<weight>` (each earlier
 * training row's lead as one more crypto-text-model row with its headline's label, decision 137), `cut=YYYY-MM-DD`.
 * Validation labels are the same for every candidate: the rows both passes label alike.
 * `save=<file>` writes the model trained on the earlier months; `load=<file>` measures such a file instead
 * of training (same split). `grid=1` then also scores the crypto-text model's offsets (bearish, bullish;
 * neutral 0) and its mix weight on the same validation rows, without retraining: selection objective is
 * the mean of English accuracy and macro F1, with no Chinese validation group (renderings, native) lower
 * than at the recipe's offsets; `gate=all` scores every text with the mix, not only crypto texts.
 * `clambda=<λ>` gives the crypto-text model its own L2 strength; `general=<file>` (a `save=` file of a run
 * with the same order cues and rows) reuses that run's general model and trains only the crypto-text one.
 * `priors=1` (decision 134) also scores a feed prior (prior-shift.ts): each English validation headline's
 * model probabilities re-weighted to the class mix the model estimates, without labels, in the validation
 * headlines of the `pwin` days (default 7) before its hour — on the rows as published and on seeded
 * subsamples with a neutral share of 15–75 %.
 * Usage: npx tsx packages/nlp/scripts/time-split.ts [order=0|1] [zhnative=1] [xw=4] [clambda=1e-5]
 *          [save=<file> | load=<file> | general=<file>] [grid=1] [priors=1 [pwin=7]]
 * Takes several minutes (two softmax models are trained).
 */
import { applyRule, classifySentiment, classifySentimentModelOnly, meanModelProbabilities, ruleEvidence } from '../src/sentiment/classify.js';
import { adjustToPrior, feedPrior, hourStartOf, FEED_PRIOR_MAX, FEED_PRIOR_MIN, type ClassVector } from '../src/sentiment/prior-shift.js';
import { isCryptoText } from '../src/sentiment/crypto-rules.js';
import { cryptoTrainingRows, readSecondPass, trainingLeads, type CryptoRow, type LabelPass } from '../src/sentiment/crypto-dataset.js';
import { CLASSES, readTfns, tfnsSplit } from '../src/sentiment/dataset.js';
import { computeMetrics } from '../src/sentiment/evaluate.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { decodeModel, predictProba, type SentimentModel, type SentimentModelJson } from '../src/sentiment/model.js';
import { cnnLeadExamples, nocoinTexts, RECIPE, trainCryptoLrPart, trainRecipe, writtenTexts, type RecipeSettings, type TrainingText } from '../src/sentiment/recipe.js';
import { mulberry32 } from '@coinlens/ta/random';
import { shuffle } from '../src/sentiment/train.js';
import { headlineMeta } from '../src/sentiment/unlabelled.js';

const arg = (k: string, d: string) => process.argv.find((a) => a.startsWith(k + '='))?.slice(k.length + 1) ?? d;
const log = (s: string) => process.stdout.write(s + '\n');
const CUT = arg('cut', '2025-07-01');
const ORDER = arg('order', RECIPE.cfg.orderCues ? '1' : '0') === '1';
const ZHN = arg('zhnative', '1') === '1';
const XW = Number(arg('xw', String(RECIPE.cryptoLr?.extraWeight ?? 4)));

const CLAMBDA = arg('clambda', '');
// nw=<general-model weight> ncw=<crypto-text-model weight> of the no-coin headlines; nw=-1: none in training
const NW = Number(arg('nw', String(RECIPE.nocoin?.weight ?? -1)));
const NCW = Number(arg('ncw', String(RECIPE.nocoin?.cryptoWeight ?? XW)));
// ww=<general-model weight> wcw=<crypto-text-model weight> of the written headlines (train_written.csv, about
// 2017–2024, all before the cut); ww=-1: none in training
const WW = Number(arg('ww', String(RECIPE.written?.weight ?? -1)));
const WCW = Number(arg('wcw', String(RECIPE.written?.cryptoWeight ?? XW)));
// labels=first|second|agreed|both: which labels of the English train.csv / train_extra.csv rows training reads
const LABELS = arg('labels', RECIPE.labelPass ?? 'first') as LabelPass;
if (!['first', 'second', 'agreed', 'both'].includes(LABELS)) throw new Error('labels= first | second | agreed | both');
const settings: RecipeSettings = {
  ...RECIPE,
  labelPass: LABELS,
  cfg: { ...RECIPE.cfg, orderCues: ORDER },
  cryptoLr: { ...RECIPE.cryptoLr!, extraWeight: XW, ...(CLAMBDA ? { lambda: Number(CLAMBDA) } : {}) },
  nocoin: NW < 0 ? undefined : { weight: NW, cryptoWeight: NCW },
  written: WW < 0 ? undefined : { weight: WW, cryptoWeight: WCW },
};
const meta = headlineMeta();
const { en, zh, extra, nocoin, written, zhNative } = cryptoTrainingRows(LABELS);
// validation labels do not depend on the candidate: the rows both passes label alike, as in every evaluation set
// (the first pass alone while there is no second one); the no-coin rows have one pass
const agreedRows = cryptoTrainingRows(readSecondPass().size ? 'agreed' : 'first');
const when = (r: CryptoRow) => meta.get(r.id)?.published_at ?? '';
const early = (r: CryptoRow) => when(r) !== '' && when(r) < CUT;
const late = (r: CryptoRow) => when(r) >= CUT;
const enTrainIds = new Set(en.filter(early).map((r) => r.id));
const zn = shuffle(zhNative, mulberry32(35));
const znCut = Math.round(zn.length * 0.8);
const tfns = readTfns();
const texts: TrainingText[] = [
  ...tfnsSplit(tfns).train.map((i) => ({ text: tfns[i].text, label: tfns[i].label, weight: 1 })),
  ...en.filter(early).map((r) => ({ text: r.text, label: r.label, weight: RECIPE.cryptoWeight * (r.share ?? 1), domain: 'crypto' as const })),
  ...zh.filter((r) => enTrainIds.has(r.id)).map((r) => ({ text: r.text, label: r.label, weight: RECIPE.cryptoWeight * (r.share ?? 1), domain: 'crypto' as const })),
  ...(ZHN ? zn.slice(0, znCut).map((r) => ({ text: r.text, label: r.label, weight: RECIPE.cryptoWeight * (r.share ?? 1), domain: 'crypto' as const })) : []),
  ...extra.filter(early).map((r) => ({ text: r.text, label: r.label, weight: 0, cryptoWeight: XW * (r.share ?? 1), domain: 'crypto' as const, extra: true })),
  ...nocoinTexts(nocoin.filter(early), settings),
  ...writtenTexts(written, settings),
  ...leadTexts(),
];
// lw=<weight>: each earlier English training row's lead as one more crypto-text-model text with the headline's label
// (the CNNs' lead examples, recipe.ts cnnLeadExamples, as crypto-text-model rows)
function leadTexts(): TrainingText[] {
  const leads = cnnLeadExamples([...en, ...extra, ...nocoin].filter(early), trainingLeads(), Number(arg('lw', '0')));
  if (leads.length) log(`leads: ${leads.length} training texts in the crypto-text model`);
  return leads.map((e) => ({ text: e.text, label: CLASSES[e.y], weight: 0, cryptoWeight: e.weight, domain: 'crypto' as const, extra: true }));
}
const t0 = Date.now();
const LOAD = arg('load', '');
const SAVE = arg('save', '');
const GENERAL = arg('general', '');
const readJson = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as SentimentModelJson;
// general=<file>: the general model of an earlier run with the same rows and features; only the crypto-text model is trained
const json: SentimentModelJson = LOAD ? readJson(LOAD) : GENERAL ? { ...readJson(GENERAL), cryptoLr: trainCryptoLrPart(texts, settings).json } : trainRecipe(texts, {}, settings).json;
if (SAVE) writeFileSync(SAVE, JSON.stringify(json) + '\n');
const model: SentimentModel = decodeModel(json);
log(`time split at ${CUT}: ${LOAD ? `loaded ${LOAD} (trained on ${texts.length} rows` : `trained on ${texts.length} rows`} (labels ${LABELS}, order cues ${ORDER ? 'on' : 'off'}, native-Chinese rows ${ZHN ? 'in' : 'out'}, extra weight ${XW}, no-coin rows ${settings.nocoin ? `weight ${NW} / crypto-text ${NCW}` : 'out'}, written rows ${settings.written ? `${written.length}, weight ${WW} / crypto-text ${WCW}` : 'out'})${LOAD ? ')' : ` in ${((Date.now() - t0) / 1000).toFixed(0)} s`}`);

// validation: every English headline published from the cut on — those naming a coin and those naming none, as the feed has them
const valCoin = [...agreedRows.en.filter(late), ...agreedRows.extra.filter(late)];
const valNocoin = agreedRows.nocoin.filter(late);
const valEn = [...valCoin, ...valNocoin];
const enValIds = new Set(agreedRows.en.filter(late).map((r) => r.id));
const groups: [string, CryptoRow[]][] = [
  [`EN, published ≥ ${CUT} (all: train.csv + train_extra.csv + train_nocoin.csv)`, valEn],
  [`  EN naming a coin (train.csv + train_extra.csv)`, valCoin],
  [`  EN naming no coin (train_nocoin.csv)`, valNocoin],
  ...[...new Set(valEn.map((r) => when(r).slice(0, 7)))].sort().map((m) => [`  EN ${m}`, valEn.filter((r) => when(r).startsWith(m))] as [string, CryptoRow[]]),
  ...[...new Set(valEn.map((r) => meta.get(r.id)!.source))]
    .map((s) => [s, valEn.filter((r) => meta.get(r.id)!.source === s)] as const)
    .filter(([, rows]) => rows.length >= 80)
    .sort((a, b) => b[1].length - a[1].length)
    .map(([s, rows]) => [`  EN outlet ${s}`, rows] as [string, CryptoRow[]]),
  [`ZH renderings of the train.csv rows published ≥ ${CUT}`, agreedRows.zh.filter((r) => enValIds.has(r.id))],
  ['ZH native (20 % of zh-native/train.csv, seed 35)', zn.slice(znCut)],
];
for (const [name, rows] of groups) {
  if (rows.length === 0) continue;
  const m = computeMetrics(rows.map((r) => r.label), rows.map((r) => classifySentiment(r.text, model).label));
  log(`${name.padEnd(64)} n=${String(m.n).padStart(5)}  accuracy ${(100 * m.accuracy).toFixed(1)} %  macro F1 ${m.macroF1.toFixed(3)}  recall ${CLASSES.map((c) => `${c} ${(100 * m.perClass[c].recall).toFixed(0)}`).join(' ')}`);
}

if (arg('grid', '0') === '1') {
  const cl = model.cryptoLr;
  if (!cl) throw new Error('grid=1 needs a recipe with a crypto-text model');
  // gate=all: score every text with the mix, not only those isCryptoText accepts (a recipe without `gate`)
  const GATE_ALL = arg('gate', 'crypto') === 'all';
  const zhR = agreedRows.zh.filter((r) => enValIds.has(r.id));
  const zhN = zn.slice(znCut);
  // per row once: log-probabilities of the crypto-text and the general model, the gate and the rule evidence
  const general: SentimentModel = { ...model, cryptoLr: undefined };
  const { gate: _gate, ...ungated } = cl;
  const routed: SentimentModel = { ...model, cryptoLr: { ...(GATE_ALL ? ungated : cl), weight: 0, offsets: new Float64Array(3) } };
  const cache = (rows: CryptoRow[]) =>
    rows.map((r) => {
      const gated = GATE_ALL || cl.gate !== 'crypto' || isCryptoText(r.text);
      return { y: r.label, gated, a: predictProba(general, r.text).map(Math.log), c: gated ? predictProba(routed, r.text).map(Math.log) : null, ev: ruleEvidence(r.text) };
    });
  const sets = { en: cache(valEn), zr: cache(zhR), zn: cache(zhN) };
  const score = (rows: ReturnType<typeof cache>, w: number, off: number[]) =>
    computeMetrics(
      rows.map((r) => r.y),
      rows.map((r) => {
        const z = r.c ? r.c.map((v, k) => w * r.a[k] + (1 - w) * v + off[k]) : r.a;
        const mx = Math.max(...z);
        const e = z.map((v) => Math.exp(v - mx));
        const se = e[0] + e[1] + e[2];
        const scores = { bearish: e[0] / se, bullish: e[1] / se, neutral: e[2] / se };
        const label = (['bearish', 'bullish'] as const).reduce<(typeof CLASSES)[number]>((b, l) => (scores[l] > scores[b] ? l : b), 'neutral');
        return applyRule({ label, scores }, r.ev).label;
      }),
    );
  const baseZh = [score(sets.zr, cl.weight, [...cl.offsets]).accuracy, score(sets.zn, cl.weight, [...cl.offsets]).accuracy];
  const results: { off: number[]; w: number; en: ReturnType<typeof score>; zr: number; zn: number; obj: number }[] = [];
  for (const w of [0, 0.2, 0.4])
    for (const ob of [0, 0.3, 0.6, 0.9, 1.2, 1.5])
      for (const ou of [-0.6, -0.3, 0, 0.3, 0.6]) {
        const off = [ob, ou, 0];
        const en = score(sets.en, w, off);
        const zr = score(sets.zr, w, off).accuracy;
        const znA = score(sets.zn, w, off).accuracy;
        results.push({ off, w, en, zr, zn: znA, obj: (en.accuracy + en.macroF1) / 2 });
        log(`grid w ${w} offsets [${ob}, ${ou}, 0]: EN ${(100 * en.accuracy).toFixed(1)} % / ${en.macroF1.toFixed(3)}  ZH renderings ${(100 * zr).toFixed(1)} %  ZH native ${(100 * znA).toFixed(1)} %`);
      }
  const ok = results.filter((r) => r.zr >= baseZh[0] && r.zn >= baseZh[1]).sort((a, b) => b.obj - a.obj);
  const best = ok[0];
  if (best) log(`best (Chinese not lower than at w ${cl.weight} offsets [${[...cl.offsets].join(', ')}]): w ${best.w} offsets [${best.off.join(', ')}]: EN ${(100 * best.en.accuracy).toFixed(1)} % / ${best.en.macroF1.toFixed(3)}, ZH renderings ${(100 * best.zr).toFixed(1)} %, ZH native ${(100 * best.zn).toFixed(1)} %`);
}

if (arg('priors', '0') === '1') {
  // priors=1: the feed's class mix, estimated without labels (prior-shift.ts, EM of Saerens et al. 2002) from
  // the model-only probabilities of the headlines published in the `pwin` days before each hour (at most
  // `pcap`, at least `pmin`, else no adjustment), re-weights each headline's probabilities before the rules;
  // scored on the validation rows as published, and on seeded subsamples with another neutral share
  const PWIN = Number(arg('pwin', '7')) * 86_400_000;
  const toVec = (s: { bearish: number; bullish: number; neutral: number }): ClassVector => [s.bearish, s.bullish, s.neutral];
  // the training prior as decision 134 defines it: mean model-only probability over the English training headlines, each once
  const ids = new Set<string>();
  const inDomain = [...en.filter(early), ...extra.filter(early), ...nocoin.filter(early)].filter((r) => !ids.has(r.id) && !!ids.add(r.id));
  const source = toVec(meanModelProbabilities(inDomain.map((r) => r.text), model));
  log(`\npriors: training prior (mean model-only probability over ${inDomain.length} English training rows): bearish ${source[0].toFixed(3)} bullish ${source[1].toFixed(3)} neutral ${source[2].toFixed(3)}; window ${PWIN / 86_400_000} d, ≥ ${FEED_PRIOR_MIN}, ≤ ${FEED_PRIOR_MAX} headlines`);
  const rowsT = valEn
    .map((r) => ({ r, publishedAt: Date.parse(when(r)), probs: toVec(classifySentimentModelOnly(r.text, model).scores), ev: ruleEvidence(r.text) }))
    .sort((a, b) => a.publishedAt - b.publishedAt);
  type RowT = (typeof rowsT)[number];
  const labelOf = (p: ClassVector, ev: RowT['ev']) => {
    const scores = { bearish: p[0], bullish: p[1], neutral: p[2] };
    const label = (['bearish', 'bullish'] as const).reduce<(typeof CLASSES)[number]>((b, l) => (scores[l] > scores[b] ? l : b), 'neutral');
    return applyRule({ label, scores }, ev).label;
  };
  // the feed is the rows themselves (a subsample's feed is the subsample): each hour's mix from the rows before it
  const run = (rows: RowT[]) => {
    const byHour = new Map<number, ReturnType<typeof feedPrior>>();
    const priorAt = (t: number) => {
      const h = hourStartOf(t);
      if (!byHour.has(h)) byHour.set(h, feedPrior(rows, h, source, { windowMs: PWIN }));
      return byHour.get(h)!;
    };
    const truth = rows.map((x) => x.r.label);
    const priors = rows.map((x) => priorAt(x.publishedAt)?.prior ?? source);
    return {
      a: computeMetrics(truth, rows.map((x) => labelOf(x.probs, x.ev))),
      b: computeMetrics(truth, rows.map((x, i) => labelOf(adjustToPrior(x.probs, source, priors[i]), x.ev))),
      meanNeutralPrior: priors.reduce((s, p) => s + p[2], 0) / Math.max(1, priors.length),
    };
  };
  const show = (name: string, rows: RowT[]) => {
    const { a, b, meanNeutralPrior } = run(rows);
    const neutral = rows.filter((x) => x.r.label === 'neutral').length / rows.length;
    log(`${name.padEnd(40)} n=${String(rows.length).padStart(5)} neutral ${(100 * neutral).toFixed(0)} %  est. ${(100 * meanNeutralPrior).toFixed(0)} %  as trained ${(100 * a.accuracy).toFixed(1)} % / ${a.macroF1.toFixed(3)}  adapted ${(100 * b.accuracy).toFixed(1)} % / ${b.macroF1.toFixed(3)}  recall ${CLASSES.map((c) => `${c} ${(100 * a.perClass[c].recall).toFixed(0)}→${(100 * b.perClass[c].recall).toFixed(0)}`).join(' ')}`);
  };
  show('EN validation, as published', rowsT);
  for (const m of [...new Set(rowsT.map((x) => when(x.r).slice(0, 7)))].sort()) show(`  EN ${m}`, rowsT.filter((x) => when(x.r).startsWith(m)));
  // subsamples with another neutral share (bullish : bearish as in the validation rows), seeded, time order kept
  const byClass = (c: string) => rowsT.filter((x) => x.r.label === c);
  for (const share of [0.15, 0.3, 0.45, 0.6, 0.75]) {
    for (const seed of [1, 2, 3]) {
      const rnd = mulberry32(1000 * share + seed);
      const neu = shuffle(byClass('neutral'), rnd);
      const dir = shuffle([...byClass('bullish'), ...byClass('bearish')], rnd);
      // as many rows as the scarcer side allows
      const total = Math.floor(Math.min(neu.length / share, dir.length / (1 - share)));
      const pick = [...neu.slice(0, Math.round(total * share)), ...dir.slice(0, Math.round(total * (1 - share)))].sort((a, b) => a.publishedAt - b.publishedAt);
      show(`EN subsample neutral ${share * 100} %, seed ${seed}`, pick);
    }
  }
}
