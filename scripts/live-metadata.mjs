#!/usr/bin/env node
/**
 * The coin metadata snapshot of live mode: names, brand colours and logos of the coins that
 * spothq/cryptocurrency-icons covers (CC0 1.0), for every pair the exchange lists. Writes
 * `coins/live-metadata.json` (symbol, name, colour, icon file; the snapshot's date and source) and
 * the colour SVG of each symbol into `icons/`. Fiat currencies, the generic icon and symbols other
 * than capitals and digits are left out. Supply, market cap and rank are not in it: no openly
 * licensed source has them (data/NOTICE).
 *
 * Usage: node scripts/live-metadata.mjs [SOURCE_DIR] [DATA_DIR]  (also run by scripts/data-trim.mjs)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The upstream commit of the icon set and its date (tag 0.18.1). */
const SOURCE = { repository: 'github.com/spothq/cryptocurrency-icons', commit: '1a63530be6e374711a8554f31b17e4cb92c25fa5', tag: '0.18.1', date: '2022-08-22', licence: 'CC0-1.0' };
const FIAT = new Set(['CNY', 'EUR', 'GBP', 'JPY', 'RUB', 'USD', 'GENERIC']);

/** Writes the snapshot from `src` (the full source set) into `out` (data/); returns how many coins it lists. */
export function writeLiveMetadata(src, out) {
  const dir = path.join(src, 'cryptocurrency-icons');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const coins = [];
  fs.mkdirSync(path.join(out, 'icons'), { recursive: true });
  for (const m of manifest) {
    if (FIAT.has(m.symbol) || !/^[A-Z0-9]+$/.test(m.symbol)) continue;
    const file = `${m.symbol.toLowerCase()}.svg`;
    const svg = path.join(dir, 'svg', 'color', file);
    const hasIcon = fs.existsSync(svg);
    if (hasIcon) fs.copyFileSync(svg, path.join(out, 'icons', file));
    coins.push({ symbol: m.symbol, name: m.name, color: /^#[0-9a-f]{6}$/i.test(m.color) ? m.color.toLowerCase() : null, icon: hasIcon ? file : null });
  }
  coins.sort((a, b) => a.symbol.localeCompare(b.symbol));
  const doc = { as_of: SOURCE.date, source: `${SOURCE.repository} @ ${SOURCE.commit} (tag ${SOURCE.tag}), manifest.json and svg/color`, licence: SOURCE.licence, coins };
  fs.mkdirSync(path.join(out, 'coins'), { recursive: true });
  // one coin per line: a diff of a new snapshot shows which coins changed
  const head = JSON.stringify({ ...doc, coins: [] }).slice(0, -3);
  fs.writeFileSync(path.join(out, 'coins', 'live-metadata.json'), `${head}[\n${coins.map((c) => JSON.stringify(c)).join(',\n')}\n]}\n`);
  return coins.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const src = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'data'));
  const out = path.resolve(process.argv[3] ?? path.join(root, 'data'));
  console.log(`live-metadata: ${writeLiveMetadata(src, out)} coins`);
}
