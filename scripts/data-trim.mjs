#!/usr/bin/env node
/**
 * Reproduces the shipped demo data set under `data/` from the full source data (`../shared/data`
 * by default, or the folder given as the first argument).
 *
 * What it keeps (see data/NOTICE for origins and licences):
 *  - candles: 1d all; 1h from 2024-01-01; 15m and 5m from 2025-04-01 to 2025-08-31 (inclusive), where they exist;
 *  - coin metadata (coins.json, market-snapshot.json, global-market-daily.csv);
 *  - SVG icons of the listed coins (+ the generic fallback) and the icon licence;
 *  - live mode's metadata snapshot (names, colours, logos of every coin the icon set covers);
 *  - the Fear & Greed history; the real news of 2025-05..08 and 2026-01.
 *
 * Usage: node scripts/data-trim.mjs [SOURCE_DIR]   (writes ./data, deterministic output)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { writeMonograms } from './coin-monograms.mjs';
import { writeLiveMetadata } from './live-metadata.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'data'));
const out = path.join(root, 'data');

const FIVE_MONTHS = { from: Date.UTC(2025, 3, 1), to: Date.UTC(2025, 8, 1) }; // [2025-04-01, 2025-09-01)
const HOURLY_FROM = Date.UTC(2024, 0, 1);

/** Keep rule per interval: open_time_ms → keep? */
const KEEP = {
  '1d': () => true,
  '1h': (t) => t >= HOURLY_FROM,
  '15m': (t) => t >= FIVE_MONTHS.from && t < FIVE_MONTHS.to,
  '5m': (t) => t >= FIVE_MONTHS.from && t < FIVE_MONTHS.to,
};

function gzipDeterministic(text) {
  // zlib gzip header carries no mtime when produced by gzipSync (mtime 0), so output is stable.
  return zlib.gzipSync(Buffer.from(text), { level: 9 });
}

function copy(rel, destRel = rel) {
  const dst = path.join(out, destRel);
  fs.mkdirSync(path.dirname(dst), { recursive: true });
  fs.copyFileSync(path.join(src, rel), dst);
}

if (!fs.existsSync(src)) {
  console.error(`data-trim: source folder not found: ${src}`);
  process.exit(1);
}
// Only the folders this script writes are replaced (data/training/ is maintained separately).
for (const d of ['candles', 'coins', 'icons', 'fear-greed', 'news']) fs.rmSync(path.join(out, d), { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

// 1. candles
const klDir = path.join(src, 'binance-spot-klines');
const summary = [];
for (const file of fs.readdirSync(klDir).filter((f) => f.endsWith('.csv.gz')).sort()) {
  const m = /^([A-Z0-9]+)-(\d+[mhd])\.csv\.gz$/.exec(file);
  if (!m) continue;
  const keep = KEEP[m[2]];
  if (!keep) continue;
  const lines = zlib.gunzipSync(fs.readFileSync(path.join(klDir, file))).toString('utf8').split('\n');
  const header = lines[0];
  const rows = lines.slice(1).filter((l) => l && keep(Number(l.slice(0, l.indexOf(',')))));
  if (rows.length === 0) continue;
  const dst = path.join(out, 'candles', file);
  fs.mkdirSync(path.dirname(dst), { recursive: true });
  fs.writeFileSync(dst, gzipDeterministic([header, ...rows].join('\n') + '\n'));
  summary.push(`${file},${rows.length},${new Date(Number(rows[0].split(',')[0])).toISOString()},${new Date(Number(rows.at(-1).split(',')[0])).toISOString()}`);
}
fs.writeFileSync(path.join(out, 'candles', 'files.csv'), 'file,rows,first_open_utc,last_open_utc\n' + summary.join('\n') + '\n');
copy('binance-spot-klines/SOURCE.md', 'candles/SOURCE.md');

// 2. coin metadata
for (const f of ['coins.json', 'market-snapshot.json', 'global-market-daily.csv', 'SOURCE.md']) copy(`coin-metadata/${f}`, `coins/${f}`);

// 3. icons: the SVGs the coins reference, plus the generic fallback
const coins = JSON.parse(fs.readFileSync(path.join(src, 'coin-metadata', 'coins.json'), 'utf8'));
const icons = new Set(['cryptocurrency-icons/svg/color/generic.svg']);
for (const c of coins) if (c.icon_svg) icons.add(c.icon_svg);
for (const rel of icons) copy(rel, `icons/${path.basename(rel)}`);
copy('cryptocurrency-icons/LICENSE.md', 'icons/LICENSE.md');
copy('cryptocurrency-icons/SOURCE.md', 'icons/SOURCE.md');
// coins without a licensed icon get a generated monogram in their brand colour (data/NOTICE)
writeMonograms(out);
// live mode's names and logos for every listed pair (data/coins/live-metadata.json)
writeLiveMetadata(src, out);

// 4. fear & greed
copy('crypto-fear-greed-index/crypto_fear_greed_index_daily.csv', 'fear-greed/crypto_fear_greed_index_daily.csv');
copy('crypto-fear-greed-index/SOURCE.md', 'fear-greed/SOURCE.md');

// 5. news
for (const f of fs.readdirSync(path.join(src, 'crypto-news'))) copy(`crypto-news/${f}`, `news/${f}`);

console.log(`data-trim: wrote ${summary.length} candle files, ${icons.size} icons to ${path.relative(process.cwd(), out) || out}`);
