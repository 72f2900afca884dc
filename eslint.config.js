// Lint rules, including the process boundaries of DESIGN.md: renderer/ never imports electron or node:*,
// shared/ imports neither Node nor DOM-only code, and product code never reaches into ../shared.
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The team's reference folder (../shared: spec/, reference/, hooks/) is never product code. Each
// folder's own no-restricted-imports below replaces this rule, so each repeats it.
const referenceFolder = {
  group: ['**/shared/spec/**', '**/shared/reference/**', '**/shared/hooks/**', '**/DESIGN.md'],
  message: 'Never import the team reference folder.',
};

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'net', 'http', 'https', 'url'];

// Each folder's boundary, repeated by the stricter rules of its sub-folders (a later no-restricted-imports
// replaces an earlier one for the same file).
const rendererBoundaries = [
  {
    group: [...nodeBuiltins, 'electron', ...referenceFolder.group],
    message: 'renderer/ runs in the browser: no Node or Electron imports; use the PlatformApi.',
  },
  {
    group: ['**/server/**', '**/electron/**'],
    message: 'renderer/ talks to the server over HTTP and to the shell through the PlatformApi.',
  },
];
const serverBoundary = {
  group: ['electron', '**/renderer/**', '**/electron/**', ...referenceFolder.group],
  message: 'server/ does not depend on the shells.',
};

// Every visible text of the renderer comes from the message catalogue (docs/i18n.md): JSX text and the
// attributes that show text may not be written inline. All of renderer/src is translated, so a new folder is
// checked from its first file rather than once someone remembers to list it.
const TRANSLATED = ['renderer/src/**/*.tsx'];
const TEXT_ATTRIBUTES =
  '^(label|title|placeholder|alt|content|hint|description|header|heading|subtitle|message|text|validationMessage|aria-label|aria-description|aria-roledescription|[a-z]+(Label|Text|Title|Message|Hint))$';

const UNTRANSLATED = 'Visible text comes from the message catalogue (shared/i18n): use t() from useTranslation.';

export default tseslint.config(
  {
    ignores: ['node_modules', 'dist', 'dist-electron', 'data', 'release', 'coverage', 'test-results', 'e2e/artifacts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // The team's reference folder (../shared: spec/, reference/, hooks/) is never product code.
            referenceFolder,
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            referenceFolder,
            { group: nodeBuiltins, message: 'shared/ is isomorphic: no Node imports.' },
            {
              group: ['electron', 'react', 'react-dom', '**/server/**', '**/renderer/**', '**/electron/**'],
              message: 'shared/ imports neither processes nor UI.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    // The Vite config runs in Node at build time; it is not part of the browser bundle.
    ignores: ['renderer/vite.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...rendererBoundaries],
        },
      ],
    },
  },
  {
    // The service worker (renderer/public/sw.js) runs in the browser's worker scope, not in Node or a page.
    files: ['renderer/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // React's rules of hooks and the React Compiler's correctness rules, for the renderer only.
    files: ['renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [serverBoundary],
        },
      ],
    },
  },
  {
    // Route files work through the request context (docs/architecture.md): the SQL and the tenant filter
    // live in tenant-bound repositories, never in a handler.
    files: ['server/src/modules/**/*routes.ts', 'server/src/jobs/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverBoundary,
            {
              group: ['**/db/*', 'kysely', 'pg', 'better-sqlite3'],
              message: 'Route files never touch the database: use ctx.repo(<tenant-bound repository>).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='db']",
          message: 'Route files never touch the database: use ctx.repo(<tenant-bound repository>).',
        },
      ],
    },
  },
  {
    // Pages and components reach the server only through the per-domain hooks (renderer/src/api/hooks).
    // The tests' helpers (renderer/src/test) point the client at the test API and sign in.
    files: ['renderer/src/**/*.{ts,tsx}'],
    ignores: ['renderer/src/api/**', 'renderer/src/session/**', 'renderer/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...rendererBoundaries,
            {
              group: ['**/api/client', '**/api/typed', 'axios'],
              message: 'Pages and components call the server through the hooks of renderer/src/api/hooks.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers loosely; the assertions are what check their shape.
    files: ['**/*.test.ts', '**/*.test.tsx', 'server/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['tools/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: TRANSLATED,
    // Tests write their own fixtures' texts (names, labels) inline; the components they render are guarded.
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only', message: UNTRANSLATED }],
      'no-restricted-syntax': [
        'error',
        { selector: `JSXAttribute[name.name=/${TEXT_ATTRIBUTES}/] > Literal`, message: UNTRANSLATED },
        {
          selector: `JSXAttribute[name.name=/${TEXT_ATTRIBUTES}/] > JSXExpressionContainer > :matches(Literal, TemplateLiteral)`,
          message: UNTRANSLATED,
        },
      ],
    },
  },
);
