import type { Config } from '@react-router/dev/config'
import { prerenderPaths } from './app/page-paths.ts'

/**
 * Every page is prerendered to static HTML at build time (ssr: false): the Node server only
 * serves files and answers /api. See docs/decisions/001-prerendering-and-one-node-server.md.
 */
export default {
  ssr: false,
  prerender: { paths: () => prerenderPaths(), concurrency: 2 },
} satisfies Config
