import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { siteConfigFromEnv } from './app/site-config.ts'
import { parseContent } from './app/lib/content.server.ts'
import * as schema from './content/schema.ts'
import * as site from './content/site.ts'

// Site-wide copy is imported by components directly (header, footer): check it before building.
// Page content is checked by the route loaders while prerendering.
parseContent('content/site.ts', schema.site, site)

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // PUBLIC_* variables are build-time settings (external addresses): validated here, in Node,
  // and injected as one constant, so a bad value fails the build and no schema code ships.
  define: { __SITE_CONFIG__: JSON.stringify(siteConfigFromEnv(process.env)) },
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
