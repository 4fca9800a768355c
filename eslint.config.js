import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { importX } from 'eslint-plugin-import-x';
import { cycleRules } from './eslint.cycles.config.js';

// Web feature boundaries: a file under apps/web/src/features/<x>/ may import another feature <y>
// only through <y>'s public `index.ts`; lib/ (tests aside) imports no feature. Shared widgets and hooks
// belong in components/ or lib/ (apps/web/README.md, "Boundaries").
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureZones = webFeatures.flatMap((x) =>
  webFeatures
    .filter((y) => y !== x)
    .map((y) => ({
      target: `./apps/web/src/features/${x}`,
      from: `./apps/web/src/features/${y}`,
      except: ['./index.ts'],
      message: `features/${x} may use features/${y} only through features/${y}/index.ts (or move the shared code to components/ or lib/).`,
    })),
);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...cycleRules,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: featureZones }],
      // The package root pulls in zod and every schema: the web imports types from it, and run-time
      // constants from zod-free modules (`@coinlens/contracts/common/limits`, `…/feeds/sotd-stream`).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@coinlens/contracts', message: 'Import types only (import type); run-time constants come from zod-free modules such as @coinlens/contracts/common/limits.', allowTypeImports: true }] },
      ],
    },
  },
  {
    // lib/ sits below the features (its tests may exercise a feature's API through it).
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [{ target: './apps/web/src/lib', from: './apps/web/src/features', message: 'lib/ imports no feature.' }] },
      ],
    },
  },
);
