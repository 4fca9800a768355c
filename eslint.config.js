import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { cycleRules } from './eslint.cycles.config.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The package root pulls in zod and every schema: the web imports types from it, and run-time
      // constants from zod-free modules (`@coinlens/contracts/common/limits`, `…/feeds/sotd-stream`).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@coinlens/contracts', message: 'Import types only (import type); run-time constants come from zod-free modules such as @coinlens/contracts/common/limits.', allowTypeImports: true }] },
      ],
    },
  },
);
