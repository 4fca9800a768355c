#!/usr/bin/env node
/**
 * Writes the PNG icons of the installable app (apps/web/public/icons/) from
 * apps/web/public/favicon.svg, rendered by the local Debian Chromium through playwright-core (no
 * download; CHROMIUM_PATH overrides /usr/bin/chromium). Run `npm run icons:pwa` after changing the
 * favicon and commit the PNGs:
 *  - icon-192.png, icon-512.png: the favicon as is (rounded square, transparent corners), purpose `any`;
 *  - icon-maskable-512.png: full-bleed background of the favicon's colour with the glyph scaled to
 *    80 % around the centre, inside the maskable safe zone (a circle of 40 % radius), purpose `maskable`;
 *  - apple-touch-icon.png (180): full-bleed, iOS rounds the corners itself;
 *  - badge-96.png: the glyph alone in white on transparent (Android's monochrome notification badge).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps', 'web', 'public');
const outDir = path.join(publicDir, 'icons');
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

const rect = /<rect\b[^>]*\/>/.exec(svg);
if (!rect) throw new Error('favicon.svg: no background <rect/>');
const fill = /fill="([^"]+)"/.exec(rect[0])?.[1] ?? '#1d4ed8';
const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 32 32';
const [, , w, h] = viewBox.split(/\s+/).map(Number);
const glyph = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(rect[0], '');
const around = (scale) => `translate(${(w * (1 - scale)) / 2} ${(h * (1 - scale)) / 2}) scale(${scale})`;
const fullBleed = (scale) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><rect width="${w}" height="${h}" fill="${fill}"/><g transform="${around(scale)}">${glyph}</g></svg>`;
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><g transform="${around(1.15)}">${glyph}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg },
  { file: 'icon-512.png', size: 512, svg },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.8) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(1) },
  { file: 'badge-96.png', size: 96, svg: badge },
];

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const src = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}`;
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent"><img src="${src}" width="${icon.size}" height="${icon.size}" style="display:block"></body></html>`);
    await page.waitForFunction(() => document.images[0]?.complete);
    await page.screenshot({ path: path.join(outDir, icon.file), omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    console.log(`wrote apps/web/public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
