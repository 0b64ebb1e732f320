// @ts-check
import js from '@eslint/js'
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

export default tseslint.config(
  {
    ignores: ['build/', 'node_modules/', '.react-router/', 'data/', 'test-results/', 'playwright-report/', 'public/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/routes.ts'],
    rules: {
      'no-restricted-imports': noImport([
        { group: ['**/server/**', '../server/*', '../../server/*'], message: 'app/ must not import server/: share code through common/.' },
        { group: ['~/routes/*', '**/routes/*', './routes/*'], message: 'Only app/routes.ts refers to route modules.' },
        { group: ['pg', 'node:sqlite', 'kysely'], message: 'Only server/db opens a database.' },
      ]),
    },
  },
  {
    files: ['app/components/**/*.{ts,tsx}', 'app/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': noImport([
        { group: ['**/server/**'], message: 'app/ must not import server/.' },
        { group: ['~/routes/*', '**/routes/*'], message: 'Components and lib never import route modules.' },
      ]),
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/db/**', 'server/test/**'],
    rules: {
      'no-restricted-imports': noImport([
        { group: ['**/app/**', '~/*'], message: 'server/ must not import app/: share code through common/.' },
        { group: ['node:sqlite', 'pg'], message: 'Only server/db opens a database connection.' },
      ]),
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport([
        { group: ['**/app/**', '**/server/**', '~/*'], message: 'common/ depends on nothing in the project.' },
        { group: ['node:fs', 'node:fs/*', 'node:net', 'node:http', 'pg', 'node:sqlite'], message: 'common/ does no I/O.' },
      ]),
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/env.ts', 'server/**/*.test.ts', 'server/test/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Only server/env.ts reads process.env.' }],
    },
  },
)
