/**
 * Label-quality audit of the crypto headline sets (data/training/crypto-headline-sentiment/audit/).
 *  - `sample [file=nocoin]`: a seeded random sample (mulberry32 seed 35, 320 rows) of train_extra.csv
 *    (or train_nocoin.csv) written as `id,text` only (no label), so a second labelling pass is made blind
 *    to the first: audit/train_extra_sample.csv (audit/train_nocoin_sample.csv).
 *  - `compare a=<csv> b=<csv>`: agreement and Cohen's κ between two label files (`id,label` columns; rows
 *    matched by id, only ids present in both), the 3×3 confusion (rows = a, columns = b).
 * Usage: npx tsx packages/nlp/scripts/label-audit.ts sample [file=nocoin]
 *        npx tsx packages/nlp/scripts/label-audit.ts compare a=<file> b=<file>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatCsv, parseCsvObjects } from '../src/csv.js';
import { agreement } from '../src/sentiment/agreement.js';
import { CRYPTO_FILES, readCryptoHeadlines } from '../src/sentiment/crypto-dataset.js';
import { CLASSES } from '../src/sentiment/dataset.js';
import { mulberry32 } from '@coinlens/ta/random';
import { shuffle } from '../src/sentiment/train.js';

const AUDIT = new URL('../../../data/training/crypto-headline-sentiment/audit/', import.meta.url);
const arg = (k: string) => process.argv.find((a) => a.startsWith(k + '='))?.slice(k.length + 1);
const cmd = process.argv[2];

if (cmd === 'sample') {
  const which = arg('file') ?? 'extra';
  if (which !== 'extra' && which !== 'nocoin') throw new Error('file= extra | nocoin');
  const rows = readCryptoHeadlines(which === 'extra' ? CRYPTO_FILES.trainExtra : CRYPTO_FILES.trainNocoin);
  const picked = shuffle(rows, mulberry32(35)).slice(0, 320);
  const out = fileURLToPath(new URL(`train_${which}_sample.csv`, AUDIT));
  writeFileSync(out, formatCsv([['id', 'text'], ...picked.map((r) => [r.id, r.text])]));
  process.stdout.write(`wrote ${out} (${picked.length} rows, id and text only)\n`);
} else if (cmd === 'compare') {
  const read = (p: string) => new Map(parseCsvObjects(readFileSync(p, 'utf8')).map((r) => [r.id, r.label]));
  const a = read(arg('a') ?? ''), b = read(arg('b') ?? '');
  const ids = [...a.keys()].filter((id) => b.has(id));
  const r = agreement(ids.map((id) => a.get(id)!), ids.map((id) => b.get(id)!));
  process.stdout.write(`n=${r.n}  agreement ${(100 * r.agreement).toFixed(2)} %  Cohen's kappa ${r.kappa.toFixed(3)}\n`);
  process.stdout.write(`confusion (rows = a, columns = b): ${CLASSES.join(' / ')}\n`);
  for (const [k, c] of CLASSES.entries()) process.stdout.write(`  ${c.padEnd(8)} ${r.confusion[k].map((v) => String(v).padStart(5)).join('')}\n`);
} else {
  throw new Error('usage: label-audit.ts sample | compare a=<csv> b=<csv>');
}
