import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // PUBLIC_* variables are build-time settings of app/config.ts (external addresses).
  envPrefix: ['VITE_', 'PUBLIC_'],
  resolve: {
    alias: { '~': path.resolve(import.meta.dirname, 'app') },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { assetsInlineLimit: 0 },
})
