import { configDefaults, defineConfig } from 'vitest/config'
import { deploymentConfig } from './app/site-config.ts'
import { useCompileCache } from './scripts/compile-cache.ts'

// Vitest's workers, and the servers and commands the tests start, share compiled code.
useCompileCache()

const RULES = [
  'scripts/import-cycles.test.ts',
  'scripts/test-timing.test.ts',
  'scripts/doc-references.test.ts',
  'scripts/deployment-files.test.ts',
]

export default defineConfig({
  define: {
    __SITE_CONFIG__: JSON.stringify(deploymentConfig({})),
    __SETTINGS_OVERRIDES__: JSON.stringify({}),
  },
  test: {
    environment: 'node',
    // Database tests open real SQLite files and PostgreSQL databases; keep files in separate
    // processes and bound the parallelism to the 2-core machines CI runs on.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    setupFiles: ['scripts/vitest-setup.ts'],
    // Tiers by cost (STYLE.md): `npm run test:unit` runs the pure tests of the site and the
    // shared code in seconds; the server's and the scripts' tests open databases, start
    // processes, nginx and installs. `npm test` runs both.
    projects: [
      {
        extends: true,
        // The pure tests mock no module and share no state: they run in two worker threads
        // without a fresh module graph per file (37 s of a quiet machine's time before, 23 s after;
        // every file used to pay for a process and its imports).
        test: {
          name: 'unit',
          include: ['{app,common,content}/**/*.test.{ts,tsx}'],
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        // The repository's own rules, read from its files: no import cycle, no stopwatch in a
        // test, no reference to a missing file, the deployment files' shape. Seconds, so they can
        // run before every commit (`npm run test:rules`); a mend checked without them once made a
        // cycle that only the whole run found.
        test: { name: 'rules', include: RULES },
      },
      {
        extends: true,
        // The server's and the scripts' tests, a process per worker (not per file): files reuse
        // the modules an earlier file of the worker imported. Each file opens its own databases,
        // servers and folders and closes them; none mocks a module or stubs a global (a lint rule
        // in eslint.config.js). Quiet machine, both engines, 121 files: 591 s and 937 CPU-seconds
        // with a fresh process per file, 470 s and 724 after.
        test: {
          name: 'integration',
          isolate: false,
          include: ['{server,scripts}/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...RULES],
        },
      },
    ],
  },
})
