/**
 * The convolutional headline model (cnn.ts) on the time split of scripts/time-split.ts: trained on the
 * English crypto headlines published before the cut (train.csv, train_extra.csv, train_nocoin.csv;
 * optionally the TFNS training part, `tfns=<weight>`), validated on the English headlines published
 * from the cut on (the rows both labelling passes label alike). Prints the CNN alone and its mix with a
 * time-split linear model (`lr=<file>`, written by `time-split.ts save=<file>`): log-probabilities
 * w·log p_linear + (1 − w)·log p_cnn for English crypto texts, w in `mix=` (the rule step of
 * classify.ts after it, as at run time). Evaluation headlines are never read (cryptoTrainingRows).
 * Defaults: recipe.ts CNN_RECIPE. Each run trains `seeds` CNNs (about 80 s each on one core).
 * Usage: npx tsx packages/nlp/scripts/cnn-split.ts [lr=/tmp/ts.json] [dim=48] [filters=64] [widths=1,2,3]
 *          [epochs=4] [lrate=0.002] [dropout=0.5] [wdrop=0.1] [wd=1e-4] [sub=8192] [cues=0|1] [seed=136] [tfns=1]
 *          [seeds=3] [mix=0.4,0.5,0.6,0.7,0.8] [written=0] [lw=1] [dump=<file>] [base=<dump file>]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { applyRule, classifySentimentModelOnly, ruleEvidence } from '../src/sentiment/classify.js';
import { cnnProba, trainCnn, type CnnExample, type CnnModel } from '../src/sentiment/cnn.js';
import { isCryptoText } from '../src/sentiment/crypto-rules.js';
import { hasOrderCue } from '../src/sentiment/model.js';
import { cryptoTrainingRows, readSecondPass, trainingLeads, type CryptoRow } from '../src/sentiment/crypto-dataset.js';
import { CLASSES, readTfns, tfnsSplit } from '../src/sentiment/dataset.js';
import { computeMetrics } from '../src/sentiment/evaluate.js';
import { decodeModel, type SentimentLabel, type SentimentModelJson } from '../src/sentiment/model.js';
import { cnnExamples, cnnLeadExamples, CNN_RECIPE, RECIPE } from '../src/sentiment/recipe.js';
import { headlineMeta } from '../src/sentiment/unlabelled.js';

const arg = (k: string, d: string) => process.argv.find((a) => a.startsWith(k + '='))?.slice(k.length + 1) ?? d;
const log = (s: string) => process.stdout.write(s + '\n');
const CUT = arg('cut', '2025-07-01');
const CNN_CONFIG = CNN_RECIPE.cfg;
const CNN_TRAIN = CNN_RECIPE.train;
const cfg = {
  ...CNN_CONFIG,
  dim: Number(arg('dim', String(CNN_CONFIG.dim))),
  filters: Number(arg('filters', String(CNN_CONFIG.filters))),
  widths: arg('widths', CNN_CONFIG.widths.join(',')).split(',').map(Number),
  subBuckets: Number(arg('sub', String(CNN_CONFIG.subBuckets))),
  minCount: Number(arg('mincount', String(CNN_CONFIG.minCount))),
  cues: arg('cues', CNN_CONFIG.cues ? '1' : '0') === '1',
};
const opts = {
  ...CNN_TRAIN,
  epochs: Number(arg('epochs', String(CNN_TRAIN.epochs))),
  lr: Number(arg('lrate', String(CNN_TRAIN.lr))),
  dropout: Number(arg('dropout', String(CNN_TRAIN.dropout))),
  wordDropout: Number(arg('wdrop', String(CNN_TRAIN.wordDropout))),
  weightDecay: Number(arg('wd', String(CNN_TRAIN.weightDecay))),
  seed: Number(arg('seed', String(CNN_TRAIN.seed))),
};
const TFNS_W = Number(arg('tfns', String(CNN_RECIPE.tfnsWeight)));
const NSEEDS = Number(arg('seeds', String(CNN_RECIPE.seeds)));
const meta = headlineMeta();
const when = (r: CryptoRow) => meta.get(r.id)?.published_at ?? '';
const early = (r: CryptoRow) => when(r) !== '' && when(r) < CUT;
const late = (r: CryptoRow) => when(r) >= CUT;
const { en, extra, nocoin, written } = cryptoTrainingRows(RECIPE.labelPass);
// written=<weight>: also the headlines about 2017–2024 written by language-model agents (train_written.csv, all before the cut)
const WRITTEN_W = Number(arg('written', '0'));
const agreed = cryptoTrainingRows(readSecondPass().size ? 'agreed' : 'first');
const tfns = readTfns();
const rows: CnnExample[] = [
  ...cnnExamples([...en, ...extra, ...nocoin].filter(early), tfnsSplit(tfns).train.map((i) => tfns[i]), TFNS_W),
  ...(WRITTEN_W > 0 ? cnnExamples(written, [], 0).map((r) => ({ ...r, weight: r.weight * WRITTEN_W })) : []),
  // lw=<weight>: each earlier training row's lead (the publisher's summary) as one more example with the headline's label (decision 137)
  ...cnnLeadExamples([...en, ...extra, ...nocoin].filter(early), trainingLeads(), Number(arg('lw', String(CNN_RECIPE.leadWeight)))),
];
const valCoin = [...agreed.en.filter(late), ...agreed.extra.filter(late)];
const valNocoin = agreed.nocoin.filter(late);
const valEn = [...valCoin, ...valNocoin];
log(`CNN ${JSON.stringify(cfg)} ${JSON.stringify({ ...opts, onEpoch: undefined })} tfns ${TFNS_W}; ${rows.length} training rows before ${CUT}, ${valEn.length} validation rows`);

const models: CnnModel[] = [];
for (let k = 0; k < NSEEDS; k++) {
  const t0 = Date.now();
  const m = trainCnn(rows, cfg, {
    ...opts,
    seed: opts.seed + k,
    onEpoch: (e, loss, cur) => {
      const acc = computeMetrics(valEn.map((r) => r.label), valEn.map((r) => CLASSES[argmax(cnnProba(cur, r.text))]));
      log(`  seed ${opts.seed + k} epoch ${e}: loss ${loss.toFixed(4)}, validation ${(100 * acc.accuracy).toFixed(1)} % / ${acc.macroF1.toFixed(3)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    },
  });
  models.push(m);
}
function argmax(p: readonly number[]): number {
  let b = 0;
  for (let k = 1; k < p.length; k++) if (p[k] > p[b]) b = k;
  return b;
}
const cnnLog = (text: string) => {
  const acc = [0, 0, 0];
  for (const m of models) cnnProba(m, text).forEach((p, k) => (acc[k] += Math.log(Math.max(p, 1e-12)) / models.length));
  return acc;
};
const LR = arg('lr', '');
const lin = LR ? decodeModel(JSON.parse(readFileSync(LR, 'utf8')) as SentimentModelJson) : null;
const cache = valEn.map((r) => ({ r, c: cnnLog(r.text), a: lin ? CLASSES.map((c) => Math.log(Math.max(classifySentimentModelOnly(r.text, lin).scores[c], 1e-12))) : null, crypto: isCryptoText(r.text), fade: hasOrderCue(r.text), order: hasOrderCue(r.text, ['fade', 'main', 'conc']), ev: ruleEvidence(r.text) }));
const report = (name: string, pred: (x: (typeof cache)[number]) => SentimentLabel) => {
  for (const [g, sel] of [
    ['EN all', (_: CryptoRow) => true],
    ['  naming a coin', (r: CryptoRow) => !valNocoin.includes(r)],
    ['  naming none', (r: CryptoRow) => valNocoin.includes(r)],
  ] as const) {
    const xs = cache.filter((x) => sel(x.r));
    const m = computeMetrics(xs.map((x) => x.r.label), xs.map(pred));
    log(`${name.padEnd(28)} ${g.padEnd(16)} n=${String(m.n).padStart(5)} accuracy ${(100 * m.accuracy).toFixed(1)} %  macro F1 ${m.macroF1.toFixed(3)}  recall ${CLASSES.map((c) => `${c} ${(100 * m.perClass[c].recall).toFixed(0)}`).join(' ')}`);
  }
};
report('CNN alone', (x) => CLASSES[argmax(x.c)]);
if (lin) {
  const soft = (z: number[]) => {
    const mx = Math.max(...z);
    const e = z.map((v) => Math.exp(v - mx));
    const s = e.reduce((a, b) => a + b, 0);
    return e.map((v) => v / s);
  };
  const withRule = (p: number[], x: (typeof cache)[number]) => {
    const scores = { bearish: p[0], bullish: p[1], neutral: p[2] };
    return applyRule({ label: CLASSES[argmax(p)], scores }, x.ev).label;
  };
  report('linear (time-split model)', (x) => withRule(soft(x.a!), x));
  for (const w of arg('mix', '0.4,0.5,0.6,0.7,0.8').split(',').map(Number))
    report(`mix w=${w}`, (x) => withRule(soft(x.crypto ? x.a!.map((v, k) => w * v + (1 - w) * x.c[k]) : x.a!), x));
  // gate all: every English text mixed, not only those isCryptoText accepts
  const W0 = CNN_RECIPE.weight;
  report(`mix w=${W0}, every text`, (x) => withRule(soft(x.a!.map((v, k) => W0 * v + (1 - W0) * x.c[k])), x));
  // no order cue: crypto texts mixed only when no word-order cue of the linear model fires (main / concessive clause, faded move)
  report(`mix w=${W0}, no fade cue`, (x) => withRule(soft(x.crypto && !x.fade ? x.a!.map((v, k) => W0 * v + (1 - W0) * x.c[k]) : x.a!), x));
  report(`mix w=${W0}, no order cue`, (x) => withRule(soft(x.crypto && !x.order ? x.a!.map((v, k) => W0 * v + (1 - W0) * x.c[k]) : x.a!), x));
  log(`  (validation rows with a fade cue: ${cache.filter((x) => x.fade).length}; with any order cue: ${cache.filter((x) => x.order).length})`);
  // paired against the linear model alone, with the recipe's gate: rows right only with one of the two, exact sign test
  const linearLabel = (x: (typeof cache)[number]) => withRule(soft(x.a!), x);
  const mixLabel = (x: (typeof cache)[number]) => withRule(soft(x.crypto && !(CNN_RECIPE.gate === 'crypto-no-fade' && x.fade) ? x.a!.map((v, k) => W0 * v + (1 - W0) * x.c[k]) : x.a!), x);
  let onlyLinear = 0;
  let onlyMix = 0;
  for (const x of cache) {
    const a = linearLabel(x) === x.r.label;
    const b = mixLabel(x) === x.r.label;
    if (a && !b) onlyLinear++;
    if (b && !a) onlyMix++;
  }
  log(`paired (gate ${CNN_RECIPE.gate}): right only with the linear model ${onlyLinear}, only with the mix ${onlyMix}; exact sign test two-sided p = ${signTestP(onlyLinear, onlyMix).toPrecision(2)}`);
  // dump=<file>: per validation row [id, label, the mix's label], for paired comparisons between candidates (base=)
  const DUMP = arg('dump', '');
  if (DUMP) writeFileSync(DUMP, JSON.stringify(cache.map((x) => [x.r.id, x.r.label, mixLabel(x)])) + '\n');
  // base=<file>: a dump= file of another candidate on the same rows; rows right only there / only here, exact sign test
  const BASE = arg('base', '');
  if (BASE) {
    const base = new Map((JSON.parse(readFileSync(BASE, 'utf8')) as [string, string, string][]).map(([id, label, pred]) => [id, label === pred]));
    let onlyBase = 0;
    let onlyThis = 0;
    for (const x of cache) {
      const a = base.get(x.r.id);
      if (a === undefined) throw new Error(`base=${BASE}: no row ${x.r.id} (a dump of another split?)`);
      const b = mixLabel(x) === x.r.label;
      if (a && !b) onlyBase++;
      if (b && !a) onlyThis++;
    }
    log(`paired with ${BASE}: right only there ${onlyBase}, only here ${onlyThis}; exact sign test two-sided p = ${signTestP(onlyBase, onlyThis).toPrecision(2)}`);
  }
}

/** Two-sided exact sign test (binomial, p = 1/2) of a and b discordant pairs. */
function signTestP(a: number, b: number): number {
  const n = a + b;
  const k = Math.min(a, b);
  let lnC = 0;
  let p = 0;
  for (let i = 0; i <= k; i++) {
    if (i > 0) lnC += Math.log(n - i + 1) - Math.log(i);
    p += Math.exp(lnC - n * Math.LN2);
  }
  return Math.min(1, 2 * p);
}
