/**
 * Writes the variable tables of docs/OPERATIONS.md from `apps/server/src/platform/env.ts`
 * (`ENV_DOCS`, `ENV_RULES`): each table sits between `<!-- env-table: SECTION -->` and
 * `<!-- /env-table -->`, the rules between `<!-- env-rules -->` and `<!-- /env-rules -->`; the
 * prose around them is kept. `npm run docs:env` writes the file; `npm run docs:env -- --check`
 * exits 1 when it is stale (scripts/docs-env.test.ts checks the same in the unit tests).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENV_DOCS, ENV_RULES, ENV_SECTIONS, type EnvSection } from '../apps/server/src/platform/env';

/** docs/OPERATIONS.md of this checkout. */
export const OPERATIONS_MD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'OPERATIONS.md');

/** The markdown table of `section`: one row per {@link ENV_DOCS} entry, in their order. */
export function envTable(section: EnvSection): string {
  const rows = ENV_DOCS.filter((d) => d.section === section).map((d) => `| ${d.vars.map((v) => `\`${v}\``).join(', ')} | ${d.default} | ${d.meaning} |`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The rules between variables as a markdown list. */
export function envRules(): string {
  return ENV_RULES.map((r) => `- ${r.rule}`).join('\n');
}

/**
 * `markdown` with every marked block replaced by its generated content. Throws when a section of
 * {@link ENV_SECTIONS} has no marker (so no table is lost silently).
 */
export function renderEnvDocs(markdown: string): string {
  let out = markdown.replace(/<!-- env-table: (.+?) -->\n[\s\S]*?<!-- \/env-table -->/g, (_m, section: string) => {
    if (!(ENV_SECTIONS as readonly string[]).includes(section)) throw new Error(`docs/OPERATIONS.md: unknown env section "${section}"`);
    return `<!-- env-table: ${section} -->\n${envTable(section as EnvSection)}\n<!-- /env-table -->`;
  });
  out = out.replace(/<!-- env-rules -->\n[\s\S]*?<!-- \/env-rules -->/, `<!-- env-rules -->\n${envRules()}\n<!-- /env-rules -->`);
  for (const s of ENV_SECTIONS) if (!out.includes(`<!-- env-table: ${s} -->`)) throw new Error(`docs/OPERATIONS.md: no <!-- env-table: ${s} --> marker`);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const before = fs.readFileSync(OPERATIONS_MD, 'utf8');
  const after = renderEnvDocs(before);
  if (process.argv.includes('--check')) {
    if (after !== before) {
      console.error('docs/OPERATIONS.md is stale: run `npm run docs:env`');
      process.exit(1);
    }
    console.log('docs/OPERATIONS.md env tables are up to date');
  } else {
    fs.writeFileSync(OPERATIONS_MD, after);
    console.log(after === before ? 'docs/OPERATIONS.md env tables unchanged' : 'docs/OPERATIONS.md env tables written');
  }
}
