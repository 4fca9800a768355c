import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
export const ARCHITECTURE_MD = path.join(ROOT, 'docs/ARCHITECTURE.md');

/**
 * The repository paths written in a Markdown text, by the rule stated at the top of
 * docs/ARCHITECTURE.md: every backticked text that starts with one of the top-level folders below
 * and holds no space, `*`, `<` or `{` (those mark patterns and placeholders). Returns each path
 * once, in order of first appearance.
 */
export function repositoryPaths(markdown: string): string[] {
  const found = new Set<string>();
  for (const m of markdown.matchAll(/`([^`\n]+)`/g)) {
    const text = m[1];
    if (!/^(apps|packages|scripts|e2e|docs|data|deploy)\//.test(text)) continue;
    if (/[\s*<{]/.test(text)) continue;
    found.add(text);
  }
  return [...found];
}

describe('docs/ARCHITECTURE.md', () => {
  const md = fs.readFileSync(ARCHITECTURE_MD, 'utf8');
  const paths = repositoryPaths(md);

  it('names repository paths (the rule finds them)', () => {
    expect(paths.length).toBeGreaterThan(100);
  });

  it('names only paths that exist (a folder when written with a trailing /)', () => {
    const missing = paths.filter((p) => {
      const abs = path.join(ROOT, p);
      if (!fs.existsSync(abs)) return true;
      return p.endsWith('/') && !fs.statSync(abs).isDirectory();
    });
    expect(missing, 'paths in docs/ARCHITECTURE.md that do not exist').toEqual([]);
  });

  it('has a row for every server module and every web feature', () => {
    const folders = (dir: string) =>
      fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => `${dir}/${d.name}/`);
    const expected = [...folders('apps/server/src/modules'), ...folders('apps/web/src/features')];
    const named = (folder: string) => paths.some((p) => p.startsWith(folder));
    expect(expected.filter((f) => !named(f)), 'folders the map does not name').toEqual([]);
  });

  it('finds backticked paths and skips patterns and placeholders', () => {
    expect(repositoryPaths('a `apps/x.ts`, `packages/*/src`, `apps/<m>/x`, `e2e/{a,b}`, `npm start`, `data/`')).toEqual(['apps/x.ts', 'data/']);
  });
});

describe('docs/decisions/README.md', () => {
  it('lists every decision file with its number and the title of its heading', () => {
    const dir = path.join(ROOT, 'docs/decisions');
    const index = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
    const rows = new Set(index.split('\n').filter((l) => l.startsWith('| ')));
    const files = fs.readdirSync(dir).filter((f) => /^\d{3}-.*\.md$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    const missing = files.filter((f) => {
      const heading = fs.readFileSync(path.join(dir, f), 'utf8').split('\n')[0];
      const m = /^# (\d{3}) — (.+)$/.exec(heading);
      return !m || m[1] !== f.slice(0, 3) || !rows.has(`| ${m[1]} | [${m[2]}](${f}) |`);
    });
    expect(missing, 'decision files missing from the index, or listed with another title (heading: "# NNN — title")').toEqual([]);
  });
});
