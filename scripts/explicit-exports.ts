/**
 * Rewrites every `export * from './x'` in `packages/*\/src` into an explicit list of the names
 * `./x` exports (`export { a, b, type C } from './x'`), so a package's entry point says what it
 * offers and a new export is a visible change. Run after adding exports to a module that an index
 * re-exports wholesale: `npx tsx scripts/explicit-exports.ts`. scripts/explicit-exports.test.ts
 * fails while any `export *` remains. Names are resolved with the TypeScript checker; type-only
 * names get the `type` modifier (isolatedModules).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAR = /^export \* from '([^']+)';$/gm;

/** Source files of the packages (tests excluded) that contain `export * from`. */
export function filesWithStarExports(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(p);
      } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && /^export \* from /m.test(fs.readFileSync(p, 'utf8'))) out.push(p);
    }
  };
  for (const pkg of fs.readdirSync(path.join(ROOT, 'packages'))) {
    const src = path.join(ROOT, 'packages', pkg, 'src');
    if (fs.existsSync(src)) walk(src);
  }
  return out;
}

function wrap(names: string[], from: string): string {
  const one = `export { ${names.join(', ')} } from '${from}';`;
  if (one.length <= 160) return one;
  const lines: string[] = [];
  let cur = '';
  for (const n of names) {
    if (cur && `  ${cur}, ${n},`.length > 158) {
      lines.push(`  ${cur},`);
      cur = n;
    } else cur = cur ? `${cur}, ${n}` : n;
  }
  if (cur) lines.push(`  ${cur},`);
  return `export {\n${lines.join('\n')}\n} from '${from}';`;
}

function main() {
  const files = filesWithStarExports();
  if (!files.length) return console.log('no `export *` left in packages/*/src');
  const program = ts.createProgram(files, { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, allowImportingTsExtensions: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  for (const file of files) {
    const sf = program.getSourceFile(file)!;
    const replacements = new Map<string, string>();
    for (const st of sf.statements) {
      if (!ts.isExportDeclaration(st) || st.exportClause || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier)) continue;
      const mod = checker.getSymbolAtLocation(st.moduleSpecifier);
      if (!mod) throw new Error(`${file}: cannot resolve ${st.moduleSpecifier.text}`);
      const names = checker
        .getExportsOfModule(mod)
        .filter((s) => s.name !== 'default')
        .map((s) => {
          const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
          return target.flags & ts.SymbolFlags.Value ? s.name : `type ${s.name}`;
        })
        .sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')));
      replacements.set(`export * from '${st.moduleSpecifier.text}';`, wrap(names, st.moduleSpecifier.text));
    }
    const text = fs.readFileSync(file, 'utf8').replace(STAR, (line) => replacements.get(line) ?? line);
    fs.writeFileSync(file, text);
    console.log(`${path.relative(ROOT, file)}: ${replacements.size} \`export *\` made explicit`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
