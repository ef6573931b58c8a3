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
    // The browser bundle never reaches server code, types included: what both sides use lives
    // in web/shared, and routes get server services from the typed load context.
    files: ['web/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.{1,2}/)+(web/)?server(/|$)',
              message: 'web/app은 web/server를 가져올 수 없습니다 (shared code goes in web/shared; server services come from the load context).',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared code runs in both bundles, so it depends on neither side.
    files: ['web/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.{1,2}/)+(web/)?(app|server)(/|$)', message: 'web/shared는 web/app이나 web/server를 가져올 수 없습니다 (it is imported by both).' },
            { regex: '^node:', message: 'web/shared는 브라우저에서도 실행됩니다: Node 모듈을 쓸 수 없습니다 (it runs in the browser too).' },
          ],
        },
      ],
    },
  },
  {
    // Content is a store of pages; lead logic (visit slots included) depends on it, not the reverse.
    files: ['web/server/content/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.{1,2}/)+leads(/|$)', message: '콘텐츠 계층은 leads를 가져올 수 없습니다 (leads depend on content, not the reverse).' }] },
      ],
    },
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
