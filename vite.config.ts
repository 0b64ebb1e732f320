import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { siteConfigFromEnv } from './app/site-config.ts'
import { siteCopyDefines } from './app/site-copy-defines.ts'
import { readContentDir } from './common/content/content-dir.ts'

// Every content file is read and checked before anything is built: a bad entry fails the build
// with its file and field. The route loaders read the same snapshot while prerendering.
const content = readContentDir(path.resolve(import.meta.dirname, 'content'))

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The site's addresses (content settings, overridden by PUBLIC_* variables) and the brand,
  // navigation and footer copy that the header and footer show: validated here, in Node, and
  // injected as constants, so a bad value fails the build and no schema code ships.
  define: {
    __SITE_CONFIG__: JSON.stringify(siteConfigFromEnv(process.env, content.settings)),
    ...siteCopyDefines(content.site),
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    assetsInlineLimit: 0,
    // React DOM's client (with its scheduler) in a chunk of its own: the hydration loader
    // (scripts/defer-hydration.ts) evaluates each chunk in its own task, and this one is most of
    // what the entry chunk used to evaluate at once.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react-dom-client',
              test: /node_modules[\\/](react-dom[\\/]cjs[\\/]react-dom-client|scheduler)/,
            },
          ],
        },
      },
    },
  },
})
