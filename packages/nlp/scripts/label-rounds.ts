/**
 * The labelling rounds of 30 Nov 2026 (data/training/crypto-headline-sentiment/SOURCE.md), reproducible.
 * Round `nocoin` — the headlines no earlier round labelled, written to train_nocoin.csv:
 *  - `pool <dir>`: every English headline of data/news/en_2025-05_08_btc-news_cryptocompare.jsonl.gz that
 *    is not sponsored, not labelled already (train.csv, train_extra.csv, dev.csv: same id or the same
 *    near-duplicate key, crypto-dataset.ts nearDuplicateKey), not a near-duplicate of an evaluation
 *    headline, first of its key — shuffled (mulberry32 seed 2025) and cut into 8 files
 *    `<dir>/chunk-K.txt` (`<n>\t<headline>`, n = 1…N over all chunks) for the labellers, plus
 *    `<dir>/pool.json` (n → id, text, time, outlet).
 *  - `assemble <dir>`: reads the labellers' `<dir>/labels-K.csv` (`n,label,confidence`), checks that every
 *    n has exactly one valid label, and writes train_nocoin.csv (`id,text,label,confidence`, sorted by id).
 * Round `relabel` — a second, blind pass over the English rows of train.csv and train_extra.csv that are
 * training rows (crypto-dataset.ts cryptoTrainingRows: no evaluation headline, no near-duplicate of one):
 *  - `relabel-pool <dir>`: those rows without their labels, shuffled (mulberry32 seed 3011), in 24 files
 *    `<dir>/chunk-K.txt` and `<dir>/pool.json`;
 *  - `relabel-assemble <dir>`: writes audit/train_pass2.csv (`id,label,confidence`, sorted by id) from
 *    `<dir>/labels-K.csv`.
 * Round `written` (1 Dec 2026) — headlines about 2017–2024 written by eight language-model agent instances,
 * one year each (2017 … 2024), each with the label its writer meant, against GUIDELINES.md and
 * WRITING-BRIEF.md (data/training/crypto-headline-sentiment), in `<dir>/written-K.tsv` (`label<TAB>headline`, K = 1…8):
 *  - `written-pool <dir>`: checks the files, drops repeats (same near-duplicate key as an earlier written
 *    row), near-duplicates of any labelled training or evaluation headline, and any row sharing ≥ 60 % of
 *    its words with a January 2026 evaluation headline; gives each row the id `w<year>-<nnn>`; shuffles
 *    (mulberry32 seed 4242) the rows without their labels into 6 files `<dir>/chunk-K.txt` for a blind second
 *    label, plus `<dir>/pool.json`;
 *  - `written-assemble <dir>`: joins the blind labels (`<dir>/labels-K.csv`) to the writers' and writes
 *    train_written.csv (`id,text,label,confidence`: the rows both label alike, the second pass's confidence)
 *    and audit/train_written_passes.csv (every row: `id,text,writer_label,blind_label,blind_confidence`).
 * Errors: throws on a missing or repeated n, an unknown label or confidence.
 * Usage: npx tsx packages/nlp/scripts/label-rounds.ts pool|assemble|relabel-pool|relabel-assemble|written-pool|written-assemble <dir>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { mulberry32 } from '@coinlens/ta/random';
import { formatCsv, parseCsvObjects } from '../src/csv.js';
import { CRYPTO_FILES, cryptoTrainingRows, evaluationHeadlines, nearDuplicateKey } from '../src/sentiment/crypto-dataset.js';
import { CLASSES } from '../src/sentiment/dataset.js';
import { agreement } from '../src/sentiment/agreement.js';
import { shuffle } from '../src/sentiment/train.js';

const [mode, dir] = process.argv.slice(2);
const MODES = ['pool', 'assemble', 'relabel-pool', 'relabel-assemble', 'written-pool', 'written-assemble'];
if (!MODES.includes(mode) || !dir) throw new Error(`usage: label-rounds.ts ${MODES.join('|')} <dir>`);
const CHUNKS = mode.startsWith('relabel') ? 24 : mode.startsWith('written') ? 6 : 8;
const NEWS = new URL('../../../data/news/en_2025-05_08_btc-news_cryptocompare.jsonl.gz', import.meta.url);
type Item = { id: string; text: string; published_at: string; source: string; writer?: string };

/** Write the shuffled items as `CHUNKS` numbered chunk files plus pool.json. */
function writeChunks(items: Item[]) {
  writeFileSync(`${dir}/pool.json`, JSON.stringify(items));
  const per = Math.ceil(items.length / CHUNKS);
  for (let c = 0; c < CHUNKS; c++) {
    const part = items.slice(c * per, (c + 1) * per);
    writeFileSync(`${dir}/chunk-${c + 1}.txt`, part.map((r, i) => `${c * per + i + 1}\t${r.text}`).join('\n') + '\n');
  }
  process.stdout.write(`${items.length} headlines in ${CHUNKS} chunks of ≤ ${per}\n`);
}

/** The labellers' answers joined to pool.json, every item exactly once, sorted by id. */
function readAnswers(): (Item & { label: string; confidence: string })[] {
  const items = JSON.parse(readFileSync(`${dir}/pool.json`, 'utf8')) as Item[];
  const labels = new Map<number, { label: string; confidence: string }>();
  for (let c = 1; c <= CHUNKS; c++)
    for (const r of parseCsvObjects(readFileSync(`${dir}/labels-${c}.csv`, 'utf8'))) {
      const n = Number(r.n);
      if (!Number.isInteger(n) || n < 1 || n > items.length) throw new Error(`labels-${c}.csv: bad n ${r.n}`);
      if (labels.has(n)) throw new Error(`labels-${c}.csv: n ${n} labelled twice`);
      if (!(CLASSES as readonly string[]).includes(r.label)) throw new Error(`labels-${c}.csv: n ${n}: unknown label ${r.label}`);
      if (r.confidence !== 'high' && r.confidence !== 'low') throw new Error(`labels-${c}.csv: n ${n}: unknown confidence ${r.confidence}`);
      labels.set(n, { label: r.label, confidence: r.confidence });
    }
  const missing = items.map((_, i) => i + 1).filter((n) => !labels.has(n));
  if (missing.length) throw new Error(`${missing.length} headlines without a label (first: ${missing.slice(0, 10).join(', ')})`);
  return items.map((it, i) => ({ ...it, ...labels.get(i + 1)! })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const summary = (rows: { label: string; confidence: string }[]) =>
  `${rows.length} rows: ${CLASSES.map((l) => `${l} ${rows.filter((r) => r.label === l).length}`).join(', ')}; confidence high ${rows.filter((r) => r.confidence === 'high').length}`;

/** Lower-case word set of a headline (letters and digits), for the overlap check of the written round. */
const words = (t: string) => new Set(t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

if (mode === 'written-pool') {
  const keys = new Set<string>();
  for (const f of [CRYPTO_FILES.train, CRYPTO_FILES.trainExtra, CRYPTO_FILES.trainNocoin, CRYPTO_FILES.dev])
    for (const r of parseCsvObjects(readFileSync(f, 'utf8'))) keys.add(nearDuplicateKey(r.text));
  const ev = evaluationHeadlines();
  const jan = parseCsvObjects(readFileSync(CRYPTO_FILES.dev202601Headlines, 'utf8')).map((r) => words(r.text));
  const seen = new Set<string>();
  const pool: Item[] = [];
  const dropped = { repeat: 0, labelled: 0, evaluation: 0, overlap: 0 };
  let maxOverlap = 0;
  for (let k = 1; k <= 8; k++) {
    const year = 2016 + k;
    const lines = readFileSync(`${dir}/written-${k}.tsv`, 'utf8').split('\n').filter((l) => l.trim());
    lines.forEach((line, i) => {
      const [label, ...rest] = line.split('\t');
      const text = rest.join(' ').replace(/\s+/g, ' ').trim();
      if (!(CLASSES as readonly string[]).includes(label.trim()) || !text) throw new Error(`written-${k}.tsv line ${i + 1}: bad row ${JSON.stringify(line)}`);
      const key = nearDuplicateKey(text);
      if (seen.has(key)) return void dropped.repeat++;
      seen.add(key);
      if (ev.keys.has(key)) return void dropped.evaluation++;
      if (keys.has(key)) return void dropped.labelled++;
      const w = words(text);
      // share of the smaller word set found in the other (a written row and an evaluation headline)
      const overlap = Math.max(...jan.map((j) => [...w].filter((x) => j.has(x)).length / Math.min(w.size, j.size)));
      if (overlap >= 0.6) return void dropped.overlap++;
      maxOverlap = Math.max(maxOverlap, overlap);
      pool.push({ id: `w${year}-${String(i + 1).padStart(3, '0')}`, text, published_at: '', source: `written ${year}`, writer: label.trim() });
    });
  }
  process.stdout.write(`dropped: ${JSON.stringify(dropped)}; largest word overlap of a kept row with a January 2026 headline ${(100 * maxOverlap).toFixed(0)} %\n`);
  writeChunks(shuffle(pool, mulberry32(4242)));
} else if (mode === 'written-assemble') {
  const rows = readAnswers();
  const agreed = rows.filter((r) => r.label === r.writer);
  writeFileSync(
    CRYPTO_FILES.trainWritten.replace(/train_written\.csv$/, 'audit/train_written_passes.csv'),
    formatCsv([['id', 'text', 'writer_label', 'blind_label', 'blind_confidence'], ...rows.map((r) => [r.id, r.text, r.writer!, r.label, r.confidence])]),
  );
  writeFileSync(CRYPTO_FILES.trainWritten, formatCsv([['id', 'text', 'label', 'confidence'], ...agreed.map((r) => [r.id, r.text, r.label, r.confidence])]));
  const a = agreement(rows.map((r) => r.writer!), rows.map((r) => r.label));
  process.stdout.write(`${rows.length} written rows; the blind label agrees on ${agreed.length} (${(100 * a.agreement).toFixed(2)} %, Cohen's κ ${a.kappa.toFixed(3)}); wrote ${summary(agreed)}\n`);
} else if (mode === 'relabel-pool') {
  const { en, extra } = cryptoTrainingRows();
  const items = [...en, ...extra].map((r) => ({ id: r.id, text: r.text.replace(/\s+/g, ' ').trim(), published_at: '', source: '' }));
  writeChunks(shuffle(items, mulberry32(3011)));
} else if (mode === 'relabel-assemble') {
  const rows = readAnswers();
  writeFileSync(CRYPTO_FILES.trainPass2, formatCsv([['id', 'label', 'confidence'], ...rows.map((r) => [r.id, r.label, r.confidence])]));
  process.stdout.write(`wrote ${summary(rows)}\n`);
} else if (mode === 'pool') {
  const labelled = new Set<string>();
  const keys = new Set<string>();
  for (const f of [CRYPTO_FILES.train, CRYPTO_FILES.trainExtra, CRYPTO_FILES.dev])
    for (const r of parseCsvObjects(readFileSync(f, 'utf8'))) {
      labelled.add(r.id);
      keys.add(nearDuplicateKey(r.text));
    }
  const ev = evaluationHeadlines();
  const seen = new Set<string>();
  const pool: Item[] = [];
  for (const line of gunzipSync(readFileSync(NEWS)).toString('utf8').split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as { id: string; title: string; lang?: string; published_at: string; source: string; labels?: { sponsored?: boolean } };
    if (r.labels?.sponsored || r.lang === 'zh' || !r.title) continue;
    const k = nearDuplicateKey(r.title);
    if (labelled.has(r.id) || keys.has(k) || ev.keys.has(k) || seen.has(k)) continue;
    seen.add(k);
    pool.push({ id: r.id, text: r.title.replace(/\s+/g, ' ').trim(), published_at: r.published_at, source: r.source });
  }
  writeChunks(shuffle(pool, mulberry32(2025)));
} else {
  const rows = readAnswers();
  writeFileSync(CRYPTO_FILES.trainNocoin, formatCsv([['id', 'text', 'label', 'confidence'], ...rows.map((r) => [r.id, r.text, r.label, r.confidence])]));
  process.stdout.write(`wrote ${summary(rows)}\n`);
}
