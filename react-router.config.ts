import type { Config } from '@react-router/dev/config'
import { prerenderPaths } from './app/page-paths.ts'

/**
 * Every page is prerendered to static HTML at build time (ssr: false): the Node server only
 * serves files and answers /api. See docs/decisions/001-prerendering-and-one-node-server.md.
 * scripts/build.ts sets BUILD_OUTPUT_DIR to a fresh release folder, which it swaps in once done.
 */
export default {
  ssr: false,
  prerender: { paths: () => prerenderPaths(), concurrency: 2 },
  buildDirectory: process.env.BUILD_OUTPUT_DIR ?? 'build',
} satisfies Config
