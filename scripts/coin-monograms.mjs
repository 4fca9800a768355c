#!/usr/bin/env node
/**
 * Monogram icons for the coins that spothq/cryptocurrency-icons (the licensed icon set shipped in
 * data/icons/) does not cover. Each is a circle in the coin's brand colour with the ticker's first
 * letters in white — our own generated artwork (MIT with the project), not the project's logo.
 *
 * `node scripts/coin-monograms.mjs [dataDir]` (default: ./data) writes `icons/mono-<symbol>.svg`
 * for every coin of `coins/coins.json` whose `icon_is_generic` is true (or whose icon is already a
 * monogram), points its `icon_svg` at the file and sets `brand_color` when missing. Idempotent;
 * scripts/data-trim.mjs runs it after copying the coin metadata.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Brand colours (hex) of the coins without a licensed icon, taken from each project's public
 * brand/press kit colours. Used only as the monogram's fill.
 */
export const MONOGRAM_COLORS = {
  ARB: '#28a0f0',
  ENA: '#3a3a3a',
  INJ: '#0082fa',
  NEAR: '#00c08b',
  OP: '#ff0420',
  PEPE: '#3d8130',
  SHIB: '#ffa409',
  SUI: '#4da2ff',
  TAO: '#111111',
  TRUMP: '#c9a227',
};

/** Relative luminance (0–1) of a #rrggbb colour (WCAG 2.x). */
function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * SVG markup (32×32 viewBox) of a monogram: brand-colour disc, ticker initials (up to 3 letters,
 * font size shrinking with length) in white or near-black, whichever contrasts more.
 */
export function monogramSvg(symbol, color) {
  const letters = symbol.slice(0, symbol.length <= 3 ? 3 : 2).toUpperCase();
  const size = letters.length === 1 ? 17 : letters.length === 2 ? 13 : 10;
  const ink = luminance(color) > 0.45 ? '#111111' : '#ffffff';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32" role="img" aria-label="${symbol}"><circle cx="16" cy="16" r="16" fill="${color}"/><text x="16" y="16" dy="0.35em" text-anchor="middle" font-family="Inter, Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="${ink}">${letters}</text></svg>\n`;
}

/** Writes the monograms into `dataDir` and updates its coins.json; returns the symbols done. */
export function writeMonograms(dataDir) {
  const coinsPath = path.join(dataDir, 'coins', 'coins.json');
  const coins = JSON.parse(fs.readFileSync(coinsPath, 'utf8'));
  const done = [];
  for (const c of coins) {
    const isMono = typeof c.icon_svg === 'string' && path.basename(c.icon_svg).startsWith('mono-');
    if (!c.icon_is_generic && !isMono) continue;
    const color = c.brand_color ?? MONOGRAM_COLORS[c.symbol] ?? '#6b7280';
    const file = `mono-${c.symbol.toLowerCase()}.svg`;
    fs.writeFileSync(path.join(dataDir, 'icons', file), monogramSvg(c.symbol, color));
    c.icon_svg = `coinlens-monograms/${file}`;
    c.icon_png32 = null;
    c.icon_is_generic = false;
    c.icon_is_monogram = true;
    c.brand_color = color;
    done.push(c.symbol);
  }
  fs.writeFileSync(coinsPath, JSON.stringify(coins, null, 1) + '\n');
  return done;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data'));
  console.log(`coin-monograms: ${writeMonograms(dir).join(', ') || 'nothing to do'}`);
}
