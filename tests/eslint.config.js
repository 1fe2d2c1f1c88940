// ESLint: rules that catch bugs, not taste (formatting is Prettier's, `.prettierrc.json`).
// Run from the repository root as `npm run lint` (`eslint --config tests/eslint.config.js`): with
// `--config`, ESLint reads the patterns below relative to the working directory, not this folder.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import drizzle from 'eslint-plugin-drizzle';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.data/',
      '.test-data/',
      '.bench-data/',
      '.prof/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
      'public/',
      'src/server/db/migrations/',
      'src/lib/api/schema.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // `catch {}` with a comment saying why is how this code base ignores an expected failure.
      'no-empty': ['error', { allowEmptyCatch: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  // Type-aware rules for TypeScript: promises nobody awaits or handles, and promises passed where a
  // callback's result is ignored (an async handler whose rejection would vanish).
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: process.cwd() } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['src/islands/**/*.tsx', 'src/islands/**/*.ts', 'src/stores/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // The browser's code logs nothing: an expected refusal (a 400 for a wrong form, a 401 before a refresh)
  // is shown to the person or handled, and a console line for it would be noise (and fails the browser tests).
  {
    files: ['src/islands/**/*.{ts,tsx}', 'src/lib/**/*.ts', 'src/browser/**/*.ts', 'src/stores/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  // Tests read answers whose shape they assert: `any` there is the point, not a hole.
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Every update and delete names its rows (a missing `where` rewrites a whole table).
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  // The shop's requests to other sites go through one door, which judges the address each connection
  // goes to (README, Security): a URL someone typed must not reach this machine or its network. The
  // database's own sockets (db/deadlines.ts) go only where the operator's DATABASE_URL points.
  {
    files: ['src/server/**/*.ts', 'src/pages/**/*.ts', 'src/pages/**/*.astro', 'src/middleware.ts'],
    ignores: ['src/server/security/outgoing-fetch.ts', 'src/server/db/deadlines.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Request other sites through src/server/security/outgoing-fetch.ts.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'undici' },
            { name: 'node:https' },
            { name: 'node:http', importNames: ['request', 'get'] },
            { name: 'node:net', importNames: ['default', 'connect', 'createConnection', 'Socket'] },
            { name: 'node:tls', importNames: ['default', 'connect'] },
          ].map((path) => ({
            ...path,
            message: 'Request other sites through src/server/security/outgoing-fetch.ts.',
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
  // Configuration comes from one module (STYLE.md §6); scripts and tests set up processes and may read it.
  {
    files: ['src/**/*.ts', 'src/**/*.tsx', 'src/**/*.astro'],
    ignores: ['src/server/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts.' },
      ],
    },
  },
);
