/**
 * ta:compute — computes the standard TA-Lib compatible indicator columns for a candle file.
 *
 * Usage: npm run -s ta:compute -- <input.csv[.gz]> <output.csv>
 * Input header: open_time_ms,open,high,low,close,volume. Output: open_time_ms then the columns of
 * TA_COLUMN_NAMES, one row per input row, an empty cell before each column's first valid value.
 * Exit code 1 with a message on bad arguments or unreadable input.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { computeTaColumns, formatTaColumnsCsv } from '../src/columns';
import { parseCandlesCsv } from '../src/types';

/** Reads a candle CSV (gzip when the name ends in .gz or the bytes start with the gzip magic). */
export function readCandleFile(path: string): string {
  const buf = readFileSync(path);
  const gz = path.endsWith('.gz') || (buf.length > 1 && buf[0] === 0x1f && buf[1] === 0x8b);
  return (gz ? gunzipSync(buf) : buf).toString('utf8');
}

/** Computes the output CSV text for the input candle CSV text. */
export function computeCsv(inputText: string): string {
  const candles = parseCandlesCsv(inputText);
  return formatTaColumnsCsv(candles.openTime, computeTaColumns(candles));
}

function main(argv: string[]): number {
  const [input, output] = argv;
  if (!input || !output || argv.length > 2) {
    process.stderr.write('usage: npm run -s ta:compute -- <input.csv[.gz]> <output.csv>\n');
    return 1;
  }
  try {
    writeFileSync(output, computeCsv(readCandleFile(input)));
    return 0;
  } catch (e) {
    process.stderr.write(`ta:compute: ${(e as Error).message}\n`);
    return 1;
  }
}

const invokedDirectly = process.argv[1] && /ta-compute\.ts$/.test(process.argv[1]);
if (invokedDirectly) process.exitCode = main(process.argv.slice(2));
