/**
 * Evaluate the shipped sentiment model (model/sentiment-v2.json) on data it never saw, by period,
 * outlet and language:
 *  - crypto dev (EN), May–Aug 2025: data/training/crypto-headline-sentiment/dev.csv (379 headlines, two
 *    annotators agreed) — the same months and outlets as the training rows;
 *  - a later period, January 2026: dev-2026-01/ (the shipped 2026-01 headlines, two labelling passes;
 *    the rows both passes labelled alike) — the model never trained on this period, and half of its
 *    outlets are absent from training;
 *  - native Chinese: data/training/zh-native/dev_* (快讯-style headlines, two labelling passes, the rows
 *    both passes labelled alike);
 *  - crypto dev (ZH): dev_zh.csv, the dev.csv headlines rendered in Chinese, labels carried over;
 *  - TFNS hold-out: the fixed stratified 20 % of the TFNS copy (seed 20250516), left out of training.
 * For each: accuracy, macro F1, per-class recall and the confusion matrix (rows = truth, columns =
 * prediction), with the "always bullish" baseline; per outlet (n ≥ 15) accuracy and macro F1; for the
 * later period also by whether the app's coin tagger finds one of the 28 coins in the headline.
 * `feed=1` also reads the two English news sets with a feed prior (decision 134, measured, not shipped):
 * each headline's probabilities re-weighted to the class mix the model estimates, without labels, in the
 * shipped feed's English headlines of the 7 days before its hour (prior-shift.ts).
 * Takes a few seconds. The training-period time split (model selection) is scripts/time-split.ts.
 * `write=1` (the shipped model only) writes each set's figures to packages/nlp/model/sentiment-v2.eval.json
 * (accuracy with its 95 % Wilson interval, macro F1, the majority label's share), which the app shows.
 * Usage: npm run -s sentiment:eval [-- model=<file>] [feed=1] [write=1]  (default: the shipped model)
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { wilsonInterval } from '@coinlens/ta';
import { SENTIMENT_EVAL_URL, type SentimentAccuracySet } from '../src/sentiment/accuracy.js';
import { applyRule, classifySentiment, classifySentimentModelOnly, feedProbabilities, loadSentimentModel, meanModelProbabilities, ruleEvidence } from '../src/sentiment/classify.js';
import { adjustToPrior, feedPrior, hourStartOf, FEED_PRIOR_MIN, FEED_PRIOR_WINDOW_MS, type ClassVector } from '../src/sentiment/prior-shift.js';
import { detectLanguage } from '../src/lang.js';
import { cryptoTrainingRows } from '../src/sentiment/crypto-dataset.js';
import { RECIPE } from '../src/sentiment/recipe.js';
import { CRYPTO_FILES, readCryptoHeadlines, readTwoPassSet, ZH_NATIVE_FILES } from '../src/sentiment/crypto-dataset.js';
import { CLASSES, MODEL_JSON, readTfns, tfnsSplit } from '../src/sentiment/dataset.js';
import { computeMetrics, type Metrics } from '../src/sentiment/evaluate.js';
import { agreement } from '../src/sentiment/agreement.js';
import { feedHeadlines, headlineMeta } from '../src/sentiment/unlabelled.js';
import { DEFAULT_COINS } from '../src/coins/coin-aliases.js';
import { tagCoins } from '../src/coins/tag-coins.js';

const modelPath = process.argv.find((a) => a.startsWith('model='))?.slice(6) ?? MODEL_JSON;
const model = loadSentimentModel(modelPath);
const pct = (x: number) => (100 * x).toFixed(1) + ' %';
type Row = { id?: string; text: string; label: (typeof CLASSES)[number] };
const meta = headlineMeta();

// feed=1 (decision 134, measured and not shipped): the two English news sets are also read with a feed prior
// (prior-shift.ts): each headline's model probabilities re-weighted from the training prior (mean model-only
// probability over the English crypto training headlines, as the recipe reads them) to the class mix the model
// estimates, without labels, in the shipped feed's English headlines of the 7 days before its hour. Cached per hour.
const FEED = process.argv.includes('feed=1');
const source: ClassVector | null = FEED
  ? (() => {
      const r = cryptoTrainingRows(RECIPE.labelPass);
      const seen = new Set<string>();
      const texts = [...r.en, ...r.extra, ...r.nocoin].filter((x) => !seen.has(x.id) && !!seen.add(x.id)).map((x) => x.text);
      const m = meanModelProbabilities(texts, model);
      return [m.bearish, m.bullish, m.neutral] as const;
    })()
  : null;
const feed = source
  ? feedHeadlines().flatMap((h) => {
      const probs = feedProbabilities(h.title, model);
      return probs ? [{ publishedAt: h.publishedAt, probs }] : [];
    })
  : [];
const priorByHour = new Map<number, ReturnType<typeof feedPrior>>();
const priorOf = (r: Row) => {
  const t = r.id ? Date.parse(meta.get(r.id)?.published_at ?? '') : NaN;
  if (!source || !Number.isFinite(t)) return null;
  const h = hourStartOf(t);
  if (!priorByHour.has(h)) priorByHour.set(h, feedPrior(feed, h, source));
  return priorByHour.get(h)!;
};
/** classifySentiment with an English text's model probabilities re-weighted to `prior` before the rules. */
const withPrior = (text: string, prior: ClassVector | null | undefined) => {
  const base = classifySentimentModelOnly(text, model);
  if (!prior || !source || detectLanguage(text) === 'zh') return applyRule(base, ruleEvidence(text)).label;
  const p = adjustToPrior([base.scores.bearish, base.scores.bullish, base.scores.neutral], source, prior);
  const scores = { bearish: p[0], bullish: p[1], neutral: p[2] };
  const label = (['bearish', 'bullish'] as const).reduce<(typeof CLASSES)[number]>((b, l) => (scores[l] > scores[b] ? l : b), 'neutral');
  return applyRule({ label, scores }, ruleEvidence(text)).label;
};

function report(name: string, rows: Row[], target: string, note = '', byCoin = false, withFeed = false): Metrics {
  const truth = rows.map((r) => r.label);
  const pred = rows.map((r) => classifySentiment(r.text, model).label);
  // withFeed (feed=1): the same rows read with the feed prior, printed below the model's own figures
  const priors = rows.map((r) => (withFeed ? priorOf(r) : null));
  const adapted = withFeed ? computeMetrics(truth, rows.map((r, i) => withPrior(r.text, priors[i]?.prior))) : null;
  const m = computeMetrics(truth, pred);
  const base = computeMetrics(truth, rows.map(() => 'bullish' as const));
  const w = Math.max(...CLASSES.map((c) => c.length)) + 2;
  const lines = [
    `${name} (n=${m.n}; target ${target})${note ? `\n  ${note}` : ''}`,
    `  accuracy ${pct(m.accuracy)}   macro F1 ${m.macroF1.toFixed(3)}   (always "bullish": accuracy ${pct(base.accuracy)}, macro F1 ${base.macroF1.toFixed(3)})`,
    `  recall   ${CLASSES.map((c) => `${c} ${pct(m.perClass[c].recall)}`).join('   ')}`,
    `  confusion (rows = truth, columns = predicted):`,
    `    ${''.padEnd(w)}${CLASSES.map((c) => c.padStart(w)).join('')}`,
    ...CLASSES.map((c, k) => `    ${c.padEnd(w)}${m.confusion[k].map((v) => String(v).padStart(w)).join('')}`),
  ];
  if (adapted) {
    const used = priors.filter((p): p is NonNullable<typeof p> => !!p);
    const meanNeutral = used.reduce((a, p) => a + p.prior[2], 0) / Math.max(1, used.length);
    lines.push(
      `  with a feed prior (feed=1, decision 134, not shipped): each English headline re-weighted to the class mix the model estimates (EM, no labels) in the shipped feed's English headlines of the ${FEED_PRIOR_WINDOW_MS / 86_400_000} days before its hour;`,
      `    ${used.length} of ${rows.length} headlines had ≥ ${FEED_PRIOR_MIN} before them (${used.length ? `${Math.min(...used.map((p) => p.n))}–${Math.max(...used.map((p) => p.n))} each; estimated neutral share ${pct(meanNeutral)} on average, training prior ${pct(source![2])}` : 'none'}):`,
      `    accuracy ${pct(adapted.accuracy)}   macro F1 ${adapted.macroF1.toFixed(3)}   recall ${CLASSES.map((c) => `${c} ${pct(adapted.perClass[c].recall)}`).join('   ')}`,
    );
  }
  const outlets = new Map<string, number[]>();
  rows.forEach((r, i) => {
    const s = r.id ? meta.get(r.id)?.source : undefined;
    if (s) outlets.set(s, [...(outlets.get(s) ?? []), i]);
  });
  const big = [...outlets].filter(([, ix]) => ix.length >= 15).sort((a, b) => b[1].length - a[1].length);
  const sub = (label: string, ix: number[]) => {
    const om = computeMetrics(ix.map((i) => truth[i]), ix.map((i) => pred[i]));
    lines.push(`    ${label.padEnd(18)} n=${String(om.n).padStart(4)}  accuracy ${pct(om.accuracy).padStart(7)}  macro F1 ${om.macroF1.toFixed(3)}`);
  };
  if (big.length > 1) {
    lines.push('  by outlet (n ≥ 15):');
    for (const [s, ix] of big) sub(s, ix);
  }
  if (byCoin) {
    // the feed holds both: headlines the app's coin tagger links to one of the 28 coins, and the rest
    const named = rows.map((r, i) => [i, tagCoins(r.text, DEFAULT_COINS).length > 0] as const);
    lines.push('  by coin mention (the app\'s coin tagger, 28 coins):');
    sub('names a coin', named.filter(([, y]) => y).map(([i]) => i));
    sub('names none', named.filter(([, y]) => !y).map(([i]) => i));
  }
  lines.push('');
  process.stdout.write(lines.join('\n') + '\n');
  return m;
}

const twoPassNote = (s: ReturnType<typeof readTwoPassSet>) => {
  const a = agreement(s.pass1, s.pass2);
  return `two labelling passes agree on ${s.agreed} of ${s.n} (${pct(a.agreement)}, Cohen's κ ${a.kappa.toFixed(3)}; not independent annotators, see SOURCE.md); scored on those ${s.agreed}`;
};

const m = model.meta;
// a model trained before the January 2026 rows of train.csv became evaluation rows has seen them
const janClean = String((m?.trainedOn as string[] | undefined)?.join('\n') ?? '').includes('January 2026 rows are evaluation');
const bytes = statSync(modelPath).size;
process.stdout.write(`model: ${modelPath === MODEL_JSON ? 'packages/nlp/model/sentiment-v2.json' : modelPath}, ${(bytes / 1e6).toFixed(2)} MB${m?.recipe ? ` (${String(m.recipe)})` : ''}\n\n`);
const t0 = performance.now();
let n = 0;
const measured: SentimentAccuracySet[] = [];
/** The figures of one set as the app shows them (`write=1`). */
const keep = (id: SentimentAccuracySet['id'], rows: Row[], m: Metrics) => {
  const correct = m.confusion.reduce((a, r, k) => a + r[k], 0);
  const w = wilsonInterval(correct, m.n)!;
  const counts = CLASSES.map((c) => rows.filter((r) => r.label === c).length);
  const top = counts.indexOf(Math.max(...counts));
  const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
  measured.push({ id, n: m.n, correct, accuracy: r6(m.accuracy), ci95: [r6(w.lo), r6(w.hi)], macro_f1: r6(m.macroF1), majority: { label: CLASSES[top], share: r6(counts[top] / m.n) } });
  return m;
};
const timed = (id: SentimentAccuracySet['id'], name: string, rows: Row[], target: string, note = '', byCoin = false, withFeed = false) => {
  n += rows.length * (withFeed && FEED ? 2 : 1); // feed=1 classifies these texts twice (with and without the feed prior)
  return keep(id, rows, report(name, rows, target, note, byCoin, withFeed));
};
timed(
  'dev_en',
  'Crypto dev (EN), May–Aug 2025 — the training period',
  readCryptoHeadlines(CRYPTO_FILES.dev),
  'accuracy ≥ 80 %, macro F1 ≥ 0.75',
  janClean ? '' : 'this model was trained with 30 number-changed near-duplicates of these headlines (28 in train_extra.csv, 2 in train.csv)',
  false,
  !!source,
);
const jan = readTwoPassSet(CRYPTO_FILES.dev202601Headlines, CRYPTO_FILES.dev202601Pass1, CRYPTO_FILES.dev202601Pass2);
timed(
  'later_en',
  janClean ? 'Later period (EN), Jan 2026 — never trained on' : 'Jan 2026 (EN) — WARNING: this model was trained on these headlines (train.csv rows `fcn:`), so this is NOT a later-period figure',
  jan.rows,
  'accuracy ≥ 80 %, macro F1 ≥ 0.75 on a period never trained on',
  twoPassNote(jan),
  true,
  !!source,
);
const zhn = readTwoPassSet(ZH_NATIVE_FILES.devHeadlines, ZH_NATIVE_FILES.devPass1, ZH_NATIVE_FILES.devPass2);
timed('native_zh', 'Native Chinese (ZH), 快讯-style headlines', zhn.rows, 'accuracy ≥ 75 %', twoPassNote(zhn));
timed('dev_zh', 'Crypto dev (ZH), Chinese renderings of crypto dev (EN)', readCryptoHeadlines(CRYPTO_FILES.devZh), 'accuracy ≥ 75 %');
const tfns = readTfns();
timed('tfns', 'TFNS hold-out', tfnsSplit(tfns).test.map((i) => tfns[i]), 'accuracy ≥ 84 %');
const ms = performance.now() - t0;
process.stdout.write(`speed: ${n} texts classified (with the rules) in ${ms.toFixed(0)} ms, ${Math.round((n / ms) * 1000)} texts/s on one thread (this machine, load not controlled)\n`);
if (process.argv.includes('write=1')) {
  if (modelPath !== MODEL_JSON) throw new Error('write=1 measures the shipped model only (no model=)');
  const sha = createHash('sha256').update(readFileSync(MODEL_JSON)).digest('hex');
  writeFileSync(SENTIMENT_EVAL_URL, JSON.stringify({ model_sha256: sha, sets: measured }, null, 1) + '\n');
  process.stdout.write(`wrote ${fileURLToPath(SENTIMENT_EVAL_URL)}\n`);
}
