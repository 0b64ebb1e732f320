import fs from 'node:fs'
import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { deploymentConfig, settingsOverrides } from './app/site-config.ts'
import { readContentDir } from './common/content/content-dir.ts'
import { hydrationManifest } from './scripts/vite/hydration-manifest.ts'
import { inlineScript } from './scripts/vite/inline-script.ts'

// Every content file is read and checked before anything is built: a bad entry fails the build
// with its file and field. The route loaders read the same snapshot while prerendering.
readContentDir(path.resolve(import.meta.dirname, 'content'))

const { dependencies } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>
}

export default defineConfig(({ command }) => ({
  plugins: [
    tailwindcss(),
    reactRouter(),
    inlineScript(),
    hydrationManifest({
      entry: 'app/entry.client.tsx',
      // Islands only some pages have, each pack a chunk of its own (app/islands/registry.ts).
      packs: { podcast: 'app/podcast/islands.ts' },
    }),
  ],
  // The deployment's addresses and the content settings its PUBLIC_* variables override:
  // validated here, in Node, and injected as constants, so a bad value fails the build and no
  // schema code ships. The content itself (settings, brand, navigation, footer, pages) comes with
  // each render, from content/ at build time and from the database at run time.
  define: {
    __SITE_CONFIG__: JSON.stringify(deploymentConfig(process.env)),
    __SETTINGS_OVERRIDES__: JSON.stringify(settingsOverrides(process.env)),
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  // The server build imports only `dependencies` at run time: the server renders pages with a
  // production install (npm ci --omit=dev). Everything else it needs is bundled into it
  // (server/render/production-install.test.ts renders pages that way). The development server
  // loads packages from node_modules as they are.
  ...(command === 'build' && { ssr: { noExternal: true, external: Object.keys(dependencies) } }),
  build: {
    assetsInlineLimit: 0,
    // React DOM's client (with its scheduler) in a chunk of its own: the boot script evaluates
    // each chunk in a task of its own (app/document/hydration-loader.ts). (Starting React DOM in
    // that chunk's task too, rather than where the islands first use it, made one 51–55 ms task
    // of two 42–44 ms ones: thread time ×4, medians of 3.)
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
}))
