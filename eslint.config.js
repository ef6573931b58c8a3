// ESLint flat config: @eslint/js recommended + typescript-eslint recommended everywhere,
// React's rules of hooks for the web app. `npm run lint` must pass with no errors.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    'build/',
    '.react-router/',
    'studio/dist/',
    '**/.sanity/',
    'dist/',
    'node_modules/',
    'data/',
    'web/sanity/sanity.types.ts',
    'test-results/',
    'playwright-report/',
    'bench-results/',
    '.cache/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Config files, the server entry, scripts, tests and bench run on Node.
    files: ['**/*.{js,mjs,cjs,ts,mts,cts,tsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
  },
  {
    // The React app renders on the server and hydrates in the browser.
    files: ['web/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      // `_`-prefixed names are the usual way to say "unused on purpose".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
]);
