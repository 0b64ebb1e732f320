import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { siteConfigFromEnv } from './app/site-config.ts'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // PUBLIC_* variables are build-time settings (external addresses): validated here, in Node,
  // and injected as one constant, so a bad value fails the build and no schema code ships.
  define: { __SITE_CONFIG__: JSON.stringify(siteConfigFromEnv(process.env)) },
  resolve: {
    alias: { '~': path.resolve(import.meta.dirname, 'app') },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { assetsInlineLimit: 0 },
})
