import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — plain ESM script without type declarations
import { monogramSvg } from './coin-monograms.mjs';

const data = path.join(import.meta.dirname, '..', 'data');
const coins = JSON.parse(fs.readFileSync(path.join(data, 'coins', 'coins.json'), 'utf8')) as { symbol: string; icon_svg: string; icon_is_generic: boolean }[];

describe('shipped coin icons (issue: 10 coins shared one generic icon)', () => {
  it('every coin has its own icon file with distinct content', () => {
    const seen = new Map<string, string>();
    for (const c of coins) {
      expect(c.icon_is_generic, c.symbol).toBe(false);
      const file = path.join(data, 'icons', path.basename(c.icon_svg));
      expect(fs.existsSync(file), `${c.symbol}: ${file}`).toBe(true);
      const hash = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
      expect(seen.get(hash), `${c.symbol} shares its icon with ${seen.get(hash)}`).toBeUndefined();
      seen.set(hash, c.symbol);
    }
    expect(seen.size).toBe(coins.length);
  });

  it('monograms are credited in data/NOTICE', () => {
    const notice = fs.readFileSync(path.join(data, 'NOTICE'), 'utf8');
    for (const c of coins.filter((x) => path.basename(x.icon_svg).startsWith('mono-'))) expect(notice).toContain(c.symbol);
  });

  it('a monogram is a brand-colour disc with readable ticker letters', () => {
    const svg = monogramSvg('SUI', '#4da2ff') as string;
    expect(svg).toContain('fill="#4da2ff"');
    expect(svg).toContain('>SUI</text>');
    expect(monogramSvg('TRUMP', '#c9a227')).toContain('>TR</text>');
    // light brand colour → dark letters
    expect(monogramSvg('XYZ', '#ffe000')).toContain('fill="#111111">XYZ');
  });
});
