import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noImportCycle } from './scripts/eslint/no-import-cycle.mjs';
import { noBareStatus, noRawQuery, sqlInRepositories } from './scripts/eslint/sql-rules.mjs';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/migrations/**', 'e2e/screenshots/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a literal union or an as-const object.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@sbo/api',
                '@sbo/api/*',
                '@sbo/web',
                '@sbo/web/*',
                '@sbo/sso-server',
                '@sbo/sso-server/*',
                '@sbo/simulator',
                '@sbo/simulator/*',
              ],
              message: 'Apps never import apps: move shared code into a package.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Two clocks are one too many: every date and time a screen shows, and every "today" it counts
    // from, is on the merchant's clock (lib/merchant-clock), never the browser's.
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a literal union or an as-const object.' },
        {
          selector: 'CallExpression[callee.name=/^format(Date|DateTime|DateTimeSeconds)$/][arguments.length<3]',
          message: "A time is the merchant's: use useMerchantClock() (lib/merchant-clock), or pass the zone.",
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: "toLocale*String formats in the browser's zone: use lib/format or useMerchantClock().",
        },
        {
          selector:
            ':matches(NewExpression, CallExpression)[callee.property.name="DateTimeFormat"]:not(:has(Property[key.name="timeZone"]))',
          message: "Intl.DateTimeFormat without a timeZone is the browser's clock: name the merchant's zone.",
        },
        {
          selector: 'CallExpression[callee.name="dayjs"][arguments.length=0]',
          message: "dayjs() is the browser's day: count from useMerchantClock().today().",
        },
        {
          selector: 'CallExpression[callee.property.name=/^get(FullYear|Month|Date|Day|Hours|Minutes)$/]',
          message: "Date getters read the browser's zone: use lib/sales-range (todayIn) or useMerchantClock().",
        },
      ],
    },
  },
  {
    // Module augmentation (fastify, vitest) can only be written as interfaces.
    files: ['apps/api/src/plugins/**/*.ts', 'apps/api/test/helpers/*.ts', 'packages/sso/src/types/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    // Module boundaries: apps never import apps; packages never import apps; a web feature never imports
    // another; an api module reaches another only through its service.ts; plugins and the layers below
    // the api modules (lib, scope, machines, payments, auth, db, sms) never import a module.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['apps/**/*', 'packages/**/*'],
      'boundaries/elements': [
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['module'] },
        {
          type: 'api-base',
          pattern: 'apps/api/src/{lib,scope,machines,payments,auth,db,plugins,sms}',
          capture: ['layer'],
        },
        { type: 'app', pattern: 'apps/*', capture: ['app'] },
        { type: 'package', pattern: 'packages/*', capture: ['package'] },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { allow: { to: { element: { type: 'package' } } } },
            { allow: { to: { module: { origin: 'external' } } } },
            { allow: { to: { module: { origin: 'core' } } } },
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { type: 'app', captured: { app: '{{from.element.captured.app}}' } } } },
            },
            {
              from: { element: { type: 'app', captured: { app: 'api' } } },
              allow: { to: { element: { types: { anyOf: ['api-module', 'api-base'] } } } },
            },
            { from: { element: { type: 'app' } }, allow: { to: { element: { type: 'web-feature' } } } },
            {
              from: { element: { types: { anyOf: ['api-module', 'api-base'] } } },
              allow: { to: { element: { types: { anyOf: ['api-base'] } } } },
            },
            {
              from: { element: { types: { anyOf: ['api-module', 'api-base'] } } },
              allow: { to: { element: { type: 'app', captured: { app: 'api' } } } },
            },
            {
              from: { element: { type: 'api-module' } },
              allow: {
                to: { element: { type: 'api-module', captured: { module: '{{from.element.captured.module}}' } } },
              },
            },
            {
              from: { element: { type: 'api-module' } },
              allow: { to: { element: { type: 'api-module', fileInternalPath: 'service.ts' } } },
            },
            {
              from: { element: { type: 'web-feature' } },
              allow: { to: { element: { type: 'app', captured: { app: 'web' } } } },
            },
            {
              from: { element: { type: 'web-feature' } },
              allow: {
                to: { element: { type: 'web-feature', captured: { feature: '{{from.element.captured.feature}}' } } },
              },
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles in the api: modules, and the layers below them, form a graph without loops.
    files: ['apps/api/src/**/*.ts'],
    // A rule of our own: eslint-plugin-import-x's no-cycle needs native resolver packages that
    // `npm ci` cannot install on every platform from this registry.
    plugins: { imports: { rules: { 'no-cycle': noImportCycle } } },
    rules: { 'imports/no-cycle': 'error' },
  },
  {
    // One data-access style (docs/decisions.md): a module's SQL lives in its repositories, and SQL
    // anywhere in the api names a sale's status through transactionStatuses, never a bare number.
    files: ['apps/api/src/**/*.ts'],
    plugins: {
      data: {
        rules: { 'sql-in-repositories': sqlInRepositories, 'no-bare-status': noBareStatus, 'no-raw-query': noRawQuery },
      },
    },
    rules: { 'data/no-bare-status': 'error' },
  },
  {
    // Raw node-postgres queries only where a connection's own work needs them: the job queue's claims,
    // the LISTEN connection, the session cache, and db/ (the client, the embedded cluster, migrations).
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/db/**',
      'apps/api/src/lib/job-queue.ts',
      'apps/api/src/lib/pg-listener.ts',
      'apps/api/src/auth/session-cache.ts',
    ],
    rules: { 'data/sql-in-repositories': 'error', 'data/no-raw-query': 'error' },
  },
  prettier,
);
