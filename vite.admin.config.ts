/**
 * The staff app (app/admin): a client-only React app of its own, built by scripts/build-admin.ts
 * into the release's `admin` folder and served by the server under /admin only (server/staff).
 * No public page shares a file with it: its own entry, its own stylesheet (the site's Tailwind
 * theme, none of the public page CSS), no prerendering.
 */
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  root: 'app/admin',
  base: '/admin/',
  publicDir: false,
  plugins: [tailwindcss()],
  // npm run dev:admin: the staff app with hot reload on http://localhost:5174/admin/, its API
  // from the server on port 3000 (started with ADMIN_ORIGIN=http://localhost:5174, since the
  // passkeys and the cookie belong to the page's origin).
  server: { port: 5174, strictPort: true, proxy: { '/admin/api': 'http://127.0.0.1:3000' } },
  build: {
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // Every supported browser preloads modules itself; the polyfill would be code for none.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rolldownOptions: {
      // React Router marks its modules "use client" (for server components); this app has none.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
    },
  },
})
