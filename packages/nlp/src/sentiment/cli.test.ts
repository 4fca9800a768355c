import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../csv.js';
import { classifySentiment } from './classify.js';

const CLI = fileURLToPath(new URL('../../scripts/sentiment-cli.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));

describe('sentiment CLI', () => {
  it('reads id,text (quoted, multi-line) and writes id,label silently', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nlp-cli-'));
    const input = join(dir, 'in.csv');
    const output = join(dir, 'out.csv');
    const texts = ['Bitcoin ETF sees record inflows, price hits all-time high', 'Shares plunge after the company cuts guidance,\nanalysts downgrade', 'Company to hold "annual" meeting'];
    writeFileSync(input, 'id,text\r\n' + texts.map((t, i) => `r${i},"${t.replace(/"/g, '""')}"`).join('\r\n') + '\r\n');
    const stdout = execFileSync(TSX, [CLI, input, output], { encoding: 'utf8' });
    expect(stdout).toBe('');
    const rows = parseCsv(readFileSync(output, 'utf8'));
    expect(rows[0]).toEqual(['id', 'label']);
    expect(rows.slice(1)).toEqual(texts.map((t, i) => [`r${i}`, classifySentiment(t).label]));
    expect(rows.slice(1).map((r) => r[1])).toEqual(['bullish', 'bearish', 'neutral']);
  }, 60_000);

  it('reports errors on stderr with a non-zero exit code', () => {
    const r = spawnSync(TSX, [CLI, '/nonexistent/in.csv', '/tmp/out.csv'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/sentiment-cli: .*ENOENT/);
    const usage = spawnSync(TSX, [CLI], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
  }, 60_000);
});
