import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The import-cycle rule (`import-x/no-cycle`) on its own: part of `npm run lint` (eslint.config.js
 * spreads it) and run alone by `npm run lint:cycles`, which `npm test` (hence CI) runs as a stage.
 * A cycle makes module evaluation order matter (a value imported across it can be `undefined` at
 * load time) and ties layers together: e.g. the web's pages and shell read route metadata from
 * `app/route-meta.ts`, never from `app/routes.tsx`, which imports them. Type-only imports are
 * ignored (they vanish at build time); dynamic `import()` counts.
 */
export const cycleRules = [
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // TypeScript sources import each other without an extension (web) or with `.js` (server, packages).
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
];

export const cycleIgnores = { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'data/**'] };

// Run alone, the config still knows the react-hooks plugin (its rules off) so that the files'
// `eslint-disable react-hooks/...` comments name a known rule.
export default [
  cycleIgnores,
  ...cycleRules,
  { files: ['apps/web/**/*.{ts,tsx}'], plugins: { 'react-hooks': reactHooks }, linterOptions: { reportUnusedDisableDirectives: 'off' } },
];
