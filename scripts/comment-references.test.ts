import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const DIRS = ['apps', 'packages', 'scripts', 'e2e'];
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|css|html)$/;
/** This file, whose own comments and examples name the forms it looks for. */
const SELF = 'scripts/comment-references.test.ts';
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.turbo', 'test-results', 'playwright-report']);


/**
 * A citation a reader of this repository cannot follow: the product spec ("SPEC", "SPEC §3"), the
 * design notes ("DESIGN.md") or a tracker issue ("issue 18", "Issue #15", `issue "Title"`).
 * Case-sensitive for SPEC, so words such as "spec" in `*.spec.ts` or "inspect" do not count.
 */
export const CITATION = /\bSPEC\b|\bDESIGN\.md\b|\b[Ii]ssue #?\d+|\bissue "/;

/**
 * The comment text of one source line: the whole line when it is a comment line (`//`, `/*`, `*`,
 * `<!--`), else what follows a ` //` or ` /*` after code. Strings and template literals on code
 * lines (user-visible text, OpenAPI summaries, console output) are not comments and are not read.
 */
export function commentOf(line: string): string {
  const t = line.trimStart();
  if (/^(?:\/\/|\/\*|\*|<!--)/.test(t)) return t;
  const m = /\s(\/\/|\/\*)(.*)$/.exec(line);
  return m ? m[1] + m[2] : '';
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) sourceFiles(`${dir}/${e.name}`, out);
    } else if (SOURCE.test(e.name)) out.push(`${dir}/${e.name}`);
  }
  return out;
}

describe('comments explain the code where they stand', () => {
  it('cite no spec section, design note or issue number (say what is meant instead)', () => {
    const found: string[] = [];
    for (const f of DIRS.flatMap((d) => sourceFiles(d))) {
      if (f === SELF) continue;
      fs.readFileSync(path.join(ROOT, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (CITATION.test(commentOf(line))) found.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('reads comments only, and finds each form of citation', () => {
    expect(CITATION.test(commentOf(' * The market clock (DESIGN.md §4).'))).toBe(true);
    expect(CITATION.test(commentOf('/** Page size (SPEC §9). */'))).toBe(true);
    expect(CITATION.test(commentOf('const x = 1; // see issue 18'))).toBe(true);
    expect(CITATION.test(commentOf('// Issue #15, item 1'))).toBe(true);
    expect(CITATION.test(commentOf("  summary: 'The user (SPEC §3 User)',"))).toBe(false);
    expect(CITATION.test(commentOf("fetch('https://example.com/issue 5')"))).toBe(false);
    expect(CITATION.test(commentOf('// e2e/accounts.spec.ts; an issue with the spec of a file'))).toBe(false);
  });
});
