/**
 * Text normalisation and hashed n-gram features for the sentiment classifier.
 *
 * Pipeline (all deterministic, no I/O):
 *  1. NFKC, URLs → `xurl`, `@user` → `xuser`, `$TICKER` cashtags → `xcashtag`, lower-case,
 *     signed percentages → `xpctup` / `xpctdown` / `xpct`, money amounts → `xmoney`, numbers → `xnum`.
 *  2. Tokens: latin words (with inner apostrophes), placeholders, single CJK characters, and the
 *     clause punctuation `. , ; : ! ?` (used only for negation scope, then dropped).
 *  3. Negation: after `not no never nor without cannot …n't` the next tokens up to 3 or the next clause
 *     punctuation get an extra `neg_`-prefixed unigram.
 *  4. Feature groups: group 0 = word unigrams + bigrams (+ trigrams) (+ negated unigrams), group 1 = character
 *     2–5-grams inside word boundaries (each word padded with spaces, like scikit-learn `char_wb`).
 *  5. Each feature string is hashed (FNV-1a 32-bit, group prefix) into `2^hashBits` buckets.
 */

/** Feature extraction settings, stored in the model file so inference matches training. */
export interface FeatureConfig {
  /** log2 of the hash space size (e.g. 22). */
  hashBits: number;
  /** Smallest and largest character n-gram length (inclusive). */
  charMin: number;
  charMax: number;
  /** Emit word bigrams. */
  bigrams: boolean;
  /** Weight multiplier of group 1 (characters) relative to group 0 (words) after L2 normalisation. */
  charWeight: number;
  /** Weight of group 2 (lexicon polarity features); 0 disables the group. */
  lexWeight: number;
  /** Emit word trigrams (group 0); absent = false. */
  trigrams?: boolean;
  /**
   * Chinese word segmentation (v2): runs of CJK ideographs are split into words with
   * `Intl.Segmenter('zh', {granularity: 'word'})` instead of single characters; absent = false.
   */
  zhWords?: boolean;
  /** Weight of group 3 (crypto-market cues from domain-cues.ts); absent or 0 disables the group. */
  domainWeight?: number;
  /**
   * Word-order cues in group 3 (domain-cues.ts `orderCues`): the direction of the main clause against a
   * concessive or background one ("X falls despite Y", "尽管…仍…", "…, but …"), the last move of a
   * sequence ("插针…后迅速收回", "rises … before giving back gains") and failed or faded moves
   * ("fails to hold", "未能突破", "反弹受阻", "涨幅收窄"); absent = false (models before decision 116).
   */
  orderCues?: boolean;
}

import { domainCues } from './domain-cues.js';
import { lexiconPolarity } from './lexicon.js';

/** Default feature settings used by model v1. */
export const DEFAULT_FEATURE_CONFIG: FeatureConfig = {
  hashBits: 22,
  charMin: 2,
  charMax: 5,
  bigrams: true,
  charWeight: 1,
  lexWeight: 0.5,
  trigrams: true,
};

/** Feature settings of the NB-LR part of the ensemble (binary presence of these buckets; no trigrams). */
export const NBLR_FEATURE_CONFIG: FeatureConfig = { ...DEFAULT_FEATURE_CONFIG, trigrams: false };

const NEGATORS = new Set(['not', 'no', 'never', 'nor', 'without', 'cannot', 'neither', 'none', 'nothing']);
const CLAUSE = new Set(['.', ',', ';', ':', '!', '?']);

/** FNV-1a 32-bit hash of a string's UTF-16 code units; returns an unsigned 32-bit integer. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Normalise a headline/tweet into a lower-case string with placeholder tokens (step 1 above). */
export function normaliseText(text: string): string {
  let s = text.normalize('NFKC');
  s = s.replace(/\b(?:https?:\/\/|www\.)\S+/gi, ' xurl ');
  s = s.replace(/@\w+/g, ' xuser ');
  s = s.replace(/\$[A-Za-z][A-Za-z0-9._-]{0,11}/g, ' xcashtag ');
  s = s.toLowerCase();
  s = s.replace(/([+-]|\b(?:up|down)\s)?\s?\d[\d,]*(?:\.\d+)?\s?%/g, (_m, sign: string | undefined) => {
    const t = (sign ?? '').trim();
    if (t === '+' || t === 'up') return ' xpctup ';
    if (t === '-' || t === 'down') return ' xpctdown ';
    return ' xpct ';
  });
  s = s.replace(/\$\s?\d[\d,]*(?:\.\d+)?\s?(?:k|m|mn|b|bn|t|million|billion|trillion)?\b/g, ' xmoney ');
  s = s.replace(/\d[\d,]*(?:\.\d+)?/g, ' xnum ');
  return s;
}

/** Tokenise a normalised string (latin words, placeholders, CJK characters, clause punctuation). */
export function tokenize(normalised: string): string[] {
  return normalised.match(/[a-z\u00c0-\u024f]+(?:['’][a-z]+)*|[\u3400-\u9fff]|[.,;:!?]/g) ?? [];
}

let zhSegmenter: Intl.Segmenter | null = null;

/**
 * Like {@link tokenize}, but runs of CJK ideographs become words (Intl.Segmenter, locale zh, word
 * granularity; Node's full ICU) instead of single characters.
 */
export function tokenizeZh(normalised: string): string[] {
  zhSegmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  const seg = zhSegmenter;
  const out: string[] = [];
  for (const m of normalised.matchAll(/[a-z\u00c0-\u024f]+(?:['’][a-z]+)*|[\u3400-\u9fff]+|[.,;:!?。]/g)) {
    const t = m[0];
    if (/^[\u3400-\u9fff]/.test(t)) {
      for (const s of seg.segment(t)) if (s.isWordLike) out.push(s.segment);
    } else out.push(t === '。' ? '.' : t);
  }
  return out;
}

/** Word tokens with negation marks applied: returns `{words, negated}` (negated: `neg_word` tokens). */
export function wordsWithNegation(tokens: readonly string[]): { words: string[]; negated: string[]; lex: string[] } {
  const words: string[] = [];
  const negated: string[] = [];
  const lex: string[] = [];
  let scope = 0;
  for (const t of tokens) {
    if (CLAUSE.has(t)) {
      scope = 0;
      continue;
    }
    const w = t.replace(/’/g, "'");
    const pol = lexiconPolarity(w);
    if (pol !== 0) lex.push((scope > 0 ? 'neg_' : '') + (pol > 0 ? 'pos' : 'neg'));
    if (scope > 0) {
      negated.push('neg_' + w);
      scope--;
    }
    words.push(w);
    if (NEGATORS.has(w) || w.endsWith("n't")) scope = 3;
  }
  return { words, negated, lex };
}

/** Raw feature counts of one text: one Map (hash bucket → count) per feature group. */
export function extractFeatureCounts(text: string, cfg: FeatureConfig): Map<number, number>[] {
  const mask = (1 << cfg.hashBits) - 1;
  const words = new Map<number, number>();
  const chars = new Map<number, number>();
  const lexicon = new Map<number, number>();
  const domain = new Map<number, number>();
  const add = (m: Map<number, number>, key: string) => {
    const h = fnv1a(key) & mask;
    m.set(h, (m.get(h) ?? 0) + 1);
  };
  const tokens = cfg.zhWords ? tokenizeZh(normaliseText(text)) : tokenize(normaliseText(text));
  const { words: ws, negated, lex } = wordsWithNegation(tokens);
  if (cfg.lexWeight > 0) for (const l of lex) add(lexicon, 'l|' + l);
  for (const w of ws) add(words, 'w|' + w);
  for (const w of negated) add(words, 'w|' + w);
  if (cfg.bigrams) for (let i = 1; i < ws.length; i++) add(words, 'b|' + ws[i - 1] + ' ' + ws[i]);
  if (cfg.trigrams) for (let i = 2; i < ws.length; i++) add(words, 't|' + ws[i - 2] + ' ' + ws[i - 1] + ' ' + ws[i]);
  for (const w of ws) {
    const p = ' ' + w + ' ';
    for (let n = cfg.charMin; n <= cfg.charMax; n++) {
      if (p.length < n) break;
      for (let i = 0; i + n <= p.length; i++) add(chars, 'c|' + p.slice(i, i + n));
    }
  }
  if (!cfg.domainWeight) return [words, chars, lexicon];
  for (const c of domainCues(text, cfg.orderCues === true)) add(domain, 'd|' + c);
  return [words, chars, lexicon, domain];
}

/** A sparse vector: parallel arrays of bucket indices (ascending) and values. */
export interface SparseVector {
  idx: Int32Array;
  val: Float64Array;
}

/**
 * Turn raw counts into the model's input vector: sublinear tf (1 + ln tf) × idf, L2-normalised per
 * group, group 1 multiplied by `cfg.charWeight`; buckets of different groups that collide are summed.
 * `idf(bucket)` must return the training idf (or the default for unseen buckets).
 */
export function vectorize(groups: Map<number, number>[], idf: (bucket: number) => number, cfg: FeatureConfig): SparseVector {
  const acc = new Map<number, number>();
  groups.forEach((g, gi) => {
    let norm = 0;
    const tmp: [number, number][] = [];
    for (const [b, c] of g) {
      const v = (1 + Math.log(c)) * idf(b);
      tmp.push([b, v]);
      norm += v * v;
    }
    if (norm === 0) return;
    const scale = (gi === 1 ? cfg.charWeight : gi === 2 ? cfg.lexWeight : gi === 3 ? (cfg.domainWeight ?? 0) : 1) / Math.sqrt(norm);
    for (const [b, v] of tmp) acc.set(b, (acc.get(b) ?? 0) + v * scale);
  });
  const keys = [...acc.keys()].sort((a, b) => a - b);
  const idx = new Int32Array(keys.length);
  const val = new Float64Array(keys.length);
  keys.forEach((k, i) => {
    idx[i] = k;
    val[i] = acc.get(k)!;
  });
  return { idx, val };
}
