import { defineConfig } from 'vitest/config'
import { deploymentConfig } from './app/site-config.ts'

export default defineConfig({
  define: {
    __SITE_CONFIG__: JSON.stringify(deploymentConfig({})),
    __SETTINGS_OVERRIDES__: JSON.stringify({}),
  },
  test: {
    include: ['{app,server,common,content,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Database tests open real SQLite files and PostgreSQL databases; keep files in separate
    // processes and bound the parallelism to the 2-core machines CI runs on.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
