/**
 * Batch sentiment: read a CSV with header `id,text` (RFC 4180, multi-line quoted fields allowed)
 * and write a CSV `id,label` (label: bullish | bearish | neutral), one row per input row, same order.
 * Usage: npm run -s sentiment -- <input.csv> <output.csv>
 * Prints nothing on success; errors go to stderr with exit code 1 (bad usage 2).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { formatCsv, parseCsv } from '../src/csv.js';
import { classifySentiment } from '../src/sentiment/classify.js';

function main(argv: string[]): number {
  const [input, output] = argv;
  if (!input || !output) {
    process.stderr.write('usage: sentiment-cli <input.csv> <output.csv>\n');
    return 2;
  }
  const rows = parseCsv(readFileSync(input, 'utf8'));
  if (rows.length === 0) throw new Error('input CSV is empty (expected a header id,text)');
  const header = rows[0].map((h) => h.trim().toLowerCase());
  const idCol = header.indexOf('id');
  const textCol = header.indexOf('text');
  if (idCol < 0 || textCol < 0) throw new Error(`input CSV header must contain id and text, got: ${rows[0].join(',')}`);
  const out: string[][] = [['id', 'label']];
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r];
    if (row.length === 1 && row[0] === '') continue;
    out.push([row[idCol] ?? '', classifySentiment(row[textCol] ?? '').label]);
  }
  writeFileSync(output, formatCsv(out));
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`sentiment-cli: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
}
