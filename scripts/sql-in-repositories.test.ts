import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const SERVER_SRC = path.join(ROOT, 'apps/server/src');

/** Every `.ts` file under `dir`, as paths relative to the repository root. */
function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(p);
    return e.name.endsWith('.ts') ? [path.relative(ROOT, p)] : [];
  });
}

/**
 * The server's SQL lives in its repositories (`*.repository.ts`): a file that is neither a
 * repository nor a test and imports drizzle-orm or writes a `sql` template is SQL in the wrong place.
 */
export function sqlOutsideRepositories(files: readonly { path: string; text: string }[]): string[] {
  return files
    .filter((f) => !/\.repository\.ts$|\.test\.ts$/.test(f.path))
    .filter((f) => /from ['"]drizzle-orm/.test(f.text) || /\bsql`/.test(f.text))
    .map((f) => f.path);
}

describe('SQL only in repositories', () => {
  it('finds SQL in a file that is not a repository (the rule works)', () => {
    const files = [
      { path: 'apps/server/src/x/x.service.ts', text: "import { eq } from 'drizzle-orm';" },
      { path: 'apps/server/src/x/y.ts', text: 'await db.execute(sql`select 1`);' },
      { path: 'apps/server/src/x/x.repository.ts', text: "import { eq } from 'drizzle-orm';" },
      { path: 'apps/server/src/x/x.int.test.ts', text: 'sql`select 1`' },
    ];
    expect(sqlOutsideRepositories(files)).toEqual(['apps/server/src/x/x.service.ts', 'apps/server/src/x/y.ts']);
  });

  it('apps/server/src has no SQL outside *.repository.ts', () => {
    const files = tsFiles(SERVER_SRC).map((p) => ({ path: p, text: fs.readFileSync(path.join(ROOT, p), 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(sqlOutsideRepositories(files)).toEqual([]);
  });
});
