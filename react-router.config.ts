import { spawnSync } from 'node:child_process'
import type { Config } from '@react-router/dev/config'

/**
 * Every page is rendered to a finished file at build time by the site's own render pipeline
 * (server/render/), which the server also runs at run time. React Router builds the client and
 * the server build (ssr: true keeps the server build; React Router's own prerendering is not
 * used); then buildEnd renders every page of the page list through that server build, in a Node
 * process of its own, as the server would (server/render/render-build.ts). See docs/rendering.md.
 * scripts/build.ts sets BUILD_OUTPUT_DIR to a fresh release folder, which it swaps in once done.
 */
export default {
  ssr: true,
  buildDirectory: process.env.BUILD_OUTPUT_DIR ?? 'build',
  buildEnd({ reactRouterConfig }) {
    const render = spawnSync(
      process.execPath,
      ['server/render/render-build.ts', reactRouterConfig.buildDirectory],
      { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    )
    if (render.status !== 0) throw new Error('Rendering the pages failed (see above).')
  },
} satisfies Config
