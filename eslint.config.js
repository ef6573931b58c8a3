// ESLint flat config: @eslint/js recommended + typescript-eslint recommended everywhere,
// React's rules of hooks for the web app. `npm run lint` must pass with no errors.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Feature folders of the server, and the shared modules every feature may use. */
const SERVER_FEATURES = ['console', 'leads', 'measurement', 'press'];
const SHARED_SERVER_FOLDERS = ['audit', 'auth', 'content', 'customers', 'database', 'http', 'messages', 'observability', 'pages', 'postgres'];

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
  // The server's features (web/server/<feature>/) import only shared server modules and their own
  // files; what two features need lives in a shared module (web/server/*.ts or one of
  // SHARED_SERVER_FOLDERS: the customers, their messages, the databases…), which imports no feature. app.ts and app/, the composition root, wire them all.
  ...SERVER_FEATURES.map((feature) => ({
    files: [`web/server/${feature}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.{1,2}/)+(${SERVER_FEATURES.filter((other) => other !== feature).join('|')})(/|$)`,
              message: `web/server/${feature}는 다른 기능 폴더를 가져올 수 없습니다 (features import shared server modules only: move what both need to web/server/ or a shared folder such as customers/, messages/, http/).`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['web/server/*.ts', ...SHARED_SERVER_FOLDERS.map((folder) => `web/server/${folder}/**/*.ts`)],
    ignores: ['web/server/app.ts', 'web/server/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.{1,2}/)+(${SERVER_FEATURES.join('|')})(/|$)`,
              message: '공유 서버 모듈은 기능 폴더를 가져올 수 없습니다 (shared server modules depend on no feature; app.ts and app/ wire features together).',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      // `_`-prefixed names are the usual way to say "unused on purpose".
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
]);
