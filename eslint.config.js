// @ts-check
import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * One-way imports (STYLE.md): routes -> components, lib, common; nothing imports a route module
 * but routes.ts; app/ and server/ never import each other and meet only in common/; only
 * server/db opens a database.
 */
const noImport = (groups) => ['error', { patterns: groups }]

const SERVER_FEATURES = [
  'catalogue',
  'contact',
  'newsletter',
  'health',
  'site',
  'content',
  'search',
]
const APP_FEATURES = ['contact', 'courses', 'podcast', 'admin']
const database = {
  group: ['pg', 'node:sqlite', 'kysely'],
  message: 'Only server/db opens a database (and only server/ uses Kysely).',
}

/**
 * One no-restricted-imports block per folder. Flat config does not merge a rule's options
 * across blocks (a later block replaces the earlier one for the files both match), so each
 * block below lists every ban for its files, and no two blocks match the same file.
 * Patterns are gitignore-style, where a leading # starts a comment: hence the backslash in '\\#'.
 * scripts/eslint-boundaries.test.ts proves each ban with a file that breaks it.
 */
const COMMON_FILE_READER = 'common/content/content-dir.ts'
const commonDependsOnNothing = {
  group: ['\\#app/*', '\\#server/*', '**/app/**', '**/server/**'],
  message: 'common/ depends on nothing in the project.',
}
const commonDoesNoIo = {
  group: ['node:fs', 'node:fs/*', 'node:net', 'node:http', 'pg', 'node:sqlite', 'kysely'],
  message: 'common/ does no I/O.',
}

function boundaries() {
  const appBase = [
    {
      group: ['\\#server/*', '**/server/**'],
      message: 'app/ must not import server/: share code through common/.',
    },
    {
      group: ['\\#app/routes/*', '**/routes/*', './routes/*'],
      message: 'Only app/routes.ts refers to route modules.',
    },
    database,
  ]
  // The staff app (app/admin) is its own bundle: no public page may load a byte of it.
  const appPublic = [
    ...appBase,
    {
      group: ['\\#app/admin/*', '**/admin/**'],
      message: 'Only app/admin imports app/admin: public pages never load the back office.',
    },
  ]
  const appFeature = (feature) => ({
    files: [`app/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': noImport([
        ...(feature === 'admin' ? appBase : appPublic),
        {
          group: APP_FEATURES.filter((f) => f !== feature).map((f) => `\\#app/${f}/*`),
          message: `app/${feature} is a feature: it may use components/ and lib/, never another feature.`,
        },
      ]),
    },
  })
  const serverBase = [
    {
      group: ['\\#app/*', '**/app/**'],
      message: 'server/ must not import app/: share code through common/.',
    },
  ]
  /** What infrastructure (http/, mail/, back-office/, …) may not import. */
  const infrastructure = [
    ...serverBase,
    { group: ['node:sqlite', 'pg'], message: 'Only server/db opens a database connection.' },
    {
      group: SERVER_FEATURES.map((f) => `\\#server/${f}/*`),
      message:
        'Infrastructure must not depend on a feature: move the shared part down (e.g. into server/http/).',
    },
  ]
  const serverFeature = (feature) => ({
    files: [`server/${feature}/**/*.ts`],
    rules: {
      'no-restricted-imports': noImport([
        ...serverBase,
        { group: ['node:sqlite', 'pg'], message: 'Only server/db opens a database connection.' },
        {
          group: SERVER_FEATURES.filter((f) => f !== feature).map((f) => `\\#server/${f}/*`),
          message: `server/${feature} is a feature: it may use db/, http/, mail/ and env.ts, never another feature. Move a shared part down to infrastructure first.`,
        },
      ]),
    },
  })
  return [
    {
      files: ['app/**/*.{ts,tsx}'],
      ignores: ['app/routes.ts', ...APP_FEATURES.map((f) => `app/${f}/**`)],
      rules: { 'no-restricted-imports': noImport(appPublic) },
    },
    ...APP_FEATURES.map(appFeature),
    {
      // The composition root (app.ts, index.ts, env.ts) wires the features together, and so do
      // the operator commands of server/cli/ (npm run content, …).
      files: ['server/*.ts', 'server/cli/**/*.ts'],
      rules: {
        'no-restricted-imports': noImport([
          ...serverBase,
          { group: ['node:sqlite', 'pg'], message: 'Only server/db opens a database connection.' },
        ]),
      },
    },
    {
      // Infrastructure (http/, mail/, …) sits below the features and never imports one.
      files: ['server/*/**/*.ts'],
      ignores: [
        'server/db/**',
        'server/test/**',
        'server/cli/**',
        'server/back-office/**',
        ...SERVER_FEATURES.map((f) => `server/${f}/**`),
      ],
      rules: { 'no-restricted-imports': noImport(infrastructure) },
    },
    {
      // The back office's framework (route table, role check, answer check, API document) sits
      // below the staff accounts that use it (docs/decisions/025-back-office-routes-defined-once.md).
      files: ['server/back-office/**/*.ts'],
      ignores: ['server/back-office/**/*.test.ts'],
      rules: {
        'no-restricted-imports': noImport([
          ...infrastructure,
          {
            group: ['\\#server/staff/*', '**/staff/**'],
            message:
              'server/back-office is the framework; the staff accounts (server/staff) use it, not the other way.',
          },
        ]),
      },
    },
    {
      files: ['server/back-office/**/*.test.ts'],
      rules: { 'no-restricted-imports': noImport(infrastructure) },
    },
    ...SERVER_FEATURES.map(serverFeature),
    {
      files: ['common/**/*.ts'],
      ignores: [COMMON_FILE_READER],
      rules: { 'no-restricted-imports': noImport([commonDependsOnNothing, commonDoesNoIo]) },
    },
    // The content folder's reader: the build and the server must read content/ the same way,
    // and common/ is where they meet (docs/decisions/014-content-as-data.md). Files only.
    {
      files: [COMMON_FILE_READER],
      rules: {
        'no-restricted-imports': noImport([
          commonDependsOnNothing,
          {
            ...commonDoesNoIo,
            group: commonDoesNoIo.group.filter((g) => !g.startsWith('node:fs')),
          },
        ]),
      },
    },
  ]
}

/**
 * Size (STYLE.md "Size" [fastify/demo]; docs/decisions/028-size-by-lint.md): a file a
 * person can hold in mind. Physical lines, blank lines and comments included, so the figure is
 * the one `wc -l` and a reviewer see, and nobody squeezes out a comment to pass. Tests and e2e
 * too: a describe() callback is a function. Generated art (scripts/media/art/) is data.
 */
const size = {
  files: ['**/*.{js,ts,tsx}'],
  ignores: ['scripts/media/art/**'],
  rules: {
    'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
    'max-lines-per-function': [
      'error',
      { max: 150, skipBlankLines: false, skipComments: false, IIFEs: true },
    ],
  },
}

export default tseslint.config(
  {
    ignores: [
      'build/',
      'node_modules/',
      '.react-router/',
      'data/',
      'test-results/',
      'playwright-report/',
      'public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.strict.rules,
    },
  },
  ...boundaries(),
  size,
  {
    // No import cycles of values. The rule skips type-only imports whatever its options, so
    // scripts/import-cycles.test.ts (npm test) checks the graph with them (docs/testing.md).
    // Resolved like Node, so the #app/… subpath imports of package.json are followed.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Test helpers live in server/test/ and never ship in production code paths.
    files: ['server/**/*.ts', 'app/**/*.{ts,tsx}', 'common/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'server/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/^(#server\\/test\\/|\\.\\.?\\/.*test\\/)/]',
          message: 'Only tests import the test helpers of server/test/.',
        },
        {
          selector: 'ImportDeclaration[source.value=/^(#scripts\\/|(\\.\\.\\/)+scripts\\/)/]',
          message:
            'Production code never imports scripts/: a host has only package.json, server, common and build (README, Deployment).',
        },
      ],
    },
  },
  {
    // The server runs after `npm ci --omit=dev`: what it imports must be a dependency.
    files: ['server/**/*.ts', 'common/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/test/**'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-extraneous-dependencies': ['error', { devDependencies: false }] },
  },
  {
    // The server's and the scripts' test files share their worker's modules (vitest.config.ts:
    // the integration project runs without isolation), so a module mocked or a global stubbed
    // in one file would still be so in the next file that worker runs.
    files: ['server/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,tsx}', 'server/test/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: `vi.${property} leaks into the next test file of the worker (the integration tests share modules): pass the dependency in, or set and restore it in the test.`,
        })),
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/env.ts', 'server/**/*.test.ts', 'server/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Only server/env.ts reads process.env.' },
      ],
    },
  },
)
