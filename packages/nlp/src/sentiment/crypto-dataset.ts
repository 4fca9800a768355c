/**
 * The crypto headline sentiment set in the repo (data/training/crypto-headline-sentiment, see
 * SOURCE.md there): `train.csv` (2,293 English crypto headlines, one annotator), `train_zh.csv`
 * (the same rows rendered in Chinese), `train_extra.csv` (18,669 more English headlines of the shipped
 * news, one pass of machine labels — most likely a language-model agent, SOURCE.md there; read only by the crypto-text model, decision 088), and the
 * evaluation-only `dev.csv` / `dev_zh.csv` (379 rows on which two annotators agreed). Node-only (reads files); the runtime classifier never imports it.
 *
 * Rule of use: dev.csv and dev_zh.csv are read by the evaluation only (scripts/sentiment-eval.ts and
 * the training report); model selection uses {@link cryptoSelectionSplit} of train.csv.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCsvObjects } from '../csv.js';
import { CLASSES } from './dataset.js';
import { stratifiedSplit } from './train.js';
import { headlineLeads, headlineMeta } from './unlabelled.js';

const DIR = new URL('../../../../data/training/crypto-headline-sentiment/', import.meta.url);
/** Paths of the four files. */
export const CRYPTO_FILES = {
  train: fileURLToPath(new URL('train.csv', DIR)),
  trainZh: fileURLToPath(new URL('train_zh.csv', DIR)),
  dev: fileURLToPath(new URL('dev.csv', DIR)),
  devZh: fileURLToPath(new URL('dev_zh.csv', DIR)),
  /** More English headlines of the shipped news, one pass of machine labels, most likely by a language-model agent (SOURCE.md there). */
  trainExtra: fileURLToPath(new URL('train_extra.csv', DIR)),
  /**
   * The shipped May–Aug 2025 headlines that name none of the 28 coins (company news, regulation, explainers,
   * other tokens): one pass of machine labels by language-model agents, 30 Nov 2026 (SOURCE.md there).
   */
  trainNocoin: fileURLToPath(new URL('train_nocoin.csv', DIR)),
  /**
   * English headlines about 2017–2024 written and labelled by language-model agents, 1 Dec 2026, kept where a
   * blind second label agrees (SOURCE.md there); not real headlines.
   */
  trainWritten: fileURLToPath(new URL('train_written.csv', DIR)),
  /** A second, blind pass over the English training rows of train.csv and train_extra.csv (`id,label,confidence`; SOURCE.md there). */
  trainPass2: fileURLToPath(new URL('audit/train_pass2.csv', DIR)),
  /** The 293 headlines of January 2026 (`id,text,published_at,source`): a later period, evaluation only. */
  dev202601Headlines: fileURLToPath(new URL('dev-2026-01/headlines.csv', DIR)),
  /** Its two labelling passes (`id,label`; SOURCE.md there says how independent they are). */
  dev202601Pass1: fileURLToPath(new URL('dev-2026-01/pass1.csv', DIR)),
  dev202601Pass2: fileURLToPath(new URL('dev-2026-01/pass2.csv', DIR)),
} as const;

const ZH_DIR = new URL('../../../../data/training/zh-native/', import.meta.url);
/** Native-Chinese 快讯-style headlines (data/training/zh-native, see SOURCE.md there). */
export const ZH_NATIVE_FILES = {
  /** Training rows (`id,text,label,confidence`). */
  train: fileURLToPath(new URL('train.csv', ZH_DIR)),
  /** Evaluation headlines (`id,text`) and their two labelling passes (`id,label`). */
  devHeadlines: fileURLToPath(new URL('dev_headlines.csv', ZH_DIR)),
  devPass1: fileURLToPath(new URL('dev_pass1.csv', ZH_DIR)),
  devPass2: fileURLToPath(new URL('dev_pass2.csv', ZH_DIR)),
} as const;

/**
 * Text key for near-duplicate detection: NFKC, lower case, every run of digits (with its inner `.` and
 * `,`) one `0`, everything but letters, CJK ideographs and that `0` dropped. "BTC Falls Below $119,000"
 * and "BTC falls below $118,500!" get the same key; so do "Price Prediction for June 17, 2025" and
 * "Price Prediction for June 21".
 */
export function nearDuplicateKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\d[\d.,]*/g, '0')
    .replace(/[^\p{L}0]+/gu, '')
    .replace(/0+/g, '0');
}

/**
 * The leads (publisher summaries) the CNNs may train on (decision 137), by headline id: every lead of at
 * least 20 characters except those that repeat an English evaluation headline (dev.csv, the January 2026
 * set; the leads are English) — its near-duplicate key
 * ({@link nearDuplicateKey}) inside the lead's, or at least 80 % of its words of three letters or more
 * (and at least five such words) in the lead. Another outlet's lead often repeats a headline of the same
 * story nearly word for word, which would put an evaluation headline into training.
 */
export function trainingLeads(): Map<string, string> {
  const evalTexts = [
    ...readCryptoHeadlines(CRYPTO_FILES.dev).map((r) => r.text),
    ...parseCsvObjects(readFileSync(CRYPTO_FILES.dev202601Headlines, 'utf8')).map((r) => r.text),
  ];
  const words = (t: string) => new Set(t.normalize('NFKC').toLowerCase().split(/[^\p{L}\d]+/u).filter((w) => w.length >= 3));
  const leads = [...headlineLeads()].filter(([, lead]) => lead.length >= 20);
  const keys = leads.map(([, lead]) => nearDuplicateKey(lead));
  const leadWords = leads.map(([, lead]) => words(lead));
  // word → the leads holding it, so each headline is compared only with leads that can match it
  const postings = new Map<string, number[]>();
  leadWords.forEach((ws, i) => ws.forEach((w) => (postings.get(w) ?? postings.set(w, []).get(w)!).push(i)));
  const dropped = new Set<number>();
  for (const t of evalTexts) {
    const key = nearDuplicateKey(t);
    if (key.length >= 20) keys.forEach((k, i) => k.includes(key) && dropped.add(i));
    const ws = [...words(t)];
    if (ws.length < 5) continue;
    const need = Math.ceil(0.8 * ws.length);
    // a lead with `need` of the words holds at least one of any ws.length − need + 1 of them: the rarest
    const rarest = ws.sort((u, v) => (postings.get(u)?.length ?? 0) - (postings.get(v)?.length ?? 0)).slice(0, ws.length - need + 1);
    for (const i of new Set(rarest.flatMap((w) => postings.get(w) ?? []))) if (ws.filter((w) => leadWords[i].has(w)).length >= need) dropped.add(i);
  }
  const out = new Map<string, string>();
  leads.forEach(([id, lead], i) => dropped.has(i) || out.set(id, lead));
  return out;
}

/**
 * An evaluation set with two labelling passes: the headlines (`id,text`, optional `published_at`,
 * `source`) on which both passes gave the same label, that label, plus the agreement figures.
 * Errors: throws when a pass misses a headline or has an unknown label.
 */
export function readTwoPassSet(headlinesPath: string, pass1Path: string, pass2Path: string): { rows: (CryptoRow & { published_at?: string; source?: string })[]; n: number; agreed: number; pass1: string[]; pass2: string[] } {
  const heads = parseCsvObjects(readFileSync(headlinesPath, 'utf8'));
  const read = (p: string) => new Map(parseCsvObjects(readFileSync(p, 'utf8')).map((r) => [r.id, r.label]));
  const a = read(pass1Path);
  const b = read(pass2Path);
  const rows: (CryptoRow & { published_at?: string; source?: string })[] = [];
  const pass1: string[] = [];
  const pass2: string[] = [];
  for (const h of heads) {
    const la = a.get(h.id);
    const lb = b.get(h.id);
    if (!la || !lb) throw new Error(`two-pass set: ${h.id} lacks a label in ${!la ? pass1Path : pass2Path}`);
    for (const l of [la, lb]) if (!(CLASSES as readonly string[]).includes(l)) throw new Error(`two-pass set: unknown label ${l} (id ${h.id})`);
    pass1.push(la);
    pass2.push(lb);
    if (la === lb) rows.push({ id: h.id, text: h.text, label: la as CryptoRow['label'], confidence: '', ...(h.published_at ? { published_at: h.published_at } : {}), ...(h.source ? { source: h.source } : {}) });
  }
  return { rows, n: heads.length, agreed: rows.length, pass1, pass2 };
}

/**
 * Ids and texts of every evaluation headline (dev.csv, dev_zh.csv, the 2026-01 set, the native-Chinese dev
 * set), and `laterPeriodFrom`: the publication time (ISO 8601, UTC) of the 2026-01 set's first headline.
 */
export function evaluationHeadlines(): { ids: Set<string>; keys: Set<string>; laterPeriodFrom: string } {
  const texts: { id: string; text: string }[] = [
    ...readCryptoHeadlines(CRYPTO_FILES.dev),
    ...readCryptoHeadlines(CRYPTO_FILES.devZh),
    ...parseCsvObjects(readFileSync(CRYPTO_FILES.dev202601Headlines, 'utf8')).map((r) => ({ id: r.id, text: r.text })),
    ...parseCsvObjects(readFileSync(ZH_NATIVE_FILES.devHeadlines, 'utf8')).map((r) => ({ id: r.id, text: r.text })),
  ];
  const laterPeriodFrom = parseCsvObjects(readFileSync(CRYPTO_FILES.dev202601Headlines, 'utf8'))
    .map((r) => r.published_at)
    .sort()[0];
  return { ids: new Set(texts.map((t) => t.id)), keys: new Set(texts.map((t) => nearDuplicateKey(t.text))), laterPeriodFrom };
}

/**
 * The crypto training rows as the recipe reads them: train.csv, its Chinese renderings, train_extra.csv,
 * train_nocoin.csv, train_written.csv (when present) and the native-Chinese training rows, leaving out every row whose id is an evaluation headline's (the
 * January 2026 rows of train.csv are evaluation now), whose text is a near-duplicate
 * ({@link nearDuplicateKey}) of an evaluation headline, or that was published on or after the first
 * headline of the later-period set (January 2026). A rendering goes with its English original.
 * `labelPass` chooses the labels of the English train.csv / train_extra.csv rows ({@link LabelPass});
 * renderings take their original's. `dropped` counts what was left out per file (evaluation rows,
 * near-duplicates and later rows; not the rows an `agreed` pass leaves out).
 */
export function cryptoTrainingRows(labelPass: LabelPass = 'first'): { en: CryptoRow[]; zh: CryptoRow[]; extra: CryptoRow[]; nocoin: CryptoRow[]; written: CryptoRow[]; zhNative: CryptoRow[]; dropped: Record<string, number> } {
  const evalSet = evaluationHeadlines();
  // nothing published on or after the first headline of the later-period set is trained on (the 2025 news
  // file holds a few stray items dated 30 June 2026)
  const meta = headlineMeta();
  const keep = (r: CryptoRow) => !evalSet.ids.has(r.id) && !evalSet.keys.has(nearDuplicateKey(r.text)) && (meta.get(r.id)?.published_at ?? '') < evalSet.laterPeriodFrom;
  const relabel = withLabelPass(labelPass);
  const en0 = readCryptoHeadlines(CRYPTO_FILES.train);
  const en = relabel(en0.filter(keep));
  const enById = new Map<string, CryptoRow[]>();
  for (const r of en) enById.set(r.id, [...(enById.get(r.id) ?? []), r]);
  const zh0 = readCryptoHeadlines(CRYPTO_FILES.trainZh);
  // a rendering goes with its English original, and takes its label (both labels, with their shares, for `both`)
  const zh = zh0.filter((r) => enById.has(r.id) && keep(r)).flatMap((r) => enById.get(r.id)!.map((e) => ({ ...r, label: e.label, ...(e.share !== undefined ? { share: e.share } : {}) })));
  const extra0 = readCryptoHeadlines(CRYPTO_FILES.trainExtra);
  const extra = relabel(extra0.filter(keep));
  const nc0 = readCryptoHeadlines(CRYPTO_FILES.trainNocoin);
  const nocoin = nc0.filter(keep);
  // absent until the written round is assembled
  const w0 = existsSync(CRYPTO_FILES.trainWritten) ? readCryptoHeadlines(CRYPTO_FILES.trainWritten) : [];
  const written = w0.filter(keep);
  const zn0 = readCryptoHeadlines(ZH_NATIVE_FILES.train);
  const zhNative = zn0.filter(keep);
  return {
    en,
    zh,
    extra,
    nocoin,
    written,
    zhNative,
    dropped: { 'train_written.csv': w0.length - written.length, 'train.csv': en0.length - en.length, 'train_zh.csv': zh0.length - zh.length, 'train_extra.csv': extra0.length - extra.length, 'train_nocoin.csv': nc0.length - nocoin.length, 'zh-native/train.csv': zn0.length - zhNative.length },
  };
}

/**
 * Which labels of the English train.csv / train_extra.csv rows training reads: `first` the files' own
 * (one pass each), `second` the blind second pass of 30 Nov 2026 (audit/train_pass2.csv), `agreed` the
 * rows on which both passes agree (the others left out), `both` every row with both labels: a row the
 * passes disagree on appears twice, once per label, each with `share` 0.5 (soft labels). Rows the second
 * pass lacks keep the first label.
 */
export type LabelPass = 'first' | 'second' | 'agreed' | 'both';

/** The second pass (audit/train_pass2.csv) by id; empty when the file is absent. */
export function readSecondPass(): Map<string, { label: CryptoRow['label']; confidence: string }> {
  let text: string;
  try {
    text = readFileSync(CRYPTO_FILES.trainPass2, 'utf8');
  } catch {
    return new Map();
  }
  return new Map(
    parseCsvObjects(text).map((r) => {
      if (!(CLASSES as readonly string[]).includes(r.label)) throw new Error(`train_pass2.csv: unknown label ${r.label} (id ${r.id})`);
      return [r.id, { label: r.label as CryptoRow['label'], confidence: r.confidence ?? '' }];
    }),
  );
}

/** Rows → rows with the labels of `pass` (see {@link LabelPass}). */
function withLabelPass(pass: LabelPass): (rows: CryptoRow[]) => CryptoRow[] {
  if (pass === 'first') return (rows) => rows;
  const second = readSecondPass();
  return (rows) =>
    rows.flatMap((r) => {
      const b = second.get(r.id);
      if (!b) return [r];
      if (pass === 'second') return [{ ...r, label: b.label, confidence: b.confidence }];
      if (pass === 'both') return b.label === r.label ? [r] : [{ ...r, share: 0.5 }, { ...r, label: b.label, confidence: b.confidence, share: 0.5 }];
      return b.label === r.label ? [r] : [];
    });
}

/** One labelled crypto headline. `confidence`: 'high' | 'low' (annotator's). */
export interface CryptoRow {
  id: string;
  text: string;
  label: (typeof CLASSES)[number];
  confidence: string;
  /** Fraction of the row's sample weight this label carries (LabelPass `both`); absent: 1. */
  share?: number;
}

/** Read one of the CSVs (`id,text,label,confidence`). Errors: throws on a missing file or unknown label. */
export function readCryptoHeadlines(path: string): CryptoRow[] {
  return parseCsvObjects(readFileSync(path, 'utf8')).map((r) => {
    if (!(CLASSES as readonly string[]).includes(r.label)) throw new Error(`crypto headlines: unknown label ${r.label} (id ${r.id})`);
    return { id: r.id, text: r.text, label: r.label as CryptoRow['label'], confidence: r.confidence ?? '' };
  });
}

/** Seed and fraction of the model-selection split of train.csv. */
export const SELECTION_SEED = 16;
export const SELECTION_FRACTION = 0.2;

/**
 * Model-selection split of train.csv: stratified 20 % (mulberry32 seed 16) → `validation` ids, the rest
 * `train` ids. The Chinese rendering of a validation row is left out of training with it.
 */
export function cryptoSelectionSplit(rows: readonly CryptoRow[]): { train: Set<string>; validation: Set<string> } {
  const { train, test } = stratifiedSplit(rows.map((r) => r.label), SELECTION_FRACTION, SELECTION_SEED);
  return { train: new Set(train.map((i) => rows[i].id)), validation: new Set(test.map((i) => rows[i].id)) };
}
